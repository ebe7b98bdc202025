import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingResult, ServiceType, Slot } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  practiceAdmin,
  zonedTime,
  type TestPractice,
} from '../../testing/factories';
import { createTestPatient } from '../../testing/patients';

const CALENDAR = '/careslot-calendar/api/v2';
const BOOK = '/careslot-appointment-service/api/v2/Appointments';
const PORTAL = '/careslot-appointment-service/api/v2/web/patient-appointments';

/**
 * Issue 30, item 11: the slot grid follows the chosen reason's duration. A 90-minute reason on a 30-minute grid
 * is offered only where the whole visit fits: never past closing, never over the next patients.
 */
describe("a reason's duration decides where its visits fit", () => {
  let t: TestApp;
  let practice: TestPractice;
  const day = '2026-11-25'; // a Wednesday, two days after the clock
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T15:00:00Z' });
    practice = await createTestPractice(t, {
      reasons: [{ Name: 'Individual Session', DurationMinutes: 30, VisitType: 'Office' }],
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const at = (time: string) => zonedTime(day, time, practice.zone);
  const timesOf = (slots: Slot[]) =>
    slots.map((s) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: practice.zone,
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(s.Start)),
    );
  async function search(reason: string): Promise<Slot[]> {
    const res = await t.call<{ Data: Slot[] }>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      headers: bearer(practice.adminToken),
      payload: {
        ScheduleIds: [practice.ScheduleId],
        StartDate: at('00:00').replace('T', ' ').slice(0, 19),
        EndDate: at('23:59').replace('T', ' ').slice(0, 19),
        ServiceTypeId: reason,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json.Data;
  }

  it('offers 90-minute visits only where they end by closing time and the next patients are not booked', async () => {
    const reason = practice.ServiceTypeIds[0]!;
    const before = timesOf(await search(reason));
    expect(before).toContain('16:30');
    expect(before).toHaveLength(16);

    const admin = await practiceAdmin(t, practice);
    const saved = await t.call<ServiceType>({
      method: 'PUT',
      url: `${CALENDAR}/servicetype/${reason}`,
      headers: admin.headers,
      payload: { Name: 'Individual Session', Duration: 90, VisitType: 'Office', Services: [] },
    });
    expect(saved.statusCode).toBe(200);

    const after = await search(reason);
    // 09:00 to 17:00: the last 90-minute visit starts at 15:30.
    expect(timesOf(after).at(-1)).toBe('15:30');
    expect(timesOf(after)).not.toContain('16:00');
    expect(after[0]!.End).toBe(new Date(Date.parse(after[0]!.Start) + 90 * 60_000).toISOString());

    // Another patient at 11:00: no 90-minute visit may run over them.
    const other = await createTestPatient(t);
    await bookTestAppointment(t, practice, other, at('11:00'));
    const around = timesOf(await search(reason));
    expect(around).toContain('09:30');
    for (const time of ['10:00', '10:30', '11:00']) expect(around).not.toContain(time);

    // Booking the reason past closing or over the next patient is refused.
    const patient = await createTestPatient(t);
    for (const time of ['16:30', '10:30']) {
      const booked = await t.call<BookingResult>({
        method: 'POST',
        url: BOOK,
        headers: bearer(patient.token),
        payload: {
          CalendarId: practice.ScheduleId,
          StartTime: at(time),
          ServiceType: [{ Id: reason, Name: 'Individual Session', Duration: 90 }],
          Participants: [
            { Type: 'Patient', ParticipantId: patient.id, FirstName: 'Casey', LastName: 'Tester' },
            { Type: 'Practitioner', ParticipantId: practice.PractitionerId },
          ],
          Reasons: [{ Id: null, Name: 'Session' }],
        },
      });
      expect(booked.statusCode, time).toBe(409);
    }
    // Where it fits, it books, and the visit lasts 90 minutes.
    const fits = await t.call<BookingResult>({
      method: 'POST',
      url: BOOK,
      headers: bearer(patient.token),
      payload: {
        CalendarId: practice.ScheduleId,
        StartTime: at('14:00'),
        ServiceType: [{ Id: reason, Name: 'Individual Session', Duration: 90 }],
        Participants: [
          { Type: 'Patient', ParticipantId: patient.id, FirstName: 'Casey', LastName: 'Tester' },
          { Type: 'Practitioner', ParticipantId: practice.PractitionerId },
        ],
        Reasons: [{ Id: null, Name: 'Session' }],
      },
    });
    expect(fits.statusCode).toBe(200);
    const read = await t.call<{ data: { EndTime: string } }>({
      url: `${BOOK}/${fits.json.data}`,
      headers: bearer(patient.token),
    });
    expect(read.json.data.EndTime).toBe(new Date(Date.parse(at('15:30'))).toISOString());
  });
});

/**
 * Issue 30, item 11's remainder: a long visit blocks every slot it covers. A 90-minute visit held or booked at
 * 10:00 on a 30-minute grid takes a place at 10:00, 10:30 and 11:00, so a 30-minute visit can be neither
 * offered, held nor booked inside it (no double booking); releasing or cancelling it gives all three back.
 */
describe('a long visit blocks every slot it covers', () => {
  let t: TestApp;
  let practice: TestPractice;
  const day = '2026-11-26'; // a Thursday, three days after the clock
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T15:00:00Z' });
    practice = await createTestPractice(t, {
      reasons: [
        { Name: 'Long Session', DurationMinutes: 90, VisitType: 'Office' },
        { Name: 'Check-up', DurationMinutes: 30, VisitType: 'Office' },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const at = (time: string) => zonedTime(day, time, practice.zone);
  const reasonNamed = async (name: string) => {
    const res = await t.call<{ Data: Slot[] }>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      headers: bearer(practice.adminToken),
      payload: {
        ScheduleIds: [practice.ScheduleId],
        StartDate: at('09:00').replace('T', ' ').slice(0, 19),
        EndDate: at('09:31').replace('T', ' ').slice(0, 19),
      },
    });
    const type = res.json.Data[0]!.ServiceType!.find((s) => s.Name === name);
    return type!.Id;
  };
  async function freeTimes(reason: string): Promise<string[]> {
    const res = await t.call<{ Data: Slot[] }>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      headers: bearer(practice.adminToken),
      payload: {
        ScheduleIds: [practice.ScheduleId],
        StartDate: at('00:00').replace('T', ' ').slice(0, 19),
        EndDate: at('23:59').replace('T', ' ').slice(0, 19),
        ServiceTypeId: reason,
        IsAvailable: true,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json.Data.map((s) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: practice.zone,
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(s.Start)),
    );
  }
  const book = (
    token: string,
    patientId: string,
    time: string,
    reason: { Id: string; Name: string; Duration: number },
  ) =>
    t.call<BookingResult>({
      method: 'POST',
      url: BOOK,
      headers: bearer(token),
      payload: {
        CalendarId: practice.ScheduleId,
        StartTime: at(time),
        ServiceType: [reason],
        Participants: [
          { Type: 'Patient', ParticipantId: patientId, FirstName: 'Casey', LastName: 'Tester' },
          { Type: 'Practitioner', ParticipantId: practice.PractitionerId },
        ],
        Reasons: [{ Id: null, Name: 'Visit' }],
      },
    });
  const hold = (token: string, time: string, reason: string) =>
    t.call<{ ExpiresAt?: string }>({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: bearer(token),
      payload: {
        SlotIds: [`${practice.ScheduleId}_${new Date(at(time)).toISOString()}`],
        ServiceType: [{ Id: reason }],
      },
    });

  it('a held or booked 90-minute visit takes the 30-minute slots inside it until it is released or cancelled', async () => {
    const long = await reasonNamed('Long Session');
    const short = await reasonNamed('Check-up');
    const checkUp = { Id: short, Name: 'Check-up', Duration: 30 };
    const first = await createTestPatient(t);
    const second = await createTestPatient(t);

    // A hold of the long visit at 10:00 takes 10:00, 10:30 and 11:00.
    expect((await hold(first.token, '10:00', long)).statusCode).toBe(200);
    const whileHeld = await freeTimes(short);
    expect(whileHeld).toContain('09:30');
    expect(whileHeld).toContain('11:30');
    for (const time of ['10:00', '10:30', '11:00']) expect(whileHeld, time).not.toContain(time);
    expect((await hold(second.token, '10:30', short)).statusCode).toBe(409);
    expect((await book(second.token, second.id, '11:00', checkUp)).statusCode).toBe(409);

    // Released, every covered slot is back.
    const released = await t.call<{ Released: number }>({
      method: 'POST',
      url: `${CALENDAR}/slot/release`,
      headers: bearer(first.token),
      payload: { SlotIds: [`${practice.ScheduleId}_${new Date(at('10:00')).toISOString()}`] },
    });
    expect(released.json.Released).toBe(1);
    for (const time of ['10:00', '10:30', '11:00']) expect(await freeTimes(short), time).toContain(time);

    // A booked long visit at 14:00 (no hold) takes 14:00 to 15:30: a check-up at 14:30 or 15:00 is refused.
    const booked = await book(first.token, first.id, '14:00', {
      Id: long,
      Name: 'Long Session',
      Duration: 90,
    });
    expect(booked.statusCode).toBe(200);
    const whileBooked = await freeTimes(short);
    for (const time of ['14:00', '14:30', '15:00']) expect(whileBooked, time).not.toContain(time);
    expect(whileBooked).toContain('15:30');
    for (const time of ['14:30', '15:00'])
      expect((await book(second.token, second.id, time, checkUp)).statusCode, time).toBe(409);

    // Cancelled, the check-up at 15:00 books.
    const cancelled = await t.call({
      method: 'POST',
      url: `${PORTAL}/${booked.json.data}/cancel`,
      headers: bearer(first.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await book(second.token, second.id, '15:00', checkUp)).statusCode).toBe(200);
  });
});
