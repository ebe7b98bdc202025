import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_EHR_ACCOUNT, DEMO_PASSWORD, signInThroughPages } from './support/sign-in';
import { evidence } from './support/evidence';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a practitioner signs on with the token in the URL fragment and lands on their dashboard', async ({
  page,
}) => {
  const login = await page.request.post('/api/account/login', {
    data: { UserName: DEMO_ACCOUNTS.provider.email, Password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  await page.context().clearCookies();

  await page.goto(`/sso#token=${token}`);
  await page.waitForURL((url) => url.pathname === '/dashboard/doctor');
  await expect(page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.provider.name) })).toBeVisible();
});

test("/sso without a token says 'Token not found'", async ({ page }) => {
  await page.goto('/sso');
  await expect(page.getByRole('alert').filter({ hasText: 'Token not found' }).first()).toBeVisible();
});

test('the silent probe shows a guest the landing page, and signs a user with a realm session back in', async ({
  page,
}) => {
  // No realm session: prompt=none answers login_required, and the probed guest gets the landing page.
  // The app leaves these pages at once for the realm and back, so the waits stop at the navigation's commit
  // rather than at a load event the redirect may cut short.
  await page.goto('/dashboard/doctor', { waitUntil: 'commit' });
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });

  // A realm session (signed in before) without the product's stored login: the probe signs in silently.
  await signInThroughPages(page, 'staff');
  // Let the sign-in finish its landing before the stored login is taken away.
  await page.waitForURL((url) => url.pathname === '/dashboard/practice-staff');
  // ...and its calls (practice data, dashboard, notifications): one answered 401 for want of the stored login
  // would sign the user out of the realm too (§4.9). The practice data brings the Reputation Management link.
  await expect(
    page.getByRole('navigation', { name: 'Your menu' }).getByRole('link', { name: 'Reputation Management' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    localStorage.removeItem('login_response');
    sessionStorage.clear();
  });
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((c) => c.name !== 'SessionId'));
  await page.goto('/dashboard/practice-staff', { waitUntil: 'commit' });
  await page.waitForURL(/\/callback\?code=/, { waitUntil: 'commit' });
  await page.waitForURL((url) => url.pathname === '/dashboard/practice-staff', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.staff.name) })).toBeVisible();
});

