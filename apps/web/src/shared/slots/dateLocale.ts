import type { Locale } from 'date-fns';
import { enUS, es, ja, ko, vi, zhCN } from 'date-fns/locale';

const LOCALES: Record<string, Locale> = { en: enUS, es, 'zh-CN': zhCN, vi, ko, ja };

/** date-fns' words (weekdays, months, am/pm) for one of the six languages; English otherwise. */
export function dateLocale(language: string): Locale {
  return LOCALES[language] ?? enUS;
}
