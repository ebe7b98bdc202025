import { FEATURED_SPECIALTIES } from '../../shared/search/specialties';
import { providerSearchUrl } from '../../shared/search/providerSearchUrl';

/** Condition tiles, shown label (home:conditions.<key>) → search value (patient-booking.md §2.3). */
export const CONDITION_TILES = [
  { key: 'coldOrFlu', value: 'Cold' },
  { key: 'acne', value: 'Acne' },
  { key: 'backPain', value: 'Back Pain' },
  { key: 'diabetes', value: 'Diabetes Consultation' },
  { key: 'earInfection', value: 'Ear Infection' },
  { key: 'annualPhysical', value: 'Annual Physical' },
  { key: 'birthControl', value: 'Birth Control / Contraception' },
  { key: 'stomachPain', value: 'Stomach Pain' },
  { key: 'uti', value: 'Urinary Tract Infection (UTI)' },
  { key: 'headache', value: 'Headache' },
] as const;

export type ConditionKey = (typeof CONDITION_TILES)[number]['key'];
export type SpecialtyKey = (typeof FEATURED_SPECIALTIES)[number]['key'];

export type Tile =
  | { kind: 'specialty'; key: SpecialtyKey; value: string }
  | { kind: 'condition'; key: ConditionKey; value: string };

export const SPECIALTY_TILES: Tile[] = FEATURED_SPECIALTIES.map(({ key, value }) => ({
  kind: 'specialty',
  key,
  value,
}));
export const CONDITIONS: Tile[] = CONDITION_TILES.map(({ key, value }) => ({
  kind: 'condition',
  key,
  value,
}));

/**
 * Where a tile leads: provider-search for today, first page of 5. A specialty tile searches that specialty
 * with no condition, a condition tile that condition with no specialty (patient-booking.md §2.3).
 */
export function tileSearchUrl(tile: Tile, today: string): string {
  return tile.kind === 'specialty'
    ? providerSearchUrl({ specialties: [tile.value], date: today })
    : providerSearchUrl({ condition: tile.value, date: today });
}

/** 'See a doctor now' searches with an empty specialty list: every available provider for today. */
export function seeDoctorNowUrl(today: string): string {
  return providerSearchUrl({ specialties: [], date: today });
}
