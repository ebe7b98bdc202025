import type { Locale } from 'date-fns';

/**
 * date-fns' words (weekdays, months, am/pm) per language, each loaded on its own: a page carries the words of
 * the language it shows, not all six (docs/performance.md). English needs no loading: date-fns' format
 * carries it as its default.
 */
const LOADERS: Record<string, () => Promise<Locale>> = {
  es: () => import('date-fns/locale/es').then((m) => m.es),
  'zh-CN': () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
  vi: () => import('date-fns/locale/vi').then((m) => m.vi),
  ko: () => import('date-fns/locale/ko').then((m) => m.ko),
  ja: () => import('date-fns/locale/ja').then((m) => m.ja),
};

/** Translation namespaces of the screens that write dates with date-fns: their words come with the date words. */
export const DATE_NAMESPACES: readonly string[] = ['slots', 'practiceDay', 'portal', 'booking'];

export const loadedDateLocales = new Map<string, Locale>();
const pending = new Map<string, Promise<void>>();

/** Loads a language's date words once; a language without a loader (English) has nothing to load. */
export function loadDateLocale(language: string): Promise<void> {
  const load = LOADERS[language];
  if (!load || loadedDateLocales.has(language)) return Promise.resolve();
  let promise = pending.get(language);
  if (!promise) {
    promise = load().then((locale) => {
      loadedDateLocales.set(language, locale);
    });
    pending.set(language, promise);
  }
  return promise;
}
