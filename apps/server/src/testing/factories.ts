import { randomInt, randomUUID } from 'node:crypto';
import type { BookingResult, OnboardingRequest, OnboardingResult, Role } from '@careslot/contracts';
import { isValidNpi } from '@careslot/domain';
import { bearer, tokenFor, type TestApp } from './app';
import type { TestPatient } from './patients';

/**
 * Factories for tests that need a practice of their own (issue 23, item 9): a new test never leans on the demo
 * seed's practices, whose calendars other tests book. Each factory goes through the product's own calls
 * (onboarding, booking), so what it makes is what a practice or a patient would have made.
 */

const ONBOARD = '/careslot-gateway/organization/add';
const BOOK = '/careslot-appointment-service/api/v2/Appointments';

export interface TestPracticeOptions {
  /** The practice's IANA zone; default America/New_York. */
  zone?: string;
  /** The calendar's grid; default 30 minutes. */
  slotMinutes?: OnboardingRequest['Schedule']['SlotMinutes'];
  /** Working hours on weekdays 1 (Monday) to 5 (Friday); default 09:00 to 17:00. */
  hours?: { start: string; end: string };
  /** The reasons (service types) offered; default one 30-minute office visit. */
  reasons?: OnboardingRequest['Schedule']['Reasons'];
  onlinePayment?: boolean;
}

export interface TestPractice extends OnboardingResult {
  zone: string;
  /** The first provider's e-mail (their sign-in account is invited, not yet activated). */
  providerEmail: string;
  /** A product token of the first provider, who is also the practice's admin. */
  adminToken: string;
}

export interface TestPracticeUser {
  id: string;
  token: string;
  headers: Record<string, string>;
}

/** A valid NPI: nine digits and the Luhn check digit over 80840 and the nine. */
function randomNpi(): string {
  const nine = String(randomInt(100_000_000, 999_999_999));
  for (let digit = 0; digit <= 9; digit += 1) if (isValidNpi(`${nine}${digit}`)) return `${nine}${digit}`;
  throw new Error('no NPI check digit');
}

/**
 * Letters only (names refuse digits): a random key spelled with letters, long enough (6^10) that two practices
 * of one test database never draw one name (practice names are unique).
 */
const letterKey = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)
    .padEnd(10, 'a');

/** A specialty of the reference catalog every test database has. */
async function anySpecialty(t: TestApp): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('select id from specialties order by id limit 1');
  if (!row) throw new Error('the specialty catalog is empty');
  return row.id;
}

/**
 * A practice from nothing to bookable through onboarding (as a super user onboards one): its organization, one
 * location, one provider who is its practice admin, a calendar with the given hours, and its reasons.
 */
export async function createTestPractice(
  t: TestApp,
  options: TestPracticeOptions = {},
): Promise<TestPractice> {
  const key = letterKey();
  const zone = options.zone ?? 'America/New_York';
  const providerEmail = `provider-${key}@practice.example`;
  const request: OnboardingRequest = {
    Organization: {
      Name: `Test Practice ${key}`,
      Phone: '(212) 555-0100',
      Email: `office-${key}@practice.example`,
      Website: null,
    },
    Location: {
      Name: `Test Office ${key}`,
      Address1: '100 Main Street',
      Address2: null,
      City: 'New York',
      State: 'NY',
      ZipCode: '10017',
      TimeZone: zone,
      Phone: '(212) 555-0101',
    },
    Provider: {
      Prefix: 'Dr.',
      FirstName: 'Test',
      LastName: `Provider ${key}`,
      Suffix: 'MD',
      Gender: 'F',
      Npi: randomNpi(),
      SpecialtyId: await anySpecialty(t),
      Email: providerEmail,
    },
    Schedule: {
      SlotMinutes: options.slotMinutes ?? 30,
      Hours: [1, 2, 3, 4, 5].map((Weekday) => ({
        Weekday,
        Start: options.hours?.start ?? '09:00',
        End: options.hours?.end ?? '17:00',
      })),
      CategoryName: 'Consultation',
      Reasons: options.reasons ?? [{ Name: 'Office Visit', DurationMinutes: 30, VisitType: 'Office' }],
    },
    Payment: { EnableOnlinePayment: options.onlinePayment ?? false, GatewayName: null },
    Publish: true,
  };
  const superUser = bearer(
    await tokenFor(t.tokens, { user_roles: ['superuser'], sub: `factory-super-${key}` }),
  );
  const res = await t.call<OnboardingResult>({
    method: 'POST',
    url: ONBOARD,
    headers: superUser,
    payload: request,
  });
  if (res.statusCode !== 201) throw new Error(`onboarding answered ${res.statusCode}: ${res.body}`);
  const practice = res.json;
  const adminToken = await practiceToken(t, practice, practice.PractitionerId, ['provider', 'practiceadmin']);
  return { ...practice, zone, providerEmail, adminToken };
}

