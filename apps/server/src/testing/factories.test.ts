import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './app';
import {
  bookTestAppointment,
  createTestPractice,
  createTestPracticeUser,
  openTimeAhead,
  practiceAdmin,
  zonedTime,
} from './factories';
import { createTestPatient } from './patients';

const APPOINTMENT = '/careslot-appointment-service/api/v2/Appointments';

describe('test factories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T15:00:00Z' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('makes a practice of its own that a patient books and only that practice sees', async () => {
    const practice = await createTestPractice(t);
    const other = await createTestPractice(t);
    const patient = await createTestPatient(t);
    const start = openTimeAhead(t, practice);

    const id = await bookTestAppointment(t, practice, patient, start);

    const admin = await practiceAdmin(t, practice);
    const staff = await createTestPracticeUser(t, practice);
    const stranger = await createTestPracticeUser(t, other);
    const read = (headers: Record<string, string>) => t.call({ url: `${APPOINTMENT}/${id}`, headers });
    expect((await read(admin.headers)).statusCode).toBe(200);
    expect((await read(staff.headers)).statusCode).toBe(200);
    expect((await read(bearer(patient.token))).statusCode).toBe(200);
    // Another practice's user: another's object answers like an unknown one.
    expect((await read(stranger.headers)).statusCode).toBe(404);
  });

  it('chooses an open time on a weekday two days or more ahead, at 10:00 in the practice zone', async () => {
    const practice = await createTestPractice(t, { zone: 'America/Los_Angeles' });
    const start = openTimeAhead(t, practice);
    // 2026-11-23 is a Monday; two days ahead is Wednesday the 25th, 10:00 in Los Angeles is 18:00 UTC.
    expect(start).toBe('2026-11-25T18:00:00.000Z');
    expect(zonedTime('2026-07-01', '10:00', 'America/New_York')).toBe('2026-07-01T14:00:00.000Z');
  });
});
