import { randomUUID } from 'node:crypto';
import { createPatient } from '../modules/patients';
import { tokenFor, type TestApp } from './app';

export interface TestPatient {
  id: string;
  email: string;
  /** A product token as identity issues it to this patient. */
  token: string;
}

/** A fresh patient record (token valid a day, so tests may move a fixed clock) of its own (random e-mail) with a signed product token, so tests share no data. */
export async function createTestPatient(t: TestApp, firstName = 'Casey'): Promise<TestPatient> {
  const email = `patient-${randomUUID().slice(0, 8)}@example.com`;
  const patient = await createPatient(t.database, {
    firstName,
    lastName: 'Tester',
    email,
    emailVerified: true,
    birthDate: '1990-05-01',
    gender: 'Female',
  });
  const token = await tokenFor(
    t.tokens,
    {
      sub: `sub-${patient.Id}`,
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: patient.Id,
      email,
    },
    24 * 3600,
  );
  return { id: patient.Id, email, token };
}
