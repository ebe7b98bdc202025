import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@careslot/contracts';
import { DATE_NAMESPACES, loadDateLocale } from '../slots/dateLocales';

/**
 * Translations live in src/locales/<language>/<namespace>.json, one namespace per feature, so the patient
 * pages load only the words they show. Every namespace exists in all six languages.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export const LANGUAGE_STORAGE_KEY = 'careslot_language';

/**
 * Each language is named in itself (an endonym), the same in every interface language, so a reader can
 * always find their own even when the page is in a language they do not read.
 */
export const LANGUAGE_ENDONYMS: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  'zh-CN': '简体中文',
  vi: 'Tiếng Việt',
  ko: '한국어',
  ja: '日本語',
};

/** The interface's language now (the one a patient signs up in), one of the product's six. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

export function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const fromQuery = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  return DEFAULT_LANGUAGE;
}

export async function initI18n(language: Language = initialLanguage()) {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = loaders[`../../locales/${lng}/${ns}.json`];
        if (!load) throw new Error(`Missing translations ${lng}/${ns}`);
        // Screens that write dates get the language's date words with their own (a language change waits for both).
        const [words] = await Promise.all([
          load(),
          DATE_NAMESPACES.includes(ns) ? loadDateLocale(lng) : undefined,
        ]);
        return words.default;
      }),
    )
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = language;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  });
  return i18next;
}
