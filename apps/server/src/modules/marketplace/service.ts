import { randomUUID } from 'node:crypto';
import {
  GENDER_CODES,
  SEARCH_SLOTS_PER_DAY,
  SEARCH_WEEK_DAYS,
  PAGING,
  type FindCareResult,
  type FindCareSearchParsed,
  type PageProfile,
  type PageProfileCalendar,
  type PageProfileLocation,
  type SuggestedEntity,
  type SearchProvider,
  type VisitType,
} from '@careslot/contracts';
import { boundingBox, profileSlug, providerDisplayName } from '@careslot/domain';
import type { Connection } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import { resolveSearchTerms, searchRowNames } from '../catalog';
import { profileEntitySources, publicLocations, type PublicLocationSource } from '../organizations';
import { providerSearchSources } from '../people';
import {
  availabilityOfPractitioners,
  availabilityOfServices,
  searchScheduleDetails,
  type ScheduleAvailability,
  type SchedulingDeps,
} from '../scheduling';
import * as store from './store';

/** How far ahead a provider's next availability is looked for. */
export const NEXT_AVAILABILITY_DAYS = 90;
/** Slots a day on a profile page's calendar (patient-booking.md §2.6). */
const PROFILE_SLOTS_PER_DAY = 5;
/**
 * The search date may be "today" in any US zone: UTC runs up to 10 hours (Hawaii) ahead of a US day, and
 * up to 11 hours behind American Samoa; a date is refused only when it is earlier than today everywhere.
 */
const LATEST_US_OFFSET_MS = 12 * 3_600_000;

// ---------- keeping the search table up to date ----------

export interface RefreshOptions {
  /** Visit types of profiles created now (the demo seed varies them); default Office only. */
  visitTypesFor?: (practitionerId: string) => VisitType[];
}

/**
 * Rebuilds the search rows of the given practitioners (all when null) from the directory and the catalog,
 * creating a page profile for any provider without one. Directory write paths for practitioners, their
 * roles, facilities, specialties or insurances call it in their own transaction, and so does the seed.
 * Five statements whatever the number of practitioners. Returns the number of search rows written.
 */
export async function refreshProviderSearch(
  connection: Connection,
  practitionerIds: string[] | null,
  options: RefreshOptions = {},
): Promise<number> {
  const sources = await providerSearchSources(connection, practitionerIds);
  const names = await searchRowNames(
    connection,
    [...new Set(sources.flatMap((s) => s.specialty_ids))],
    [...new Set(sources.flatMap((s) => s.plan_ids))],
  );

  const byPractitioner = new Map(sources.map((s) => [s.practitioner_id, s]));
  await store.insertMissingPageProfiles(
    connection,
    [...byPractitioner.values()].map((s) => {
      const name = providerDisplayName({
        prefix: s.prefix,
        given: s.given_names,
        family: s.family_name,
        suffix: s.suffix,
      });
      return {
        id: randomUUID(),
        entity_type: 'Provider' as const,
        entity_id: s.practitioner_id,
        name_identity: profileSlug(name, s.practitioner_id),
        name,
        title: s.specialty_ids.map((id) => names.specialties.get(id)).find(Boolean) ?? null,
        about: s.about,
        profile_picture: s.photo_url,
        visit_types: options.visitTypesFor?.(s.practitioner_id) ?? ['Office'],
        is_published: !s.hide_public_profile,
      };
    }),
  );
  const profiles = new Map(
    (await store.pageProfilesOfEntities(connection, [...byPractitioner.keys()])).map((p) => [p.entity_id, p]),
  );

  const rows: store.SearchRow[] = [];
  for (const source of sources) {
    const profile = profiles.get(source.practitioner_id);
    if (!profile || !profile.is_published || source.hide_public_profile) continue;
    const specialties = source.specialty_ids.flatMap((id) => {
      const display = names.specialties.get(id);
      return display ? [{ Id: id, Display: display }] : [];
    });
    const carriers = new Map<string, string>();
    for (const planId of source.plan_ids) {
      const plan = names.plans.get(planId);
      if (plan) carriers.set(plan.carrierId, plan.carrierName);
    }
    const displayName = providerDisplayName({
      prefix: source.prefix,
      given: source.given_names,
      family: source.family_name,
      suffix: source.suffix,
    });
    rows.push({
      practitioner_id: source.practitioner_id,
      location_id: source.location_id,
      organization_id: source.organization_id,
      organization_name: source.organization_name,
      name_identity: profile.name_identity,
      display_name: displayName,
      prefix: source.prefix,
      given_names: source.given_names,
      family_name: source.family_name,
      suffix: source.suffix,
      gender: source.gender,
      photo_url: source.photo_url,
      location_name: source.location_name,
      address1: source.address1,
      address2: source.address2,
      city: source.city,
      state: source.state,
      zip_code: source.zip_code,
      phone: source.phone,
      time_zone: source.time_zone,
      latitude: source.latitude,
      longitude: source.longitude,
      visit_types: profile.visit_types,
      specialty_ids: specialties.map((s) => s.Id),
      specialties,
      insurance_plan_ids: source.plan_ids,
      insurance_carrier_ids: [...carriers.keys()],
      insurance_carriers: [...carriers]
        .map(([Id, Name]) => ({ Id, Name }))
        .sort((a, b) => a.Name.localeCompare(b.Name)),
      search_text: [
        displayName,
        source.organization_name,
        ...specialties.map((s) => s.Display),
        source.city,
        source.state,
        source.zip_code,
      ]
        .join(' | ')
        .toLowerCase(),
    });
  }
  await store.replaceSearchRows(connection, practitionerIds, rows);
  return rows.length;
}

