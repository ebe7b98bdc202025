import { REGIONS, type ScheduleSettings } from '@careslot/contracts';
import type { Database } from '../../platform/db';
import { insurancePlansByIds } from '../catalog';
import { locationInsurancePlanIds } from '../organizations';
import { practitionerInsurancePlanIds } from '../people';
import { settingsRow } from './settings-store';

/** The booking settings of a schedule and the provider's insurances there (their own, else the facility's). */
export async function scheduleSettings(database: Database, id: string): Promise<ScheduleSettings | null> {
  const row = await settingsRow(database, id);
  if (!row) return null;
  const [practitioners, locations] = await Promise.all([
    practitionerInsurancePlanIds(database, row.practitioner_id ? [row.practitioner_id] : []),
    locationInsurancePlanIds(database, row.location_id ? [row.location_id] : []),
  ]);
  const own = row.practitioner_id ? (practitioners.get(row.practitioner_id) ?? []) : [];
  const planIds = own.length > 0 ? own : row.location_id ? (locations.get(row.location_id) ?? []) : [];
  const plans = [...(await insurancePlansByIds(database, planIds)).values()].sort((a, b) =>
    a.display.localeCompare(b.display),
  );
  return {
    ScheduleId: row.id,
    CollectPatientDemographics: row.collect_patient_demographics,
    EnableInsurance: row.enable_insurance,
    EnableSelfPay: row.enable_self_pay,
    RequiresApproval: row.requires_approval,
    AllowConcurrentBookings: row.allow_concurrent_bookings,
    supported_regions: row.supported_regions.filter((r): r is (typeof REGIONS)[number] =>
      (REGIONS as readonly string[]).includes(r),
    ),
    Insurances: plans.map((p) => ({ Id: p.planId, Name: p.display })),
  };
}
