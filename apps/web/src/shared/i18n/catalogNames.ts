import { useTranslation } from 'react-i18next';

/**
 * Catalog names (specialties, and the visit reasons every practice starts with) in the patient's language where the
 * catalog has a translation (catalog namespace, keyed by the catalog's English name); a name without one (a
 * practice's own reason) is shown as the catalog gives it.
 */
export function useCatalogNames(): { specialty: (name: string) => string; reason: (name: string) => string } {
  const { t } = useTranslation('catalog');
  return {
    specialty: (name) => t(`specialties.${name}`, { defaultValue: name }),
    reason: (name) => t(`reasons.${name}`, { defaultValue: name }),
  };
}
