import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamSchema,
  REGIONS,
  scheduleSettingsSchema,
  type ScheduleSettings,
} from '@careslot/contracts';
import type { Database } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { insurancePlansByIds } from '../catalog';
import { acceptedInsurancePlanIds } from '../directory';

interface SettingsRow {
  id: string;
  practitioner_id: string | null;
  location_id: string | null;
  requires_approval: boolean;
  collect_patient_demographics: boolean;
  enable_insurance: boolean;
  enable_self_pay: boolean;
  supported_regions: string[];
}

/** The booking settings of a schedule and the provider's insurances there (their own, else the facility's). */
export async function scheduleSettings(database: Database, id: string): Promise<ScheduleSettings | null> {
  const [row] = await database.query<SettingsRow>(
    `select id, practitioner_id, location_id, requires_approval, enable_self_pay, supported_regions,
            collect_patient_demographics, enable_insurance
       from schedules where id = $1`,
    [id],
  );
  if (!row) return null;
  const accepted = await acceptedInsurancePlanIds(database, {
    practitionerIds: row.practitioner_id ? [row.practitioner_id] : [],
    locationIds: row.location_id ? [row.location_id] : [],
  });
  const own = row.practitioner_id ? (accepted.practitioners.get(row.practitioner_id) ?? []) : [];
  const planIds =
    own.length > 0 ? own : row.location_id ? (accepted.locations.get(row.location_id) ?? []) : [];
  const plans = [...(await insurancePlansByIds(database, planIds)).values()].sort((a, b) =>
    a.display.localeCompare(b.display),
  );
  return {
    ScheduleId: row.id,
    CollectPatientDemographics: row.collect_patient_demographics,
    EnableInsurance: row.enable_insurance,
    EnableSelfPay: row.enable_self_pay,
    RequiresApproval: row.requires_approval,
    supported_regions: row.supported_regions.filter((r): r is (typeof REGIONS)[number] =>
      (REGIONS as readonly string[]).includes(r),
    ),
    Insurances: plans.map((p) => ({ Id: p.planId, Name: p.display })),
  };
}

/**
 * What the booking flow needs of a schedule in one public read (as the schedule itself is public): the
 * settings of GET schedulesetting/schedule/{id} that decide the stages (4.2), the verification regions, the
 * self-pay option and the provider's insurances for the plan search (2.9).
 */
export const scheduleSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  // The spec's path, and the booking flow's own name for the same read.
  for (const url of [
    '/careslot-calendar/api/v2/schedulesetting/schedule/:id',
    '/careslot-calendar/api/v2/schedule/:id/booking-settings',
  ]) {
    app.get(
      url,
      {
        schema: {
          tags: ['calendar'],
          summary:
            'The booking settings of a schedule: which booking stages apply, verification regions, the provider’s insurances',
          params: idParamSchema,
          response: { 200: scheduleSettingsSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const settings = await scheduleSettings(database, request.params.id);
        if (!settings) throw notFound();
        return settings;
      },
    );
  }
};
