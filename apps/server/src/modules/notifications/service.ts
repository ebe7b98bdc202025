import type { Language } from '@careslot/contracts';
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  INVALID_OTP,
  OTP_MESSAGES,
  OTP_RULES,
  type OtpGenerate,
  type OtpRequest,
  type PatientSettings,
} from '@careslot/contracts';
import { authorize, authorizeOwnObject, notFoundAudited, recordOutcome } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { type AppError, badRequest, fieldError, tooManyRequests } from '../../platform/errors';
import { markMobileVerified } from '../patients';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'outbox' | 'clock'>;

type Region = 'US' | 'PK';

/**
 * The number in E.164 for the region, or null when it is not a mobile number there: US numbers have 10
 * digits (an optional leading 1); Pakistani mobiles have 10 digits starting with 3 (optional 92 or 0 first).
 */
export function toE164(phone: string, region: Region): string | null {
  let digits = phone.replace(/\D/g, '');
  if (region === 'US') {
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    return /^[2-9]\d{9}$/.test(digits) ? `+1${digits}` : null;
  }
  if (digits.length === 12 && digits.startsWith('92')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^3\d{9}$/.test(digits) ? `+92${digits}` : null;
}

const maskPhone = (e164: string) => `${'x'.repeat(Math.max(e164.length - 4, 0))}${e164.slice(-4)}`;

/** The code is hashed with its request id, so a stored hash matches nothing but its own request. */
const hashCode = (requestId: string, code: string) =>
  createHash('sha256').update(`${requestId}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');

function lifetimeMs(validForMinutes: number): number {
  return (
    (validForMinutes > 0 ? Math.min(validForMinutes, OTP_RULES.validMinutes) : OTP_RULES.validMinutes) *
    60_000
  );
}

function toOtpRequest(row: store.OtpRequestRow): OtpRequest {
  return {
    Id: row.id,
    PatientId: row.patient_id,
    PhoneNumber: maskPhone(row.phone),
    Region: row.region,
    ExpiresAt: new Date(row.expires_at).toISOString(),
    IsVerified: row.verified_at !== null,
  };
}

/**
 * Counts the send against the 5-per-10-minutes limit (per signed-in subject and per phone) and sends the SMS.
 * The count and the record of the send happen in one transaction; on PostgreSQL an advisory lock on the
 * subject makes two simultaneous sends of one user take turns, so neither slips past the limit.
 */
async function sendCode(
  deps: Deps,
  request: { id: string; subject: string; phone: string },
  code: string,
  now: Date,
) {
  await deps.database.transaction(async (tx) => {
    if (deps.database.kind === 'postgres') await store.lockSendsOf(tx, request.subject);
    const since = new Date(now.getTime() - OTP_RULES.sendWindowMinutes * 60_000);
    if ((await store.recentSends(tx, request.subject, request.phone, since)) >= OTP_RULES.maxSends) {
      throw tooManyRequests(OTP_MESSAGES.tooManySends);
    }
    await store.recordSend(tx, request.id, request.subject, request.phone, now);
  });
  await deps.outbox.send({
    channel: 'sms',
    to: request.phone,
    body: `Your CareSlot verification code is ${code}. It is valid for ${OTP_RULES.validMinutes} minutes. Do not share it with anyone.`,
    template: 'otp',
  });
}

/** A request the caller made, else 404: nobody learns whether someone else's request id exists. */
async function callersRequest(deps: Deps, context: RequestContext, id: string): Promise<store.OtpRequestRow> {
  const row = await store.findRequest(deps.database, id);
  // The request is its session's own (the token's subject), not a practice's or a patient record.
  await authorizeOwnObject(context, 'read', { ownerSubject: row?.subject, entityType: 'OtpRequest', id });
  return row!;
}

/** POST otp-request/generate: a new request for the patient's phone, and its code by SMS. */
export async function generateOtp(
  deps: Deps,
  context: RequestContext,
  input: OtpGenerate,
  validFor: number,
): Promise<OtpRequest> {
  const now = deps.clock.now();
  const patientId = input.PatientId ?? context.userId;
  if (!patientId)
    throw fieldError('PatientId', 'required', 'PatientId is required for a caller without a patient record');
  const id = randomUUID();
  // Verifying a phone changes the patient's record: the caller must be allowed to change that patient.
  await authorize(context, 'update', {
    kind: 'patient',
    id: patientId,
    patientId,
    entityType: 'OtpRequest',
    detail: { otpRequestId: id },
  });
  const phone = toE164(input.PhoneNumber, input.Region);
  if (!phone) throw fieldError('PhoneNumber', 'phone', `must be a mobile number of region ${input.Region}`);
  const code = newCode();
  const expiresAt = new Date(now.getTime() + lifetimeMs(validFor));
  await store.insertRequest(deps.database, {
    id,
    subject: context.subject ?? '',
    patientId,
    phone,
    region: input.Region,
    codeHash: hashCode(id, code),
    expiresAt,
    now,
  });
  await sendCode(deps, { id, subject: context.subject ?? '', phone }, code, now);
  return toOtpRequest((await store.findRequest(deps.database, id))!);
}

/** POST otp-request/resend: a fresh code for the same request; the earlier code stops working. */
export async function resendOtp(
  deps: Deps,
  context: RequestContext,
  id: string,
  validFor: number,
): Promise<OtpRequest> {
  const now = deps.clock.now();
  const row = await callersRequest(deps, context, id);
  if (row.verified_at !== null)
    throw fieldError('Id', 'already_verified', 'This phone number is already verified.');
  const code = newCode();
  // Counted (and refused when over the limit) before the old code is replaced, so a refusal leaves it working.
  await sendCode(deps, { id, subject: row.subject, phone: row.phone }, code, now);
  await store.replaceCode(
    deps.database,
    id,
    hashCode(id, code),
    new Date(now.getTime() + lifetimeMs(validFor)),
  );
  await recordOutcome(
    context,
    'update',
    { kind: 'patient', id, patientId: row.patient_id, entityType: 'OtpRequest' },
    'success',
  );
  return toOtpRequest((await store.findRequest(deps.database, id))!);
}

const invalidOtp = (message: string = OTP_MESSAGES.invalid) =>
  badRequest([{ field: 'querystring.otp', rule: INVALID_OTP, message }], message);

/**
 * POST otp-request/{id}/verify: the code must be the request's latest, unexpired and unused; every wrong try
 * counts, and after 5 the request is dead even for the right digits. Success stores the verified mobile.
 */
export async function verifyOtp(
  deps: Deps,
  context: RequestContext,
  id: string,
  otp: string,
): Promise<OtpRequest> {
  const now = deps.clock.now();
  const row = await callersRequest(deps, context, id);
  const fail = async (error: AppError) => {
    await recordOutcome(
      context,
      'update',
      {
        kind: 'patient',
        id,
        patientId: row.patient_id,
        entityType: 'OtpRequest',
        detail: { rule: error.issues?.[0]?.rule ?? error.kind },
      },
      'failure',
    );
    return error;
  };
  if (row.verified_at !== null) throw await fail(invalidOtp());
  if (row.attempts >= OTP_RULES.maxAttempts) throw await fail(tooManyRequests(OTP_MESSAGES.exhausted));
  if (new Date(row.expires_at) <= now) throw await fail(invalidOtp(OTP_MESSAGES.expired));
  // The try is counted before the comparison, so parallel guesses cannot pass the limit.
  const attempts = await store.reserveAttempt(deps.database, id, OTP_RULES.maxAttempts);
  if (attempts === null) throw await fail(tooManyRequests(OTP_MESSAGES.exhausted));
  const given = Buffer.from(hashCode(id, otp));
  if (given.length !== row.code_hash.length || !timingSafeEqual(given, Buffer.from(row.code_hash)))
    throw await fail(
      attempts >= OTP_RULES.maxAttempts ? tooManyRequests(OTP_MESSAGES.exhausted) : invalidOtp(),
    );
  // Single use: of two simultaneous right answers only one marks the request.
  if (!(await store.markVerified(deps.database, id, now))) throw await fail(invalidOtp());
  await markMobileVerified(deps.database, row.patient_id, row.phone, now);
  await recordOutcome(
    context,
    'update',
    { kind: 'patient', id: row.patient_id, patientId: row.patient_id, workflow: 'PhoneVerification' },
    'success',
  );
  return toOtpRequest((await store.findRequest(deps.database, id))!);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const toSettings = (row: store.SettingsRow): PatientSettings => ({
  Id: row.id,
  PatientId: row.patient_id,
  TimeZone: row.time_zone,
  SmsAlertsEnabled: row.sms_alerts_enabled,
  PreferredLanguage: (row.preferred_language as Language | null) ?? null,
});

/** POST notification/PatientSettings: the patient's (or a family member's) zone and SMS alert choice. */
export async function savePatientSettings(
  deps: Deps,
  context: RequestContext,
  input: Omit<PatientSettings, 'Id'>,
): Promise<PatientSettings> {
  if (!isTimeZone(input.TimeZone))
    throw fieldError('TimeZone', 'time_zone', 'must be an IANA time zone such as America/New_York');
  await authorize(context, 'update', {
    kind: 'patient',
    id: input.PatientId,
    patientId: input.PatientId,
    entityType: 'PatientSettings',
  });
  const row = await store.upsertSettings(deps.database, {
    id: randomUUID(),
    patientId: input.PatientId,
    timeZone: input.TimeZone,
    smsAlertsEnabled: input.SmsAlertsEnabled,
    preferredLanguage: input.PreferredLanguage,
    now: deps.clock.now(),
  });
  return toSettings(row);
}

/** The settings record named by its id or its patient's, read or changed under the patient's access. */
async function settingsFor(deps: Deps, context: RequestContext, id: string, action: 'read' | 'update') {
  const row = await store.settingsByIdOrPatient(deps.database, id);
  if (!row) return notFoundAudited(context, action, 'patient', id, { entityType: 'PatientSettings' });
  await authorize(context, action, {
    kind: 'patient',
    id: row.id,
    patientId: row.patient_id,
    entityType: 'PatientSettings',
  });
  return row;
}

/** GET notification/PatientSettings/{id}: by the record's id or the patient's. */
export async function getPatientSettings(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PatientSettings> {
  return toSettings(await settingsFor(deps, context, id, 'read'));
}

/** PUT notification/PatientSettings/{id}: changes the zone, SMS alerts and language of a saved record. */
export async function updatePatientSettings(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: Omit<PatientSettings, 'Id' | 'PatientId'> & { PatientId?: string | undefined },
): Promise<PatientSettings> {
  const row = await settingsFor(deps, context, id, 'update');
  if (input.PatientId !== undefined && input.PatientId !== row.patient_id)
    throw fieldError('PatientId', 'matches_record', "must be the settings' patient");
  return savePatientSettings(deps, context, { ...input, PatientId: row.patient_id });
}

/** Whether a patient takes SMS alerts (on unless they turned them off): appointment messages and reminders ask. */
export async function smsAlertsOn(database: Connection, patientId: string): Promise<boolean> {
  return (await store.settingsOf(database, patientId))?.sms_alerts_enabled ?? true;
}
