import { useTranslation } from 'react-i18next';

/**
 * Catalog names (specialties) in the patient's language where the catalog has a translation (catalog namespace,
 * keyed by the catalog's English name); a name without one is shown as the catalog gives it.
 */
export function useCatalogNames(): { specialty: (name: string) => string } {
  const { t } = useTranslation('catalog');
  return { specialty: (name) => t(`specialties.${name}`, { defaultValue: name }) };
}