// ---------- find care ----------

function todayUtcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function checkDate(date: string, now: Date): void {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw fieldError('Date', 'invalid_date', 'Date is not a calendar date');
  const earliest = new Date(now.getTime() - LATEST_US_OFFSET_MS).toISOString().slice(0, 10);
  if (date < earliest) throw fieldError('Date', 'min_date', 'Date must be today or later');
}

const roundMiles = (distance: number | null) =>
  distance === null ? null : Math.round(Number(distance) * 10) / 10;

/** The office a search row shows, in the shape of the row's other offices. */
function officeOf(row: store.MatchedRow): store.OtherOfficeRow {
  return {
    id: row.location_id,
    name: row.location_name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    phone: row.phone,
    iana_time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
    distance: row.distance,
  };
}

/**
 * Without a searched place no office is nearer than another: a provider at several offices is shown at one
 * where they book online, if any (the others stay on the card). With a place the nearest office is shown.
 */
function preferBookableOffice(row: store.MatchedRow, schedules: ScheduleAvailability[]): store.MatchedRow {
  if (row.distance !== null || row.other_offices.length === 0) return row;
  if (scheduleAt(schedules, row.practitioner_id, row.location_id, row.time_zone)) return row;
  const office = row.other_offices.find((o) =>
    scheduleAt(schedules, row.practitioner_id, o.id, o.iana_time_zone),
  );
  if (!office) return row;
  const current = officeOf(row);
  return {
    ...row,
    location_id: office.id,
    location_name: office.name,
    address1: office.address1,
    address2: office.address2,
    city: office.city,
    state: office.state,
    zip_code: office.zip_code,
    phone: office.phone,
    time_zone: office.iana_time_zone,
    latitude: office.latitude,
    longitude: office.longitude,
    other_offices: [current, ...row.other_offices.filter((o) => o.id !== office.id)],
  };
}

function toProvider(matched: store.MatchedRow, schedules: ScheduleAvailability[]): SearchProvider {
  const row = preferBookableOffice(matched, schedules);
  const availability = scheduleAt(schedules, row.practitioner_id, row.location_id, row.time_zone);
  const { distance: _distance, ...location } = officeOf(row);
  return {
    practitioner_id: row.practitioner_id,
    name_identity: row.name_identity,
    display_name: row.display_name,
    prefix: row.prefix,
    given_names: row.given_names,
    family_name: row.family_name,
    suffix: row.suffix,
    gender: row.gender,
    photo_url: row.photo_url,
    organization: { id: row.organization_id, name: row.organization_name },
    location,
    distance: roundMiles(row.distance),
    specialties: row.specialties,
    insurance_carriers: row.insurance_carriers,
    visit_types: row.visit_types,
    schedule_id: availability?.scheduleId ?? null,
    next_availability: availability?.nextAvailable ?? null,
    slots: availability?.slots ?? [],
    more_slots: availability?.moreSlots ?? false,
    other_offices: row.other_offices.map((office) => ({
      id: office.id,
      name: office.name,
      address1: office.address1,
      address2: office.address2,
      city: office.city,
      state: office.state,
      zip_code: office.zip_code,
      phone: office.phone,
      iana_time_zone: office.iana_time_zone,
      latitude: office.latitude,
      longitude: office.longitude,
      distance: roundMiles(office.distance),
      schedule_id:
        scheduleAt(schedules, row.practitioner_id, office.id, office.iana_time_zone)?.scheduleId ?? null,
    })),
  };
}

