import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNpi } from '@careslot/domain';
import { PEOPLE_PATHS } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, DEMO_PRACTICE_IDS } from '../../seed';

/** Issue 24 item 5 (in part): a race answers 409 or 200, never 500. Real concurrency: PostgreSQL only. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin@demo.careslot.health', DEMO_PASSWORD);
}, 60_000);
afterAll(() => t.close());

function npi(): string {
  const base = `3${String(Date.now() % 1e8).padStart(8, '0')}`.slice(0, 9);
  for (let d = 0; d < 10; d += 1) if (isValidNpi(`${base}${d}`)) return `${base}${d}`;
  throw new Error('no check digit');
}

describe('five identical "add user" at once', () => {
  it('adds one user and answers the others 409, never 500', async () => {
    const body = {
      OrganizationId: DEMO_PRACTICE_IDS[0],
      Code: ['provider'],
      FirstName: 'Dana',
      LastName: 'Kim',
      Email: `race.${Math.random().toString(36).slice(2, 10)}@example.com`,
      Npi: npi(),
      Languages: ['en'],
      BoardCertifications: [],
      HospitalAffiliations: [],
      HidePublicProfile: false,
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call({ method: 'POST', url: PEOPLE_PATHS.practitioner, headers: bearer(admin), payload: body }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
  });
});
