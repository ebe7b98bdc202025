import { OPEN_VISIT_STATUSES, WALK_IN_WAITING_STATUSES } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

export interface AppointmentRow {
  id: string;
  patient_id: string;
  schedule_id: string;
  start_at: Date | string;
  end_at: Date | string;
  practitioner_id: string | null;
  location_id: string | null;
  organization_id: string | null;
  appointment_type: 'Office' | 'TeleHealth' | 'Resource';
  schedule_type: 'Scheduled' | 'Walk-In';
  status: string;
  status_reason?: string | null;
  reasons: unknown[];
  service_category: unknown[];
  service_type: unknown[];
  custom_forms: unknown[];
  consents: unknown[];
  participants: unknown[];
  coverages: unknown[];
  booking_system: Record<string, unknown>;
  audit_trail: Record<string, unknown>;
  meeting_id: string | null;
  /** Identifiers in other systems, [{System, Value}] (absent on a row being inserted: none yet). */
  identifiers?: unknown[];
  /** The slot counter (service category, or the nil uuid) whose place the booking took; null when it took none. */
  booked_category_id: string | null;
  created_by: string | null;
  idempotency_key: string | null;
  created_at: Date | string;
}

export type NewAppointment = Omit<AppointmentRow, 'created_at'> & { now: Date };

/** A row as the practice's views read it: with when it last changed and when a walk-in was called. */
export interface PracticeRow extends AppointmentRow {
  updated_at: Date | string;
  called_at: Date | string | null;
}

export async function insertAppointment(db: Connection, row: NewAppointment): Promise<void> {
  await db.query(
    `insert into appointments (id, patient_id, schedule_id, start_at, end_at, practitioner_id, location_id, organization_id,
       appointment_type, schedule_type, status, reasons, service_category, service_type, custom_forms, consents,
       participants, coverages, booking_system, audit_trail, meeting_id, created_by, idempotency_key, created_at, updated_at, booked_category_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $24, $25)`,
    [
      row.id,
      row.patient_id,
      row.schedule_id,
      new Date(row.start_at).toISOString(),
      new Date(row.end_at).toISOString(),
      row.practitioner_id,
      row.location_id,
      row.organization_id,
      row.appointment_type,
      row.schedule_type,
      row.status,
      JSON.stringify(row.reasons),
      JSON.stringify(row.service_category),
      JSON.stringify(row.service_type),
      JSON.stringify(row.custom_forms),
      JSON.stringify(row.consents),
      JSON.stringify(row.participants),
      JSON.stringify(row.coverages),
      JSON.stringify(row.booking_system),
      JSON.stringify(row.audit_trail),
      row.meeting_id,
      row.created_by,
      row.idempotency_key,
      row.now.toISOString(),
      row.booked_category_id,
    ],
  );
}

export async function appointment(db: Connection, id: string): Promise<AppointmentRow | null> {
  const rows = await db.query<AppointmentRow>('select * from appointments where id = $1', [id]);
  return rows[0] ?? null;
}

export async function byIdempotencyKey(
  db: Connection,
  createdBy: string,
  key: string,
): Promise<AppointmentRow | null> {
  const rows = await db.query<AppointmentRow>(
    'select * from appointments where created_by = $1 and idempotency_key = $2',
    [createdBy, key],
  );
  return rows[0] ?? null;
}

// ---------- status changes ----------

/**
 * Moves an appointment from one status to another, only if it still has the status the caller saw
 * (two people acting at once: the second finds no row). Returns the updated row.
 */
export async function changeStatus(
  db: Connection,
  input: {
    id: string;
    from: string;
    to: string;
    reason: string | null;
    source: string;
    workflow: string;
    now: Date;
  },
): Promise<AppointmentRow | null> {
  const rows = await db.query<AppointmentRow>(
    `update appointments set status = $3, status_reason = $4, updated_at = $5,
       booking_system = booking_system || jsonb_build_object('LastChangedSource', $6::text, 'LastChangedDate', $7::text),
       audit_trail = audit_trail || jsonb_build_object('LastChangedBySystem', 'careslot', 'WorkflowOrServiceName', $8::text)
     where id = $1 and status = $2
     returning *`,
    [
      input.id,
      input.from,
      input.to,
      input.reason,
      input.now.toISOString(),
      input.source,
      input.now.toISOString(),
      input.workflow,
    ],
  );
  return rows[0] ?? null;
}

