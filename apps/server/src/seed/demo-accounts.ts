import type { Connection } from '../platform/db';
import { insertAccounts, type NewAccount } from '../modules/identity';
import { DEMO_EMAIL_DOMAIN, DEMO_PEOPLE } from './demo';

/** The password of every demo account (docs/demo-accounts.md). Never used outside demo data. */
export const DEMO_PASSWORD = 'CareSlot!2026';
// Argon2id of DEMO_PASSWORD, made once: hashing it at every first start would cost about 0.25 s per account.
const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$48b1CWkY53s/q1LvNkV9kw$E2NwM9DOpOSPrdFIo3y62uJmOGn+GnL/GaRIOPi6KJ0';

/** A sign-in account for every role: the demo people with a directory record, and three without one. */
export function demoAccounts(): NewAccount[] {
  const people: NewAccount[] = DEMO_PEOPLE.map((person) => ({
    email: person.email,
    passwordHash: DEMO_PASSWORD_HASH,
    givenName: person.givenName,
    familyName: person.familyName,
    gender: person.gender,
    userType: person.userType,
    userRoles: [...person.roles],
    careslotId: person.id,
    practiceId: person.practiceId,
    eulaAccepted: true,
    ohaAccepted: true,
  }));
  const staffOfCareSlot = (key: string, givenName: string, familyName: string, role: string): NewAccount => ({
    email: `${key}@${DEMO_EMAIL_DOMAIN}`,
    passwordHash: DEMO_PASSWORD_HASH,
    givenName,
    familyName,
    userType: 'SuperUser',
    userRoles: [role],
    eulaAccepted: true,
    ohaAccepted: true,
  });
  return [
    ...people,
    staffOfCareSlot('superuser', 'Avery', 'Collins', 'superuser'),
    staffOfCareSlot('support', 'Sam', 'Okafor', 'supportagent'),
    staffOfCareSlot('finance', 'Robin', 'Hale', 'FinancialSuperUser'),
  ];
}

export async function seedDemoAccounts(connection: Connection): Promise<number> {
  return insertAccounts(connection, demoAccounts());
}
