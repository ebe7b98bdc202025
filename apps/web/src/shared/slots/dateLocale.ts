import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { loadedDateLocales } from './dateLocales';

/**
 * date-fns' words (weekdays, months, am/pm) for one of the six languages; English otherwise. The words load
 * with the translations of the screens that show dates (DATE_NAMESPACES, shared/i18n/i18n.ts), so a screen
 * whose namespace is ready finds them here.
 */
export function dateLocale(language: string): Locale {
  return loadedDateLocales.get(language) ?? enUS;
}
