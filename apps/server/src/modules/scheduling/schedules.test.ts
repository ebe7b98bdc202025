import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ACCESS_CONTROL_BASE,
  SUBSCRIBE_EVENT,
  type RealtimeMessage,
  type Schedule,
  type ScheduleException,
  type ScheduleSettings,
  type ServiceCategory,
  type ServiceType,
  type Slot,
  type SlotHoldInfo,
} from '@careslot/contracts';
import { bearer, createTestApp, guestHeaders, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS } from '../../seed';

const CALENDAR = '/careslot-calendar/api/v2';
type List<T> = { Data: T[]; Total: number };
type ErrorBody = { status_code: number; message: string; errors?: { field: string; rule: string }[] };

// Monday 2026-11-23 08:40 in New York.
const NOW = '2026-11-23T13:40:00Z';
const WEEKDAYS_9_TO_12 = [1, 2, 3, 4, 5].map((d) => ({ DayOfWeek: d, Start: '09:00', End: '12:00' }));

describe('calendar management: schedules, settings, categories and types of a practice', () => {
  let t: TestApp;
  let staffA: Record<string, string>;
  let adminA: Record<string, string>;
  let adminB: Record<string, string>;
  let providerA: Record<string, string>;
  let locationA: string;
  let practitionerA: string;
  let socket: Socket;
  const received: { event: string; message: RealtimeMessage }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const [practiceA, practiceB] = DEMO_PRACTICE_IDS;
    staffA = bearer(
      await tokenFor(
        t.tokens,
        { user_roles: ['staff'], PracticeId: practiceA, careslot_id: randomUUID() },
        86_400,
      ),
    );
    adminA = bearer(
      await tokenFor(
        t.tokens,
        { user_roles: ['practiceadmin'], PracticeId: practiceA, careslot_id: randomUUID() },
        86_400,
      ),
    );
    providerA = bearer(
      await tokenFor(
        t.tokens,
        { user_roles: ['provider'], PracticeId: practiceA, careslot_id: randomUUID() },
        86_400,
      ),
    );
    adminB = bearer(
      await tokenFor(
        t.tokens,
        { user_roles: ['practiceadmin'], PracticeId: practiceB, careslot_id: randomUUID() },
        86_400,
      ),
    );
    const [location] = await t.database.query<{ id: string }>(
      `select id from locations where organization_id = $1 and iana_time_zone = 'America/New_York' and active order by name limit 1`,
      [practiceA],
    );
    const anyLocation =
      location ??
      (
        await t.database.query<{ id: string }>(
          'select id from locations where organization_id = $1 limit 1',
          [practiceA],
        )
      )[0]!;
    locationA = anyLocation.id;
    const [role] = await t.database.query<{ practitioner_id: string }>(
      `select practitioner_id from practitioner_roles where organization_id = $1 and active and 'provider' = any(codes) order by practitioner_id limit 1`,
      [practiceA],
    );
    practitionerA = role!.practitioner_id;

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/hubs/calendar`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenFor(t.tokens, { user_roles: [], guest: true }, 86_400) },
    });
    socket.onAny((event: string, message: RealtimeMessage) => received.push({ event, message }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }, 60_000);
  afterAll(async () => {
    socket.disconnect();
    await t.close();
  });

  const follow = (scheduleId: string) =>
    socket.emitWithAck(SUBSCRIBE_EVENT, {
      rooms: [`schedule:${scheduleId}`, `schedule-reasons:${scheduleId}`],
    });
  const eventsOf = (name: string, scheduleId: string) =>
    received
      .filter((r) => r.event === name && r.message.data.ScheduleId === scheduleId)
      .map((r) => r.message.data as unknown as Slot & { SlotId: string });

  const create = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    t.call<Schedule & ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/schedule`,
      headers,
      payload: {
        Actor: [{ Type: 'Practitioner', Id: practitionerA }],
        LocationId: locationA,
        TimeZone: 'America/New_York',
        WorkingHours: WEEKDAYS_9_TO_12,
        ...body,
      },
    });
  const search = (body: Record<string, unknown>) =>
    t.call<List<Slot> & ErrorBody>({ method: 'POST', url: `${CALENDAR}/slot/advance-search`, payload: body });
  const dayOf = (scheduleId: string, extra: Record<string, unknown> = {}) =>
    search({
      ScheduleIds: [scheduleId],
      StartDate: '2026-11-24 14:00:00',
      EndDate: '2026-11-24 17:00:00',
      ...extra,
    });
  const reserve = async (slotId: string, session: string, extra: Record<string, unknown> = {}) =>
    t.call<SlotHoldInfo & ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: await guestHeaders(t.tokens, session),
      payload: { SlotIds: [slotId], ...extra },
    });

  it('lets the practice admin create a schedule with its hours, and anyone read it with the settings', async () => {
    const res = await create(adminA, {
      Name: 'Mornings',
      VisitType: ['Office', 'TeleHealth'],
      requires_approval: true,
      supported_regions: ['US'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      Name: 'Mornings',
      PractitionerId: practitionerA,
      Actor: [{ Type: 'Practitioner', Id: practitionerA }],
      OrganizationId: DEMO_PRACTICE_IDS[0],
      VisitType: ['Office', 'TeleHealth'],
      requires_approval: true,
      ApprovalSettings: { RequiresApproval: true, Mode: 'Pending' },
      supported_regions: ['US'],
      OnlineBookingEnabled: true,
      SlotHideHours: 0,
    });
    expect(res.json.WorkingHours).toHaveLength(5);
    const read = await t.call<Schedule>({ method: 'GET', url: `${CALENDAR}/schedule/${res.json.Id}` });
    expect(read.json.WorkingHours[0]).toEqual({ DayOfWeek: 1, Start: '09:00', End: '12:00' });
    const setting = await t.call<ScheduleSettings>({
      method: 'GET',
      url: `${CALENDAR}/schedulesetting/schedule/${res.json.Id}`,
    });
    expect(setting.json).toMatchObject({
      ScheduleId: res.json.Id,
      CollectPatientDemographics: false,
      EnableInsurance: false,
      RequiresApproval: true,
      supported_regions: ['US'],
    });
  });

  it('refuses a guest (401), a patient and a provider (403) creating a schedule', async () => {
    expect((await create({})).statusCode).toBe(401);
    const patient = await createTestPatient(t);
    expect((await create(bearer(patient.token))).statusCode).toBe(403);
    expect((await create(providerA)).statusCode).toBe(403);
  });

  it('names the field when hours, location, actor or zone are wrong', async () => {
    const badHours = await create(adminA, { WorkingHours: [{ DayOfWeek: 1, Start: '12:00', End: '09:00' }] });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json.errors?.[0]).toMatchObject({ field: 'WorkingHours.0.End', rule: 'after_start' });
    const overlap = await create(adminA, {
      WorkingHours: [
        { DayOfWeek: 2, Start: '09:00', End: '12:00' },
        { DayOfWeek: 2, Start: '11:00', End: '13:00' },
      ],
    });
    expect(overlap.json.errors?.[0]).toMatchObject({ field: 'WorkingHours.1.Start', rule: 'overlap' });
    const format = await create(adminA, { WorkingHours: [{ DayOfWeek: 1, Start: '9am', End: '12:00' }] });
    expect(format.statusCode).toBe(400);
    expect(format.json.errors?.[0]?.field).toBe('body.WorkingHours.0.Start');
    // Practice B's staff cannot place a schedule at practice A's location or for its provider.
    const elsewhere = await create(adminB);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json.errors?.[0]?.field).toBe('LocationId');
    const zone = await create(adminA, { TimeZone: 'Mars/Olympus' });
    expect(zone.json.errors?.[0]).toMatchObject({ field: 'TimeZone', rule: 'time_zone' });
    const region = await create(adminA, { supported_regions: ['FR'] });
    expect(region.json.errors?.[0]?.field).toBe('body.supported_regions.0');
  });

  it("answers 404 to another practice's admin for every change of a schedule", async () => {
    const { json: schedule } = await create(adminA);
    const calls = [
      { method: 'PUT' as const, url: `${CALENDAR}/schedule/${schedule.Id}`, payload: { SlotHideHours: 4 } },
      {
        method: 'PUT' as const,
        url: `${CALENDAR}/schedule/${schedule.Id}/update-services`,
        payload: { ServiceTypeIds: [] },
      },
      {
        method: 'POST' as const,
        url: `${CALENDAR}/schedule/${schedule.Id}/exceptions`,
        payload: { Start: '2026-11-24T00:00:00Z', End: '2026-11-25T00:00:00Z' },
      },
      { method: 'GET' as const, url: `${CALENDAR}/schedule/${schedule.Id}/exceptions` },
      {
        method: 'POST' as const,
        url: `${CALENDAR}/schedulesetting`,
        payload: { ScheduleId: schedule.Id, EnableInsurance: true },
      },
    ];
    for (const call of calls) {
      const res = await t.call<ErrorBody>({ ...call, headers: adminB });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json.message).toBe('This page cannot be reached.');
    }
    const put = await t.call({
      method: 'PUT',
      url: `${CALENDAR}/schedulesetting/${schedule.Id}`,
      headers: adminB,
      payload: { EnableInsurance: true },
    });
    expect(put.statusCode).toBe(404);
    const setting = await t.call<ScheduleSettings>({
      method: 'GET',
      url: `${CALENDAR}/schedulesetting/schedule/${schedule.Id}`,
    });
    expect(setting.json.EnableInsurance).toBe(false);
    const unchanged = await t.call<Schedule>({ method: 'GET', url: `${CALENDAR}/schedule/${schedule.Id}` });
    expect(unchanged.json.SlotHideHours).toBe(0);
    expect(unchanged.json.Exceptions).toEqual([]);
  });

  it('saves the schedule settings for its own practice', async () => {
    const { json: schedule } = await create(adminA);
    const saved = await t.call<ScheduleSettings>({
      method: 'POST',
      url: `${CALENDAR}/schedulesetting`,
      headers: adminA,
      payload: { ScheduleId: schedule.Id, CollectPatientDemographics: true, EnableInsurance: true },
    });
    expect(saved.json).toMatchObject({
      ScheduleId: schedule.Id,
      CollectPatientDemographics: true,
      EnableInsurance: true,
      EnableSelfPay: false,
    });
    const changed = await t.call<ScheduleSettings>({
      method: 'PUT',
      url: `${CALENDAR}/schedulesetting/${schedule.Id}`,
      headers: adminA,
      payload: { EnableInsurance: false, EnableSelfPay: true },
    });
    expect(changed.json).toMatchObject({
      CollectPatientDemographics: true,
      EnableInsurance: false,
      EnableSelfPay: true,
    });
    const read = await t.call<ScheduleSettings>({
      method: 'GET',
      url: `${CALENDAR}/schedulesetting/schedule/${schedule.Id}`,
    });
    expect(read.json).toMatchObject({
      CollectPatientDemographics: true,
      EnableInsurance: false,
      EnableSelfPay: true,
    });
  });

  it('keeps the set-up to the practice admin: staff 403, and every attempt audited with its workflow', async () => {
    const { json: schedule } = await create(adminA);
    const type = await t.call<ServiceType>({
      method: 'POST',
      url: `${CALENDAR}/servicetype`,
      headers: adminA,
      payload: { Name: 'Audited', Duration: 20 },
    });
    const category = await t.call<ServiceCategory>({
      method: 'POST',
      url: `${CALENDAR}/servicecategory`,
      headers: adminA,
      payload: { Name: 'Audited group', Duration: 20 },
    });
    const staffCalls = [
      {
        method: 'POST' as const,
        url: `${CALENDAR}/schedule`,
        payload: { Actor: [{ Type: 'Practitioner', Id: practitionerA }], LocationId: locationA },
      },
      { method: 'PUT' as const, url: `${CALENDAR}/schedule/${schedule.Id}`, payload: { SlotHideHours: 2 } },
      {
        method: 'PUT' as const,
        url: `${CALENDAR}/servicetype/${type.json.Id}`,
        payload: { Name: 'X', Duration: 30 },
      },
      { method: 'POST' as const, url: `${CALENDAR}/servicecategory`, payload: { Name: 'X', Duration: 30 } },
      {
        method: 'PUT' as const,
        url: `${CALENDAR}/schedulesetting/${schedule.Id}`,
        payload: { EnableInsurance: true },
      },
    ];
    for (const call of staffCalls)
      expect((await t.call({ ...call, headers: staffA })).statusCode, `${call.method} ${call.url}`).toBe(403);
    await t.call({
      method: 'PUT',
      url: `${CALENDAR}/servicetype/${type.json.Id}`,
      headers: adminB,
      payload: { Name: 'X', Duration: 30 },
    });
    await t.call({
      method: 'PUT',
      url: `${CALENDAR}/servicecategory/${randomUUID()}`,
      headers: adminA,
      payload: { Name: 'X', Duration: 30 },
    });
    await t.call({
      method: 'PUT',
      url: `${CALENDAR}/servicecategory/${category.json.Id}`,
      headers: adminA,
      payload: { Name: 'Audited group', Duration: 25 },
    });
    const rows = await t.database.query<{
      entity_type: string;
      entity_id: string | null;
      action: string;
      outcome: string;
      workflow: string;
    }>(
      `select entity_type, entity_id, action, outcome, workflow from audit.events
        where entity_id = any($1::text[]) or (entity_type in ('Schedule', 'ServiceCategory', 'ServiceType') and entity_id is null)`,
      [[schedule.Id, type.json.Id, category.json.Id]],
    );
    const has = (row: Partial<(typeof rows)[number]>) =>
      expect(rows).toContainEqual(expect.objectContaining(row));
    has({ entity_id: schedule.Id, action: 'update', outcome: 'denied', workflow: 'Schedule_Edit_Web' });
    has({
      entity_type: 'Schedule',
      entity_id: null,
      action: 'create',
      outcome: 'success',
      workflow: 'Schedule_Edit_Web',
    });
    has({
      entity_type: 'ServiceType',
      entity_id: null,
      action: 'create',
      outcome: 'success',
      workflow: 'Reason_Add_Web',
    });
    has({
      entity_type: 'ServiceCategory',
      entity_id: null,
      action: 'create',
      outcome: 'success',
      workflow: 'Reason_Group_Add_Web',
    });
    has({ entity_id: type.json.Id, action: 'update', outcome: 'denied', workflow: 'Reason_Edit_Web' });
    has({
      entity_id: category.json.Id,
      action: 'update',
      outcome: 'success',
      workflow: 'Reason_Group_Edit_Web',
    });
    has({
      entity_id: schedule.Id,
      entity_type: 'ScheduleSetting',
      outcome: 'denied',
      workflow: 'Schedule_Edit_Web',
    });
    const unknown = await t.database.query(
      "select 1 from audit.events where outcome = 'not_found' and workflow = 'Reason_Group_Edit_Web'",
    );
    expect(unknown.length).toBeGreaterThan(0);
  });

  it('names the field and the rule of a reason or category out of bounds', async () => {
    const category = await t.call<ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/servicecategory`,
      headers: adminA,
      payload: { Name: 'Long', Duration: 600, Capacity: 0 },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json.errors?.map((e) => e.field).sort()).toEqual(['body.Capacity', 'body.Duration']);
    const type = await t.call<ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/servicetype`,
      headers: adminA,
      payload: { Name: '', Duration: 30, VisitType: 'Home' },
    });
    expect(type.statusCode).toBe(400);
    expect(type.json.errors?.map((e) => e.field).sort()).toEqual(['body.Name', 'body.VisitType']);
    const schedule = await t.call<ErrorBody>({
      method: 'PUT',
      url: `${CALENDAR}/schedule/${randomUUID()}`,
      headers: adminA,
      payload: { PlanningHorizonDays: 0 },
    });
    expect(schedule.json.errors?.[0]).toMatchObject({ field: 'body.PlanningHorizonDays' });
  });

  it('records the slots an edit moves as domain events, tells the patient search, and a calendar hears each change once', async () => {
    const { json: schedule } = await create(adminA);
    await follow(schedule.Id);
    const created = await t.database.query<{
      payload: { organizationId: string; practitionerIds: string[] | null; reason: string };
    }>(
      "select payload from domain_events where type = 'directory.changed' and payload->>'reason' = 'schedule.created' and aggregate_id = $1",
      [DEMO_PRACTICE_IDS[0]],
    );
    expect(created.at(-1)?.payload).toEqual({
      organizationId: DEMO_PRACTICE_IDS[0],
      practitionerIds: [practitionerA],
      reason: 'schedule.created',
    });
    const gone = `${schedule.Id}_2026-11-25T16:30:00.000Z`;
    // Wednesdays end at 11:30 now: the 11:30 slot goes, every other day keeps its hours.
    const hours = [1, 2, 3, 4, 5].map((d) => ({
      DayOfWeek: d,
      Start: '09:00',
      End: d === 3 ? '11:30' : '12:00',
    }));
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${CALENDAR}/schedule/${schedule.Id}`,
          headers: adminA,
          payload: { WorkingHours: hours },
        })
      ).statusCode,
    ).toBe(200);
    const recorded = await t.database.query<{
      aggregate_type: string;
      payload: { removed: string[]; returned: string[] };
    }>(
      "select aggregate_type, payload from domain_events where type = 'schedule.slots-changed' and aggregate_id = $1",
      [schedule.Id],
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.payload.removed).toContain('2026-11-25T16:30:00.000Z');
    expect(recorded[0]!.payload.returned).toEqual([]);
    const directory = await t.database.query(
      "select 1 from domain_events where type = 'directory.changed' and payload->>'reason' = 'schedule.updated'",
    );
    expect(directory.length).toBeGreaterThan(0);
    // The call answered after the consumer ran; another delivery pass sends nothing again.
    await expect
      .poll(() => eventsOf('SlotDeleted', schedule.Id).filter((e) => e.SlotId === gone).length)
      .toBe(1);
    await t.events.drain();
    await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms: [`schedule:${schedule.Id}`] });
    expect(eventsOf('SlotDeleted', schedule.Id).filter((e) => e.SlotId === gone)).toHaveLength(1);
    expect(eventsOf('ReasonBasedSlotDeleted', schedule.Id).filter((e) => e.SlotId === gone)).toHaveLength(1);
    const undelivered = await t.database.query(
      'select 1 from domain_events where aggregate_id = $1 and dispatched_at is null',
      [schedule.Id],
    );
    expect(undelivered).toEqual([]);
  });

  it('announces the slots an edit of the hours removes, and SlotHideHours hides the first hours', async () => {
    const { json: schedule } = await create(adminA);
    await follow(schedule.Id);
    expect((await dayOf(schedule.Id)).json.Data.map((s) => s.Start)).toHaveLength(6);
    const res = await t.call<Schedule>({
      method: 'PUT',
      url: `${CALENDAR}/schedule/${schedule.Id}`,
      headers: adminA,
      payload: { WorkingHours: [1, 2, 3, 4, 5].map((d) => ({ DayOfWeek: d, Start: '09:00', End: '11:00' })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Version).toBe(schedule.Version + 1);
    expect((await dayOf(schedule.Id)).json.Data.map((s) => s.Start)).toEqual([
      '2026-11-24T14:00:00.000Z',
      '2026-11-24T14:30:00.000Z',
      '2026-11-24T15:00:00.000Z',
      '2026-11-24T15:30:00.000Z',
    ]);
    await expect
      .poll(() => eventsOf('SlotDeleted', schedule.Id).map((e) => e.SlotId))
      .toContain(`${schedule.Id}_2026-11-24T16:00:00.000Z`);
    expect(eventsOf('ReasonBasedSlotDeleted', schedule.Id).map((e) => e.SlotId)).toContain(
      `${schedule.Id}_2026-11-24T16:30:00.000Z`,
    );

    // Now 08:40 on Monday: SlotHideHours 25 hides everything before Tuesday 09:40.
    await t.call({
      method: 'PUT',
      url: `${CALENDAR}/schedule/${schedule.Id}`,
      headers: adminA,
      payload: { SlotHideHours: 25 },
    });
    expect((await dayOf(schedule.Id)).json.Data.map((s) => s.Start)).toEqual([
      '2026-11-24T15:00:00.000Z',
      '2026-11-24T15:30:00.000Z',
    ]);
  });

  it('blocks time off: its slots leave search and calendars, and come back when it is removed', async () => {
    const { json: schedule } = await create(adminA);
    await follow(schedule.Id);
    const blocked = await t.call<ScheduleException & ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/schedule/${schedule.Id}/exceptions`,
      headers: staffA,
      payload: {
        Kind: 'TimeOff',
        Start: '2026-11-24T15:00:00Z',
        End: '2026-11-24T16:15:00Z',
        Note: 'Dentist',
      },
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json).toMatchObject({
      Kind: 'TimeOff',
      Start: '2026-11-24T15:00:00.000Z',
      Note: 'Dentist',
    });
    // 10:00-11:15 local is off: the 10:00, 10:30 and 11:00 slots (11:00-11:30 overlaps) go.
    expect((await dayOf(schedule.Id)).json.Data.map((s) => s.Start)).toEqual([
      '2026-11-24T14:00:00.000Z',
      '2026-11-24T14:30:00.000Z',
      '2026-11-24T16:30:00.000Z',
    ]);
    await expect
      .poll(() =>
        eventsOf('SlotDeleted', schedule.Id)
          .map((e) => e.SlotId)
          .sort(),
      )
      .toEqual(['15:00', '15:30', '16:00'].map((hm) => `${schedule.Id}_2026-11-24T${hm}:00.000Z`));
    const held = await reserve(`${schedule.Id}_2026-11-24T15:30:00.000Z`, 'time-off');
    expect(held.statusCode).toBe(409);
    const listed = await t.call<List<ScheduleException>>({
      method: 'GET',
      url: `${CALENDAR}/schedule/${schedule.Id}/exceptions`,
      headers: staffA,
    });
    expect(listed.json.Data.map((e) => e.Id)).toEqual([blocked.json.Id]);

    const removed = await t.call({
      method: 'DELETE',
      url: `${CALENDAR}/schedule/${schedule.Id}/exceptions/${blocked.json.Id}`,
      headers: staffA,
    });
    expect(removed.statusCode).toBe(200);
    expect((await dayOf(schedule.Id)).json.Data).toHaveLength(6);
    await expect
      .poll(() =>
        eventsOf('SlotAdded', schedule.Id)
          .map((e) => e.SlotId)
          .sort(),
      )
      .toEqual(['15:00', '15:30', '16:00'].map((hm) => `${schedule.Id}_2026-11-24T${hm}:00.000Z`));
    const again = await t.call({
      method: 'DELETE',
      url: `${CALENDAR}/schedule/${schedule.Id}/exceptions/${blocked.json.Id}`,
      headers: staffA,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an exception that ends before it starts, naming End', async () => {
    const { json: schedule } = await create(adminA);
    const res = await t.call<ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/schedule/${schedule.Id}/exceptions`,
      headers: adminA,
      payload: { Start: '2026-11-25T00:00:00Z', End: '2026-11-24T00:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]?.field).toBe('body.End');
  });

  it("lets a provider change the reasons of their own schedule, the calendars following, and nobody else's (decision 0068)", async () => {
    const own = bearer(
      await tokenFor(
        t.tokens,
        {
          user_roles: ['provider'],
          user_type: 'Practitioner',
          PracticeId: DEMO_PRACTICE_IDS[0],
          careslot_id: practitionerA,
        },
        86_400,
      ),
    );
    const { json: schedule } = await create(adminA);
    const type = await t.call<ServiceType>({
      method: 'POST',
      url: `${CALENDAR}/servicetype`,
      headers: adminA,
      payload: { Name: 'Own reason', Duration: 30, VisitType: 'Office' },
    });
    await follow(schedule.Id);
    const before = received.length;
    const services = (headers: Record<string, string>, scheduleId: string, ids: string[]) =>
      t.call<Schedule & ErrorBody>({
        method: 'PUT',
        url: `${CALENDAR}/schedule/${scheduleId}/update-services`,
        headers,
        payload: { ServiceTypeIds: ids },
      });

    const saved = await services(own, schedule.Id, [type.json.Id]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json.ServiceType.map((s) => s.Name)).toEqual(['Own reason']);
    // The same edit as the admin's: the slots' reasons move, and the calendar hub says so.
    await expect
      .poll(() => received.slice(before).some((r) => r.message.data.ScheduleId === schedule.Id))
      .toBe(true);
    const [slot] = (await dayOf(schedule.Id)).json.Data;
    expect(slot!.ServiceType?.map((s) => s.Id)).toEqual([type.json.Id]);
    // A reason of another practice is refused, naming it, as for the admin.
    const foreignType = await t.call<ServiceType>({
      method: 'POST',
      url: `${CALENDAR}/servicetype`,
      headers: adminB,
      payload: { Name: 'Elsewhere', Duration: 30 },
    });
    const wrong = await services(own, schedule.Id, [foreignType.json.Id]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors?.[0]).toMatchObject({ field: 'ServiceTypeIds.0', rule: 'not_found' });

    // Another provider of the practice: 403; another practice's schedule: 404; nothing changes.
    expect((await services(providerA, schedule.Id, [])).statusCode).toBe(403);
    const [foreign] = await t.database.query<{ id: string }>(
      'select s.id from schedules s join locations l on l.id = s.location_id where l.organization_id = $1 and s.practitioner_id is not null limit 1',
      [DEMO_PRACTICE_IDS[1]],
    );
    expect((await services(own, foreign!.id, [])).statusCode).toBe(404);
    expect(
      (
        await t.call<Schedule>({ method: 'GET', url: `${CALENDAR}/schedule/${schedule.Id}` })
      ).json.ServiceType.map((s) => s.Id),
    ).toEqual([type.json.Id]);

    // Providers' settings switched off at the practice: the provider's own schedule is refused too.
    const configurations = await t.call<{ Data: { Id: string; EntityId: string }[] }>({
      method: 'POST',
      url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/get`,
      headers: adminA,
      payload: { OrganizationId: DEMO_PRACTICE_IDS[0] },
    });
    const providers = configurations.json.Data.find((c) => c.EntityId === 'provider')!;
    const toggle = (Enabled: boolean) =>
      t.call({
        method: 'PUT',
        url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/${providers.Id}`,
        headers: adminA,
        payload: { Services: [{ ServiceCode: 'settings', Enabled }] },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    expect((await services(own, schedule.Id, [])).statusCode).toBe(403);
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await services(own, schedule.Id, [])).statusCode).toBe(200);

    const rows = await t.database.query<{
      outcome: string;
      workflow: string;
      detail: Record<string, unknown> | null;
    }>(
      "select outcome, workflow, detail from audit.events where entity_type = 'Schedule' and entity_id = $1 order by occurred_at",
      [schedule.Id],
    );
    const byProviders = rows.filter((r) => r.detail && 'self' in r.detail);
    expect(byProviders.map((r) => [r.outcome, r.workflow, r.detail?.self, r.detail?.reason ?? null])).toEqual(
      [
        ['success', 'Schedule_Edit_Web', true, null],
        ['success', 'Schedule_Edit_Web', true, null],
        ['denied', 'Schedule_Edit_Web', false, 'not_permitted'],
        ['success', 'Schedule_Edit_Web', true, null],
      ],
    );
  });

  describe('reasons with capacities', () => {
    let scheduleId: string;
    let group: ServiceCategory;
    let individual: ServiceCategory;
    let groupType: ServiceType;
    let individualType: ServiceType;

    beforeAll(async () => {
      const category = (payload: Record<string, unknown>) =>
        t.call<ServiceCategory>({
          method: 'POST',
          url: `${CALENDAR}/servicecategory`,
          headers: adminA,
          payload,
        });
      group = (await category({ Name: 'Group class', Duration: 30, Capacity: 3 })).json;
      individual = (await category({ Name: 'One to one', Duration: 30, Capacity: 1 })).json;
      const type = (payload: Record<string, unknown>) =>
        t.call<ServiceType>({ method: 'POST', url: `${CALENDAR}/servicetype`, headers: adminA, payload });
      groupType = (
        await type({ Name: 'Yoga therapy', Duration: 30, ServiceCategoryId: group.Id, VisitType: 'Office' })
      ).json;
      individualType = (
        await type({
          Name: 'Physio',
          Alias: 'PT',
          Duration: 30,
          ServiceCategoryId: individual.Id,
          VisitType: 'Office',
        })
      ).json;
      // The schedule's capacity is the ceiling of all its categories together: here above their sum.
      scheduleId = (await create(adminA, { Capacity: 6 })).json.Id;
      const services = await t.call<Schedule>({
        method: 'PUT',
        url: `${CALENDAR}/schedule/${scheduleId}/update-services`,
        headers: adminA,
        payload: { ServiceTypeIds: [groupType.Id, individualType.Id] },
      });
      expect(services.json.ServiceType.map((s) => s.Name)).toEqual(['Physio', 'Yoga therapy']);
      await follow(scheduleId);
    });

    it("sums a slot's capacity over its categories and lists its reasons", async () => {
      const [slot] = (await dayOf(scheduleId)).json.Data;
      expect(slot).toMatchObject({ Capacity: 4, CapacityAvailable: 4, SlotVisitType: ['Office'] });
      expect(slot!.ServiceCategory).toEqual([
        { Id: group.Id, Name: 'Group class', Duration: 30, Capacity: 3, CapacityAvailable: 3 },
        { Id: individual.Id, Name: 'One to one', Duration: 30, Capacity: 1, CapacityAvailable: 1 },
      ]);
      expect(slot!.ServiceType?.map((s) => s.Id).sort()).toEqual([groupType.Id, individualType.Id].sort());
    });

    it("takes the reason's category place, refuses it when that category is full, and 'All' takes any place left", async () => {
      const slotId = `${scheduleId}_2026-11-24T14:30:00.000Z`;
      const physio = { ServiceType: [{ Id: individualType.Id }], ServiceCategory: [{ Id: individual.Id }] };
      const first = await reserve(slotId, 'reason-1', physio);
      expect(first.statusCode).toBe(200);
      expect(first.json.Slot).toMatchObject({
        Capacity: 1,
        CapacityAvailable: 0,
        ServiceType: [{ Id: individualType.Id }],
      });
      const second = await reserve(slotId, 'reason-2', physio);
      expect(second.statusCode).toBe(409);
      expect(second.json.message).toBe('Could not reserve the selected slot. Please try another slot.');
      const any = await reserve(slotId, 'reason-3');
      expect(any.statusCode).toBe(200);
      expect(any.json.Slot).toMatchObject({ Capacity: 4, CapacityAvailable: 2 });

      // Searching for Physio no longer shows the slot; searching for Yoga or 'All' still does.
      const starts = async (extra: Record<string, unknown>) =>
        (await dayOf(scheduleId, extra)).json.Data.map((s) => s.Start);
      expect(await starts({ ServiceTypeId: individualType.Id })).not.toContain('2026-11-24T14:30:00.000Z');
      expect(await starts({ ServiceTypeId: groupType.Id })).toContain('2026-11-24T14:30:00.000Z');
      expect(await starts({ ServiceTypeId: -1 })).toContain('2026-11-24T14:30:00.000Z');
      const yoga = (await dayOf(scheduleId, { ServiceTypeId: groupType.Id })).json.Data.find(
        (s) => s.Start === '2026-11-24T14:30:00.000Z',
      );
      expect(yoga).toMatchObject({
        Capacity: 3,
        CapacityAvailable: 2,
        ServiceType: [{ Id: groupType.Id }],
        ServiceCategory: [{ Id: group.Id }],
      });
    });

    it('sends one reason-based event per reason, narrowed to its category', async () => {
      const slotId = `${scheduleId}_2026-11-24T15:00:00.000Z`;
      expect(
        (await reserve(slotId, 'reason-events', { ServiceType: [{ Id: groupType.Id }] })).statusCode,
      ).toBe(200);
      await expect
        .poll(() => eventsOf('ReasonBasedSlotUpdated', scheduleId).filter((e) => e.SlotId === slotId).length)
        .toBe(2);
      const perReason = eventsOf('ReasonBasedSlotUpdated', scheduleId).filter((e) => e.SlotId === slotId);
      const byType = new Map(perReason.map((e) => [e.ServiceType![0]!.Id, e]));
      expect(byType.get(groupType.Id)).toMatchObject({
        Capacity: 3,
        CapacityAvailable: 2,
        ServiceCategory: [{ Id: group.Id }],
      });
      expect(byType.get(individualType.Id)).toMatchObject({
        Capacity: 1,
        CapacityAvailable: 1,
        ServiceCategory: [{ Id: individual.Id }],
      });
      expect(eventsOf('SlotUpdated', scheduleId).find((e) => e.SlotId === slotId)).toMatchObject({
        Capacity: 4,
        CapacityAvailable: 3,
      });
    });

    it("keeps all categories together under the schedule's capacity (a capacity-2 calendar takes 2 places)", async () => {
      const capped = (await create(adminA, { Capacity: 2 })).json.Id;
      await t.call({
        method: 'PUT',
        url: `${CALENDAR}/schedule/${capped}/update-services`,
        headers: adminA,
        payload: { ServiceTypeIds: [groupType.Id, individualType.Id] },
      });
      const slotId = `${capped}_2026-11-24T14:30:00.000Z`;
      const [slot] = (await dayOf(capped)).json.Data;
      expect(slot).toMatchObject({ Capacity: 2, CapacityAvailable: 2 });
      expect(
        (await reserve(slotId, 'ceiling-1', { ServiceType: [{ Id: individualType.Id }] })).statusCode,
      ).toBe(200);
      const second = await reserve(slotId, 'ceiling-2', { ServiceType: [{ Id: groupType.Id }] });
      expect(second.statusCode).toBe(200);
      expect(second.json.Slot).toMatchObject({ CapacityAvailable: 0, Status: 'busy' });
      // The group category still has 2 places of its own, but the schedule has none left.
      expect((await reserve(slotId, 'ceiling-3', { ServiceType: [{ Id: groupType.Id }] })).statusCode).toBe(
        409,
      );
      expect((await reserve(slotId, 'ceiling-4')).statusCode).toBe(409);
      expect((await dayOf(capped)).json.Data.map((s) => s.Start)).not.toContain('2026-11-24T14:30:00.000Z');
      const taken = await t.database.query<{ n: number }>(
        'select sum(taken)::int as n from slot_capacity where schedule_id = $1',
        [capped],
      );
      expect(taken[0]!.n).toBe(2);
    });

    it('takes a place in any of several named categories that has one', async () => {
      const slotId = `${scheduleId}_2026-11-24T16:30:00.000Z`;
      const physio = { ServiceCategory: [{ Id: individual.Id }] };
      expect((await reserve(slotId, 'several-1', physio)).statusCode).toBe(200);
      // One to one is full; the hold names it first and Group class second: the group place is taken.
      const both = await reserve(slotId, 'several-2', {
        ServiceCategory: [{ Id: individual.Id }, { Id: group.Id }],
      });
      expect(both.statusCode).toBe(200);
      const rows = await t.database.query<{ category_id: string; taken: number }>(
        'select category_id, taken from slot_capacity where schedule_id = $1 and start_at = $2 order by taken',
        [scheduleId, '2026-11-24T16:30:00.000Z'],
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          { category_id: individual.Id, taken: 1 },
          { category_id: group.Id, taken: 1 },
        ]),
      );
    });

    it('refuses a reason the schedule does not offer', async () => {
      const other = await t.call<ServiceType>({
        method: 'POST',
        url: `${CALENDAR}/servicetype`,
        headers: adminA,
        payload: { Name: 'Massage', Duration: 30 },
      });
      const res = await reserve(`${scheduleId}_2026-11-24T16:00:00.000Z`, 'reason-unknown', {
        ServiceType: [{ Id: other.json.Id }],
      });
      expect(res.statusCode).toBe(409);
      expect((await dayOf(scheduleId, { ServiceTypeId: other.json.Id })).json.Data).toEqual([]);
    });

    it("changes a category's capacity and announces the reshaped slots", async () => {
      const before = received.length;
      const res = await t.call<ServiceCategory>({
        method: 'PUT',
        url: `${CALENDAR}/servicecategory/${group.Id}`,
        headers: adminA,
        payload: { Name: 'Group class', Duration: 30, Capacity: 5 },
      });
      expect(res.json.Capacity).toBe(5);
      const [slot] = (await dayOf(scheduleId)).json.Data;
      expect(slot).toMatchObject({ Capacity: 6, CapacityAvailable: 6 });
      await expect
        .poll(() =>
          received
            .slice(before)
            .some(
              (r) =>
                r.event === 'SlotAdded' &&
                r.message.data.SlotId === slot!.SlotIds[0] &&
                r.message.data.Capacity === 6,
            ),
        )
        .toBe(true);
    });

    it('finds categories and types by practice and schedule, and moves types between categories', async () => {
      const types = await t.call<List<ServiceType>>({
        method: 'POST',
        url: `${CALENDAR}/servicetype/advance-search`,
        payload: { ScheduleId: scheduleId },
      });
      expect(types.json.Data.map((x) => x.Name)).toEqual(['Physio', 'Yoga therapy']);
      const categories = await t.call<List<ServiceCategory>>({
        method: 'POST',
        url: `${CALENDAR}/servicecategory/advance-search`,
        payload: { ScheduleId: scheduleId },
      });
      expect(categories.json.Data.map((x) => x.Name)).toEqual(['Group class', 'One to one']);
      const foreign = await t.call({
        method: 'PUT',
        url: `${CALENDAR}/servicetype/serviceCategory/${group.Id}`,
        headers: adminB,
        payload: { ServiceTypeIds: [individualType.Id] },
      });
      expect(foreign.statusCode).toBe(404);
      const foreignType = await t.call({
        method: 'PUT',
        url: `${CALENDAR}/servicetype/${individualType.Id}`,
        headers: adminB,
        payload: { Name: 'X', Duration: 30 },
      });
      expect(foreignType.statusCode).toBe(404);
      const moved = await t.call<List<ServiceType>>({
        method: 'PUT',
        url: `${CALENDAR}/servicetype/serviceCategory/${group.Id}`,
        headers: adminA,
        payload: { ServiceTypeIds: [individualType.Id] },
      });
      expect(moved.json.Data[0]?.ServiceCategoryId).toBe(group.Id);
      const [slot] = (await dayOf(scheduleId)).json.Data;
      expect(slot?.ServiceCategory?.map((c) => c.Id)).toEqual([group.Id]);
      const got = await t.call<ServiceType>({
        method: 'GET',
        url: `${CALENDAR}/servicetype/${individualType.Id}`,
      });
      expect(got.json).toMatchObject({ Name: 'Physio', Alias: 'PT', ServiceCategoryId: group.Id });
    });

    it('names the field of a category from another practice', async () => {
      const res = await t.call<ErrorBody>({
        method: 'POST',
        url: `${CALENDAR}/servicetype`,
        headers: adminB,
        payload: { Name: 'Borrowed', Duration: 30, ServiceCategoryId: group.Id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json.errors?.[0]).toMatchObject({ field: 'ServiceCategoryId', rule: 'not_found' });
      const services = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${CALENDAR}/schedule/${scheduleId}/update-services`,
        headers: adminA,
        payload: { ServiceTypeIds: [randomUUID()] },
      });
      expect(services.json.errors?.[0]).toMatchObject({ field: 'ServiceTypeIds.0', rule: 'not_found' });
    });
  });

  it('finds slots by facility or actor and visit type', async () => {
    const { json: schedule } = await create(adminA, { VisitType: ['TeleHealth'] });
    const byEntity = await search({
      EntityId: practitionerA,
      StartDate: '2026-11-24 14:00:00',
      EndDate: '2026-11-24 15:00:00',
    });
    expect(byEntity.json.Data.some((s) => s.ScheduleId === schedule.Id)).toBe(true);
    const office = await search({
      EntityId: practitionerA,
      VisitType: 'Office',
      StartDate: '2026-11-24 14:00:00',
      EndDate: '2026-11-24 15:00:00',
    });
    expect(office.json.Data.some((s) => s.ScheduleId === schedule.Id)).toBe(false);
    const none = await search({ StartDate: '2026-11-24 14:00:00', EndDate: '2026-11-24 15:00:00' });
    expect(none.statusCode).toBe(400);
    expect(none.json.errors?.[0]?.field).toBe('body.ScheduleIds');
  });
});

