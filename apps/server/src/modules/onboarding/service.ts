import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  GENDER_CODES,
  locationInputSchema,
  organizationUpdateSchema,
  type FieldIssue,
  type OnboardingRequest,
  type OnboardingResult,
} from '@careslot/contracts';
import { minutesOfTime } from '@careslot/domain';
import { recordPracticeOutcome } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { addLocation, addOrganization, newLocationColumns } from '../organizations';
import { addPractitioner } from '../people';
import { emailHasAccount } from '../identity';
import { publishProfiles } from '../marketplace';
import { writeOrganizationConfig } from '../payments';
import { addFirstCalendar } from '../scheduling';

/** The audit trail's workflow of the onboarding as a whole (constants.md style); each part has its own too. */
export const ONBOARDING_WORKFLOW = 'Practice_Onboarding_Web';
/** How far ahead the first schedule offers slots. */
const PLANNING_HORIZON_DAYS = 120;

type Deps = Pick<AppDeps, 'database' | 'events' | 'config' | 'clock' | 'secrets'>;

/** The wizard's steps, as its server errors name them (`Provider.Npi`: the provider step's NPI field). */
type Step = 'Organization' | 'Location' | 'Provider' | 'Schedule' | 'Payment';

/**
 * The services' field names as the wizard's: the settings screens' bodies (body.Address.ZipCode, body.SpecialtyIds,
 * WorkingHours.1.Start, Gateway.GatewayName) become the onboarding request's (Location.ZipCode,
 * Provider.SpecialtyId, Schedule.Hours.1.Start, Payment.GatewayName).
 */
const RENAMES: Record<Step, [RegExp, string][]> = {
  Organization: [],
  Location: [[/^Address\./, '']],
  Provider: [[/^SpecialtyIds(\.\d+)?$/, 'SpecialtyId']],
  Schedule: [[/^WorkingHours\./, 'Hours.']],
  Payment: [[/^Gateway\./, '']],
};

const wizardField = (step: Step, field: string) =>
  `${step}.${RENAMES[step].reduce((name, [from, to]) => name.replace(from, to), field.replace(/^body\./, ''))}`;

/** Runs a step; a field error of the service it calls comes back named as the wizard's field of that step. */
async function atStep<T>(step: Step, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.issues) throw error;
    const issues = error.issues.map((issue) => ({ ...issue, field: wizardField(step, issue.field) }));
    throw new AppError(error.kind, {
      issues,
      cause: error,
      ...(error.publicMessage ? { message: error.publicMessage } : {}),
    });
  }
}

/** The settings screen's own contract over the step's values: its patterns and lengths, 400 naming each field. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((i) => ({
      field: i.path.join('.'),
      rule: i.code,
      message: `${i.path.join('.')}: ${i.message}`,
    })),
  );
}

const endMinute = (end: string) => (end === '24:00' ? 1440 : minutesOfTime(end)!);

/** What only onboarding asks: a slot fits every working period, reason names differ, a gateway for online payment. */
function wizardIssues(input: OnboardingRequest): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const shortest = Math.min(
    ...input.Schedule.Hours.map((h) => endMinute(h.End) - (minutesOfTime(h.Start) ?? 0)),
  );
  if (shortest > 0 && shortest < input.Schedule.SlotMinutes) {
    issues.push({
      field: 'Schedule.SlotMinutes',
      rule: 'fits_hours',
      message: 'Schedule.SlotMinutes must fit in every working period',
    });
  }
  const names = input.Schedule.Reasons.map((r) => r.Name.trim().toLowerCase());
  const duplicate = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (duplicate >= 0)
    issues.push({
      field: `Schedule.Reasons.${duplicate}.Name`,
      rule: 'unique',
      message: 'Reason names must differ',
    });
  if (input.Payment.EnableOnlinePayment && !input.Payment.GatewayName) {
    issues.push({
      field: 'Payment.GatewayName',
      rule: 'required',
      message: 'Payment.GatewayName is required for online payment',
    });
  }
  return issues;
}

/** The sign-in address must be free: a patient's (or anyone's) account cannot become the provider's. */
async function assertFreeEmail(tx: Connection, email: string) {
  if (!(await emailHasAccount(tx, email))) return;
  const message = 'Provider.Email already has a CareSlot account';
  throw new AppError('conflict', { message, issues: [{ field: 'Provider.Email', rule: 'unique', message }] });
}

/**
 * POST careslot-gateway/organization/add (decisions 0064, 0070): in one transaction, through the services of
 * the practice-settings screens, the practice (directory, Organization_Add_Web), its first location (directory,
 * Location_Add_Web), its first provider as provider and practice admin there (directory's people,
 * Provider_Add_Web, invited), the category, reasons and schedule (scheduling, Reason_Group_Add_Web,
 * Reason_Add_Web, Schedule_Edit_Web), the payment choice (payments, Payment_Config_Edit_Web) and the page
 * profiles, published or not, with a summary audit row (Practice_Onboarding_Web). Any failure rolls all of it
 * back, named by the wizard's field. After the commit the events are delivered: identity makes the provider's
 * account and e-mails the invitation (once, keyed by the event), and the search index is brought up to date.
 */