/**
 * The provider's schedule at this office, else an office-less one (telehealth) whose times read in the
 * office's zone; never another office's (issue 17: a card listed one office and booked another).
 */
function scheduleAt(
  all: ScheduleAvailability[],
  practitionerId: string,
  locationId: string,
  timeZone: string,
): ScheduleAvailability | undefined {
  const own = all.filter((a) => a.practitionerId === practitionerId);
  return (
    own.find((a) => a.locationId === locationId) ??
    own.find((a) => a.locationId === null && a.timeZone === timeZone)
  );
}

/**
 * The provider search (decision 0007). A fixed number of statements whatever the page size: the catalog
 * terms, the matching page with its count, then the page's schedules and taken capacity (plus the rest of
 * the look-ahead's when a provider has no open slot in the listed week); sorting by next availability adds
 * one availability pass over all matches, an empty page past the end one count.
 */
export async function findCare(
  connection: Connection,
  query: FindCareSearchParsed,
  now: Date,
): Promise<FindCareResult> {
  const date = query.Date ?? todayUtcDate(now);
  checkDate(date, now);
  const limit = query.Limit ?? PAGING.searchDefaultPageSize;
  const pageNo = query.Offset ?? 1;
  const empty: FindCareResult = { count: 0, providers: [], date, place: null };

  const terms = await resolveSearchTerms(connection, {
    specialties: query.Specialty ?? [],
    condition: query.Condition ?? null,
    carrierName: query.InsuranceCarrierId ? null : (query.insurance_name ?? null),
    zip: query.ZipCode ? query.ZipCode.slice(0, 5) : null,
    city: query.ZipCode || query.Latitude !== undefined ? null : (query.City ?? null),
    state: query.StateName ?? null,
  });
  let place = terms.place;
  if (query.Latitude !== undefined && query.Longitude !== undefined && !query.ZipCode) {
    place = { latitude: query.Latitude, longitude: query.Longitude, label: query.City ?? '' };
  } else if (query.ZipCode && !place) {
    throw fieldError('ZipCode', 'unknown_zip', 'ZipCode is not a known US zip code');
  } else if (query.City && !query.ZipCode && !place) {
    throw fieldError('City', 'unknown_city', 'City is not a known US city');
  }
  const result = { ...empty, place };
  if (terms.specialtyIds?.length === 0 || terms.carrierId === '') return result;

  // Walk-in and telehealth visits switched off: office visits only.
  const officeOnly = query.WalkInTeleVisitEnabled === false;
  if (officeOnly && query.VisitType && query.VisitType !== 'Office') return result;
  const radius = place && query.Distance ? query.Distance : null;
  const filter: store.SearchFilter = {
    specialtyIds: terms.specialtyIds,
    carrierId: query.InsuranceCarrierId ?? terms.carrierId,
    planIds: query.InsurancePlanIds?.length ? query.InsurancePlanIds : null,
    gender: query.Gender ? GENDER_CODES[query.Gender] : null,
    visitType: query.VisitType ?? (officeOnly ? 'Office' : null),
    text: query.TextField ? query.TextField.toLowerCase() : null,
    place,
    radius,
    box: place && radius ? boundingBox(place, radius) : null,
  };
  const shape = (row: store.MatchedRow, schedules: ScheduleAvailability[]): SearchProvider => {
    const provider = toProvider(row, schedules);
    return officeOnly
      ? { ...provider, visit_types: provider.visit_types.filter((type) => type === 'Office') }
      : provider;
  };
  const week = (practitionerIds: string[]) =>
    availabilityOfPractitioners(connection, {
      practitionerIds,
      fromDay: date,
      days: SEARCH_WEEK_DAYS,
      now,
      perDay: SEARCH_SLOTS_PER_DAY,
      lookAheadDays: NEXT_AVAILABILITY_DAYS,
    });

  if (query.SortBy === 'next_availability') {
    const all = await store.searchProviders(connection, filter, null);
    const next = await availabilityOfPractitioners(connection, {
      practitionerIds: all.map((r) => r.practitioner_id),
      fromDay: date,
      days: 0,
      now,
      perDay: SEARCH_SLOTS_PER_DAY,
      lookAheadDays: NEXT_AVAILABILITY_DAYS,
    });
    const nextOf = (matched: store.MatchedRow) => {
      const row = preferBookableOffice(matched, next);
      return scheduleAt(next, row.practitioner_id, row.location_id, row.time_zone)?.nextAvailable ?? null;
    };
    const sorted = all
      .map((row, index) => ({ row, index, next: nextOf(row) }))
      .sort((a, b) =>
        a.next === b.next
          ? a.index - b.index
          : a.next === null
            ? 1
            : b.next === null
              ? -1
              : a.next.localeCompare(b.next),
      );
    const page = sorted.slice((pageNo - 1) * limit, pageNo * limit).map((entry) => entry.row);
    const slots = await week(page.map((r) => r.practitioner_id));
    return { ...result, count: all.length, providers: page.map((row) => shape(row, slots)) };
  }

  const page = await store.searchProviders(connection, filter, { limit, offset: (pageNo - 1) * limit });
  let count = page[0]?.total ?? 0;
  if (page.length === 0 && pageNo > 1)
    count = (await store.searchProviders(connection, filter, { limit: 1, offset: 0 }))[0]?.total ?? 0;
  const slots = await week(page.map((r) => r.practitioner_id));
  return { ...result, count, providers: page.map((row) => shape(row, slots)) };
}

