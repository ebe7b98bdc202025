import {
  GENDER_CODES,
  PAGING,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_SORTS,
  VISIT_TYPES,
  type FindCareSearch,
  type SearchSort,
  type VisitType,
} from '@careslot/contracts';
import { zipDigits } from '@careslot/domain';

/**
 * The provider-search page's state (patient-booking.md §2.5). The URL uses the "reading 2" names; a URL
 * with "reading 1" names is read too (spec README decision). The search call's body uses reading 1.
 */
export interface SearchState {
  specialties: string[];
  condition: string | null;
  /** YYYY-MM-DD. */
  date: string;
  /** Carrier name (insurance_name) and plan name (insurance_plane_name, the spec's spelling). */
  insuranceName: string | null;
  insurancePlanName: string | null;
  zipCode: string | null;
  city: string | null;
  stateName: string | null;
  latitude: number | null;
  longitude: number | null;
  textField: string | null;
  gender: keyof typeof GENDER_CODES | null;
  sortOn: SearchSort;
  walkInTeleVisitEnabled: boolean;
  /** Miles; 0 means any distance. */
  distance: number;
  visitType: VisitType | null;
  pageNo: number;
  pageSize: number;
}

export const DISTANCE_CHOICES = [0, 5, 10, 25, 50, 100] as const;

export function defaultSearchState(today: string): SearchState {
  return {
    specialties: [],
    condition: null,
    date: today,
    insuranceName: null,
    insurancePlanName: null,
    zipCode: null,
    city: null,
    stateName: null,
    latitude: null,
    longitude: null,
    textField: null,
    gender: null,
    sortOn: 'distance',
    walkInTeleVisitEnabled: true,
    distance: 0,
    visitType: null,
    pageNo: 1,
    pageSize: PAGING.searchDefaultPageSize,
  };
}

const text = (value: string | null | undefined): string | null =>
  value && value.trim() ? value.trim() : null;

function whole(value: string | null, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Reads the page's URL: reading 2 first, reading 1 names where reading 2 is absent. Bad values fall back. */
export function readSearchParams(params: URLSearchParams, today: string): SearchState {
  const defaults = defaultSearchState(today);
  const get = (reading2: string, reading1?: string) =>
    params.get(reading2) ?? (reading1 ? params.get(reading1) : null);
  const specialties = [
    ...params.getAll('specialty[]'),
    ...params.getAll('specialty'),
    ...params.getAll('Specialty'),
  ]
    .map((s) => s.trim())
    .filter(Boolean);
  const date = get('date', 'Date');
  const zip = zipDigits(get('zip_code', 'ZipCode') ?? '');
  const gender = get('gender_code', 'Gender')?.toUpperCase() ?? null;
  const sort = get('sort_on', 'SortBy');
  const visit = get('visit_type', 'VisitType');
  const walkIn = get('walk_in_tele_visit_enabled');
  const limit = get('page_size', 'Limit');
  return {
    specialties: [...new Set(specialties)],
    condition: text(get('condition', 'Condition')),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today ? date : today,
    insuranceName: text(get('insurance_name')),
    insurancePlanName: text(get('insurance_plane_name')),
    zipCode: zip.length === 5 || zip.length === 9 ? zip : null,
    city: text(get('city', 'City')),
    stateName: text(get('state_name', 'StateName')),
    latitude: coordinate(get('latitude', 'Latitude'), 90),
    longitude: coordinate(get('longitude', 'Longitude'), 180),
    textField: text(get('text_field', 'TextField')),
    gender: gender && gender in GENDER_CODES ? (gender as keyof typeof GENDER_CODES) : null,
    sortOn: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : defaults.sortOn,
    walkInTeleVisitEnabled: walkIn === null ? defaults.walkInTeleVisitEnabled : walkIn !== 'false',
    distance: whole(get('distance', 'Distance'), defaults.distance, 0, 500),
    visitType: (VISIT_TYPES as readonly string[]).includes(visit ?? '') ? (visit as VisitType) : null,
    pageNo: whole(get('page_no', 'Offset'), defaults.pageNo, 1, 10_000),
    pageSize: limit === '0' ? defaults.pageSize : whole(limit, defaults.pageSize, 1, SEARCH_MAX_PAGE_SIZE),
  };
}

/** Writes the state in reading 2 names; values at their default are left out, except page_no and page_size. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  state.specialties.forEach((s) => params.append('specialty[]', s));
  const set = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  set('condition', state.condition);
  set('date', state.date);
  set('insurance_name', state.insuranceName);
  set('insurance_plane_name', state.insurancePlanName);
  set('zip_code', state.zipCode);
  set('city', state.city);
  set('state_name', state.stateName);
  set('latitude', state.latitude);
  set('longitude', state.longitude);
  set('text_field', state.textField);
  set('gender_code', state.gender);
  if (state.sortOn !== 'distance') set('sort_on', state.sortOn);
  if (!state.walkInTeleVisitEnabled) set('walk_in_tele_visit_enabled', 'false');
  if (state.distance !== 0) set('distance', state.distance);
  set('visit_type', state.visitType);
  set('page_no', state.pageNo);
  set('page_size', state.pageSize);
  return params;
}

/** The body of the search call (reading 1). A plan name becomes its id through the loaded insurance list. */
export function toSearchRequest(
  state: SearchState,
  planIdOf: (carrier: string, plan: string) => string | null,
): FindCareSearch {
  const planId =
    state.insuranceName && state.insurancePlanName
      ? planIdOf(state.insuranceName, state.insurancePlanName)
      : null;
  return {
    ...(state.specialties.length > 0 ? { Specialty: state.specialties } : {}),
    ...(state.condition ? { Condition: state.condition } : {}),
    Date: state.date,
    ...(state.insuranceName ? { insurance_name: state.insuranceName } : {}),
    ...(planId ? { InsurancePlanIds: [planId] } : {}),
    ...(state.zipCode ? { ZipCode: state.zipCode } : {}),
    ...(!state.zipCode && state.city
      ? { City: state.city, ...(state.stateName ? { StateName: state.stateName } : {}) }
      : {}),
    ...(!state.zipCode && state.latitude !== null && state.longitude !== null
      ? { Latitude: state.latitude, Longitude: state.longitude }
      : {}),
    ...(state.textField ? { TextField: state.textField } : {}),
    ...(state.gender ? { Gender: state.gender } : {}),
    ...(state.visitType ? { VisitType: state.visitType } : {}),
    ...(state.distance ? { Distance: state.distance } : {}),
    SortBy: state.sortOn,
    Offset: state.pageNo,
    Limit: state.pageSize,
  };
}