export async function insertStatusChange(
  db: Connection,
  row: {
    id: string;
    appointmentId: string;
    organizationId: string | null;
    from: string;
    to: string;
    reason: string | null;
    actorId: string | null;
    actorType: string;
    workflow: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into appointment_status_changes (id, appointment_id, organization_id, from_status, to_status, reason, actor_id, actor_type, workflow, changed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.appointmentId,
      row.organizationId,
      row.from,
      row.to,
      row.reason,
      row.actorId,
      row.actorType,
      row.workflow,
      row.now.toISOString(),
    ],
  );
}

// ---------- requests, activity, counts ----------

/**
 * The optional equality filters and the page of a practice list, as SQL text over numbered parameters that
 * follow the organization id ($1): only the filters given are added.
 */
function filteredPage(
  organizationId: string,
  filters: [column: string, value: string | undefined][],
  page: { limit: number | null; skip: number },
) {
  const params: unknown[] = [organizationId];
  let filter = '';
  for (const [column, value] of filters) {
    if (!value) continue;
    params.push(value);
    filter += ` and ${column} = $${params.length}`;
  }
  params.push(page.skip);
  let paging = `offset $${params.length}`;
  if (page.limit !== null) {
    params.push(page.limit);
    paging += ` limit $${params.length}`;
  }
  return { params, filter, paging };
}

export interface RequestRow extends AppointmentRow {
  total: number;
}

/** Pending appointments of a practice (optionally one provider or location), soonest first, one page. */
export async function pendingRequests(
  db: Connection,
  input: {
    organizationId: string;
    practitionerId?: string | undefined;
    locationId?: string | undefined;
    order: 'asc' | 'desc';
    limit: number | null;
    skip: number;
  },
): Promise<RequestRow[]> {
  const { params, filter, paging } = filteredPage(
    input.organizationId,
    [
      ['a.practitioner_id', input.practitionerId],
      ['a.location_id', input.locationId],
    ],
    input,
  );
  return db.query<RequestRow>(
    `select a.*, count(*) over ()::int as total
       from appointments a
      where a.organization_id = $1 and a.status = 'Pending'${filter}
      order by a.start_at ${input.order === 'desc' ? 'desc' : 'asc'}, a.id
      ${paging}`,
    params,
  );
}

export interface ActivityRow {
  id: string;
  appointment_id: string;
  from_status: string;
  to_status: string;
  reason: string | null;
  actor_id: string | null;
  workflow: string | null;
  changed_at: Date | string;
  patient_id: string;
  start_at: Date | string;
  total: number;
}

/** Decisions on requests (changes that started from Pending) of a practice, one page. */
export async function requestActivity(
  db: Connection,
  input: {
    organizationId: string;
    appointmentId?: string | undefined;
    practitionerId?: string | undefined;
    order: 'asc' | 'desc';
    limit: number | null;
    skip: number;
  },
): Promise<ActivityRow[]> {
  const { params, filter, paging } = filteredPage(
    input.organizationId,
    [
      ['c.appointment_id', input.appointmentId],
      ['a.practitioner_id', input.practitionerId],
    ],
    input,
  );
  return db.query<ActivityRow>(
    `select c.id, c.appointment_id, c.from_status, c.to_status, c.reason, c.actor_id, c.workflow, c.changed_at,
            a.patient_id, a.start_at, count(*) over ()::int as total
       from appointment_status_changes c join appointments a on a.id = c.appointment_id
      where c.organization_id = $1 and c.from_status = 'Pending'${filter}
      order by c.changed_at ${input.order === 'asc' ? 'asc' : 'desc'}, c.id
      ${paging}`,
    params,
  );
}

