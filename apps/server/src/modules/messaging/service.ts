import { randomUUID } from 'node:crypto';
import type {
  MessageThread,
  MessageThreadDetail,
  MessageThreadList,
  MessageThreadsQuery,
  NewMessage,
  NewMessageThread,
  ThreadMessage,
} from '@careslot/contracts';
import {
  authorize,
  callersPractice,
  denyList,
  notFoundAudited,
  patientScope,
  recordList,
  refusePractice,
  type Relation,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { getOrganization } from '../organizations';
import { careOrganizationsOf, getPatientById, patientCardsByIds } from '../patients';
import { listPractitionerRoles } from '../people';
import * as store from './store';

/**
 * The patient inbox (practice-portal.md §1, §7 Messaging): threads between a patient and a practice. The
 * thread is the practice's object and the patient's own (access kind 'message-thread'): the patient and their
 * account holder write as the patient, the owning practice's users as the practice; support reads with a purpose.
 * A practice's answer reaches the patient by e-mail through the outbox; every new message and every read moves
 * the unread counts, pushed as MessageThreadUpdated to the patient's and the practice's rooms.
 */

type Deps = Pick<AppDeps, 'database' | 'outbox' | 'realtime' | 'clock' | 'config'>;

export const MESSAGING_WORKFLOW = 'Patient_Inbox_Web';

const sideOf = (relation: Exclude<Relation, 'none'>): store.Side | null =>
  relation === 'care' ? 'Practice' : relation === 'self' || relation === 'family' ? 'Patient' : null;

const writes = (relation: Exclude<Relation, 'none'>) => sideOf(relation) !== null;

const iso = (value: Date | string) => new Date(value).toISOString();

function resourceOf(thread: store.ThreadRow) {
  return {
    kind: 'message-thread' as const,
    id: thread.id,
    patientId: thread.patient_id,
    organizationId: thread.organization_id,
    workflow: MESSAGING_WORKFLOW,
  };
}

async function loadThread(deps: Deps, context: RequestContext, id: string, action: 'read' | 'update') {
  const thread = await store.thread(deps.database, id);
  if (!thread)
    return notFoundAudited(context, action, 'message-thread', id, { workflow: MESSAGING_WORKFLOW });
  return thread;
}

function toMessage(row: store.MessageRow): ThreadMessage {
  return {
    Id: row.id,
    ThreadId: row.thread_id,
    SenderType: row.sender_type,
    SenderId: row.sender_id,
    Body: row.body,
    SentAt: iso(row.created_at),
  };
}

async function names(deps: Deps, threads: readonly store.ThreadRow[]) {
  const patients = await patientCardsByIds(deps.database, [...new Set(threads.map((t) => t.patient_id))]);
  const practices = new Map<string, string>();
  for (const org of new Set(threads.map((t) => t.organization_id)))
    practices.set(org, (await getOrganization(deps.database, org))?.Name ?? '');
  return {
    patient: (id: string) => {
      const card = patients.get(id);
      return card ? `${card.FirstName} ${card.LastName}` : null;
    },
    practice: (id: string) => practices.get(id) ?? '',
  };
}

function toThread(
  row: store.ThreadRow,
  named: Awaited<ReturnType<typeof names>>,
  extra: { unread: number; last: string },
): MessageThread {
  return {
    Id: row.id,
    OrganizationId: row.organization_id,
    PracticeName: named.practice(row.organization_id),
    PatientId: row.patient_id,
    PatientName: named.patient(row.patient_id),
    Subject: row.subject,
    AssignedTo: row.assigned_to,
    LastMessageAt: iso(row.last_message_at),
    LastMessage: extra.last,
    Unread: extra.unread,
  };
}

/** Tells both sides' open pages that a thread moved (ids only): they read their counts again. */
function publishUpdate(deps: Deps, thread: store.ThreadRow): void {
  deps.realtime.publish({
    hub: 'push-notifications',
    event: 'MessageThreadUpdated',
    rooms: [`user:${thread.patient_id}`, `org:${thread.organization_id}`],
    data: { ThreadId: thread.id },
  });
}

/** GET MessageThreads: the caller's threads (a patient's and their family's; a practice's), newest first. */
export async function listThreads(
  deps: Deps,
  context: RequestContext,
  query: MessageThreadsQuery,
): Promise<MessageThreadList> {
  const scope = await patientScope(context);
  if (scope.kind === 'none')
    return denyList(context, 'message-thread', scope.reason, { workflow: MESSAGING_WORKFLOW });
  if (scope.kind === 'patients' && query.PatientId && !scope.patientIds.includes(query.PatientId))
    return denyList(context, 'message-thread', 'no_relation', { workflow: MESSAGING_WORKFLOW });
  const side: store.Side = scope.kind === 'care' ? 'Practice' : 'Patient';
  const { rows, total, unread } = await store.threads(deps.database, {
    side,
    unreadOnly: query.UnreadOnly,
    offset: query.Offset,
    limit: query.Limit,
    ...(scope.kind === 'care' ? { organizationId: scope.organizationId } : {}),
    ...(scope.kind === 'patients' ? { patientIds: scope.patientIds } : {}),
    ...(query.PatientId ? { patientId: query.PatientId } : {}),
  });
  await recordList(
    context,
    'search',
    'message-thread',
    rows.map((r) => r.patient_id),
    { workflow: MESSAGING_WORKFLOW },
  );
  const named = await names(deps, rows);
  const practices: { Id: string; Name: string }[] = [];
  if (context.patientId)
    for (const id of await careOrganizationsOf(deps.database, context.patientId))
      practices.push({ Id: id, Name: (await getOrganization(deps.database, id))?.Name ?? '' });
  return {
    Practices: practices,
    Total: total,
    Unread: unread,
    Data: rows.map((r) => toThread(r, named, { unread: r.unread, last: r.last_body })),
  };
}

/** GET MessageThreads/{id}?userId=: the thread and its messages; the caller's side has read it now. */
export async function readThread(
  deps: Deps,
  context: RequestContext,
  id: string,
  userId: string | undefined,
): Promise<MessageThreadDetail> {
  if (userId !== undefined && userId !== context.userId)
    throw fieldError('query.userId', 'caller', 'must be the signed-in user');
  const thread = await loadThread(deps, context, id, 'read');
  const relation = await authorize(context, 'read', resourceOf(thread));
  const side = sideOf(relation);
  if (side && (await store.markRead(deps.database, thread.id, side))) publishUpdate(deps, thread);
  const messages = await store.messagesOf(deps.database, thread.id);
  const named = await names(deps, [thread]);
  const last = messages.at(-1);
  return {
    ...toThread(thread, named, { unread: 0, last: last?.body ?? '' }),
    Messages: messages.map(toMessage),
  };
}

/** GET Messages/{id}: one message of a thread the caller may read. */
export async function readMessage(deps: Deps, context: RequestContext, id: string): Promise<ThreadMessage> {
  const row = await store.message(deps.database, id);
  const thread = row ? await store.thread(deps.database, row.thread_id) : null;
  if (!row || !thread)
    return notFoundAudited(context, 'read', 'message-thread', id, {
      entityType: 'ThreadMessage',
      workflow: MESSAGING_WORKFLOW,
    });
  await authorize(context, 'read', { ...resourceOf(thread), detail: { messageId: row.id } });
  return toMessage(row);
}

/** The patient's e-mail: a practice's answer, with the portal's inbox link. */
async function tellPatient(
  deps: Deps,
  thread: store.ThreadRow,
  message: { id: string; body: string },
  practice: string,
): Promise<void> {
  const patient = await getPatientById(deps.database, thread.patient_id);
  const email = patient?.Telecom.find((t) => t.System === 'Email')?.Value;
  if (!email) return;
  const name = patient?.Name[0]?.Given?.[0] ?? 'there';
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  await deps.outbox.send({
    channel: 'email',
    to: email,
    subject: `New message from ${practice}: ${thread.subject}`,
    body: `Hi ${name},\n\n${practice} wrote:\n\n${message.body}\n\nRead and answer it in your patient portal: ${origin}/portal/messages/${thread.id}`,
    template: 'inbox-message',
    dedupeKey: `inbox-message:${message.id}`,
    organizationId: thread.organization_id,
  });
}

async function post(
  deps: Deps,
  thread: store.ThreadRow,
  side: store.Side,
  context: RequestContext,
  input: { body: string; key: string | undefined; newThread?: { subject: string } },
): Promise<store.MessageRow> {
  const key = input.key ? `${context.subject ?? 'anon'}:${input.key}` : null;
  if (key) {
    const earlier = await store.messageByKey(deps.database, key);
    if (earlier) return earlier;
  }
  const at = deps.clock.now();
  const id = randomUUID();
  await deps.database.transaction(async (tx) => {
    if (input.newThread)
      await store.insertThread(tx, {
        id: thread.id,
        organizationId: thread.organization_id,
        patientId: thread.patient_id,
        subject: input.newThread.subject,
        createdBy: context.userId,
        at,
      });
    await store.insertMessage(tx, {
      id,
      threadId: thread.id,
      sender: side,
      senderId: context.userId,
      body: input.body,
      at,
      key,
    });
  });
  if (side === 'Practice') {
    const practice = (await getOrganization(deps.database, thread.organization_id))?.Name ?? 'Your practice';
    await tellPatient(deps, thread, { id, body: input.body }, practice);
  }
  publishUpdate(deps, thread);
  return (await store.message(deps.database, id))!;
}

/** POST MessageThreads: a patient writes to a practice that cares for them, or a practice to its patient. */
export async function startThread(
  deps: Deps,
  context: RequestContext,
  input: NewMessageThread,
): Promise<MessageThreadDetail> {
  const practice = callersPractice(context);
  const organizationId = practice ?? input.OrganizationId;
  const patientId = practice ? input.PatientId : (input.PatientId ?? context.patientId ?? undefined);
  if (!organizationId) throw fieldError('OrganizationId', 'required', 'names the practice to write to');
  if (!patientId) throw fieldError('PatientId', 'required', 'names the patient to write to');
  const draft: store.ThreadRow = {
    id: randomUUID(),
    organization_id: organizationId,
    patient_id: patientId,
    subject: input.Subject,
    assigned_to: null,
    created_at: deps.clock.now(),
    last_message_at: deps.clock.now(),
    patient_read_seq: 0,
    practice_read_seq: 0,
  };
  const relation = await authorize(context, 'create', { ...resourceOf(draft), id: null }, writes);
  const side = sideOf(relation)!;
  // A patient writes only to a practice that cares for them (a visit booked there, a registration).
  if (side === 'Patient' && !(await careOrganizationsOf(deps.database, patientId)).includes(organizationId))
    await refusePractice(
      context,
      'create',
      { entityType: 'MessageThread', id: null, organizationId, workflow: MESSAGING_WORKFLOW },
      'denied',
    );
  const first = await post(deps, draft, side, context, {
    body: input.Body,
    key: input.IdempotencyKey,
    newThread: { subject: input.Subject },
  });
  return readThread(deps, context, first.thread_id, undefined);
}

/** POST Messages: an answer in a thread, from the patient's side or the practice's. */
export async function reply(deps: Deps, context: RequestContext, input: NewMessage): Promise<ThreadMessage> {
  const thread = await loadThread(deps, context, input.ThreadId, 'update');
  const relation = await authorize(context, 'update', resourceOf(thread), writes);
  const row = await post(deps, thread, sideOf(relation)!, context, {
    body: input.Body,
    key: input.IdempotencyKey,
  });
  return toMessage(row);
}

/** PUT MessageThreads/{id}: the owning practice assigns the thread to one of its users (or to nobody). */
export async function assignThread(
  deps: Deps,
  context: RequestContext,
  id: string,
  assignedTo: string | null,
): Promise<MessageThreadDetail> {
  const thread = await loadThread(deps, context, id, 'update');
  await authorize(
    context,
    'update',
    { ...resourceOf(thread), detail: { assignedTo } },
    (relation) => relation === 'care',
  );
  if (assignedTo) {
    const users = await listPractitionerRoles(deps.database, { OrganizationId: thread.organization_id });
    if (!users.some((role) => role.Active && role.PractitionerId === assignedTo))
      throw fieldError('AssignedTo', 'practice_user', "must be an active user of the thread's practice");
  }
  await store.assign(deps.database, thread.id, assignedTo);
  publishUpdate(deps, thread);
  return readThread(deps, context, id, undefined);
}
