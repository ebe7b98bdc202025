import { createHash, randomBytes, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import {
  CHECKIN_WORKFLOWS,
  UPLOAD_RULES,
  checkInDemographicsSchema,
  checkInInsuranceSchema,
  type CheckInDemographics,
  type CheckInFormAnswerInput,
  type CheckInInsurance,
  type CheckInSession,
  type AppointmentStatus,
  type CheckInSettings,
  type CheckInStatus,
  type CheckInSummaryRow,
  type StoredFileRef,
} from '@careslot/contracts';
import { canChangeStatus, validateFormAnswers } from '@careslot/domain';
import { authorize, authorizePractice, notFoundAudited, ROLE_SETS } from '../../platform/access';
import type { Principal } from '../../platform/auth';
import { contextFor, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { appendEvents } from '../../platform/events';
import { badRequest, fieldError } from '../../platform/errors';
import { checkUpload, findFile, storeFile, type StoredFileRow } from '../../platform/files';
import {
  appointmentForMessage,
  changeAppointmentStatus,
  findAppointment,
  type AppointmentRow,
} from '../appointments';
import {
  formsForVisit,
  saveVisitResponse,
  visitResponseById,
  visitResponses,
  type VisitForForms,
} from '../forms';
import { consentPdf } from './pdf';
import {
  languageOf,
  MESSAGE_TEXTS,
  renderPracticeMessage,
  smsAlertsOn,
  toE164,
  visitTime,
} from '../notifications';
import { getOrganization } from '../organizations';
import { createCoverage, getPatientById } from '../patients';
import * as store from './store';

/**
 * Digital check-in (practice-portal.md §2.12, §7 Check-in service; decision 0094). A visit's check-in link
 * carries an opaque random token (only its SHA-256 is stored); the patient's page sends it in the
 * X-Checkin-Token header. A valid token stands for the visit's patient (as a signed survey link does, decision
 * 0074): every read and write then goes through the access policy as that patient and is audited. Staff act
 * through their own sign-in on the visit (the practice owns the appointment).
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'jobs' | 'events' | 'realtime'>;

export const CHECKIN_EVENT = 'checkin.changed';
export interface CheckInChanged {
  appointmentId: string;
  organizationId: string;
  patientId: string;
  /** The §4.8 event the hub sends. */
  realtime: 'CustomFormResponseAdded' | 'CheckInEnabled';
}

const LINK_DAYS = 14;
const DAY = 86_400_000;
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

// ---------- the visit ----------

function reasonsOf(row: AppointmentRow): VisitForForms['reasons'] {
  const list = [...(row.service_type ?? []), ...(row.reasons ?? [])] as { Id?: unknown; Name?: unknown }[];
  return list
    .map((r) => ({
      Id: typeof r.Id === 'string' || typeof r.Id === 'number' ? String(r.Id) : null,
      Name: typeof r.Name === 'string' ? r.Name : null,
    }))
    .filter((r) => r.Id !== null || r.Name !== null);
}

interface Visit extends VisitForForms {
  row: AppointmentRow;
}

async function visitOf(deps: Deps, appointmentId: string): Promise<Visit | null> {
  const row = await findAppointment(deps.database, appointmentId);
  if (!row || !row.organization_id) return null;
  return {
    row,
    appointmentId: row.id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
    locationId: row.location_id,
    providerId: row.practitioner_id,
    resourceId: null,
    reasons: reasonsOf(row),
  };
}

const appointmentResource = (visit: Visit, workflow: string, entityType = 'Appointment') => ({
  kind: 'appointment' as const,
  id: visit.appointmentId,
  patientId: visit.patientId,
  organizationId: visit.organizationId,
  entityType,
  workflow,
});

/** Staff of the visit's practice (the Check-In Summary): the visit, or 404 as for an unknown one. */
async function staffVisit(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
  action: 'read' | 'update',
  entityType = 'CheckIn',
): Promise<Visit> {
  const visit = await visitOf(deps, appointmentId);
  if (!visit)
    return notFoundAudited(context, action, 'appointment', appointmentId, {
      workflow: CHECKIN_WORKFLOWS.summary,
    });
  await authorize(
    context,
    action,
    appointmentResource(visit, CHECKIN_WORKFLOWS.summary, entityType),
    (r) => r === 'care' || r === 'support',
  );
  return visit;
}

// ---------- the link ----------

function patientOfLink(patientId: string, sessionId: string): Principal {
  return {
    subject: `checkin-link:${sessionId}`,
    userId: patientId,
    roles: ['patient'],
    userType: 'Patient',
    email: null,
    organizationId: null,
    isGuest: false,
    isServiceAccount: false,
    claims: { sub: `checkin-link:${sessionId}`, user_roles: ['patient'] },
  };
}

interface LinkCaller {
  session: store.SessionRow;
  visit: Visit;
  /** The request's context acting as the visit's patient (what the valid token stands for). */
  context: RequestContext;
}

/**
 * The visit a check-in token opens, as its patient. An unknown, replaced or expired token, or one for another
 * visit than `appointmentId`, answers 404 (audited): a token reads and writes its own visit only.
 */
async function linkCaller(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
  appointmentId: string | null,
  action: 'read' | 'create' | 'update',
): Promise<LinkCaller> {
  const session = token ? await store.sessionByTokenHash(deps.database, hashToken(token)) : null;
  const valid =
    session &&
    new Date(session.expires_at).getTime() > deps.clock.now().getTime() &&
    (appointmentId === null || session.appointment_id === appointmentId);
  const visit = valid ? await visitOf(deps, session.appointment_id) : null;
  if (!session || !valid || !visit)
    return notFoundAudited(request, action, 'appointment', appointmentId, {
      entityType: 'CheckIn',
      workflow: CHECKIN_WORKFLOWS.patient,
    });
  const context: RequestContext = {
    ...contextFor(
      patientOfLink(session.patient_id, session.id),
      { ip: request.ip, userAgent: request.userAgent },
      request.access,
    ),
    patientId: session.patient_id,
  };
  return { session, visit, context };
}

/** A new link for the visit (a first one, or one replacing the last): the URL holds the opaque token only. */
async function issueLink(
  deps: Deps,
  visit: Visit,
  sent: boolean,
  short = false,
): Promise<{ url: string; shortUrl: string | null; session: store.SessionRow }> {
  const token = randomBytes(32).toString('base64url');
  // A short link's code: 12 characters (72 random bits), for an SMS or a QR code at the desk.
  const code = short ? randomBytes(9).toString('base64url') : null;
  const now = deps.clock.now();
  const session = await store.issueToken(deps.database, {
    id: randomUUID(),
    appointmentId: visit.appointmentId,
    patientId: visit.patientId,
    organizationId: visit.organizationId,
    tokenHash: hashToken(token),
    shortHash: code ? hashToken(code) : null,
    expiresAt: new Date(Math.max(now.getTime(), new Date(visit.row.start_at).getTime()) + LINK_DAYS * DAY),
    sent,
    now,
  });
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  return { url: `${base}/check-in/${token}`, shortUrl: code ? `${base}/c/${code}` : null, session };
}

export const CHECKIN_TEMPLATE = 'check-in-link';

/** Sends a new link by e-mail and SMS (the practice's check-in-link template), once per send number. */
export async function sendLink(deps: Deps, appointmentId: string): Promise<store.SessionRow | null> {
  const visit = await visitOf(deps, appointmentId);
  if (!visit) return null;
  const read = await appointmentForMessage(deps, appointmentId);
  if (!read) return null;
  const { url, session } = await issueLink(deps, visit, true);
  const language = languageOf(read.patient.languages);
  const { date, time } = visitTime(
    read.appointment.StartTime,
    read.appointment.TimeZone,
    MESSAGE_TEXTS[language],
  );
  const message = await renderPracticeMessage(deps, {
    organizationId: visit.organizationId,
    workflowKey: 'check-in-link',
    language,
    values: {
      patientFirstName: read.patient.firstName,
      providerName: read.appointment.Provider?.DisplayName ?? read.appointment.Facility?.Name ?? 'CareSlot',
      practiceName: (await getOrganization(deps.database, visit.organizationId))?.Name ?? null,
      appointmentDate: date,
      appointmentTime: time,
      locationAddress: null,
      link: url,
    },
  });
  const about = {
    template: CHECKIN_TEMPLATE,
    organizationId: visit.organizationId,
    workflowKey: 'check-in-link',
  } as const;
  const key = (channel: string) => `checkin:${appointmentId}:${session.sends}:${channel}`;
  if (read.patient.email && message.email)
    await deps.outbox.send({
      channel: 'email',
      to: read.patient.email,
      subject: message.email.subject,
      body: message.email.body,
      html: message.email.html,
      ...about,
      dedupeKey: key('email'),
    });
  const mobile =
    message.sms && read.patient.phone && (await smsAlertsOn(deps.database, visit.patientId))
      ? toE164(read.patient.phone, 'US')
      : null;
  if (mobile && message.sms)
    await deps.outbox.send({
      channel: 'sms',
      to: mobile,
      body: message.sms.body,
      ...about,
      dedupeKey: key('sms'),
    });
  return session;
}

/** POST patientcheckIn/share/checkin-link: staff send (or resend) the visit's link; a resend replaces the last. */
export async function shareLink(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<{ Sends: number; LastSentOn: string | null }> {
  await staffVisit(deps, context, appointmentId, 'update');
  const session = await sendLink(deps, appointmentId);
  return {
    Sends: session?.sends ?? 0,
    LastSentOn: session?.last_sent_at ? new Date(session.last_sent_at).toISOString() : null,
  };
}

/** POST token/generate: staff get a fresh link to hand over (e.g. at a kiosk) without sending it. */
export async function generateLink(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<string> {
  const visit = await staffVisit(deps, context, appointmentId, 'update');
  return (await issueLink(deps, visit, false)).url;
}

/**
 * POST token/generate/short-url and token/generate/qr-code: a fresh short link (`{publicUrl}/c/{code}`) for the
 * visit, replacing the last link, and the same link as a QR code (SVG) the patient scans from the desk's screen.
 */
export async function shortLink(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<{ ShortUrl: string; QrSvg: string }> {
  const visit = await staffVisit(deps, context, appointmentId, 'update');
  const { shortUrl } = await issueLink(deps, visit, false, true);
  const QrSvg = await QRCode.toString(shortUrl!, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { ShortUrl: shortUrl!, QrSvg };
}

// ---------- the patient's page ----------

function demographicsOf(patient: Awaited<ReturnType<typeof getPatientById>>): CheckInDemographics {
  const name = patient?.Name[0];
  const telecom = patient?.Telecom ?? [];
  return {
    FirstName: name?.Given[0] ?? '',
    LastName: name?.Family ?? '',
    BirthDate: patient?.BirthDate ?? null,
    Email: telecom.find((t) => t.System === 'Email')?.Value ?? null,
    Phone:
      (telecom.find((t) => t.System === 'Mobile') ?? telecom.find((t) => t.System === 'Phone'))?.Value ??
      null,
    Address1: patient?.Address.Address1 ?? null,
    City: patient?.Address.City ?? null,
    State: patient?.Address.State ?? null,
    ZipCode: patient?.Address.ZipCode ?? null,
  };
}

const statusOf = (session: store.SessionRow | null): CheckInStatus => session?.status ?? 'not-sent';

/** GET digitalcheckin/session: what the check-in page shows for the token's visit. */
export async function getSession(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
): Promise<CheckInSession> {
  const { session, visit, context } = await linkCaller(deps, request, token, null, 'read');
  await authorize(context, 'read', appointmentResource(visit, CHECKIN_WORKFLOWS.patient, 'CheckIn'));
  const read = await appointmentForMessage(deps, visit.appointmentId);
  const [forms, answered, patient, organization] = await Promise.all([
    formsForVisit(deps.database, visit),
    visitResponses(deps, context, visit.appointmentId, CHECKIN_WORKFLOWS.patient),
    getPatientById(deps.database, visit.patientId),
    getOrganization(deps.database, visit.organizationId),
  ]);
  const saved = session.demographics ? checkInDemographicsSchema.safeParse(session.demographics) : null;
  const insurance = session.insurance ? checkInInsuranceSchema.safeParse(session.insurance) : null;
  return {
    AppointmentId: visit.appointmentId,
    Status: statusOf(session),
    StartTime: new Date(visit.row.start_at).toISOString(),
    TimeZone: read?.appointment.TimeZone ?? 'UTC',
    PracticeName: organization?.Name ?? '',
    WithWhom: read?.appointment.Provider?.DisplayName ?? read?.appointment.Facility?.Name ?? '',
    Demographics: saved?.success ? saved.data : demographicsOf(patient),
    DemographicsConfirmed: session.demographics_confirmed_at !== null,
    Insurance: insurance?.success ? insurance.data : null,
    Forms: forms,
    Responses: answered.responses,
  };
}

async function announce(deps: Deps, visit: Visit, realtime: CheckInChanged['realtime']): Promise<void> {
  await deps.database.transaction(async (tx) => {
    const payload: CheckInChanged = {
      appointmentId: visit.appointmentId,
      organizationId: visit.organizationId,
      patientId: visit.patientId,
      realtime,
    };
    await appendEvents(tx, [
      { aggregateType: 'checkin', aggregateId: visit.appointmentId, type: CHECKIN_EVENT, payload },
    ]);
  });
}

/** POST digitalcheckin/patient/custom-form-response/{id}: one form's answers (progress or completed). */
export async function answerForm(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
  appointmentId: string,
  input: CheckInFormAnswerInput,
) {
  const { session, visit, context } = await linkCaller(deps, request, token, appointmentId, 'update');
  const saved = await saveVisitResponse(deps, context, visit, input, CHECKIN_WORKFLOWS.patient);
  if (session.status === 'sent')
    await store.updateSession(deps.database, session.id, { status: 'in-progress', now: deps.clock.now() });
  if (input.Status === 'completed') await announce(deps, visit, 'CustomFormResponseAdded');
  return saved;
}

/** GET digitalcheckin/patient/custom-forms|consents/{id}: the visit's forms of the step. */
export async function visitForms(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
  appointmentId: string,
  consents: boolean,
) {
  const { visit, context } = await linkCaller(deps, request, token, appointmentId, 'read');
  await authorize(context, 'read', appointmentResource(visit, CHECKIN_WORKFLOWS.patient, 'CheckIn'));
  const forms = await formsForVisit(deps.database, visit);
  return forms.filter((f) => (f.FormType === 'Consent') === consents);
}

/** PUT digitalcheckin/patient/insurance/{id}?isPolicyHolder=: the insurance the patient gives at check-in. */
export async function saveInsurance(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
  appointmentId: string,
  input: CheckInInsurance,
): Promise<CheckInInsurance> {
  const { session, visit, context } = await linkCaller(deps, request, token, appointmentId, 'update');
  if (!input.IsPolicyHolder && !input.PolicyHolder)
    throw fieldError('PolicyHolder', 'required', 'A dependent names the policy holder');
  for (const [field, fileId] of [
    ['FrontFileId', input.FrontFileId],
    ['BackFileId', input.BackFileId],
  ] as const) {
    if (!fileId) continue;
    const file = await findFile(deps.database, fileId);
    if (!file || file.patient_id !== visit.patientId || file.purpose !== 'card-picture')
      throw fieldError(field, 'file', 'refers to a card picture this patient did not upload');
  }
  await authorize(context, 'update', {
    kind: 'coverage',
    id: session.id,
    patientId: visit.patientId,
    entityType: 'CheckInInsurance',
    workflow: CHECKIN_WORKFLOWS.patient,
    detail: { appointmentId, isPolicyHolder: input.IsPolicyHolder },
  });
  const value: CheckInInsurance = {
    ...input,
    PolicyHolder: input.IsPolicyHolder ? null : input.PolicyHolder,
  };
  await store.updateSession(deps.database, session.id, {
    insurance: value,
    status: 'in-progress',
    now: deps.clock.now(),
  });
  return value;
}

/** POST digitalcheckin/patient/insurance/{id}/card-pictures: a card photo (front or back), the patient's file. */
export async function uploadCardPicture(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
  appointmentId: string,
  upload: { Side: 'front' | 'back'; Name: string; ContentType: string; Data: string },
): Promise<StoredFileRef> {
  const { visit, context } = await linkCaller(deps, request, token, appointmentId, 'create');
  await authorize(context, 'create', {
    kind: 'file',
    id: null,
    patientId: visit.patientId,
    entityType: 'CardPicture',
    workflow: CHECKIN_WORKFLOWS.patient,
    detail: { side: upload.Side },
  });
  const file = { Name: upload.Name, ContentType: upload.ContentType, Data: upload.Data };
  const bytes = checkUpload(file, UPLOAD_RULES.imageContentTypes);
  return storeFile(deps.database, {
    patientId: visit.patientId,
    purpose: 'card-picture',
    upload: file,
    bytes,
    createdBy: context.subject ?? 'unknown',
    now: deps.clock.now(),
  });
}

const RELATIONSHIPS = { Spouse: 'Spouse', Child: 'Child', Parent: 'Other', Other: 'Other' } as const;

/**
 * The insurance given at check-in becomes the patient's primary coverage (through the patients module, which
 * authorizes and audits it as the link's patient), with the card pictures. Once per check-in: a session that
 * made its coverage keeps its id and makes none again.
 */
async function coverageOfCheckIn(
  deps: Deps,
  context: RequestContext,
  visit: Visit,
  session: store.SessionRow,
): Promise<void> {
  if (session.coverage_id) return;
  const parsed = session.insurance ? checkInInsuranceSchema.safeParse(session.insurance) : null;
  if (!parsed?.success) return;
  const insurance = parsed.data;
  const holder = insurance.IsPolicyHolder ? null : insurance.PolicyHolder;
  const coverage = await createCoverage(
    deps.database,
    context,
    CHECKIN_WORKFLOWS.patient,
    {
      PatientId: visit.patientId,
      InsurancePlanId: null,
      Insurance: { Display: insurance.CarrierName },
      SubscriberId: insurance.MemberId,
      DependentNumber: null,
      Relationship: holder ? RELATIONSHIPS[holder.Relationship] : 'Self',
      Subscriber: holder
        ? { FirstName: holder.FirstName, LastName: holder.LastName, BirthDate: holder.BirthDate }
        : null,
      Priority: 'Primary',
      Status: 'Active',
    },
    [
      ...(insurance.FrontFileId
        ? [{ Side: 'Front' as const, FileId: insurance.FrontFileId, Field: 'Insurance.FrontFileId' }]
        : []),
      ...(insurance.BackFileId
        ? [{ Side: 'Back' as const, FileId: insurance.BackFileId, Field: 'Insurance.BackFileId' }]
        : []),
    ],
  );
  await store.updateSession(deps.database, session.id, { coverageId: coverage.Id, now: deps.clock.now() });
}

/**
 * The visit becomes Checked-In through the appointments module (its status machine, its audit as the link's
 * patient, its "appointment changed" event and hub events). A visit the desk already moved on (Checked-In,
 * Waiting-Room, ...) or one that cannot be checked in (a request not yet accepted) keeps its status.
 */
async function checkInAppointment(deps: Deps, context: RequestContext, visit: Visit): Promise<void> {
  const current = await findAppointment(deps.database, visit.appointmentId);
  if (!current || !canChangeStatus(current.status as AppointmentStatus, 'Checked-In')) return;
  await changeAppointmentStatus(deps, context, {
    id: visit.appointmentId,
    family: current.appointment_type === 'TeleHealth' ? 'Tele' : 'Office',
    status: 'Checked-In',
    workflow: CHECKIN_WORKFLOWS.patient,
    patientChecksIn: true,
  });
}

/**
 * POST patientcheckIn/workflow-status: a step done. Demographics: the patient confirms (or corrects) what the
 * practice has. CheckedIn: every form of the visit completed, then the check-in is done (CheckInEnabled).
 */
export async function workflowStatus(
  deps: Deps,
  request: RequestContext,
  token: string | undefined,
  input: { AppointmentId: string; Step: string; Demographics?: CheckInDemographics | null },
): Promise<{ Status: CheckInStatus }> {
  const { session, visit, context } = await linkCaller(deps, request, token, input.AppointmentId, 'update');
  await authorize(context, 'update', appointmentResource(visit, CHECKIN_WORKFLOWS.patient, 'CheckIn'));
  const now = deps.clock.now();
  if (input.Step === 'Demographics') {
    if (!input.Demographics) throw fieldError('Demographics', 'required', 'Confirm the patient details');
    const updated = await store.updateSession(deps.database, session.id, {
      demographics: input.Demographics,
      status: 'in-progress',
      now,
    });
    return { Status: statusOf(updated) };
  }
  if (input.Step !== 'CheckedIn') {
    const updated = await store.updateSession(deps.database, session.id, { status: 'in-progress', now });
    return { Status: statusOf(updated) };
  }
  const [forms, answered] = await Promise.all([
    formsForVisit(deps.database, visit),
    visitResponses(deps, context, visit.appointmentId, CHECKIN_WORKFLOWS.patient),
  ]);
  const missing = forms.filter((f) => {
    const response = answered.responses.find((r) => r.CustomFormId === f.Id);
    return (
      !response ||
      response.Status !== 'completed' ||
      Object.keys(validateFormAnswers(f.Definition, response.Components)).length > 0
    );
  });
  if (missing.length > 0)
    throw badRequest(
      missing.map((f) => ({
        field: `Forms.${f.Id}`,
        rule: 'required',
        message: `${f.Name}: the form is not completed`,
      })),
    );
  if (!session.demographics_confirmed_at)
    throw fieldError('Demographics', 'required', 'Confirm the patient details first');
  await coverageOfCheckIn(deps, context, visit, session);
  await checkInAppointment(deps, context, visit);
  const updated = await store.updateSession(deps.database, session.id, {
    status: 'completed',
    completed: true,
    now,
  });
  if (session.status !== 'completed') await announce(deps, visit, 'CheckInEnabled');
  return { Status: statusOf(updated) };
}

// ---------- the Check-In Summary ----------

function summaryOf(
  appointmentId: string,
  session: store.SessionRow | null,
  answered: Awaited<ReturnType<typeof visitResponses>> | null,
): CheckInSummaryRow {
  const demographics = session?.demographics
    ? checkInDemographicsSchema.safeParse(session.demographics)
    : null;
  const insurance = session?.insurance ? checkInInsuranceSchema.safeParse(session.insurance) : null;
  return {
    AppointmentId: appointmentId,
    Status: statusOf(session),
    CompletedOn: session?.completed_at ? new Date(session.completed_at).toISOString() : null,
    LastSentOn: session?.last_sent_at ? new Date(session.last_sent_at).toISOString() : null,
    Sends: session?.sends ?? 0,
    Demographics: demographics?.success ? demographics.data : null,
    Insurance: insurance?.success ? insurance.data : null,
    Responses: answered?.responses ?? [],
    Forms: answered?.forms ?? [],
  };
}

/** POST patientcheckIn/statuses: the check-in state of the listed visits (no answers: one row each). */
export async function statuses(
  deps: Deps,
  context: RequestContext,
  appointmentIds: readonly string[],
): Promise<{ AppointmentId: string; Status: CheckInStatus; CompletedOn: string | null; Sends: number }[]> {
  const sessions = await store.sessionsByAppointments(deps.database, appointmentIds);
  const out = [];
  for (const id of appointmentIds) {
    await staffVisit(deps, context, id, 'read');
    const session = sessions.find((s) => s.appointment_id === id) ?? null;
    const row = summaryOf(id, session, null);
    out.push({ AppointmentId: id, Status: row.Status, CompletedOn: row.CompletedOn, Sends: row.Sends });
  }
  return out;
}

/** GET digitalcheckin/custom-form-response/{id}: a visit's check-in with the patient's answers (staff). */
export async function visitCheckIn(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<CheckInSummaryRow> {
  await staffVisit(deps, context, appointmentId, 'read');
  const session = await store.sessionByAppointment(deps.database, appointmentId);
  const answered = await visitResponses(deps, context, appointmentId, CHECKIN_WORKFLOWS.summary);
  return summaryOf(appointmentId, session, answered);
}

/** A card picture of the visit's check-in (staff, through the policy as the patient's file). */
export async function cardPicture(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
  side: 'front' | 'back',
): Promise<StoredFileRow> {
  const visit = await staffVisit(deps, context, appointmentId, 'read', 'CardPicture');
  const session = await store.sessionByAppointment(deps.database, appointmentId);
  const insurance = session?.insurance ? checkInInsuranceSchema.safeParse(session.insurance) : null;
  const fileId = insurance?.success
    ? side === 'front'
      ? insurance.data.FrontFileId
      : insurance.data.BackFileId
    : null;
  const file = fileId ? await findFile(deps.database, fileId) : null;
  if (!file) return notFoundAudited(context, 'read', 'file', fileId ?? null, { entityType: 'CardPicture' });
  await authorize(context, 'read', {
    kind: 'file',
    id: file.id,
    patientId: visit.patientId,
    entityType: 'CardPicture',
    workflow: CHECKIN_WORKFLOWS.summary,
  });
  return file;
}

/** GET digitalcheckin/consents/{responseId}/pdf: a signed consent as a PDF (the practice owning the form). */
export async function consentDownload(
  deps: Deps,
  context: RequestContext,
  responseId: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const response = await visitResponseById(deps.database, responseId);
  if (!response || response.Form.FormType !== 'Consent')
    return notFoundAudited(context, 'read', 'form-response', responseId, {
      workflow: CHECKIN_WORKFLOWS.summary,
    });
  await authorize(context, 'read', {
    kind: 'form-response',
    id: response.Id,
    patientId: response.PatientId,
    organizationId: response.OrganizationId,
    entityType: 'ConsentDocument',
    workflow: CHECKIN_WORKFLOWS.summary,
  });
  const [patient, organization] = await Promise.all([
    getPatientById(deps.database, response.PatientId),
    getOrganization(deps.database, response.OrganizationId),
  ]);
  const name = patient?.Name[0];
  const bytes = await consentPdf({
    form: response.Form,
    response,
    patientName: name ? `${name.Family}, ${name.Given[0] ?? ''}` : '',
    practiceName: organization?.Name ?? '',
  });
  return { name: `${response.Form.Name.replace(/[^A-Za-z0-9 _-]/g, '')}.pdf`, bytes };
}

// ---------- settings ----------

/** GET entity-configurations/Organization/{id}: when the practice's check-in links go out. */
export async function getSettings(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<CheckInSettings> {
  await authorizePractice(
    context,
    'read',
    { organizationId, entityType: 'CheckInEntityConfiguration', id: organizationId },
    { supportReads: true },
  );
  const row = await store.settingsOf(deps.database, organizationId);
  return { OrganizationId: organizationId, Enabled: row.enabled, SendHoursBefore: row.send_hours_before };
}

/** POST entity-configurations/batch/get: each named practice's configuration, each read checked as one GET. */
export async function settingsOfEntities(
  deps: Deps,
  context: RequestContext,
  organizationIds: string[],
): Promise<CheckInSettings[]> {
  const answers: CheckInSettings[] = [];
  for (const id of new Set(organizationIds)) answers.push(await getSettings(deps, context, id));
  return answers;
}

/** PUT entity-configurations/Organization/{id}: the practice's admins set when links go out. */
export async function putSettings(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  input: { Enabled: boolean; SendHoursBefore: number },
): Promise<CheckInSettings> {
  await authorizePractice(
    context,
    'update',
    { organizationId, entityType: 'CheckInEntityConfiguration', id: organizationId },
    ROLE_SETS.ADMINS,
  );
  const row = await store.upsertSettings(
    deps.database,
    { organization_id: organizationId, enabled: input.Enabled, send_hours_before: input.SendHoursBefore },
    deps.clock.now(),
  );
  return { OrganizationId: organizationId, Enabled: row.enabled, SendHoursBefore: row.send_hours_before };
}

export { visitOf, staffVisit };
