import { randomBytes, randomUUID } from 'node:crypto';
import { GENDER_CODES, type FieldIssue, type OnboardingRequest, type OnboardingResult } from '@careslot/contracts';
import { hoursProblem, isValidNpi, minutesOfTime, providerDisplayName, US_TIME_ZONES } from '@careslot/domain';
import { recordAudit } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { appendEvents } from '../../platform/events';
import { AppError, badRequest, conflict, fieldError } from '../../platform/errors';
import { getZipCode, specialtiesByIds } from '../catalog';
import { hashPassword, insertAccounts, signLink, signedLinkKey } from '../identity';
import { DIRECTORY_CHANGED, type DirectoryChangedPayload } from '../directory';
import { publishProfiles } from '../marketplace';
import { upsertOrgConfig } from '../payments';
import * as schedules from '../scheduling';
import * as store from './store';

/** The audit trail's workflow of every onboarding write (constants.md style). */
export const ONBOARDING_WORKFLOW = 'Practice_Onboarding_Web';
/** How long the new provider's activation link stays valid. */
export const ACTIVATION_LINK_DAYS = 7;
/** The page the activation link opens: the existing password-set flow (forgot password → code → new password). */
export const ACTIVATION_PATH = '/forgot-password';
/** How far ahead the first schedule offers slots. */
const PLANNING_HORIZON_DAYS = 120;

type Deps = Pick<AppDeps, 'database' | 'events' | 'outbox' | 'tokens' | 'config' | 'clock'>;

/**
 * Checks what zod cannot: the NPI's check digit, the time zone, the hours, the specialty, the zip code and
 * its state, the gateway of an online payment. Every problem is named by its field.
 */
async function validate(deps: Deps, input: OnboardingRequest): Promise<{ latitude: number | null; longitude: number | null; county: string | null }> {
  const issues: FieldIssue[] = [];
  if (!isValidNpi(input.Provider.Npi)) issues.push({ field: 'Provider.Npi', rule: 'npi_check_digit', message: 'Provider.Npi fails the NPI check digit (Luhn with prefix 80840)' });
  if (!(US_TIME_ZONES as readonly string[]).includes(input.Location.TimeZone)) {
    issues.push({ field: 'Location.TimeZone', rule: 'us_time_zone', message: 'Location.TimeZone must be a US time zone' });
  }
  const hours = hoursProblem(input.Schedule.Hours.map((h) => ({ weekday: h.Weekday, start: h.Start, end: h.End })));
  if (hours) issues.push({ field: `Schedule.Hours.${hours.index}`, rule: hours.rule, message: `Schedule.Hours.${hours.index}: ${hours.rule.replaceAll('_', ' ')}` });
  const shortest = Math.min(...input.Schedule.Hours.map((h) => (h.End === '24:00' ? 1440 : minutesOfTime(h.End)!) - minutesOfTime(h.Start)!));
  if (!hours && shortest < input.Schedule.SlotMinutes) {
    issues.push({ field: 'Schedule.SlotMinutes', rule: 'fits_hours', message: 'Schedule.SlotMinutes must fit in every working period' });
  }
  const names = input.Schedule.Reasons.map((r) => r.Name.toLowerCase());
  const duplicate = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (duplicate >= 0) issues.push({ field: `Schedule.Reasons.${duplicate}.Name`, rule: 'unique', message: 'Reason names must differ' });
  if (input.Payment.EnableOnlinePayment && !input.Payment.GatewayName) {
    issues.push({ field: 'Payment.GatewayName', rule: 'required', message: 'Payment.GatewayName is required for online payment' });
  }
  if ((await specialtiesByIds(deps.database, [input.Provider.SpecialtyId])).size === 0) {
    issues.push({ field: 'Provider.SpecialtyId', rule: 'unknown_specialty', message: 'Provider.SpecialtyId is not a known specialty' });
  }
  let place = { latitude: null as number | null, longitude: null as number | null, county: null as string | null };
  try {
    const zip = await getZipCode(deps.database, input.Location.ZipCode.replace('-', ''));
    if (zip.StateCode !== input.Location.State) issues.push({ field: 'Location.State', rule: 'zip_state', message: 'Location.State is not the state of the zip code' });
    place = { latitude: zip.Latitude, longitude: zip.Longitude, county: zip.County };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    issues.push({ field: 'Location.ZipCode', rule: 'unknown_zip', message: 'Location.ZipCode is not a known US zip code' });
  }
  if (issues.length > 0) throw badRequest(issues);
  return place;
}

