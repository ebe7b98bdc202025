import { beforeEach, describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../shared/api/client';
import { practitionerSso, type SsoDeps } from './sso';

const EHR = 'https://ehr.example.test';
const PROVIDER = {
  sub: 'sub-1',
  careslot_id: 'pr-1',
  user_roles: ['provider'],
  user_type: 'Practitioner',
  PracticeId: 'org-1',
};

function deps(
  answers: Record<string, unknown>,
  claims: Record<string, unknown> | null = PROVIDER,
): SsoDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    api: async <T>(path: string, options?: RequestOptions) => {
      calls.push(`${options?.method ?? 'GET'} ${path}`);
      const key = Object.keys(answers).find((k) => path.startsWith(k));
      const answer = key ? answers[key] : undefined;
      if (answer === undefined || answer instanceof Error) throw answer ?? new Error('404');
      return answer as T;
    },
    decode: () => claims,
    ehrSystemUrl: EHR,
    apply: () => true,
  };
}

const PRACTITIONER = '/careslot-administration/api/v2/practitioner';
const ROLES = '/careslot-administration/api/v2/practitionerrole/advance-search';
const APPOINTMENT = '/careslot-appointment-service/api/v2/Appointments/';

beforeEach(() => localStorage.clear());

describe('practitioner single sign-on (§4.8)', () => {
  it("says 'Token not found' without a fragment token", async () => {
    expect(await practitionerSso(null, null, deps({}))).toEqual({ ok: false, failure: 'tokenNotFound' });
  });

  it("says 'Practitioner not found' when nobody holds the identifier", async () => {
    expect(await practitionerSso('t', null, deps({}))).toEqual({
      ok: false,
      failure: 'practitionerNotFound',
    });
  });

  it('refuses a practitioner without a role in the practice', async () => {
    const d = deps({ [ROLES]: { Data: [] }, [PRACTITIONER]: { Id: 'pr-1' } });
    expect(await practitionerSso('t', null, d)).toEqual({ ok: false, failure: 'loginFailed' });
  });

  it('sends a provider to their dashboard without an appointment', async () => {
    const d = deps({ [ROLES]: { Data: [{ Id: 'r' }] }, [PRACTITIONER]: { Id: 'pr-1' } });
    expect(await practitionerSso('t', null, d)).toEqual({ ok: true, to: '/dashboard/doctor' });
  });

  it('opens the video meeting as Host for a provider with an appointment id', async () => {
    const d = deps({
      [ROLES]: { Data: [{ Id: 'r' }] },
      [APPOINTMENT]: {
        is_success: true,
        data: {
          Id: 'apt-9',
          VirtualServiceDetail: { MeetingId: 'm-3' },
          Participants: [
            { Type: 'Patient', ParticipantId: 'pa-1' },
            { Type: 'Host', ParticipantId: 'pr-1' },
          ],
        },
      },
      [PRACTITIONER]: { Id: 'pr-1', Identifier: [{ System: 'IdentityProvider', Value: 'sub-1' }] },
    });
    const outcome = await practitionerSso('t', 'apt-9', d);
    expect(outcome).toEqual({
      ok: true,
      to: '/meeting/device-management?mId=m-3&aptId=apt-9&pId=pr-1&pType=Host&isGuestParticipant=false',
    });
    expect(localStorage.getItem('showPopup')).toBe('1');
    expect(localStorage.getItem('user_type')).toBe('Practitioner');
    // Already linked: no practitioner update.
    expect(d.calls.some((c) => c.includes('practitioner/update'))).toBe(false);
  });

  it('joins as Staff when the practitioner is not a provider', async () => {
    const d = deps(
      {
        [ROLES]: { Data: [{ Id: 'r' }] },
        [APPOINTMENT]: {
          data: {
            Id: 'apt-9',
            VirtualServiceDetail: { MeetingId: null },
            Participants: [
              { Type: 'Host', ParticipantId: 'pr-1' },
              { Type: 'Staff', ParticipantId: 'st-1' },
            ],
          },
        },
        [PRACTITIONER]: { Id: 'st-1', Identifier: [] },
        '/careslot-administration/api/v1/account/practitioner/update': { data: {} },
      },
      { ...PROVIDER, careslot_id: 'st-1', user_roles: ['staff'] },
    );
    expect(await practitionerSso('t', 'apt-9', d)).toEqual({
      ok: true,
      to: '/meeting/device-management?mId=apt-9&aptId=apt-9&pId=st-1&pType=Staff&isGuestParticipant=false',
    });
  });

  it("logs 'Participant not found' and lands on the dashboard when the appointment has no such participant", async () => {
    const logged: string[] = [];
    const d = deps({
      [ROLES]: { Data: [{ Id: 'r' }] },
      [APPOINTMENT]: { data: { Id: 'apt-9', Participants: [{ Type: 'Patient', ParticipantId: 'pa-1' }] } },
      [PRACTITIONER]: { Id: 'pr-1', Identifier: [] },
      '/careslot-administration/api/v1/account/practitioner/update': { data: {} },
    });
    d.log = (message) => logged.push(message);
    expect(await practitionerSso('t', 'apt-9', d)).toEqual({ ok: true, to: '/dashboard/doctor' });
    expect(logged).toEqual(['Participant not found']);
  });

  it('adds the identity-provider identifier to a practitioner who lacks it (step 5)', async () => {
    const d = deps({
      [ROLES]: { Data: [{ Id: 'r' }] },
      [PRACTITIONER]: { Id: 'pr-1', Identifier: [{ System: 'https://ehr.example', Value: 'Doctor-7' }] },
      '/careslot-administration/api/v1/account/practitioner/update': { data: {} },
    });
    expect(await practitionerSso('t', null, d)).toEqual({ ok: true, to: '/dashboard/doctor' });
    expect(d.calls).toContain('POST /careslot-administration/api/v1/account/practitioner/update');
  });

  it('exchanges a realm token without a careslot_id for a product token first', async () => {
    let decoded = 0;
    const d = deps({
      '/api/account/exchange-token': {
        data: { access_token: 'product', expires_in: 3600, token_type: 'Bearer', application_id: 'a' },
      },
      [ROLES]: { Data: [{ Id: 'r' }] },
      [PRACTITIONER]: { Id: 'pr-1' },
    });
    d.decode = () => (decoded++ === 0 ? null : PROVIDER);
    expect(await practitionerSso('opaque', null, d)).toEqual({ ok: true, to: '/dashboard/doctor' });
    expect(d.calls[0]).toBe('POST /api/account/exchange-token');
  });

  it('finds a legacy EHR practitioner by the legacy identifier, links them, and takes a product token that carries their id', async () => {
    // The realm token of an EHR sign-on: no product id, the EHR's claim and vendor ids.
    const ehrClaims = {
      sub: 'sub-7',
      user_roles: ['staff'],
      user_type: 'Practitioner',
      electronic_claim_id: '1001',
      vendor_id: '6001',
    };
    const linkedClaims = { ...ehrClaims, careslot_id: 'st-7' };
    const bodies: Record<string, unknown[]> = {};
    let exchanges = 0;
    let applied: string[] = [];
    const d: SsoDeps = {
      ehrSystemUrl: EHR,
      decode: (token) => (token === 'product-1' ? ehrClaims : token === 'product-2' ? linkedClaims : null),
      apply: (login) => (applied = [...applied, login.access_token]).length > 0,
      api: async <T>(path: string, options?: RequestOptions) => {
        (bodies[path] ??= []).push(options?.body);
        const answer: unknown =
          path === '/api/account/exchange-token'
            ? {
                data: {
                  access_token: `product-${++exchanges}`,
                  expires_in: 3600,
                  token_type: 'Bearer',
                  application_id: 'a',
                },
              }
            : path === `${PRACTITIONER}/advance-search`
              ? {
                  Data: [{ Id: 'st-7', Identifier: [{ System: `${EHR}/1001`, Value: 'Practitioner-6001' }] }],
                }
              : path === ROLES
                ? { Data: [{ Id: 'r' }] }
                : path === '/careslot-administration/api/v1/account/practitioner/update'
                  ? { data: {} }
                  : undefined;
        if (answer === undefined) throw new Error(`404 ${path}`);
        return answer as T;
      },
    };
    expect(await practitionerSso('realm-token', null, d)).toEqual({
      ok: true,
      to: '/dashboard/practice-staff',
    });
    // Step 2: by identifiers, the identity provider's and the legacy one ('Practitioner' prefix for staff).
    expect(bodies[`${PRACTITIONER}/advance-search`]).toEqual([
      { Identifier: ['IdentityProvider|sub-7', `${EHR}/1001|Practitioner-6001`], Limit: 1, Offset: 1 },
    ]);
    expect(bodies[ROLES]).toEqual([{ PractitionerId: 'st-7' }]);
    // Step 5: the identity-provider identifier is added; the sign-in, now linked, gets a token with its id.
    expect(bodies['/careslot-administration/api/v1/account/practitioner/update']).toEqual([
      expect.objectContaining({ Id: 'st-7', Identifier: [{ System: 'IdentityProvider', Value: 'sub-7' }] }),
    ]);
    expect(applied).toEqual(['product-1', 'product-2']);
  });

  it("says 'Practitioner not found' when neither identifier nor the product id names anybody", async () => {
    const d = deps(
      { [`${PRACTITIONER}/advance-search`]: { Data: [] } },
      { ...PROVIDER, careslot_id: undefined, electronic_claim_id: '1001', vendor_id: '1' },
    );
    d.decode = (token) =>
      token === 'product'
        ? {
            sub: 'sub-1',
            user_roles: ['provider'],
            user_type: 'Practitioner',
            electronic_claim_id: '1001',
            vendor_id: '1',
          }
        : null;
    const answers = d.api;
    d.api = async <T>(path: string, options?: RequestOptions) =>
      path === '/api/account/exchange-token'
        ? ({
            data: { access_token: 'product', expires_in: 3600, token_type: 'Bearer', application_id: 'a' },
          } as T)
        : answers<T>(path, options);
    expect(await practitionerSso('realm-token', null, d)).toEqual({
      ok: false,
      failure: 'practitionerNotFound',
    });
    expect(d.calls).toEqual([`POST ${PRACTITIONER}/advance-search`]);
  });

  describe('step 4 for a legacy EHR sign-in (PracticeId is the EHR practice number, decision 0021)', () => {
    const ORGANIZATIONS = '/careslot-administration/api/v2/organization/advance-search';
    const legacy = { ...PROVIDER, electronic_claim_id: '1001', vendor_id: '5001', PracticeId: '1001' };
    const run = (organizations: unknown) => {
      const bodies: Record<string, unknown[]> = {};
      const organizationsSet: string[] = [];
      const d = deps(
        {
          [ROLES]: { Data: [{ Id: 'r' }] },
          [ORGANIZATIONS]: organizations,
          [PRACTITIONER]: {
            Data: [{ Id: 'pr-1', Identifier: [{ System: 'IdentityProvider', Value: 'sub-1' }] }],
          },
        },
        legacy,
      );
      const api = d.api;
      d.api = async <T>(path: string, options?: RequestOptions) => {
        (bodies[path] ??= []).push(options?.body);
        return api<T>(path, options);
      };
      d.setOrganization = (id) => organizationsSet.push(id);
      return { d, bodies, organizationsSet };
    };

    it("resolves the organization by '{EHR URL}/{electronic_claim_id}|Organization-{PracticeId}', then the roles there", async () => {
      const { d, bodies, organizationsSet } = run({ Data: [{ Id: 'org-uuid-1' }] });
      expect(await practitionerSso('t', null, d)).toEqual({ ok: true, to: '/dashboard/doctor' });
      expect(bodies[ORGANIZATIONS]).toEqual([
        { Identifier: [`${EHR}/1001|Organization-1001`], Limit: 1, Offset: 1 },
      ]);
      expect(bodies[ROLES]).toEqual([{ PractitionerId: 'pr-1', OrganizationId: 'org-uuid-1' }]);
      // The session's practice becomes the product organization.
      expect(organizationsSet).toEqual(['org-uuid-1']);
    });

    it('stops with the roles error when no organization holds the identifier, without asking for roles', async () => {
      const { d, bodies, organizationsSet } = run({ Data: [] });
      expect(await practitionerSso('t', null, d)).toEqual({ ok: false, failure: 'loginFailed' });
      expect(bodies[ROLES]).toBeUndefined();
      expect(organizationsSet).toEqual([]);
    });

    it('keeps a token without electronic_claim_id on its own PracticeId (no organization look-up)', async () => {
      const bodies: Record<string, unknown[]> = {};
      const d = deps({ [ROLES]: { Data: [{ Id: 'r' }] }, [PRACTITIONER]: { Id: 'pr-1' } });
      const api = d.api;
      d.api = async <T>(path: string, options?: RequestOptions) => {
        (bodies[path] ??= []).push(options?.body);
        return api<T>(path, options);
      };
      expect(await practitionerSso('t', null, d)).toEqual({ ok: true, to: '/dashboard/doctor' });
      expect(bodies[ORGANIZATIONS]).toBeUndefined();
      expect(bodies[ROLES]).toEqual([{ PractitionerId: 'pr-1', OrganizationId: 'org-1' }]);
    });
  });
});