test('with an appointmentid the provider joins the video visit as its Host, and the identity-provider identifier is added', async ({
  page,
}) => {
  const api = page.request;
  const login = async (email: string) =>
    (
      (await (
        await api.post('/api/account/login', { data: { UserName: email, Password: DEMO_PASSWORD } })
      ).json()) as {
        data: { access_token: string };
      }
    ).data.access_token;
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      careslot_id: string;
      PracticeId: string;
    };
  const patientToken = await login(DEMO_ACCOUNTS.patient.email);
  const providerToken = await login(DEMO_ACCOUNTS.provider.email);
  const patient = claimsOf(patientToken);
  const provider = claimsOf(providerToken);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  // A telehealth visit of the demo patient with the demo provider as its Host, booked through the API on a
  // video calendar the practice admin opens for her (a video visit needs a calendar that takes video, 0089).
  const adminToken = await login(DEMO_ACCOUNTS.admin.email);
  const schedules = await api.post('/careslot-calendar/api/v2/schedule/advance-search', {
    headers: auth(adminToken),
    data: { PractitionerId: provider.careslot_id },
  });
  const own = ((await schedules.json()) as { Data: { LocationId: string }[] }).Data[0]!;
  const created = await api.post('/careslot-calendar/api/v2/schedule', {
    headers: auth(adminToken),
    data: {
      Name: `Video ${Date.now().toString(36)}`,
      LocationId: own.LocationId,
      Actor: [{ Type: 'Practitioner', Id: provider.careslot_id }],
      VisitType: ['TeleHealth'],
      SlotMinutes: 30,
      Capacity: 1,
      PlanningHorizonDays: 14,
      WorkingHours: Array.from({ length: 7 }, (_, day) => ({ DayOfWeek: day, Start: '08:00', End: '18:00' })),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const scheduleIds = [((await created.json()) as { Id: string }).Id];
  const from = new Date(Date.now() + 2 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const search = await api.post('/careslot-calendar/api/v2/slot/advance-search', {
    data: {
      ScheduleIds: scheduleIds,
      // A video visit is booked on a calendar that takes video (decision 0089).
      VisitType: 'TeleHealth',
      StartDate: day(from),
      EndDate: day(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  // Other journeys book the demo patient too: a time at which they already have a visit would be a duplicate.
  const upcoming = await api.get('/careslot-appointment-service/api/v2/web/patient-appointments', {
    headers: auth(patientToken),
    params: { patientId: patient.careslot_id },
  });
  const booked = new Set(
    ((await upcoming.json()) as { Data: { StartTime: string }[] }).Data.map((a) => Date.parse(a.StartTime)),
  );
  const open = ((await search.json()) as { Data: { ScheduleId: string; Start: string }[] }).Data;
  const slot = open.filter((s) => !booked.has(Date.parse(s.Start))).at(-1)!;
  // The practice takes a visit fee: the sandbox test card authorizes it first, as the booking flow does.
  const PAY = '/careslot-payment-service/api';
  const card = await api.post(`${PAY}/v1/stripepayment/customers/payment-methods`, {
    headers: auth(patientToken),
    data: {
      PatientId: patient.careslot_id,
      Card: { Number: '4242424242424242', ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
    },
  });
  const fee = await api.post(`${PAY}/v1/stripepayment/invoices/payment-intent?amount=75`, {
    headers: auth(patientToken),
    data: {
      PatientId: patient.careslot_id,
      OrganizationId: provider.PracticeId,
      EntityType: 'Provider',
      EntityId: provider.careslot_id,
      Insured: false,
      PaymentMethodId: ((await card.json()) as { data: { Id: string } }).data.Id,
    },
  });
  expect(fee.status(), await fee.text()).toBe(200);
  const booking = await api.post('/careslot-appointment-service/api/v2/Appointments', {
    headers: auth(patientToken),
    data: {
      CalendarId: slot.ScheduleId,
      StartTime: new Date(slot.Start).toISOString(),
      AppointmentType: 'TeleHealth',
      Payments: [{ PaymentTransactionId: ((await fee.json()) as { data: { Id: string } }).data.Id }],
      Participants: [
        { Type: 'Patient', ParticipantId: patient.careslot_id },
        { Type: 'Host', ParticipantId: provider.careslot_id },
      ],
    },
  });
  expect(booking.status(), await booking.text()).toBe(200);
  const appointmentId = ((await booking.json()) as { data: string }).data;

  const byIdentifier = () =>
    api.get(
      `/careslot-administration/api/v2/practitioner?identifier=${encodeURIComponent(`IdentityProvider|${provider.sub}`)}`,
      {
        headers: auth(providerToken),
      },
    );
  await page.context().clearCookies();
  await page.goto(`/sso?appointmentid=${appointmentId}#token=${providerToken}`);
  await page.waitForURL((url) => url.pathname === '/meeting/device-management');
  const query = new URL(page.url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    mId: appointmentId,
    aptId: appointmentId,
    pId: provider.careslot_id,
    pType: 'Host',
    isGuestParticipant: 'false',
  });
  expect(
    await page.evaluate(() => [localStorage.getItem('showPopup'), localStorage.getItem('user_type')]),
  ).toEqual(['1', 'Practitioner']);
  // Step 5: the practitioner is now found by the identity-provider identifier.
  expect((await byIdentifier()).status()).toBe(200);
});

test('a legacy EHR sign-on finds the provider by the EHR identifier, resolves the practice and links the record', async ({
  page,
}) => {
  // The realm's own token of the demo EHR sign-in (docs/demo-accounts.md): an authorization code with PKCE S256,
  // the /callback it comes back to caught before the app's callback page handles it.
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = new URL('/callback', test.info().project.use.baseURL).toString();
  const query = new URLSearchParams({
    client_id: 'careslot_web_app',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'ehr-e2e',
  });
  // The browser's part of the flow, walked by the test's own request context (its own cookie jar).
  const realm = page.request;
  const started = await realm.get(`/realms/careslot/protocol/openid-connect/auth?${query.toString()}`, {
    maxRedirects: 0,
  });
  expect(started.status()).toBe(303);
  const formPath = started.headers().location!;
  const uid = /login-actions\/([^/?"]+)/.exec(formPath)![1]!;
  await realm.get(formPath);
  const submitted = await realm.post(`/realms/careslot/login-actions/${uid}/login`, {
    form: { username: DEMO_EHR_ACCOUNT.email, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(submitted.status()).toBe(303);
  const resumed = await realm.get(submitted.headers().location!, { maxRedirects: 0 });
  const code = new URL(resumed.headers().location!, redirectUri).searchParams.get('code');
  expect(code).toBeTruthy();
  const tokenAnswer = await page.request.post('/realms/careslot/protocol/openid-connect/token', {
    form: {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirectUri,
      client_id: 'careslot_web_app',
      code_verifier: verifier,
    },
  });
  expect(tokenAnswer.status(), await tokenAnswer.text()).toBe(200);
  // The realm's access token is opaque (single sign-on exchanges it); its claims ride in the ID token.
  const realmTokens = (await tokenAnswer.json()) as { access_token: string; id_token: string };
  const realmToken = realmTokens.access_token;
  const claims = JSON.parse(Buffer.from(realmTokens.id_token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    electronic_claim_id?: string;
    vendor_id?: string;
    PracticeId?: string;
    careslot_id?: string;
    given_name: string;
  };
  // A legacy EHR token: the EHR's claim, vendor and practice numbers.
  expect(claims).toMatchObject({ electronic_claim_id: '1001', vendor_id: '5001', PracticeId: '1001' });

  await page.context().clearCookies();
  await page.goto(`/sso#token=${realmToken}`);
  // Steps 2 and 4: found by '{EHR URL}/1001|Doctor-5001', practice 'Organization-1001' resolved, roles there: the
  // provider lands on their dashboard.
  await page.waitForURL((url) => url.pathname === '/dashboard/doctor');
  await expect(page.getByRole('button', { name: new RegExp(claims.given_name) })).toBeVisible();
  await evidence(page, { path: test.info().outputPath('ehr-dashboard.png') });

  // Step 5: the provider's record now holds the identity-provider identifier of the sign-in.
  const providerToken = (
    (await (
      await page.request.post('/api/account/login', {
        data: { UserName: DEMO_ACCOUNTS.provider.email, Password: DEMO_PASSWORD },
      })
    ).json()) as { data: { access_token: string } }
  ).data.access_token;
  const byIdentifier = await page.request.post(
    '/careslot-administration/api/v2/practitioner/advance-search',
    {
      headers: { authorization: `Bearer ${providerToken}` },
      data: { Identifier: [`IdentityProvider|${claims.sub}`], Limit: 1, Offset: 1 },
    },
  );
  const linked = (
    (await byIdentifier.json()) as { Data: { Identifier: { System: string; Value: string }[] }[] }
  ).Data;
  expect(linked).toHaveLength(1);
  expect(linked[0]!.Identifier).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ System: 'https://ehr.demo.careslot.health/1001', Value: 'Doctor-5001' }),
      expect.objectContaining({ System: 'IdentityProvider', Value: claims.sub }),
    ]),
  );
});
