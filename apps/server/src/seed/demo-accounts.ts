import type { Connection } from '../platform/db';
import { insertAccounts, type NewAccount } from '../modules/identity/store';
import { DEMO_EHR_SYSTEM, DEMO_EMAIL_DOMAIN, DEMO_PEOPLE } from './demo';

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

/**
 * The legacy EHR's sign-in of a provider of the first practice (EHR practice 1001, vendor id 5001): no product
 * id yet, PracticeId is the EHR's practice number (decision 0021). Single sign-on finds the provider by
 * '{EHR URL}/1001|Doctor-5001', resolves 'Organization-1001' and links the sign-in to the record.
 */
export const DEMO_EHR_ACCOUNT = {
  email: `ehr-provider@${DEMO_EMAIL_DOMAIN}`,
  claimId: '1001',
  vendorId: '5001',
} as const;

async function demoEhrAccount(connection: Connection): Promise<NewAccount | null> {
  const [record] = await connection.query<{
    given_names: string[];
    family_name: string;
    gender: string | null;
  }>(
    `select p.given_names, p.family_name, p.gender from practitioners p
       join practitioner_identifiers i on i.practitioner_id = p.id
      where i.system = $1 and i.value = $2 limit 1`,
    [`${DEMO_EHR_SYSTEM}/${DEMO_EHR_ACCOUNT.claimId}`, `Doctor-${DEMO_EHR_ACCOUNT.vendorId}`],
  );
  if (!record) return null;
  return {
    email: DEMO_EHR_ACCOUNT.email,
    passwordHash: DEMO_PASSWORD_HASH,
    givenName: record.given_names.join(' '),
    familyName: record.family_name,
    gender: record.gender,
    userType: 'Practitioner',
    userRoles: ['provider'],
    practiceId: DEMO_EHR_ACCOUNT.claimId,
    electronicClaimId: DEMO_EHR_ACCOUNT.claimId,
    vendorId: DEMO_EHR_ACCOUNT.vendorId,
    eulaAccepted: true,
    ohaAccepted: true,
  };
}

export async function seedDemoAccounts(connection: Connection): Promise<number> {
  return insertAccounts(connection, demoAccounts());
}

/** Adds the legacy EHR demo sign-in when the database has none (a database seeded before it existed too). */
export async function seedDemoEhrAccount(connection: Connection): Promise<number> {
  const existing = await connection.query('select 1 from identity_users where lower(email) = $1', [
    DEMO_EHR_ACCOUNT.email,
  ]);
  if (existing.length > 0) return 0;
  const ehr = await demoEhrAccount(connection);
  return ehr ? insertAccounts(connection, [ehr]) : 0;
}