/** A product token of a user of the practice with these roles (identity issues the same claims at sign-in). */
async function practiceToken(t: TestApp, practice: OnboardingResult, userId: string, roles: Role[]) {
  return tokenFor(
    t.tokens,
    {
      sub: `sub-${userId}`,
      user_roles: roles,
      user_type: roles.includes('provider') ? 'Practitioner' : 'User',
      careslot_id: userId,
      PracticeId: practice.OrganizationId,
      email: `${userId}@practice.example`,
    },
    24 * 3600,
  );
}

/** A signed-in user of the practice holding these roles (staff by default), with their own id. */
export async function createTestPracticeUser(
  t: TestApp,
  practice: OnboardingResult,
  roles: Role[] = ['staff'],
): Promise<TestPracticeUser> {
  const id = randomUUID();
  const token = await practiceToken(t, practice, id, roles);
  return { id, token, headers: bearer(token) };
}

/** The first provider of the practice, as a signed-in user. */
export async function practiceAdmin(t: TestApp, practice: TestPractice): Promise<TestPracticeUser> {
  return { id: practice.PractitionerId, token: practice.adminToken, headers: bearer(practice.adminToken) };
}

/**
 * The first open time on the practice's calendar on a weekday at least `daysAhead` days after the app's clock
 * (default 2): a date a day or more ahead, so a test never depends on the hour it runs at.
 */
export function openTimeAhead(t: TestApp, practice: TestPractice, daysAhead = 2): string {
  const start = new Date(t.clock.now().getTime() + daysAhead * 86_400_000);
  for (let i = 0; i < 7; i += 1) {
    const day = new Date(start.getTime() + i * 86_400_000);
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: practice.zone, weekday: 'short' }).format(
      day,
    );
    if (weekday === 'Sat' || weekday === 'Sun') continue;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: practice.zone }).format(day);
    return zonedTime(date, '10:00', practice.zone);
  }
  throw new Error('no weekday within a week');
}

/** The UTC instant of a wall-clock time in a zone, e.g. 2026-12-01 10:00 in New York. */
export function zonedTime(date: string, time: string, zone: string): string {
  const naive = new Date(`${date}T${time}:00Z`);
  const shown = new Date(naive.toLocaleString('en-US', { timeZone: zone }));
  const utc = new Date(naive.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(naive.getTime() - (shown.getTime() - utc.getTime())).toISOString();
}

/** The patient books the practice's provider at `start` (the patient's own booking call); returns the appointment id. */
export async function bookTestAppointment(
  t: TestApp,
  practice: TestPractice,
  patient: TestPatient,
  start: string,
  reason = 'Check-up',
): Promise<string> {
  const res = await t.call<BookingResult>({
    method: 'POST',
    url: BOOK,
    headers: bearer(patient.token),
    payload: {
      CalendarId: practice.ScheduleId,
      StartTime: start,
      Participants: [
        { Type: 'Patient', ParticipantId: patient.id, FirstName: 'Casey', LastName: 'Tester' },
        { Type: 'Practitioner', ParticipantId: practice.PractitionerId },
      ],
      Reasons: [{ Id: null, Name: reason }],
    },
  });
  if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
  return res.json.data;
}
