import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageThreadDetail, MessageThreadList, ThreadMessage } from '@careslot/contracts';
import type { PublishOptions } from '../../platform/realtime';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  createTestPracticeUser,
  openTimeAhead,
  type TestPractice,
  type TestPracticeUser,
} from '../../testing/factories';
import { createTestPatient, type TestPatient } from '../../testing/patients';

const PATH = '/careslot-messaging/api/v1';

describe('the patient inbox (issue 28)', () => {
  let t: TestApp;
  let practice: TestPractice;
  let other: TestPractice;
  let patient: TestPatient;
  let stranger: TestPatient;
  let staff: TestPracticeUser;
  const published: PublishOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T12:00:00Z' });
    practice = await createTestPractice(t);
    other = await createTestPractice(t);
    patient = await createTestPatient(t, 'Ada');
    stranger = await createTestPatient(t, 'Bo');
    // A booked visit makes the practice one that cares for Ada.
    await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
    staff = await createTestPracticeUser(t, practice, ['staff']);
    const publish = t.realtime.publish.bind(t.realtime);
    t.realtime.publish = (options) => {
      published.push(options);
      return publish(options);
    };
  });
  afterAll(() => t.close());

  const list = (token: string, query = '') =>
    t.call<MessageThreadList>({
      method: 'GET',
      url: `${PATH}/MessageThreads${query}`,
      headers: bearer(token),
    });
  const start = (token: string, payload: Record<string, unknown>) =>
    t.call<MessageThreadDetail>({
      method: 'POST',
      url: `${PATH}/MessageThreads`,
      headers: bearer(token),
      payload,
    });
  const read = (token: string, id: string, query = '') =>
    t.call<MessageThreadDetail>({
      method: 'GET',
      url: `${PATH}/MessageThreads/${id}${query}`,
      headers: bearer(token),
    });
  const answer = (token: string, payload: Record<string, unknown>) =>
    t.call<ThreadMessage>({ method: 'POST', url: `${PATH}/Messages`, headers: bearer(token), payload });

  it("carries a patient's question to the practice and the practice's answer back, live and by e-mail", async () => {
    const started = await start(patient.token, {
      OrganizationId: practice.OrganizationId,
      Subject: 'Parking',
      Body: 'Where do I park?',
    });
    expect(started.statusCode, started.body).toBe(200);
    const thread = started.json;
    expect(thread).toMatchObject({ Subject: 'Parking', PatientName: 'Ada Tester', Unread: 0 });
    expect(thread.Messages.map((m) => [m.SenderType, m.Body])).toEqual([['Patient', 'Where do I park?']]);
    expect(published.at(-1)).toMatchObject({
      hub: 'push-notifications',
      event: 'MessageThreadUpdated',
      rooms: [`user:${patient.id}`, `org:${practice.OrganizationId}`],
      data: { ThreadId: thread.Id },
    });

    // The practice's inbox counts it unread until a user of the practice opens it.
    const inbox = await list(staff.token);
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json).toMatchObject({ Total: 1, Unread: 1 });
    expect(inbox.json.Data[0]).toMatchObject({ Id: thread.Id, LastMessage: 'Where do I park?', Unread: 1 });
    expect((await list(staff.token, '?UnreadOnly=true')).json.Total).toBe(1);
    const opened = await read(staff.token, thread.Id, `?userId=${staff.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await list(staff.token)).json.Unread).toBe(0);
    expect((await list(staff.token, '?UnreadOnly=true')).json.Total).toBe(0);

    const sent = await answer(staff.token, { ThreadId: thread.Id, Body: 'Behind the building.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json).toMatchObject({ SenderType: 'Practice', SenderId: staff.id });
    expect(published.at(-1)).toMatchObject({ event: 'MessageThreadUpdated', data: { ThreadId: thread.Id } });

    // The patient's inbox shows one unread answer; reading it clears the count.
    const mine = await list(patient.token);
    expect(mine.json).toMatchObject({
      Total: 1,
      Unread: 1,
      Practices: [{ Id: practice.OrganizationId, Name: thread.PracticeName }],
    });
    expect(mine.json.Data[0]).toMatchObject({
      PracticeName: thread.PracticeName,
      LastMessage: 'Behind the building.',
    });
    const detail = await read(patient.token, thread.Id);
    expect(detail.json.Messages.map((m) => m.SenderType)).toEqual(['Patient', 'Practice']);
    expect((await list(patient.token)).json.Unread).toBe(0);

    // The answer reached the patient by e-mail with the inbox link.
    const mail = (await t.sent({ to: patient.email, template: 'inbox-message' }))[0];
    expect(mail?.body).toContain('Behind the building.');
    expect(mail?.body).toContain(`/portal/messages/${thread.Id}`);

    // The patient answers back; one message whatever the retries with one key.
    const key = { ThreadId: thread.Id, Body: 'Thanks!', IdempotencyKey: 'reply-key-0001' };
    const first = await answer(patient.token, key);
    const again = await answer(patient.token, key);
    expect(again.json.Id).toBe(first.json.Id);
    expect((await read(patient.token, thread.Id)).json.Messages).toHaveLength(3);
    const one = await t.call<ThreadMessage>({
      method: 'GET',
      url: `${PATH}/Messages/${first.json.Id}`,
      headers: bearer(staff.token),
    });
    expect(one.json).toMatchObject({ Body: 'Thanks!', SenderType: 'Patient' });
  });

  it('keeps threads to their patient and practice: others get 404, and a patient writes only to their practices', async () => {
    const thread = (
      await start(practice.adminToken, { PatientId: patient.id, Subject: 'Lab results', Body: 'All normal.' })
    ).json;
    expect(thread.Messages[0]).toMatchObject({ SenderType: 'Practice' });
    expect((await read(stranger.token, thread.Id)).statusCode).toBe(404);
    expect((await read(other.adminToken, thread.Id)).statusCode).toBe(404);
    expect((await answer(other.adminToken, { ThreadId: thread.Id, Body: 'Hello' })).statusCode).toBe(404);
    expect((await list(stranger.token)).json.Total).toBe(0);
    expect((await list(other.adminToken)).json.Total).toBe(0);
    // Another practice cannot start a thread with a patient it does not care for.
    expect(
      (await start(other.adminToken, { PatientId: patient.id, Subject: 'Hi', Body: 'Hello' })).statusCode,
    ).toBe(404);
    // A patient cannot write to a practice that never cared for them.
    const refused = await start(patient.token, {
      OrganizationId: other.OrganizationId,
      Subject: 'Hi',
      Body: 'Hello',
    });
    expect(refused.statusCode).toBe(404);
    const [audit] = await t.database.query<{ outcome: string }>(
      `select outcome from audit_events where entity_type = 'MessageThread' and action = 'create' order by id desc limit 1`,
    );
    expect(audit?.outcome).toBe('denied');
  });

  it('refuses bad input by field, and another user id in the read', async () => {
    const empty = await start(patient.token, {
      OrganizationId: practice.OrganizationId,
      Subject: ' ',
      Body: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Subject');
    const noPractice = await start(patient.token, { Subject: 'Hi', Body: 'x' });
    expect(noPractice.statusCode).toBe(400);
    expect(noPractice.body).toContain('OrganizationId');
    const { Id } = (await list(patient.token)).json.Data[0]!;
    const someoneElse = await read(patient.token, Id, `?userId=${staff.id}`);
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.body).toContain('userId');
  });

  it('assigns a thread to a user of its practice only', async () => {
    const { Id } = (await list(staff.token)).json.Data[0]!;
    const assign = (token: string, AssignedTo: string | null) =>
      t.call<MessageThreadDetail>({
        method: 'PUT',
        url: `${PATH}/MessageThreads/${Id}`,
        headers: bearer(token),
        payload: { AssignedTo },
      });
    const ok = await assign(practice.adminToken, practice.PractitionerId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json.AssignedTo).toBe(practice.PractitionerId);
    expect((await assign(practice.adminToken, other.PractitionerId)).statusCode).toBe(400);
    expect((await assign(patient.token, null)).statusCode).toBe(404);
  });
});