// ---------- page profiles ----------

/**
 * Creates the page profiles of practices and healthcare services that have none (published, with the
 * display options on); an existing profile keeps its owner's settings. Two statements.
 */
export async function refreshEntityProfiles(
  connection: Connection,
  ids?: { organizationIds: string[] | null; serviceIds: string[] | null },
): Promise<number> {
  const sources = await profileEntitySources(connection, ids);
  await store.insertMissingPageProfiles(
    connection,
    sources.map((source) => ({
      id: randomUUID(),
      entity_type: source.entity_type,
      entity_id: source.id,
      name_identity: profileSlug(source.name, source.id),
      name: source.name,
      title: source.category,
      about: source.about,
      profile_picture: source.photo_url,
      visit_types: ['Office'],
      is_published: true,
    })),
  );
  return sources.length;
}

/**
 * Makes sure the page profiles of these providers and practices exist and sets whether they are published
 * (practice onboarding's publish step); the search rows of the providers are rebuilt in the same transaction.
 * Returns entity id → the profile's address segment.
 */
export async function publishProfiles(
  connection: Connection,
  ids: { practitionerIds: string[]; organizationIds: string[] },
  published: boolean,
): Promise<Map<string, string>> {
  await refreshEntityProfiles(connection, { organizationIds: ids.organizationIds, serviceIds: [] });
  await refreshProviderSearch(connection, ids.practitionerIds);
  const rows = await store.setPublished(
    connection,
    [...ids.practitionerIds, ...ids.organizationIds],
    published,
  );
  await refreshProviderSearch(connection, ids.practitionerIds);
  return new Map(rows.map((r) => [r.entity_id, r.name_identity]));
}

const profileLink = (row: Pick<store.PageProfileRow, 'entity_type' | 'name_identity'>) =>
  row.entity_type === 'Provider' ? `/providers/${row.name_identity}` : `/practice/${row.name_identity}`;

/** How many suggested entities a page lists at most (services first, then providers, each by name). */
const MAX_SUGGESTED = 30;

function toLocation(source: PublicLocationSource | store.SearchRow, showPhone: boolean): PageProfileLocation {
  const isSearchRow = 'location_id' in source;
  return {
    Id: isSearchRow ? source.location_id : source.id,
    Name: isSearchRow ? source.location_name : source.name,
    Address1: source.address1,
    Address2: source.address2,
    City: source.city,
    State: source.state,
    ZipCode: source.zip_code,
    Phone: showPhone ? source.phone : null,
    TimeZone: source.time_zone,
    Latitude: source.latitude,
    Longitude: source.longitude,
  };
}