/** The provider's counts: open walk-ins and scheduled visits (OPEN_VISIT_STATUSES) in [from, to), and every upcoming request. */
export async function providerCounts(
  db: Connection,
  input: { practitionerId: string; organizationId: string; from: Date; to: Date; now: Date },
): Promise<{ walkin: number; scheduled: number; pending: number }> {
  const rows = await db.query<{ walkin: number; scheduled: number; pending: number }>(
    `select
       count(*) filter (where schedule_type = 'Walk-In' and start_at >= $3 and start_at < $4 and status = any($6::text[]))::int as walkin,
       count(*) filter (where schedule_type = 'Scheduled' and start_at >= $3 and start_at < $4 and status = any($6::text[]))::int as scheduled,
       count(*) filter (where status = 'Pending' and end_at > $5)::int as pending
     from appointments where practitioner_id = $1 and organization_id = $2`,
    [
      input.practitionerId,
      input.organizationId,
      input.from.toISOString(),
      input.to.toISOString(),
      input.now.toISOString(),
      [...OPEN_VISIT_STATUSES],
    ],
  );
  return rows[0] ?? { walkin: 0, scheduled: 0, pending: 0 };
}

// ---------- the portal's lists ----------

/** A patient's upcoming (active and not yet over) or past appointments; at most 200. */
export async function appointmentsOfPatient(
  db: Connection,
  input: { patientIds: string[]; when: 'upcoming' | 'past'; now: Date; active: string[] },
): Promise<AppointmentRow[]> {
  const { patientIds, now, active } = input;
  return input.when === 'upcoming'
    ? db.query<AppointmentRow>(
        'select * from appointments where patient_id = any($1::uuid[]) and end_at > $2 and status = any($3::text[]) order by start_at asc limit 200',
        [patientIds, now.toISOString(), active],
      )
    : db.query<AppointmentRow>(
        'select * from appointments where patient_id = any($1::uuid[]) and (end_at <= $2 or not (status = any($3::text[]))) order by start_at desc limit 200',
        [patientIds, now.toISOString(), active],
      );
}

// ---------- moves, the walk-in queue, participants ----------

/** Moves an appointment to another schedule and start, only if it still starts where it did; the moved row. */
export interface AppointmentMove {
  id: string;
  fromStart: Date;
  scheduleId: string;
  start: Date;
  end: Date;
  practitionerId: string | null;
  locationId: string | null;
  organizationId: string | null;
  bookedCategoryId: string;
  source: string;
  now: Date;
}

export async function moveAppointment(
  tx: Connection,
  input: AppointmentMove,
): Promise<AppointmentRow | null> {
  const rows = await tx.query<AppointmentRow>(
    `update appointments
        set schedule_id = $3, start_at = $4, end_at = $5, practitioner_id = $6, location_id = $7, organization_id = $8, updated_at = $9,
            booked_category_id = $10,
            booking_system = booking_system || jsonb_build_object('LastChangedSource', $11::text, 'LastChangedDate', $12::text),
            audit_trail = audit_trail || jsonb_build_object('LastChangedBySystem', 'careslot')
      where id = $1 and start_at = $2
      returning *`,
    [
      input.id,
      input.fromStart.toISOString(),
      input.scheduleId,
      input.start.toISOString(),
      input.end.toISOString(),
      input.practitionerId,
      input.locationId,
      input.organizationId,
      input.now.toISOString(),
      input.bookedCategoryId,
      input.source,
      input.now.toISOString(),
    ],
  );
  return rows[0] ?? null;
}

export async function practiceAppointment(
  db: Connection,
  organizationId: string,
  id: string,
): Promise<PracticeRow | null> {
  const rows = await db.query<PracticeRow>(
    'select * from appointments where id = $1 and organization_id = $2',
    [id, organizationId],
  );
  return rows[0] ?? null;
}

/**
 * Calls the first waiting walk-in: it becomes In Progress. One statement picks and moves the head of the
 * queue, and `skip locked` lets two clicks at once call two different patients instead of the same one twice.
 */
export async function callNextWalkIn(
  db: Connection,
  input: { practitionerId: string; organizationId: string; from: Date; to: Date; now: Date },
): Promise<(PracticeRow & { previous_status: string }) | null> {
  const rows = await db.query<PracticeRow & { previous_status: string }>(
    `with head as (
       select id, status from appointments
        where practitioner_id = $1 and organization_id = $2 and schedule_type = 'Walk-In'
          and start_at >= $3 and start_at < $4 and called_at is null and status = any($6::text[])
        order by created_at, arrival_seq limit 1
        for update skip locked
     )
     update appointments a set status = 'In Progress', called_at = $5, updated_at = $5
       from head where a.id = head.id
     returning a.*, head.status as previous_status`,
    [
      input.practitionerId,
      input.organizationId,
      input.from.toISOString(),
      input.to.toISOString(),
      input.now.toISOString(),
      [...WALK_IN_WAITING_STATUSES],
    ],
  );
  return rows[0] ?? null;
}