const zip = (value: string) => value.replace('-', '');

/**
 * POST careslot-gateway/organization/add (decision 0064): in one transaction the practice, its first location,
 * its first provider (provider and practice admin of the practice) with a sign-in account, a schedule with
 * working hours and reasons, the payment choice, the page profiles (published or not) and a directory.changed
 * event; audited as Practice_Onboarding_Web. After the commit the provider's activation e-mail goes out
 * through the outbox and the search index is brought up to date before the answer.
 */
export async function onboardPractice(deps: Deps, context: RequestContext, input: OnboardingRequest): Promise<OnboardingResult> {
  const place = await validate(deps, input);
  const organizationId = randomUUID();
  const locationId = randomUUID();
  const practitionerId = randomUUID();
  const scheduleId = randomUUID();
  const categoryId = randomUUID();
  const typeIds = input.Schedule.Reasons.map(() => randomUUID());
  const email = input.Provider.Email.toLowerCase();
  // Nobody knows this password: the provider sets their own through the activation link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const given = input.Provider.FirstName.trim().split(/\s+/);

  const nameIdentity = await deps.database.transaction(async (tx) => {
    const taken = await store.takenValues(tx, input.Provider.Npi, email);
    if (taken.npi) throw fieldError('Provider.Npi', 'unique', 'Provider.Npi belongs to another provider');
    if (taken.email) throw conflict('Provider.Email already has a CareSlot account');
    await store.insertOrganization(tx, {
      id: organizationId,
      name: input.Organization.Name,
      phone: input.Organization.Phone,
      email: input.Organization.Email,
      website: input.Organization.Website ?? null,
      address1: input.Location.Address1,
      city: input.Location.City,
      state: input.Location.State,
      zipCode: zip(input.Location.ZipCode),
      timeZone: input.Location.TimeZone,
      workflow: ONBOARDING_WORKFLOW,
    });
    await store.insertLocation(tx, {
      id: locationId,
      organizationId,
      name: input.Location.Name,
      timeZone: input.Location.TimeZone,
      address1: input.Location.Address1,
      address2: input.Location.Address2 ?? null,
      city: input.Location.City,
      state: input.Location.State,
      zipCode: zip(input.Location.ZipCode),
      county: place.county,
      latitude: place.latitude,
      longitude: place.longitude,
      phone: input.Location.Phone,
    });
    await store.insertProvider(tx, {
      id: practitionerId,
      roleId: randomUUID(),
      organizationId,
      locationId,
      prefix: input.Provider.Prefix || null,
      given,
      family: input.Provider.LastName.trim(),
      suffix: input.Provider.Suffix || null,
      gender: input.Provider.Gender ? GENDER_CODES[input.Provider.Gender] : null,
      npi: input.Provider.Npi,
      email,
      specialtyId: input.Provider.SpecialtyId,
      workflow: ONBOARDING_WORKFLOW,
    });
    await insertAccounts(tx, [
      {
        email,
        passwordHash,
        givenName: given.join(' '),
        familyName: input.Provider.LastName.trim(),
        gender: input.Provider.Gender ? GENDER_CODES[input.Provider.Gender] : null,
        userType: 'Practitioner',
        userRoles: ['provider', 'practiceadmin'],
        careslotId: practitionerId,
        practiceId: organizationId,
      },
    ]);

    // The schedule: one category, its reasons, the working hours.
    const longest = Math.max(...input.Schedule.Reasons.map((r) => r.DurationMinutes));
    await schedules.insertCategory(tx, { id: categoryId, organizationId, name: input.Schedule.CategoryName, duration: longest, capacity: null });
    for (const [index, reason] of input.Schedule.Reasons.entries()) {
      await schedules.insertType(tx, {
        id: typeIds[index]!,
        organizationId,
        categoryId,
        name: reason.Name,
        alias: null,
        duration: reason.DurationMinutes,
        visitType: reason.VisitType,
        services: [],
      });
    }
    await schedules.insertSchedule(tx, {
      id: scheduleId,
      practitionerId,
      healthcareServiceId: null,
      locationId,
      organizationId,
      name: null,
      timeZone: input.Location.TimeZone,
      slotMinutes: input.Schedule.SlotMinutes,
      capacity: 1,
      planningHorizonDays: PLANNING_HORIZON_DAYS,
      slotHideHours: 0,
      onlineBookingEnabled: true,
      requiresApproval: false,
      identifiersJson: '[]',
      specialties: [],
      visitTypes: [...new Set(input.Schedule.Reasons.map((r) => r.VisitType))],
      supportedRegions: ['US'],
    });
    await schedules.replaceScheduleHours(
      tx,
      scheduleId,
      input.Schedule.Hours.map((h) => ({ weekday: h.Weekday, startMinute: minutesOfTime(h.Start)!, endMinute: h.End === '24:00' ? 1440 : minutesOfTime(h.End)! })),
    );
    await schedules.replaceScheduleServiceTypes(tx, scheduleId, typeIds);

    // The gateway's account is connected afterwards in the payment settings (Connect with Stripe, account fields).
    await upsertOrgConfig(
      tx,
      organizationId,
      input.Payment.EnableOnlinePayment,
      { gatewayName: input.Payment.EnableOnlinePayment ? input.Payment.GatewayName : null, accountNumber: null, productId: null, credential: null },
      deps.clock.now(),
    );

    // The page profiles (the provider's and the practice's), published or not; search follows the event.
    const profiles = await publishProfiles(tx, { practitionerIds: [practitionerId], organizationIds: [organizationId] }, input.Publish);
    await appendEvents(tx, [
      {
        aggregateType: 'organization',
        aggregateId: organizationId,
        type: DIRECTORY_CHANGED,
        payload: { organizationId, practitionerIds: null, reason: 'practice_onboarded' } satisfies DirectoryChangedPayload,
      },
    ]);
    await recordAudit(tx, auditOf(context), {
      action: 'create',
      entityType: 'Organization',
      entityId: organizationId,
      outcome: 'success',
      workflow: ONBOARDING_WORKFLOW,
      detail: { locationId, practitionerId, scheduleId, reasons: typeIds.length, published: input.Publish, onlinePayment: input.Payment.EnableOnlinePayment },
    });
    return profiles.get(practitionerId) ?? null;
  });

  await sendActivation(deps, email, given[0]!, providerDisplayName({ prefix: null, given, family: input.Provider.LastName, suffix: null }), input.Organization.Name, practitionerId);
  await deps.events.flush();
  return {
    OrganizationId: organizationId,
    LocationId: locationId,
    PractitionerId: practitionerId,
    ScheduleId: scheduleId,
    ServiceCategoryId: categoryId,
    ServiceTypeIds: typeIds,
    ProviderNameIdentity: nameIdentity,
    Published: input.Publish,
    InvitationSent: true,
  };
}

