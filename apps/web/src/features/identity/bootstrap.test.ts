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

/** Answers by path; records the paths asked in order. */
function serve(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      asked.push(path);
      return answers[path]?.() ?? Response.json({ status_code: 404, message: 'not found' }, { status: 404 });
    }),
  );
  return asked;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  setSession({ user: null, accessToken: null, isGuest: true });
  vi.unstubAllGlobals();
});

describe('startup (patient-booking.md §4.8): stored valid token, else already logged in, else a guest token', () => {
  it('uses a stored valid token without asking the server', async () => {
    const stored = token(PATIENT);
    localStorage.setItem(
      'login_response',
      JSON.stringify({ access_token: stored, expires_in: 3600, token_type: 'Bearer' }),
    );
    const asked = serve({});
    await bootstrapSession();
    expect(asked).toEqual([]);
    expect(getSession()).toMatchObject({ accessToken: stored, isGuest: false, user: { userId: 'pat-1' } });
  });

  it("asks 'already logged in' when the stored token has expired, and takes the token it answers", async () => {
    const expired = `${part({ alg: 'ES256' })}.${part({ ...PATIENT, exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
    localStorage.setItem(
      'login_response',
      JSON.stringify({ access_token: expired, expires_in: 3600, token_type: 'Bearer' }),
    );
    const fresh = token(PATIENT);
    const asked = serve({ '/api/account/is-already-loggedin': () => Response.json(answer(fresh)) });
    await bootstrapSession();
    expect(asked).toEqual(['/api/account/is-already-loggedin']);
    expect(getSession()).toMatchObject({ accessToken: fresh, isGuest: false });
  });

  it("gets a guest token when there is no session ('No record found', 204)", async () => {
    const guest = token({ sub: 'guest', guest: true, user_roles: [] });
    const asked = serve({
      '/api/account/is-already-loggedin': () => new Response(null, { status: 204 }),
      '/api/account/login/guest': () => Response.json(answer(guest)),
    });
    await bootstrapSession();
    expect(asked).toEqual(['/api/account/is-already-loggedin', '/api/account/login/guest']);
    expect(getSession()).toMatchObject({ accessToken: guest, isGuest: true, user: null });
  });
});

describe('what the browser keeps of a sign-in (decision 0034)', () => {
  it('stores the product token only: an ID token handed along is never written to storage', async () => {
    const { applyProductToken } = await import('./identityClient');
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
    expect(stored).toContain(product);
    expect(stored).not.toContain(idToken);
    expect(JSON.parse(localStorage.getItem('login_response')!)).toEqual({
      access_token: product,
      expires_in: 3600,
      token_type: 'Bearer',
      application_id: 'careslot_web_app',
    });
  });
});
