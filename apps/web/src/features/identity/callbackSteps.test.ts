import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '@careslot/contracts';
import type { RequestOptions } from '../../shared/api/client';
import {
  BOOKING_FORM_PATH,
  completeSignup,
  handOverGuestHolds,
  needsSignup,
  processAgreements,
  registrationCalls,
  SignupFailure,
  SLOT_HAND_OVER_PATH,
} from './callbackSteps';
import { INVITATION_KEY } from './identityClient';

interface Call {
  path: string;
  options: RequestOptions | undefined;
}

/** A stand-in for the API that answers by path and records every call in order. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const api = async <T>(path: string, options?: RequestOptions): Promise<T> => {
    calls.push({ path, options });
    const key = Object.keys(answers).find((k) => path.startsWith(k));
    const answer = key ? answers[key] : undefined;
    if (answer instanceof Error) throw answer;
    return answer as T;
  };
  return { api, calls };
}

const NEW_USER = {
  sub: 'acc-1',
  email: 'casey@example.com',
  given_name: 'Casey',
  family_name: 'Lee',
  gender: 'Female',
  dob: '1991-04-09',
  user_type: 'Patient',
  user_roles: ['patient'],
  eula_accepted: 'true',
  oha_accepted: 'false',
};
const SIGNED = {
  data: {
    access_token: 't2',
    expires_in: 3600,
    token_type: 'Bearer',
    application_id: 'careslot_web_app',
    PatientId: 'pat-1',
  },
};
const AGREEMENTS = [
  { Id: 'a-eula', Type: 'eula' },
  { Id: 'a-oha', Type: 'oha' },
];

beforeEach(() => sessionStorage.clear());

describe('completeSignup (patient-booking.md §4.8 steps 5-9)', () => {
  it('signs a new user up, turns SMS alerts on and answers the agreements from the token flags', async () => {
    const { api, calls } = fakeApi({
      [ACCOUNT_PATHS.signup]: SIGNED,
      [ACCOUNT_PATHS.patientSettings]: {},
      [ACCOUNT_PATHS.unsignedAgreements]: AGREEMENTS,
      [ACCOUNT_PATHS.userAgreement]: {},
    });
    const applied: string[] = [];
    const outcome = await completeSignup(
      NEW_USER,
      (token) => (applied.push(token.access_token), { ...NEW_USER, careslot_id: 'pat-1' }),
      api,
    );

    expect(applied).toEqual(['t2']);
    expect(outcome).toEqual({ token: SIGNED.data, redirect: null });
    expect(calls.map((c) => c.path)).toEqual([
      ACCOUNT_PATHS.signup,
      ACCOUNT_PATHS.patientSettings,
      ACCOUNT_PATHS.unsignedAgreements,
      ACCOUNT_PATHS.userAgreement,
      ACCOUNT_PATHS.userAgreement,
    ]);
    expect(calls[0]!.options?.body).toMatchObject({
      Name: [{ Given: ['Casey'], Family: 'Lee', Prefix: ['Mrs'] }],
      BirthDate: '1991-04-09',
      // The language they signed up in (issue 30, item 6).
      Communication: ['en'],
    });
    expect(calls[1]!.options?.body).toMatchObject({ PatientId: 'pat-1', SmsAlertsEnabled: true });
    expect(calls.slice(3).map((c) => c.options?.body)).toEqual([
      { AgreementId: 'a-eula', UserId: 'pat-1', Status: 'Accepted' },
      { AgreementId: 'a-oha', UserId: 'pat-1', Status: 'Declined' },
    ]);
  });

  it('sends a new user with a held slot to the booking form, keeping slot_info and slot_data for it', async () => {
    sessionStorage.setItem('slot_info', '{"SlotId":"s1"}');
    sessionStorage.setItem('slot_data', '{"slot":"s1"}');
    const { api } = fakeApi({ [ACCOUNT_PATHS.signup]: SIGNED, [ACCOUNT_PATHS.unsignedAgreements]: [] });
    const outcome = await completeSignup(NEW_USER, () => ({ ...NEW_USER, careslot_id: 'pat-1' }), api);
    expect(outcome.redirect).toBe(BOOKING_FORM_PATH);
    expect(sessionStorage.getItem('slot_info')).toBe('{"SlotId":"s1"}');
    expect(sessionStorage.getItem('slot_data')).toBe('{"slot":"s1"}');
  });

  it('sends an existing user with a held slot to the booking form too (step 5)', async () => {
    sessionStorage.setItem('slot_data', '{"slot":"s1"}');
    const { api, calls } = fakeApi({});
    const outcome = await completeSignup({ ...NEW_USER, careslot_id: 'pat-9' }, () => null, api);
    expect(outcome.redirect).toBe(BOOKING_FORM_PATH);
    expect(calls).toEqual([]);
  });

  it('builds an invited patient from the invitation and forgets the code afterwards', async () => {
    sessionStorage.setItem(INVITATION_KEY, 'inv-1');
    const invitation = {
      Id: 'inv-1',
      Name: [{ Given: ['Robin'], Family: 'Marsh' }],
      Telecom: [],
      BirthDate: '1985-02-11',
      Gender: 'Male',
      Address: {},
      Identifier: [],
      Practice: { Id: 'p' },
      Status: 'Pending',
      ExpiresAt: '',
    };
    const { api, calls } = fakeApi({
      [`${ACCOUNT_PATHS.invitation}/`]: { data: invitation },
      [ACCOUNT_PATHS.signup]: SIGNED,
      [ACCOUNT_PATHS.unsignedAgreements]: [],
    });
    await completeSignup(NEW_USER, () => ({ ...NEW_USER, careslot_id: 'pat-1' }), api);
    expect(calls[1]!.options?.body).toMatchObject({
      InvitationId: 'inv-1',
      Name: [{ Given: ['Robin'], Family: 'Marsh' }],
    });
    expect(sessionStorage.getItem(INVITATION_KEY)).toBeNull();
  });

  it('only logs an existing user in (with the slot hand-off), without sign-up', async () => {
    const { api, calls } = fakeApi({});
    const outcome = await completeSignup({ ...NEW_USER, careslot_id: 'pat-9' }, () => null, api);
    expect(outcome).toEqual({ token: null, redirect: null });
    expect(calls).toEqual([]);
  });

  it("fails with 'Signup failed.' when the sign-up call fails, so the callback can say so and go home", async () => {
    const { api } = fakeApi({ [ACCOUNT_PATHS.signup]: new Error('500') });
    const failure = await completeSignup(NEW_USER, () => null, api).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignupFailure);
    expect(failure).toMatchObject({ step: 'signup', message: 'Signup failed.' });
  });

  it("fails with 'User registration failed.' when the sign-up answers a token that makes no patient session", async () => {
    const { api, calls } = fakeApi({ [ACCOUNT_PATHS.signup]: SIGNED });
    for (const refreshed of [null, { ...NEW_USER }]) {
      const failure = await completeSignup(NEW_USER, () => refreshed, api).catch((error: unknown) => error);
      expect(failure).toMatchObject({ step: 'registration', message: 'User registration failed.' });
    }
    // Nothing is saved for a patient that does not exist.
    expect(calls.map((c) => c.path)).toEqual([ACCOUNT_PATHS.signup, ACCOUNT_PATHS.signup]);
  });

  it("says 'Failed to set timezone.' when the notification settings cannot be saved, and still finishes the sign-up", async () => {
    const { api, calls } = fakeApi({
      [ACCOUNT_PATHS.signup]: SIGNED,
      [ACCOUNT_PATHS.patientSettings]: new Error('503'),
      [ACCOUNT_PATHS.unsignedAgreements]: AGREEMENTS,
      [ACCOUNT_PATHS.userAgreement]: {},
    });
    const outcome = await completeSignup(NEW_USER, () => ({ ...NEW_USER, careslot_id: 'pat-1' }), api);
    expect(outcome).toMatchObject({ token: SIGNED.data, timezoneFailed: true });
    expect(calls.filter((c) => c.path === ACCOUNT_PATHS.userAgreement)).toHaveLength(2);
  });
});

describe('processAgreements', () => {
  it('ignores agreement failures (§8) and does nothing without a product user id', async () => {
    const failing = fakeApi({ [ACCOUNT_PATHS.unsignedAgreements]: new Error('down') });
    await expect(processAgreements({ careslot_id: 'x' }, failing.api)).resolves.toBeUndefined();
    const none = fakeApi({});
    await processAgreements({}, none.api);
    expect(none.calls).toEqual([]);
  });
});

describe('handOverGuestHolds (§4.8 pending slot hand-off)', () => {
  beforeEach(() => sessionStorage.clear());

  it("hands the guest session's holds over, proved by the guest token, when a slot is pending", async () => {
    sessionStorage.setItem('slot_data', '{}');
    const { api, calls } = fakeApi({ [SLOT_HAND_OVER_PATH]: { HandedOver: 1 } });
    expect(await handOverGuestHolds('guest-token', api)).toBe('handed');
    expect(calls).toEqual([
      { path: SLOT_HAND_OVER_PATH, options: { method: 'POST', body: { GuestToken: 'guest-token' } } },
    ]);
  });

  it('calls nothing without a pending slot or without a guest token', async () => {
    const { api, calls } = fakeApi({});
    await handOverGuestHolds('guest-token', api);
    sessionStorage.setItem('slot_info', '{}');
    await handOverGuestHolds(null, api);
    expect(calls).toEqual([]);
  });

  it("ignores a failed hand-over (the booking's slot check decides later)", async () => {
    sessionStorage.setItem('slot_data', '{}');
    const { api } = fakeApi({ [SLOT_HAND_OVER_PATH]: new Error('400') });
    await expect(handOverGuestHolds('expired', api)).resolves.toBe('unknown');
  });

  it('says the time was not handed over when the server moved nothing (the hold limit, issue 30)', async () => {
    sessionStorage.setItem('slot_data', '{}');
    const { api } = fakeApi({ [SLOT_HAND_OVER_PATH]: { HandedOver: 0 } });
    expect(await handOverGuestHolds('guest-token', api)).toBe('refused');
  });
});

describe('a registration before its session', () => {
  it('is needed for a patient the product does not know yet, not for a known patient, a practitioner or a super user', () => {
    expect(needsSignup(NEW_USER)).toBe(true);
    expect(needsSignup({ ...NEW_USER, careslot_id: 'pat-1' })).toBe(false);
    expect(needsSignup({ ...NEW_USER, user_type: 'Practitioner', user_roles: ['provider'] })).toBe(false);
    expect(needsSignup({ ...NEW_USER, user_type: 'Admin', user_roles: ['superuser'] })).toBe(false);
  });

  it("sends the sign-in's token with each sign-up call until the refreshed token is the session's", async () => {
    const { api, calls } = fakeApi({
      [ACCOUNT_PATHS.signup]: SIGNED,
      [ACCOUNT_PATHS.patientSettings]: {},
      [ACCOUNT_PATHS.unsignedAgreements]: [],
    });
    const registration = registrationCalls('t1', api);
    await completeSignup(
      NEW_USER,
      () => (registration.done(), { ...NEW_USER, careslot_id: 'pat-1' }),
      registration.api,
    );

    expect(calls.map((c) => [c.path, c.options?.token])).toEqual([
      [ACCOUNT_PATHS.signup, 't1'],
      [ACCOUNT_PATHS.patientSettings, undefined],
      [ACCOUNT_PATHS.unsignedAgreements, undefined],
    ]);
  });
});