/** Adds a participant to a visit unless it already takes part; returns the updated row, or null when it already did. */
export async function addParticipant(
  db: Connection,
  input: {
    id: string;
    organizationId: string;
    participant: { Type: string; ParticipantId: string };
    now: Date;
  },
): Promise<PracticeRow | null> {
  const rows = await db.query<PracticeRow>(
    `update appointments set participants = participants || $3::jsonb, updated_at = $4
      where id = $1 and organization_id = $2 and not participants @> $3::jsonb
      returning *`,
    [input.id, input.organizationId, JSON.stringify([input.participant]), input.now.toISOString()],
  );
  return rows[0] ?? null;
}

// ---------- details and identifiers ----------

/**
 * Replaces the reasons and/or the identifiers of an appointment (a field given as null keeps its value) and
 * records who changed it last; the updated row, or null when there is no such appointment.
 */
export async function updateDetails(
  db: Connection,
  input: {
    id: string;
    reasons: unknown[] | null;
    identifiers: unknown[] | null;
    source: string;
    workflow: string;
    now: Date;
  },
): Promise<PracticeRow | null> {
  const rows = await db.query<PracticeRow>(
    `update appointments
        set reasons = coalesce($2::jsonb, reasons), identifiers = coalesce($3::jsonb, identifiers), updated_at = $4,
            booking_system = booking_system || jsonb_build_object('LastChangedSource', $5::text, 'LastChangedDate', $6::text),
            audit_trail = audit_trail || jsonb_build_object('LastChangedBySystem', 'careslot', 'WorkflowOrServiceName', $7::text)
      where id = $1
      returning *`,
    [
      input.id,
      input.reasons === null ? null : JSON.stringify(input.reasons),
      input.identifiers === null ? null : JSON.stringify(input.identifiers),
      input.now.toISOString(),
      input.source,
      input.now.toISOString(),
      input.workflow,
    ],
  );
  return rows[0] ?? null;
}

/** The practice's appointments carrying any of the identifiers ({System, Value}), newest start first; at most 200. */
export async function byIdentifiers(
  db: Connection,
  organizationId: string,
  identifiers: { System: string; Value: string }[],
): Promise<AppointmentRow[]> {
  return db.query<AppointmentRow>(
    `select * from appointments
      where organization_id = $1 and identifiers @> any($2::jsonb[])
      order by start_at desc, id limit 200`,
    [organizationId, identifiers.map((i) => JSON.stringify([{ System: i.System, Value: i.Value }]))],
  );
}

/** Whose appointments a FHIR search may show: one practice's own, some patients' (self and family), or all. */
export type FhirRowScope =
  { kind: 'practice'; organizationId: string } | { kind: 'patients'; patientIds: string[] } | { kind: 'all' };

/** Appointments for the FHIR search (decision 0096): in scope, by patient, start range and status, paged. */
export async function appointmentsForFhir(
  db: Connection,
  scope: FhirRowScope,
  filter: {
    patientId: string | null;
    from: string | null;
    to: string | null;
    statuses: string[] | null;
    offset: number;
    limit: number;
  },
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const where = [
    scope.kind === 'practice'
      ? 'organization_id = $1::uuid'
      : scope.kind === 'patients'
        ? 'patient_id = any($1::uuid[])'
        : '$1::text is null',
    '($2::uuid is null or patient_id = $2::uuid)',
    '($3::timestamptz is null or start_at >= $3::timestamptz)',
    '($4::timestamptz is null or start_at < $4::timestamptz)',
    '($5::text[] is null or status = any($5::text[]))',
  ].join(' and ');
  const params = [
    scope.kind === 'practice' ? scope.organizationId : scope.kind === 'patients' ? scope.patientIds : null,
    filter.patientId,
    filter.from,
    filter.to,
    filter.statuses,
  ];
  const [count] = await db.query<{ total: number | string }>(
    `select count(*) as total from appointments where ${where}`,
    params,
  );
  const rows = await db.query<AppointmentRow>(
    `select * from appointments where ${where} order by start_at, id offset $6 limit $7`,
    [...params, filter.offset, filter.limit],
  );
  return { rows, total: Number(count?.total ?? 0) };
}