export async function onboardPractice(
  deps: Deps,
  context: RequestContext,
  input: OnboardingRequest,
): Promise<OnboardingResult> {
  const organizationId = randomUUID();
  const locationId = randomUUID();
  const zone = input.Location.TimeZone;
  const address = {
    Address1: input.Location.Address1,
    Address2: input.Location.Address2 ?? '',
    City: input.Location.City,
    State: input.Location.State,
    ZipCode: input.Location.ZipCode,
  };
  const contact = await atStep('Organization', () =>
    parsed(organizationUpdateSchema, {
      ...input.Organization,
      Website: input.Organization.Website ?? '',
      TimeZone: zone,
    }),
  );
  // The location's rules and its zip code (a US zip in the state given) are checked before the transaction.
  const place = await atStep('Location', () =>
    parsed(locationInputSchema, {
      Name: input.Location.Name,
      OrganizationId: organizationId,
      TimeZone: zone,
      Address: address,
      Phone: input.Location.Phone,
    }),
  );
  const location = await atStep('Location', () => newLocationColumns(deps.database, place));
  // The practice's postal address is its first location's.
  const { Address1, Address2, City, State, ZipCode } = place.Address;
  const organization = { ...contact, Address: { Address1, Address2, City, State, ZipCode } };
  const own = wizardIssues(input);
  if (own.length > 0) throw badRequest(own);
  const email = input.Provider.Email.trim().toLowerCase();

  const done = await deps.database.transaction(async (tx) => {
    const now = deps.clock.now();
    await assertFreeEmail(tx, email);
    await atStep('Organization', () => addOrganization(tx, context, organizationId, organization, now));
    await addLocation(tx, context, locationId, location, now);
    const practitionerId = await atStep('Provider', () =>
      addPractitioner(
        tx,
        context,
        {
          OrganizationId: organizationId,
          Code: ['provider', 'practiceadmin'],
          LocationIds: [locationId],
          FirstName: input.Provider.FirstName,
          LastName: input.Provider.LastName,
          Suffix: input.Provider.Suffix ?? null,
          Gender: input.Provider.Gender ? GENDER_CODES[input.Provider.Gender] : null,
          Email: email,
          Phone: null,
          Npi: input.Provider.Npi,
          DeaNumber: null,
          SpecialtyIds: [input.Provider.SpecialtyId],
          Languages: [],
          BoardCertifications: [],
          HospitalAffiliations: [],
          HidePublicProfile: false,
          About: null,
        },
        now,
        { prefix: input.Provider.Prefix ?? null },
      ),
    );
    const calendar = await atStep('Schedule', () =>
      addFirstCalendar(tx, context, {
        organizationId,
        location: { Id: locationId, TimeZone: zone },
        category: {
          Name: input.Schedule.CategoryName,
          Duration: Math.max(...input.Schedule.Reasons.map((r) => r.DurationMinutes)),
          Capacity: null,
        },
        types: input.Schedule.Reasons.map((r) => ({
          Name: r.Name,
          Alias: null,
          Duration: r.DurationMinutes,
          VisitType: r.VisitType,
          Services: [],
        })),
        schedule: {
          Name: null,
          LocationId: locationId,
          TimeZone: zone,
          SlotMinutes: input.Schedule.SlotMinutes,
          Capacity: 1,
          PlanningHorizonDays: PLANNING_HORIZON_DAYS,
          SlotHideHours: 0,
          OnlineBookingEnabled: true,
          requires_approval: false,
          VisitType: [...new Set(input.Schedule.Reasons.map((r) => r.VisitType))],
          supported_regions: ['US'],
          Specialty: [],
          Identifier: [],
          WorkingHours: input.Schedule.Hours.map((h) => ({
            DayOfWeek: h.Weekday,
            Start: h.Start,
            End: h.End,
          })),
          Actor: [{ Type: 'Practitioner', Id: practitionerId }],
        },
      }),
    );
    // The gateway's account is connected afterwards in the payment settings (Connect with Stripe, account fields).
    await atStep('Payment', () =>
      writeOrganizationConfig(deps, context, tx, organizationId, {
        EnableOnlinePayment: input.Payment.EnableOnlinePayment,
        Gateway: {
          GatewayName: input.Payment.EnableOnlinePayment ? input.Payment.GatewayName : null,
          AccountNumber: undefined,
          ProductId: undefined,
          Credential: undefined,
        },
      }),
    );
    // The page profiles (the provider's and the practice's), published or not; the search follows the events.
    const profiles = await publishProfiles(
      tx,
      { practitionerIds: [practitionerId], organizationIds: [organizationId] },
      input.Publish,
    );
    await recordPracticeOutcome(onConnection(context, tx), 'create', {
      entityType: 'Organization',
      id: organizationId,
      organizationId,
      workflow: ONBOARDING_WORKFLOW,
      detail: {
        locationId,
        practitionerId,
        scheduleId: calendar.scheduleId,
        reasons: calendar.typeIds.length,
        published: input.Publish,
        onlinePayment: input.Payment.EnableOnlinePayment,
      },
    });
    return { practitionerId, calendar, nameIdentity: profiles.get(practitionerId) ?? null };
  });

  // Identity's consumer makes the account and queues the invitation; the search index catches up.
  await deps.events.flush();
  return {
    OrganizationId: organizationId,
    LocationId: locationId,
    PractitionerId: done.practitionerId,
    ScheduleId: done.calendar.scheduleId,
    ServiceCategoryId: done.calendar.categoryId,
    ServiceTypeIds: done.calendar.typeIds,
    ProviderNameIdentity: done.nameIdentity,
    Published: input.Publish,
    InvitationSent: true,
  };
}
