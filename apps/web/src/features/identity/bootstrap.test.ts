import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../shared/session/session';
import { bootstrapSession } from './identityClient';

const part = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A JWT-shaped token with these claims (startup only decodes it; the server checks signatures). */
const token = (claims: Record<string, unknown>) =>
  `${part({ alg: 'ES256' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.sig`;
const PATIENT = {
  sub: 's-1',
  email: 'jordan@example.com',
  name: 'Jordan Ellis',
  user_roles: ['patient'],
  user_type: 'Patient',
  careslot_id: 'pat-1',
};
const answer = (access_token: string) => ({
  status_code: 200,
  message: 'OK',
  data: { access_token, expires_in: 3600, token_type: 'Bearer', application_id: 'careslot_web_app' },
});

/** Answers by path; records the paths asked in order, and the headers of each call. */
function serve(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const headers: Record<string, Record<string, string>> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      asked.push(path);
      headers[path] = { ...(init?.headers as Record<string, string> | undefined) };
      return answers[path]?.() ?? Response.json({ status_code: 404, message: 'not found' }, { status: 404 });
    }),
  );
  return Object.assign(asked, { headers });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  setSession({ user: null, accessToken: null, isGuest: true });
  vi.unstubAllGlobals();
});

describe("startup (patient-booking.md §4.8, decision 0107): 'already logged in' through the cookie, else a guest token", () => {
  it("drops a token an earlier version left in web storage and asks 'already logged in' with the CSRF header", async () => {
    const left = token(PATIENT);
    localStorage.setItem(
      'login_response',
      JSON.stringify({ access_token: left, expires_in: 3600, token_type: 'Bearer' }),
    );
    sessionStorage.setItem('careslot_token', left);
    const fresh = token(PATIENT);
    const asked = serve({ '/api/account/is-already-loggedin': () => Response.json(answer(fresh)) });
    await bootstrapSession();
    expect([...asked]).toEqual(['/api/account/is-already-loggedin']);
    expect(asked.headers['/api/account/is-already-loggedin']).toMatchObject({ 'X-CSRF-Protection': '1' });
    expect(getSession()).toMatchObject({ accessToken: fresh, isGuest: false, user: { userId: 'pat-1' } });
    expect(localStorage.getItem('login_response')).toBeNull();
    expect(sessionStorage.getItem('careslot_token')).toBeNull();
  });

  it("gets a guest token when there is no session ('No record found', 204)", async () => {
    const guest = token({ sub: 'guest', guest: true, user_roles: [] });
    const asked = serve({
      '/api/account/is-already-loggedin': () => new Response(null, { status: 204 }),
      '/api/account/login/guest': () => Response.json(answer(guest)),
    });
    await bootstrapSession();
    expect([...asked]).toEqual(['/api/account/is-already-loggedin', '/api/account/login/guest']);
    expect(getSession()).toMatchObject({ accessToken: guest, isGuest: true, user: null });
  });
});

describe('what the browser keeps of a sign-in (decisions 0034, 0107)', () => {
  it('keeps the product token in memory only: no token in web storage, and sign-out forgets it', async () => {
    const { applyProductToken, hasValidStoredLogin, signOut } = await import('./identityClient');
    const product = token(PATIENT);
    const idToken = token({ ...PATIENT, dob: '1990-05-01', mobile_number: '2125550147' });
    const login = {
      access_token: product,
      expires_in: 3600,
      token_type: 'Bearer',
      application_id: 'careslot_web_app',
      id_token: idToken,
    };
    expect(applyProductToken(login)).toBe(true);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain(product);
    expect(stored).not.toContain(idToken);
    expect(getSession()).toMatchObject({ accessToken: product, isGuest: false });
    expect(hasValidStoredLogin()).toBe(true);

    const guest = token({ sub: 'guest', guest: true, user_roles: [] });
    const asked = serve({
      '/api/account/logout': () => Response.json({ status_code: '200', message: 'OK' }),
      '/api/account/login/guest': () => Response.json(answer(guest)),
    });
    await signOut(undefined);
    expect(asked).toContain('/api/account/logout');
    expect(asked.headers['/api/account/logout']).toMatchObject({ 'X-CSRF-Protection': '1' });
    expect(hasValidStoredLogin()).toBe(false);
    expect(getSession()).toMatchObject({ accessToken: guest, isGuest: true, user: null });
  });
});
