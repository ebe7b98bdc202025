import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES, type PortalAppointment } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  openTimeAhead,
  practiceAdmin,
  zonedTime,
} from '../../testing/factories';
import { createTestPatient } from '../../testing/patients';

const PORTAL = '/careslot-appointment-service/api/v2/web/patient-appointments';
const OFFICE = '/careslot-appointment-service/api/v2/OfficeAppointments';
const SETTINGS = '/careslot-administration/api/v1/PatientPortalSettings';

/** Issue 30, item 15: the practice's patient-portal switches bind its patients on the server and in the portal. */
describe("a practice's patient-portal settings and its cancellations (issue 30, items 15 and 18)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T15:00:00Z' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('with online cancelling and rescheduling off, the patient is refused with the reason and the portal offers neither', async () => {
    const practice = await createTestPractice(t);
    const patient = await createTestPatient(t);
    const id = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
    const read = () =>
      t.call<{ data: PortalAppointment }>({ url: `${PORTAL}/${id}`, headers: bearer(patient.token) });
    expect((await read()).json.data).toMatchObject({ CanCancel: true, CanReschedule: true });

    const admin = await practiceAdmin(t, practice);
    const saved = await t.call({
      method: 'PUT',
      url: `${SETTINGS}/${practice.OrganizationId}`,
      headers: admin.headers,
      payload: {
        OrganizationId: practice.OrganizationId,
        AllowOnlineCancellation: false,
        AllowOnlineReschedule: false,
      },
    });
    expect(saved.statusCode).toBe(200);

    expect((await read()).json.data).toMatchObject({ CanCancel: false, CanReschedule: false });
    const cancel = await t.call<{ message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(patient.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json.message).toBe(PORTAL_MESSAGES.cancelOffline);
    // The practice's own status call is no way round it for the patient.
    const status = await t.call<{ message: string }>({
      method: 'PUT',
      url: `${OFFICE}/${id}/status?status=Canceled`,
      headers: bearer(patient.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(status.statusCode).toBe(403);
    const move = await t.call<{ message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/reschedule`,
      headers: bearer(patient.token),
      payload: {
        CalendarId: practice.ScheduleId,
        StartTime: zonedTime(openTimeAhead(t, practice).slice(0, 10), '11:00', practice.zone),
      },
    });
    expect(move.statusCode).toBe(403);
    expect(move.json.message).toBe(PORTAL_MESSAGES.rescheduleOffline);
    expect((await read()).json.data.Status).toBe('Scheduled');

    // The practice still cancels.
    const byPractice = await t.call({
      method: 'PUT',
      url: `${OFFICE}/${id}/status?status=Canceled`,
      headers: admin.headers,
      payload: { Reason: 'The doctor is away' },
    });
    expect(byPractice.statusCode).toBe(200);
  });

  it('within the cancellation cutoff the patient may neither cancel nor move the visit online; outside it they may', async () => {
    const practice = await createTestPractice(t);
    const patient = await createTestPatient(t);
    // Two days or more ahead: inside a 72-hour cutoff, outside a 24-hour one.
    const id = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice, 2));
    const read = () =>
      t.call<{ data: PortalAppointment }>({ url: `${PORTAL}/${id}`, headers: bearer(patient.token) });
    const admin = await practiceAdmin(t, practice);
    const cutoff = (hours: number) =>
      t.call({
        method: 'PUT',
        url: `${SETTINGS}/${practice.OrganizationId}`,
        headers: admin.headers,
        payload: { OrganizationId: practice.OrganizationId, CancellationCutoffHours: hours },
      });
    const start = new Date((await read()).json.data.StartTime).getTime();
    const hoursAhead = (start - t.clock.now().getTime()) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(24);
    expect(hoursAhead).toBeLessThan(168);

    expect((await cutoff(168)).statusCode).toBe(200);
    expect((await read()).json.data).toMatchObject({ CanCancel: false, CanReschedule: false });
    const cancel = await t.call<{ message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(patient.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json.message).toBe(PORTAL_MESSAGES.cancelTooLate);
    const move = await t.call<{ message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/reschedule`,
      headers: bearer(patient.token),
      payload: {
        CalendarId: practice.ScheduleId,
        StartTime: zonedTime(openTimeAhead(t, practice, 3).slice(0, 10), '11:00', practice.zone),
      },
    });
    expect(move.statusCode).toBe(403);
    expect(move.json.message).toBe(PORTAL_MESSAGES.rescheduleTooLate);
    expect((await read()).json.data.Status).toBe('Scheduled');

    expect((await cutoff(24)).statusCode).toBe(200);
    expect((await read()).json.data).toMatchObject({ CanCancel: true, CanReschedule: true });
    const allowed = await t.call({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(patient.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("the reason the practice gives for cancelling reaches the patient's e-mail (item 18)", async () => {
    const practice = await createTestPractice(t);
    const patient = await createTestPatient(t);
    const id = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
    const admin = await practiceAdmin(t, practice);
    const cancelled = await t.call({
      method: 'PATCH',
      url: `${OFFICE}/${id}/status?status=Canceled`,
      headers: admin.headers,
      payload: { Reason: 'The doctor is away at a conference' },
    });
    expect(cancelled.statusCode).toBe(200);
    const [email] = await t.outbox.list({ to: patient.email, template: 'appointment-cancelled' });
    expect(email?.body).toContain('Reason given by the office: The doctor is away at a conference');
  });
});
