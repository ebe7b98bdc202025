// fresh-modules: a refused sign-in schedules a logout that outlives the test (apps/web/test-projects.ts).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { setSession } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { CallbackPage } from './CallbackPage';
import { SsoPage } from './SsoPage';

let serial = 0;
/** A JWT-shaped token with these claims (the pages only decode it; the server checks signatures); each one differs. */
function token(claims: Record<string, unknown>) {
  serial += 1;
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, jti: `t-${serial}`, ...claims })}.signature`;
}

const PRACTITIONER = {
  sub: 'sub-1',
  email: 'olivia@example.com',
  name: 'Olivia Bennett',
  user_roles: ['provider'],
  user_type: 'Practitioner',
  careslot_id: 'pr-1',
  PracticeId: 'org-1',
};
const CONFIG = {
  productName: 'CareSlot',
  landingEnabled: true,
  calendarDisabled: false,
  supportEmail: 'support@careslot.health',
  languages: ['en'],
  ehrSystemUrl: 'https://ehr.example.test',
  oidc: { issuer: 'http://x/realms/careslot', clientId: 'careslot_web_app', scope: 'openid profile email' },
  social: null,
};

/** Answers the API by path: a Response, or a status code for an error envelope. */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      const key = Object.keys(answers)
        .filter((k) => path.startsWith(k))
        .sort((a, b) => b.length - a.length)[0];
      const answer = key === undefined ? 404 : answers[key];
      if (typeof answer === 'number')
        return Response.json({ status_code: answer, message: 'failed' }, { status: answer });
      return Response.json(answer);
    }),
  );
}

const PRODUCT = (claims: Record<string, unknown>) => ({
  status_code: 200,
  message: 'OK',
  data: {
    access_token: token(claims),
    expires_in: 3600,
    token_type: 'Bearer',
    application_id: 'careslot_web_app',
  },
});
const ADMIN = '/careslot-administration/api/v2';

function renderPage(path: string, url: string, page: React.ReactElement) {
  window.history.replaceState(null, '', url);
  return renderRoute(
    <>
      <Notifications />
      {page}
    </>,
    { path, url: url.split('#')[0] },
  );
}

beforeAll(() => setupI18n(['common', 'identity']));
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  setSession({ user: null, accessToken: null, isGuest: true });
  vi.unstubAllGlobals();
});

describe('§8 "Sign-in and account" messages on the single sign-on page', () => {
  it("says 'Practitioner not found' when no practitioner holds the token's identifiers", async () => {
    serve({
      '/api/app-config': CONFIG,
      [`${ADMIN}/practitioner/advance-search`]: { Data: [], Total: 0 },
      [`${ADMIN}/practitioner/`]: 404,
    });
    renderPage('/sso', `/sso#token=${token(PRACTITIONER)}`, <SsoPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Practitioner not found');
  });

  it("says 'Something went wrong during login.' to a practitioner without a practitioner role", async () => {
    serve({
      '/api/app-config': CONFIG,
      [`${ADMIN}/practitioner/advance-search`]: { Data: [{ Id: 'pr-1', Identifier: [] }], Total: 1 },
      [`${ADMIN}/practitionerrole/advance-search`]: { Data: [], Total: 0 },
    });
    renderPage('/sso', `/sso#token=${token(PRACTITIONER)}`, <SsoPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong during login.');
  });

  it("says 'Invalid Username or password' when the token cannot be exchanged", async () => {
    serve({ '/api/app-config': CONFIG, '/api/account/exchange-token': 401 });
    renderPage('/sso', `/sso#token=opaque-realm-token-${serial++}`, <SsoPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Username or password');
  });
});

describe('§8 "Sign-in and account" messages on the identity-provider callback', () => {
  const signInWith = (answers: Record<string, unknown>) => {
    sessionStorage.setItem('code_verifier', 'verifier');
    sessionStorage.setItem('oauth_state', 'state-1');
    serve({
      '/api/app-config': CONFIG,
      '/careslot-identity/api/openid-connect/token': { access_token: 'realm-token', id_token: 'id' },
      '/api/account/exchange-token': PRODUCT(PRACTITIONER),
      ...answers,
    });
    // Each test its own code: the page runs one exchange per code.
    serial += 1;
    renderPage('/callback', `/callback?code=c-${serial}&state=state-1`, <CallbackPage />);
  };

  it('refuses a practitioner without a practitioner role with the explicit message', async () => {
    signInWith({
      [`${ADMIN}/practitioner/advance-search`]: { Data: [{ Id: 'pr-1' }], Total: 1 },
      [`${ADMIN}/practitionerrole/advance-search`]: { Data: [], Total: 0 },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You’ve signed in successfully, but your account doesn’t have the required role or permissions to access this system. Please contact your administrator to request access.',
    );
  });

  it("says 'Something went wrong while retrieving practitioner roles.' when the roles cannot be read", async () => {
    signInWith({
      [`${ADMIN}/practitioner/advance-search`]: { Data: [{ Id: 'pr-1' }], Total: 1 },
      [`${ADMIN}/practitionerrole/advance-search`]: 500,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while retrieving practitioner roles.',
    );
  });

  it("greets a practitioner with 'User Logged in successfully'", async () => {
    signInWith({
      [`${ADMIN}/practitioner/advance-search`]: { Data: [{ Id: 'pr-1' }], Total: 1 },
      [`${ADMIN}/practitionerrole/advance-search`]: { Data: [{ Id: 'r-1' }], Total: 1 },
    });
    expect(await screen.findByText('User Logged in successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/doctor');
  });
});
