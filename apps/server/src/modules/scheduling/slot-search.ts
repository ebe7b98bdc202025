import type { Slot, SlotSearch } from '@careslot/contracts';
import { fieldError } from '../../platform/errors';
import * as schedules from './schedules';
import { searchSlots, type SchedulingDeps } from './service';

/** How far a search with EndDate null looks for the next availability. */
const NEXT_AVAILABILITY_DAYS = 90;

function parseUtc(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/**
 * POST slot/advance-search: the slots of the given schedules, or of a provider's or a service's schedules
 * (EntityId, optionally at one location), in a UTC range. EndDate null asks for the next availability: the first
 * open slot within NEXT_AVAILABILITY_DAYS.
 */
export async function searchSlotsOf(deps: SchedulingDeps, search: SlotSearch, now: Date): Promise<Slot[]> {
  const from = parseUtc(search.StartDate);
  const open = search.EndDate === null || search.EndDate === undefined;
  const to = open
    ? new Date(from.getTime() + NEXT_AVAILABILITY_DAYS * 86_400_000)
    : parseUtc(search.EndDate!);
  if (to <= from) throw fieldError('EndDate', 'after_start', 'EndDate must be after StartDate');
  const scheduleIds = search.ScheduleIds.length
    ? [...search.ScheduleIds]
    : (
        await schedules.searchScheduleDetails(
          deps,
          { LocationId: search.LocationId ?? undefined, PractitionerId: search.EntityId ?? undefined },
          now,
        )
      ).map((s) => s.Id);
  if (!search.ScheduleIds.length && search.EntityId) {
    const services = await schedules.searchScheduleDetails(
      deps,
      { LocationId: search.LocationId ?? undefined, HealthcareServiceId: search.EntityId },
      now,
    );
    scheduleIds.push(...services.map((s) => s.Id));
  }
  const slots = await searchSlots(deps.database, {
    scheduleIds,
    from,
    to,
    now,
    isAvailable: search.IsAvailable,
    serviceTypeId: search.ServiceTypeId,
    visitType: search.VisitType,
    serviceTypeDuration: search.ServiceTypeDuration,
  });
  return open ? slots.slice(0, 1) : slots;
}
