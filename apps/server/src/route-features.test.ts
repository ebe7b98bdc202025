import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_CODES, type FeatureCode, type PracticeRoleCode } from '@careslot/contracts';
import { FEATURE_LOCKED_ROLES, FEATURE_RULE_ROLES } from '@careslot/domain';
import type { RegisteredRoute } from './platform/deps';
import { createTestApp, type TestApp } from './testing/app';
import {
  createTestPractice,
  createTestPracticeUser,
  practiceAdmin,
  type TestPractice,
  type TestPracticeUser,
} from './testing/factories';

/**
 * The feature switches on the server (issue 24 item 2, decision 0086), generated from the route table: every
 * route either declares its feature (`config.feature`) or is listed below as feature-free with the reason; and
 * every route of a feature answers 403 to a practice user whose role has that feature switched off.
 */

/**
 * Routes of no switchable feature, by "METHOD path" pattern, with the reason. The first pattern a route matches
 * is its reason; a pattern no undeclared route matches fails the suite (the list only says what is true).
 */
const FEATURE_FREE: readonly [RegExp, string][] = [
  [
    /^\w+ \/careslot-messaging\/api\/v1\/(MessageThreads|Messages)/,
    'the patient inbox: the patient, their family and the practice that owns the thread (messaging.test.ts)',
  ],
  [/^\w+ \/(healthz|readyz)$/, 'health checks of the process'],
  [/^\w+ \/realms\//, 'the realm (OpenID Connect): sign-in comes before any practice'],
  [/^\w+ \/careslot-identity\//, "the realm's token exchange"],
  [/^\w+ \/api\/account\//, 'sign-in, guest sign-in, token exchange and sign-out'],
  [/^GET \/api\/app-config$/, "the web app's public configuration"],
  [/^DELETE \/api\/v1\/cache\/:key$/, 'clears caches; holds no practice data'],
  [/^GET \/dev\/outbox$/, 'development tools only (DEV_TOOLS)'],
  [/^PUT \/dev\/clock$/, "development tools only (DEV_TOOLS): the journeys' settable server clock"],
  [/^\w+ \/careslot-platform\//, "the platform's dead letters: super users only"],
  [
    /^\w+ \/careslot-administration\/api\/v1\/(account\/|web\/account\/|web\/user-agreement|signed-link)|^\w+ \/careslot-administration\/api\/v2\/Invitation/,
    "identity (its own module): every signed-in user's own account, password, e-mail, agreements and invitations",
  ],
  [
    /^GET \/careslot-resource-library\//,
    'the reference catalog (specialties, insurances, states...): read by everyone',
  ],
  [
    /^POST \/careslot-resource-library\/api\/v1\/zip-codes\/prefix$/,
    'the reference catalog: zip codes by prefix',
  ],
  [/^POST \/careslot-marketing\//, "the landing page's demo requests, anonymous"],
  [/^GET \/careslot-marketing\//, 'demo requests: super users only'],
  [
    /^\w+ \/careslot-marketplace\/api\/v1\/(WebCatalog|pageProfiles\/entity)/,
    'find care and public profile pages',
  ],
  [
    /^(PUT|DELETE) \/careslot-marketplace\/api\/v1\/catalogs|^GET \/careslot-marketplace\/api\/v1\/catalogs$/,
    "the marketplace's catalogs: super users",
  ],
  [/^\w+ \/careslot-gateway\/organization\/add$/, 'onboarding a practice: super users'],
  [
    /^\w+ \/careslot-survey\/api\/v1\/survey\/appointment\//,
    "the patient's survey app, by a signed link without sign-in",
  ],
  [
    /^\w+ \/careslot-administration\/api\/v1\/support\//,
    "support's overview of a patient: support roles with a stated purpose",
  ],
  // The patient's own record and portal: the access table (access.test.ts) states who may act.
  [
    /^\w+ \/careslot-administration\/api\/(v2\/patient|v2\/PatientCoverage|v2\/PatientPharmacies|v1\/PatientContact|v2\/web\/patient-coverage|v1\/patients\/)/,
    "the patient's record, coverage, pharmacies and contacts: the patient, their family and the practices caring for them (access table); reached from the calendar, the check-in and the portal alike",
  ],
  [/^\w+ \/careslot-appointment-service\/api\/v2\/web\//, "the patient's portal and the message links"],
  [
    /^\w+ \/careslot-appointment-service\/api\/v1\/WebPreBookingResponse/,
    "the patient's pre-booking answers",
  ],
  [/^\w+ \/careslot-custom-form\//, "the patient's forms and their files (access table)"],
  [
    /^\w+ \/careslot-appointment-service\/api\/v2\/(TeleVisits|TeleVisitsDevice|TeleVisitsHistory|TeleVisitsRating|TeleAppointments\/:id\/participants|chatsession)/,
    "a video visit: only its participants (the patient, the practice's provider and staff, invited guests), decided by the access policy",
  ],
  [
    /^\w+ \/careslot-checkin-service\/api\/v1\/(digitalcheckin\/session|digitalcheckin\/patient\/|patientcheckIn\/workflow-status)/,
    "the patient's own check-in, by the visit's check-in link",
  ],
  [
    /^\w+ \/careslot-resource-library\/api\/v1\/entity-(medical|family|surgical|social)-history-preferences\//,
    "the practice's history preferences: read by its users, set by its admins (Settings is locked on for them)",
  ],
  [
    /^\w+ \/careslot-checkin-service\/api\/v1\/entity-configurations(\/|$)/,
    "the practice admin's check-in set-up (admins only; Settings is locked on for them)",
  ],
  [
    /^\w+ \/careslot-administration\/api\/v1\/practice\/:practiceId\/mfa-requirement$/,
    "the practice's two-step sign-in rule: read by its users at sign-in set-up, set by its admin (Settings locked on)",
  ],
  [
    /^\w+ \/careslot-payment-service\/api\/(v1\/invoices|v1\/invoiceaggregator\/|paymenttransactions\/invoice)/,
    'invoices and balances: the patient, their family and the practice that owns them (access table)',
  ],
  [
    /^\w+ \/careslot-clinical-service\//,
    "the patient's clinical record: the patient, their family and the practices caring for them (access table)",
  ],
  [
    /^GET \/\.well-known\/jwks\.json$/,
    "the SMART Health Card issuer's public keys: public by the format, for any verifier (decision 0097)",
  ],
  [
    /^GET \/fhir\/R4\//,
    'the FHIR R4 API: the same tokens and access policy as the record (a patient their own, a practice its relations)',
  ],
  [
    /^\w+ \/careslot-payment-service\/api\/v1\/(web\/|stripepayment\/|fortispayment\/|globalpayment\/|paypalpayment\/|payment-processor\/)/,
    "a patient's payments at booking and the refunds the cancellation rules make",
  ],
  [/^GET \/careslot-payment-service\/api\/paymenttransaction\/:id$/, 'a payment (access table)'],
  [
    /^GET \/careslot-payment-service\/api\/v1\/finance\//,
    "the financial super user's view of every practice",
  ],
  [
    /^POST \/careslot-appointment-service\/api\/v2\/Appointments$/,
    'booking: patients and guests book here; the calendar books on behalf through OfficeAppointments',
  ],
  [
    /^(GET|PATCH) \/careslot-appointment-service\/api\/v2\/Appointments\/:id$|^POST \/careslot-appointment-service\/api\/v2\/Appointments\/identifiers\/get$|^POST \/careslot-appointment-service\/api\/v1\/appointmentparticipants\/:id$/,
    'one appointment by id, for its patient and its practice (access table), from any page that shows it',
  ],
  [
    /^\w+ \/careslot-appointment-service\/api\/v2\/(Appointments\/providers\/|practice\/calendar-context)/,
    "the dashboards (a provider's counts, walk-in queue, hotlist; the practice's providers and facilities): no switch governs the dashboard (§6)",
  ],
  [
    /^\w+ \/careslot-notification\/api\/v1\/(otp-request|notification\/PatientSettings|InAppNotifications)/,
    "one-time codes, a patient's notification settings and the bell's notifications: every signed-in user's own",
  ],
  [
    /^GET \/careslot-notification\/api\/v1\/(emails|sms)$/,
    "the product's message texts, read by every signed-in user",
  ],
  // Shared reads: the practice's set-up as booking, the calendar and the settings all read it (no patient data).
  [
    /^(GET|POST) \/careslot-(administration|calendar)\/api\/v2\/[A-Za-z/]*(advance-search|\/:id|\/name|\/get-by-organization\/:orgId|\/:id\/(logo|banner|profile-picture|booking-settings))$|^GET \/careslot-administration\/api\/v2\/(organization|practitioner)$|^GET \/careslot-calendar\/api\/v2\/schedulesetting\/schedule\/:id$|^GET \/careslot-administration\/api\/v1\/web\/organizations\/:id$|^POST \/careslot-calendar\/api\/v2\/slot\//,
    "the practice's set-up as booking (patients and guests), the calendar and the settings all read it, and a patient's held slots: no patient data, no one feature's",
  ],
  [
    /^POST \/careslot-administration\/api\/v2\/web\/practice-users\/advance-search$/,
    "the practice's users, read by the calendar (book on behalf), requests and the settings alike",
  ],
  [
    /^\w+ \/careslot-reputation-service\/api\/v1\/patient-reviews\/appointments\//,
    "a patient's review of their own visit (access table)",
  ],
  [
    /^GET \/careslot-reputation-service\/api\/v1\/users\//,
    "the reputation site's look-up of a practice user",
  ],
  [
    /^POST \/careslot-reputation-service\/sign-on$/,
    "the embedded stand-in of the reputation site's sign-on page",
  ],
  // The practice admin's set-up: only practice admins (or super users) may call these, and the practice admin keeps
  // Settings locked on (FEATURE_LOCKED_ROLES), so no switch can refuse anyone who may call them.
  [
    /^\w+ \/careslot-administration\/api\/(v1\/(organizationsettings|practiceclinicalsettings|PatientPortalSettings)|v2\/(organization|location|healthcareservice|careteam|practitioner|practitionerrole))/,
    "the practice admin's set-up (admins only; Settings is locked on for them)",
  ],
  [
    /^\w+ \/careslot-calendar\/api\/v2\/(schedule|servicecategory|servicetype)/,
    "the practice admin's calendar set-up (admins only; Settings is locked on for them)",
  ],
  [
    /^\w+ \/careslot-resource-library\/api\/v1\/EntityInsurances\//,
    "the practice's accepted insurances: read by booking, set by its admin (Settings locked on)",
  ],
  [
    /^\w+ \/careslot-gateway\/(healthcareservice\/settings|organization\/organization-settings|market-place\/calendar\/add)/,
    "the practice admin's set-up of resources, settings and published calendars (admins only)",
  ],
  [
    /^\w+ \/careslot-notification\/api\/v1\/(practice-emails|practice-sms|emails\/practices|sms\/practices|notification\/OrganizationSettings|ReminderSettings)/,
    "the practice's message templates, notification and reminder settings: admins only (Settings locked on)",
  ],
  [
    /^\w+ \/careslot-access-control\//,
    'the switches themselves: any user of the practice reads them (the menus do), admins change them',
  ],
  [
    /^\w+ \/careslot-payment-service\/api\/(organizations|locations|entityconfigurations|payee-account|paymentgateways)/,
    "the practice's payment settings: admins (Settings locked on); a provider's own fee goes through entityconfigurations/upsert, which declares Settings",
  ],
  [
    /^\w+ \/careslot-marketplace\/api\/v1\/pageProfiles/,
    "the practice's and its providers' page profiles: admins and super users edit them",
  ],
  [
    /^\w+ \/careslot-reputation-service\/api\/v1\/(OrganizationSettings|LocationSettings|ProviderSettings|EntityConfiguration)/,
    "the review platforms' settings: admins only (Settings locked on)",
  ],
  [/^\w+ \/careslot-survey\/api\/v1\//, 'surveys: any other call'],
];

const key = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
const SWITCHABLE_ROLES: readonly PracticeRoleCode[] = ['staff', 'provider', 'practiceadmin'];

/** A role every declared feature governs and none keeps locked: switching them off refuses that role. */
function roleToRefuse(features: readonly FeatureCode[]): PracticeRoleCode {
  const role = SWITCHABLE_ROLES.find(
    (candidate) =>
      features.some(
        (feature) =>
          FEATURE_RULE_ROLES[feature].includes(candidate) &&
          !FEATURE_LOCKED_ROLES[feature].includes(candidate),
      ) &&
      features.every(
        (feature) =>
          !FEATURE_RULE_ROLES[feature].includes(candidate) ||
          !FEATURE_LOCKED_ROLES[feature].includes(candidate),
      ),
  );
  if (!role) throw new Error(`no role can lose ${features.join(', ')}`);
  return role;
}

describe('feature switches on every route', () => {
  let t: TestApp;
  let practice: TestPractice;
  let other: TestPractice;
  const users = {} as Record<PracticeRoleCode, TestPracticeUser>;
  let otherStaff: TestPracticeUser;

  beforeAll(async () => {
    t = await createTestApp();
    [practice, other] = [await createTestPractice(t), await createTestPractice(t)];
    users.staff = await createTestPracticeUser(t, practice, ['staff']);
    users.provider = await createTestPracticeUser(t, practice, ['provider']);
    users.practiceadmin = await createTestPracticeUser(t, practice, ['practiceadmin']);
    otherStaff = await createTestPracticeUser(t, other, ['staff']);
    // The practice switches off every feature it can for every role.
    const admin = await practiceAdmin(t, practice);
    const configurations = await t.call<{ Data: { Id: string; EntityId: string }[] }>({
      method: 'POST',
      url: '/careslot-access-control/api/v1/EntityConfigurations/get',
      headers: admin.headers,
      payload: { OrganizationId: practice.OrganizationId },
    });
    for (const row of configurations.json.Data) {
      const role = row.EntityId as PracticeRoleCode;
      const off = FEATURE_CODES.filter(
        (feature) =>
          FEATURE_RULE_ROLES[feature].includes(role) && !FEATURE_LOCKED_ROLES[feature].includes(role),
      ).map((ServiceCode) => ({ ServiceCode, Enabled: false }));
      const res = await t.call({
        method: 'PUT',
        url: `/careslot-access-control/api/v1/EntityConfigurations/${row.Id}`,
        headers: admin.headers,
        payload: { Services: off },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('every route declares its feature or is listed as feature-free with a reason', () => {
    const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD');
    const declared = routes.filter((route) => route.features.length > 0);
    const free = routes.filter((route) => route.features.length === 0);
    expect(declared.length).toBeGreaterThan(20);
    // Every switchable feature has routes.
    expect(FEATURE_CODES.filter((feature) => !declared.some((r) => r.features.includes(feature)))).toEqual(
      [],
    );
    expect(
      free.filter((route) => !FEATURE_FREE.some(([pattern]) => pattern.test(key(route)))).map(key),
    ).toEqual([]);
    // And each reason still names a route.
    expect(
      FEATURE_FREE.filter(([pattern]) => !free.some((route) => pattern.test(key(route)))).map(
        ([p]) => p.source,
      ),
    ).toEqual([]);
  });

  it('proves itself: a route without a feature or a reason is named', () => {
    const planted: RegisteredRoute = {
      method: 'POST',
      url: '/careslot-reports/api/v1/everything',
      features: [],
      schema: {},
    };
    expect(FEATURE_FREE.some(([pattern]) => pattern.test(key(planted)))).toBe(false);
  });

  it('answers the calendar search to staff whose calendar is on, and 403 once their practice switches it off', async () => {
    const search = (headers: Record<string, string>) =>
      t.call({
        method: 'POST',
        url: '/careslot-appointment-service/api/v2/appointments/advance-search',
        headers,
        payload: { From: '2030-01-01T00:00:00.000Z', To: '2030-01-02T00:00:00.000Z' },
      });
    expect((await search(otherStaff.headers)).statusCode).toBe(200);
    const refused = await search(users.staff.headers);
    expect(refused.statusCode, refused.body).toBe(403);
    const [audit] = await t.database.query<{ outcome: string; detail: { feature: string; reason: string } }>(
      `select outcome, detail from audit_events where entity_type = 'Feature' and actor_id = $1 order by id desc limit 1`,
      [users.staff.id],
    );
    expect(audit).toEqual({ outcome: 'denied', detail: { feature: 'calendar', reason: 'feature_off' } });
  });

  it('leaves a role the feature does not govern to the route (staff read surveys, which no switch gives them)', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/careslot-survey/api/v1/survey/organization/${practice.OrganizationId}`,
      headers: users.staff.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  // One test per route of a feature, generated from the route table.
  it('refuses every route of a switched-off feature (403) to a role whose switch is off', async () => {
    const declared = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && r.features.length > 0);
    const answers: string[] = [];
    for (const route of declared) {
      const role = roleToRefuse(route.features);
      const url = route.url.replace(/:[A-Za-z]+/g, () => randomUUID());
      const res = await t.call({
        method: route.method,
        url,
        headers: users[role].headers,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      answers.push(`${key(route)} as ${role} → ${res.statusCode}`);
    }
    expect(answers.filter((answer) => !answer.endsWith('→ 403'))).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
  });
});
