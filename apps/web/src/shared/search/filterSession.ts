import { STORAGE_KEYS } from '@careslot/contracts';

/** The filter's state kept for the tab's session (patient-booking.md §2.4: provider_search_state). */
export interface StoredFilter {
  filter: {
    specialty: string | null;
    condition: string | null;
    zipCode: string | null;
    insuranceName: string | null;
    insurancePlanName: string | null;
  };
}

export function saveFilterState(filter: StoredFilter['filter']): void {
  sessionStorage.setItem(
    STORAGE_KEYS.session.providerSearchState,
    JSON.stringify({ filter } satisfies StoredFilter),
  );
}

export function loadFilterState(): StoredFilter['filter'] | null {
  try {
    const parsed = JSON.parse(
      sessionStorage.getItem(STORAGE_KEYS.session.providerSearchState) ?? 'null',
    ) as StoredFilter | null;
    return parsed?.filter ?? null;
  } catch {
    return null;
  }
}
