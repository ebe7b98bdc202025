import { PAGING } from '@careslot/contracts';

/**
 * A link to the provider-search page. The page's URL uses the "reading 2" parameter names of
 * patient-booking.md §2.5 (spec README decision); only the parameters a caller sets are written, the
 * search page fills in its own defaults (sort_on distance, distance 0, ...).
 */
export interface ProviderSearchLink {
  /** specialty[]: one entry per specialty; an empty list sends none. */
  specialties?: readonly string[];
  condition?: string;
  /** YYYY-MM-DD, the search date; the spec's default is today. */
  date: string;
  walkInTeleVisitEnabled?: boolean;
  /** Free text (text_field), insurance carrier and plan names, zip code: what the search filter adds. */
  textField?: string | null;
  insuranceName?: string | null;
  insurancePlanName?: string | null;
  zipCode?: string | null;
  pageNo?: number;
  pageSize?: number;
}

export const PROVIDER_SEARCH_PATH = '/provider-search';

export function providerSearchUrl(link: ProviderSearchLink): string {
  const params = new URLSearchParams();
  link.specialties?.forEach((specialty) => params.append('specialty[]', specialty));
  if (link.condition) params.set('condition', link.condition);
  if (link.textField) params.set('text_field', link.textField);
  if (link.insuranceName) params.set('insurance_name', link.insuranceName);
  if (link.insuranceName && link.insurancePlanName)
    params.set('insurance_plane_name', link.insurancePlanName);
  if (link.zipCode) params.set('zip_code', link.zipCode);
  params.set('date', link.date);
  if (link.walkInTeleVisitEnabled !== undefined)
    params.set('walk_in_tele_visit_enabled', String(link.walkInTeleVisitEnabled));
  params.set('page_no', String(link.pageNo ?? 1));
  params.set('page_size', String(link.pageSize ?? PAGING.searchDefaultPageSize));
  return `${PROVIDER_SEARCH_PATH}?${params.toString()}`;
}

/** Today in the user's own calendar (not UTC), as the search date the spec defaults to. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