function carriersOf(
  planIds: string[],
  plans: Map<string, { carrierId: string; carrierName: string; planName: string }>,
): PageProfile['Insurances'] {
  const carriers = new Map<string, { Id: string; Name: string; Plans: { Id: string; Name: string }[] }>();
  for (const planId of new Set(planIds)) {
    const plan = plans.get(planId);
    if (!plan) continue;
    const carrier = carriers.get(plan.carrierId) ?? { Id: plan.carrierId, Name: plan.carrierName, Plans: [] };
    carrier.Plans.push({ Id: planId, Name: plan.planName });
    carriers.set(plan.carrierId, carrier);
  }
  return [...carriers.values()]
    .map((c) => ({ ...c, Plans: c.Plans.sort((a, b) => a.Name.localeCompare(b.Name)) }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}

/**
 * A published profile as its public page shows it (patient-booking.md §3.3, practice-portal.md §3.4): the
 * entity's facilities (hidden facility entries left out, phones only with DisplayLocationPhone), its
 * specialties and accepted insurances when displayed, its bookable calendars, and the practice's other
 * published profiles when ShowSuggestedEntities (hidden suggestions left out).
 */
async function toPageProfile(
  deps: SchedulingDeps,
  row: store.PageProfileRow,
  now: Date,
): Promise<PageProfile> {
  const connection: Connection = deps.database;
  const hiddenFacility = (entityId: string, facilityId: string) =>
    row.hidden_facilities.some(
      (h) =>
        h.facilityId === facilityId &&
        ((!h.providerId && !h.resourceId) || h.providerId === entityId || h.resourceId === entityId),
    );
  let organization: { id: string; name: string } | null = null;
  let locations: PageProfileLocation[] = [];
  let specialties: { Id: string; Name: string }[] = [];
  let planIds: string[] = [];
  let providerRows: store.SearchRow[] = [];
  let suggested: SuggestedEntity[] = [];

  if (row.entity_type === 'Provider') {
    providerRows = (await store.searchRowsOfPractitioner(connection, row.entity_id)).filter(
      (r) => !hiddenFacility(r.practitioner_id, r.location_id),
    );
    const first = providerRows[0];
    organization = first ? { id: first.organization_id, name: first.organization_name } : null;
    locations = providerRows.map((r) => toLocation(r, row.display_location_phone));
    specialties = (first?.specialties ?? []).map((s) => ({ Id: s.Id, Name: s.Display }));
    planIds = providerRows.flatMap((r) => r.insurance_plan_ids);
  } else {
    const sources = await profileEntitySources(connection, {
      organizationIds: row.entity_type === 'Organization' ? [row.entity_id] : [],
      serviceIds: row.entity_type === 'HealthCareService' ? [row.entity_id] : [],
    });
    const self = sources.find((s) => s.id === row.entity_id);
    if (!self) throw notFound();
    organization = { id: self.organization_id, name: self.organization_name };
    const facilities = await publicLocations(
      connection,
      self.location_ids.filter((l) => !hiddenFacility(row.entity_id, l)),
    );
    locations = facilities.map((f) => toLocation(f, row.display_location_phone));
    planIds = facilities.flatMap((f) => f.plan_ids);
    if (row.entity_type === 'Organization') {
      const shown = new Set(locations.map((l) => l.Id));
      providerRows = (await store.searchRowsOfOrganization(connection, row.entity_id)).filter((r) =>
        shown.has(r.location_id),
      );
      const seen = new Map<string, string>();
      for (const r of providerRows) for (const s of r.specialties) seen.set(s.Id, s.Display);
      specialties = [...seen]
        .map(([Id, Name]) => ({ Id, Name }))
        .sort((a, b) => a.Name.localeCompare(b.Name));
      planIds = planIds.concat(providerRows.flatMap((r) => r.insurance_plan_ids));
    }
  }

  // Suggestions: the practice's other providers and services (and the practice itself from a provider or service page).
  if (row.show_suggested_entities && organization) {
    const [orgRows, serviceSources] = await Promise.all([
      row.entity_type === 'Organization'
        ? Promise.resolve(providerRows)
        : store.searchRowsOfOrganization(connection, organization.id),
      profileEntitySources(connection, {
        organizationIds: [organization.id],
        serviceIds: [],
        servicesOfOrganizationIds: [organization.id],
      }),
    ]);
    const candidateIds = [
      ...new Set([...orgRows.map((r) => r.practitioner_id), ...serviceSources.map((s) => s.id)]),
    ].filter((id) => id !== row.entity_id && !row.hidden_suggested_ids.includes(id));
    const profiles = await store.publishedProfilesOfEntities(connection, candidateIds);
    suggested = profiles.slice(0, MAX_SUGGESTED).map((p) => ({
      Id: p.entity_id,
      Type: p.entity_type,
      Name: p.name,
      Title: p.title,
      Photo: p.profile_picture,
      NameIdentity: p.name_identity,
      ProfileLink: profileLink(p),
    }));
  }

  // Calendars: the provider's own; on a practice page, its providers' at the shown facilities; a service's own.
  const calendarPractitioners =
    row.entity_type === 'Provider'
      ? [row.entity_id]
      : row.entity_type === 'Organization'
        ? [...new Set(providerRows.map((r) => r.practitioner_id))]
        : [];
  const availability = await availabilityOfPractitioners(connection, {
    practitionerIds: calendarPractitioners,
    fromDay: todayUtcDate(now),
    days: 0,
    now,
    perDay: 0,
    lookAheadDays: 0,
  });
  const rowOf = new Map(providerRows.map((r) => [r.practitioner_id, r]));
  // A practice page shows its providers' calendars at its own (shown) facilities.
  const practiceFacilities = row.entity_type === 'Organization' ? new Set(locations.map((l) => l.Id)) : null;
  const calendars: PageProfileCalendar[] = availability.flatMap((a) => {
    if (a.locationId && hiddenFacility(a.practitionerId, a.locationId)) return [];
    if (practiceFacilities && (!a.locationId || !practiceFacilities.has(a.locationId))) return [];
    const search = rowOf.get(a.practitionerId);
    if (!search) return [];
    return [
      {
        ScheduleId: a.scheduleId,
        LocationId: a.locationId,
        TimeZone: a.timeZone,
        EntityId: a.practitionerId,
        EntityType: 'Provider' as const,
        EntityName: search.display_name,
        EntityPhoto: search.photo_url,
        EntitySpeciality: search.specialties[0]?.Display ?? null,
        Reasons: [],
      },
    ];
  });
  if (row.entity_type === 'HealthCareService') {
    // A healthcare service books its own schedules at its shown facilities (patient-booking.md §3.3).
    const shown = new Set(locations.map((l) => l.Id));
    const own = await availabilityOfServices(connection, {
      serviceIds: [row.entity_id],
      fromDay: todayUtcDate(now),
      days: 0,
      now,
      perDay: 0,
      lookAheadDays: 0,
    });
    for (const a of own) {
      if (a.locationId && !shown.has(a.locationId)) continue;
      calendars.push({
        ScheduleId: a.scheduleId,
        LocationId: a.locationId,
        TimeZone: a.timeZone,
        EntityId: row.entity_id,
        EntityType: 'HealthCareService',
        EntityName: row.name,
        EntityPhoto: row.profile_picture,
        EntitySpeciality: null,
        Reasons: [],
      });
    }
  }
  // The booking reasons (service types) each calendar offers.
  if (calendars.length > 0) {
    const details = new Map(
      (await searchScheduleDetails(deps, { Ids: calendars.map((c) => c.ScheduleId) }, now)).map((d) => [
        d.Id,
        d,
      ]),
    );
    for (const calendar of calendars) {
      calendar.Reasons = (details.get(calendar.ScheduleId)?.ServiceType ?? []).map((type) => ({
        Id: type.Id,
        Name: type.Name,
        VisitType: type.VisitType ?? null,
      }));
    }
  }

  const names = await searchRowNames(connection, [], row.display_insurances ? [...new Set(planIds)] : []);
  const orgProfile = organization
    ? row.entity_type === 'Organization'
      ? row
      : await store.pageProfileByEntity(connection, 'Organization', organization.id)
    : null;
  return {
    Id: row.id,
    Name: row.name,
    Title: row.title,
    About: row.about,
    ProfilePicture: row.profile_picture,
    CoverPhoto: row.cover_photo,
    ContactInfo: {
      Phone: row.display_location_phone ? (locations.find((l) => l.Phone)?.Phone ?? null) : null,
      Email: null,
    },
    Entity: { Id: row.entity_id, Type: row.entity_type },
    Calendars: calendars,
    ProfileLink: profileLink(row),
    VisitTypes: row.visit_types,
    IsPublished: row.is_published,
    ShowSuggestedEntities: row.show_suggested_entities,
    EnableLocationSearch: row.enable_location_search,
    DisplaySpecialities: row.display_specialities,
    DisplayInsurances: row.display_insurances,
    DisplayLocationPhone: row.display_location_phone,
    ScheduleViaReferrer: row.schedule_via_referrer,
    EnableSplitCalendar: row.enable_split_calendar,
    EnableProfileRanking: row.enable_profile_ranking,
    ReferrerUrl: row.referrer_url,
    ReferrerInstructions: row.referrer_instructions,
    PageProfileScheduleType: row.page_profile_schedule_type,
    Organization: organization
      ? {
          Id: organization.id,
          Name: organization.name,
          NameIdentity: orgProfile?.is_published ? orgProfile.name_identity : null,
        }
      : null,
    Specialities: row.display_specialities ? specialties : [],
    Insurances: row.display_insurances ? carriersOf(planIds, names.plans) : [],
    Locations: locations,
    SuggestedEntities: suggested,
  };
}

/** A published profile by its entity; an unpublished or missing one is not found. */
export async function pageProfileOfEntity(
  deps: SchedulingDeps,
  entityType: string,
  entityId: string,
  now: Date,
): Promise<PageProfile> {
  const row = await store.pageProfileByEntity(deps.database, entityType, entityId);
  if (!row || !row.is_published) throw notFound();
  return toPageProfile(deps, row, now);
}

export async function pageProfileByNameIdentity(
  deps: SchedulingDeps,
  nameIdentity: string,
  now: Date,
): Promise<PageProfile> {
  const row = await store.pageProfileByNameIdentity(deps.database, nameIdentity);
  if (!row || !row.is_published) throw notFound();
  return toPageProfile(deps, row, now);
}

/** The profile's calendars for the week from `date`: up to 5 open slots a day each. */
export async function pageProfileSchedules(
  connection: Connection,
  nameIdentity: string,
  date: string | undefined,
  now: Date,
) {
  const day = date ?? todayUtcDate(now);
  checkDate(day, now);
  const row = await store.pageProfileByNameIdentity(connection, nameIdentity);
  if (!row || !row.is_published) throw notFound();
  if (row.entity_type === 'HealthCareService') {
    // A service's own schedules at its shown facilities (the profile's calendars).
    const hidden = (locationId: string | null) =>
      !!locationId &&
      row.hidden_facilities.some(
        (h) =>
          h.facilityId === locationId && ((!h.providerId && !h.resourceId) || h.resourceId === row.entity_id),
      );
    const own = await availabilityOfServices(connection, {
      serviceIds: [row.entity_id],
      fromDay: day,
      days: SEARCH_WEEK_DAYS,
      now,
      perDay: PROFILE_SLOTS_PER_DAY,
      lookAheadDays: NEXT_AVAILABILITY_DAYS,
    });
    const data = own
      .filter((c) => !hidden(c.locationId))
      .map((c) => ({
        ScheduleId: c.scheduleId,
        LocationId: c.locationId,
        TimeZone: c.timeZone,
        Slots: c.slots,
      }));
    return { Data: data, Total: data.length };
  }
  // A practice's page books its providers at its facilities.
  const practiceRows =
    row.entity_type === 'Organization'
      ? await store.searchRowsOfOrganization(connection, row.entity_id)
      : null;
  const hiddenFacilities = new Set(
    row.hidden_facilities.filter((h) => !h.providerId && !h.resourceId).map((h) => h.facilityId),
  );
  const atPractice = practiceRows
    ? new Set(
        (
          await profileEntitySources(connection, { organizationIds: [row.entity_id], serviceIds: [] })
        )[0]?.location_ids.filter((l) => !hiddenFacilities.has(l)) ?? [],
      )
    : null;
  const calendars = await availabilityOfPractitioners(connection, {
    practitionerIds: practiceRows
      ? [...new Set(practiceRows.map((r) => r.practitioner_id))]
      : [row.entity_id],
    fromDay: day,
    days: SEARCH_WEEK_DAYS,
    now,
    perDay: PROFILE_SLOTS_PER_DAY,
    lookAheadDays: NEXT_AVAILABILITY_DAYS,
  });
  const data = calendars
    .filter((c) => !atPractice || (c.locationId !== null && atPractice.has(c.locationId)))
    .filter(
      (c) =>
        !c.locationId ||
        !row.hidden_facilities.some(
          (h) => h.facilityId === c.locationId && h.providerId === c.practitionerId,
        ),
    )
    .map((c) => ({
      ScheduleId: c.scheduleId,
      LocationId: c.locationId,
      TimeZone: c.timeZone,
      Slots: c.slots,
    }));
  return { Data: data, Total: data.length };
}
