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