function auditOf(context: RequestContext) {
  return {
    actorId: context.userId ?? context.subject,
    actorType: context.actorType,
    ip: context.ip,
    userAgent: context.userAgent,
    organizationId: context.organizationId,
    purpose: context.purpose,
  };
}

/**
 * The activation e-mail: a signed link to the password-set flow (the provider enters their e-mail, receives a
 * code and chooses a password). Sent once per practitioner (dedupe key); the link carries no e-mail or name.
 */
async function sendActivation(deps: Deps, email: string, firstName: string, name: string, practice: string, practitionerId: string): Promise<void> {
  const expiresAt = new Date(deps.clock.now().getTime() + ACTIVATION_LINK_DAYS * 24 * 3_600_000);
  const link = `${deps.config.publicUrl}${signLink(signedLinkKey(deps.tokens), `${ACTIVATION_PATH}?activation=1`, expiresAt)}`;
  await deps.outbox.send({
    channel: 'email',
    to: email,
    subject: 'Activate your CareSlot account',
    body:
      `Hello ${firstName},\n\n${practice} is now on CareSlot, with you (${name}) as its first provider and practice administrator.\n` +
      `Activate your account by choosing a password: open ${link} , enter this e-mail address and the code we send you, ` +
      `then your new password. The link is valid for ${ACTIVATION_LINK_DAYS} days.`,
    template: 'provider-activation',
    dedupeKey: `provider-activation:${practitionerId}`,
  });
}
