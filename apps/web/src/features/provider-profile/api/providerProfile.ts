import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
  ScheduleSummary,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const ADMIN = '/careslot-administration/api/v2';
const CALENDAR = '/careslot-calendar/api/v2';

/** One place the provider sees patients: a schedule at a facility of a practice. */
export interface ProfilePlace {
  schedule: ScheduleSummary;
  location: Location | null;
  organization: Organization | null;
}

export interface ProviderProfile {
  practitioner: Practitioner;
  places: ProfilePlace[];
}

async function fetchProviderProfile(id: string, signal: AbortSignal): Promise<ProviderProfile> {
  const [practitioner, schedules] = await Promise.all([
    apiRequest<Practitioner>(`${ADMIN}/practitioner/${id}`, { signal }),
    apiRequest<{ Data: ScheduleSummary[] }>(`${CALENDAR}/schedule/advance-search`, {
      method: 'POST',
      body: { PractitionerId: id },
      signal,
    }),
  ]);
  const bookable = schedules.Data.filter((s) => s.OnlineBookingEnabled);
  const locationIds = [...new Set(bookable.map((s) => s.LocationId).filter((l): l is string => !!l))];
  const locations = new Map(
    await Promise.all(
      locationIds.map(
        async (lid) => [lid, await apiRequest<Location>(`${ADMIN}/location/${lid}`, { signal })] as const,
      ),
    ),
  );
  const roles = await apiRequest<{ Data: PractitionerRole[] }>(`${ADMIN}/practitionerrole/advance-search`, {
    method: 'POST',
    body: { PractitionerId: id },
    signal,
  });
  const orgIds = [
    ...new Set(
      [...locations.values()].map((l) => l.OrganizationId).concat(roles.Data.map((r) => r.OrganizationId)),
    ),
  ];
  const organizations = new Map(
    await Promise.all(
      orgIds.map(
        async (oid) =>
          [oid, await apiRequest<Organization>(`${ADMIN}/organization/${oid}`, { signal })] as const,
      ),
    ),
  );
  const places = bookable.map((schedule) => {
    const location = schedule.LocationId ? (locations.get(schedule.LocationId) ?? null) : null;
    const organization = location
      ? (organizations.get(location.OrganizationId) ?? null)
      : (organizations.get(roles.Data[0]?.OrganizationId ?? '') ?? null);
    return { schedule, location, organization };
  });
  return { practitioner, places };
}

/** The practitioner, their bookable schedules and where each one is (GET practitioner, schedule/advance-search, location, organization). */
export const providerProfileQuery = (id: string) =>
  queryOptions({
    queryKey: ['provider-profile', id],
    queryFn: ({ signal }) => fetchProviderProfile(id, signal),
  });

export function useProviderProfile(id: string, enabled: boolean) {
  return useQuery({ ...providerProfileQuery(id), enabled });
}