describe('demo schedules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('give every provider and service a schedule, mixing visit types, reasons and capacities', async () => {
    const missing = await t.database.query(
      `select pr.practitioner_id from practitioner_roles pr where 'provider' = any(pr.codes) and pr.active
         and not exists (select 1 from schedules s where s.practitioner_id = pr.practitioner_id)`,
    );
    expect(missing).toEqual([]);
    const services = await t.database.query(
      `select hs.id from healthcare_services hs where hs.active and exists (select 1 from healthcare_service_locations x where x.healthcare_service_id = hs.id)
         and not exists (select 1 from schedules s where s.healthcare_service_id = hs.id)`,
    );
    expect(services).toEqual([]);
    const kinds = await t.database.query<{ visit_types: string[] }>(
      'select distinct visit_types from schedules',
    );
    const visitTypes = new Set(kinds.flatMap((k) => k.visit_types));
    expect([...visitTypes].sort()).toEqual(['Office', 'TeleHealth', 'Walk-In']);
    const ids = (await t.database.query<{ id: string }>('select id from schedules order by id')).map(
      (r) => r.id,
    );
    const res = await t.call<List<Slot>>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      payload: {
        ScheduleIds: ids.slice(0, 200),
        StartDate: '2026-12-07 00:00:00',
        EndDate: '2026-12-12 00:00:00',
      },
    });
    const capacities = new Set(res.json.Data.map((s) => s.Capacity));
    expect(capacities.has(1)).toBe(true);
    expect([...capacities].some((c) => c > 1)).toBe(true);
    expect(res.json.Data.some((s) => (s.ServiceType?.length ?? 0) > 1)).toBe(true);
    expect(res.json.Data.some((s) => s.ServiceCategory?.some((c) => c.Capacity !== null))).toBe(true);
    // Several weeks ahead, and the holiday is kept.
    const later = await t.call<List<Slot>>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      payload: {
        ScheduleIds: ids.slice(0, 50),
        StartDate: '2027-01-04 00:00:00',
        EndDate: '2027-01-09 00:00:00',
      },
    });
    expect(later.json.Total).toBeGreaterThan(0);
  });
});
