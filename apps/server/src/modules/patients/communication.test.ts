import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patient } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { bookTestAppointment, createTestPractice, openTimeAhead } from '../../testing/factories';
import { createTestPatient } from '../../testing/patients';

const PATIENT = '/careslot-administration/api/v2/patient';

/** Issue 30, item 6: the patient keeps their language (Communication) and their messages are written in it. */
describe("a patient's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T15:00:00Z' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('is changed with PATCH Communication, refused outside the six languages, and the confirmation follows it', async () => {
    const patient = await createTestPatient(t);
    const refused = await t.call<{ errors: { field: string }[] }>({
      method: 'PATCH',
      url: `${PATIENT}/${patient.id}`,
      headers: bearer(patient.token),
      payload: { Communication: ['xx'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors[0]!.field).toMatch(/Communication/);

    const changed = await t.call<{ data: Patient }>({
      method: 'PATCH',
      url: `${PATIENT}/${patient.id}`,
      headers: bearer(patient.token),
      payload: { Communication: ['es'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json.data.Communication).toEqual(['es']);

    const practice = await createTestPractice(t);
    await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
    const [email] = await t.outbox.list({ to: patient.email, template: 'appointment-confirmation' });
    expect(email?.subject).toBe('Su cita está confirmada - CareSlot');
  });
});
