import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { getHeaderState, setHeaderState } from '../../shared/navigation/headerState';
import { setLogoutHandler } from '../../shared/session/authActions';
import { setSession, type SessionUser } from '../../shared/session/session';
import { Providers, renderRoute, setupI18n } from '../../testing/render';
import { Header } from './Header';

const patient: SessionUser = {
  userId: 'p-1',
  identityProviderId: 'sub-1',
  name: 'Ana Ruiz',
  email: 'ana.ruiz@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  preferredName: null,
  gender: 'F',
  userType: 'Patient',
  roles: ['patient'],
  organizationId: null,
  photos: [],
};

function withHeader(url = '/') {
  const path = url.split('?')[0]!;
  return renderRoute(
    <>
      <Header />
      <Link to="/provider-search">elsewhere</Link>
    </>,
    { path, url },
  );
}

beforeAll(() => setupI18n());
afterEach(async () => {
  setSession({ user: null, accessToken: null, isGuest: true });
  setLogoutHandler(null);
  setHeaderState({
    notificationCount: 0,
    requestCount: 0,
    patientsInProviderQueue: 0,
    reputationEnabled: false,
  });
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('Header language widget', () => {
  it('switches the interface language, sets <html lang> and remembers the choice', async () => {
    withHeader();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const options = screen.getAllByRole('button').filter((b) => b.hasAttribute('lang'));
    expect(options.map((o) => o.textContent)).toEqual([
      'ESEspañol',
      'ENEnglish',
      'ZH简体中文',
      'VITiếng Việt',
      'KO한국어',
      'JA日本語',
    ]);

    await userEvent.click(screen.getByRole('button', { name: /日本語/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: '新規登録' })).toBeInTheDocument());
    expect(document.documentElement.lang).toBe('ja');
    expect(localStorage.getItem('careslot_language')).toBe('ja');
    // The menu closes once a language is chosen.
    expect(screen.queryByRole('button', { name: /Español/ })).not.toBeInTheDocument();
  });

  it('offers every language in turn and shows its code on the button', async () => {
    withHeader();
    for (const [endonym, code] of [
      ['Español', 'ES'],
      ['Tiếng Việt', 'VI'],
      ['한국어', 'KO'],
      ['简体中文', 'ZH'],
      ['English', 'EN'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name: /^(Language|Idioma|Ngôn ngữ|언어|语言)/ }));
      await userEvent.click(screen.getByRole('button', { name: new RegExp(endonym!) }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: new RegExp(endonym!) })).toHaveTextContent(code!),
      );
    }
  });
});

describe('Header for a visitor', () => {
  it('shows About Us, For Doctors, Login and Sign Up, with the logo leading to /', () => {
    withHeader();
    expect(screen.getByRole('link', { name: 'CareSlot home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    expect(screen.getByRole('link', { name: 'For Doctors' })).toHaveAttribute('href', '/?section=home');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('hides Login where the page handles sign-in itself', () => {
    withHeader('/vaccine-passport');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('Login clears the held slot and goes to the login route', async () => {
    sessionStorage.setItem('slot_data', '{"calendarId":"c1"}');
    withHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('slot_data')).toBeNull();
  });

  it('Sign Up clears the held slot and starts new-account creation', async () => {
    sessionStorage.setItem('slot_data', '{"calendarId":"c1"}');
    withHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/activation-code-question');
    expect(sessionStorage.getItem('slot_data')).toBeNull();
  });
});

describe('Header for a signed-in user', () => {
  it('shows initials and a dropdown with name, e-mail, My Dashboard and Logout instead of Login', async () => {
    setSession({ user: patient, accessToken: 't', isGuest: false });
    withHeader();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CareSlot home' })).toHaveAttribute('href', '/portal');
    const trigger = screen.getByRole('button', { name: 'Account menu for Ana Ruiz' });
    expect(trigger).toHaveTextContent('AR');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('ana.ruiz@example.com')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/portal');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Logout runs the registered sign-out, then goes home', async () => {
    setSession({ user: patient, accessToken: 't', isGuest: false });
    let signedOut = false;
    setLogoutHandler(async () => {
      signedOut = true;
      setSession({ user: null, accessToken: null, isGuest: true });
    });
    withHeader('/provider-search');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ana Ruiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(signedOut).toBe(true);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('closes its menu on navigation and on Escape', async () => {
    setSession({ user: patient, accessToken: 't', isGuest: false });
    const { router } = withHeader();
    const trigger = screen.getByRole('button', { name: 'Account menu for Ana Ruiz' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();

    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await act(() => router.navigate('/'));
    expect(screen.getByRole('button', { name: 'Account menu for Ana Ruiz' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes the account menu as soon as My Dashboard is chosen, while the portal is still loading', async () => {
    setSession({ user: patient, accessToken: 't', isGuest: false });
    // The portal's code that never arrives: the router keeps the previous page (a transition) meanwhile.
    const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Header />
              <Suspense fallback={<p>loading</p>}>
                <Outlet />
              </Suspense>
            </>
          ),
          children: [
            { path: '/provider-search', element: <p>search page</p> },
            { path: '/portal', element: <NeverLoads /> },
          ],
        },
      ],
      { initialEntries: ['/provider-search'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const trigger = screen.getByRole('button', { name: 'Account menu for Ana Ruiz' });
    await userEvent.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    await userEvent.click(within(panel).getByRole('link', { name: 'My Dashboard' }));
    expect(router.state.location.pathname).toBe('/portal');
    // The previous page is still on screen, and the menu is closed.
    expect(screen.getByText('search page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Ana Ruiz' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

const provider: SessionUser = {
  ...patient,
  userId: 'pr-1',
  name: 'Olivia Bennett',
  email: 'olivia@example.com',
  firstName: 'Olivia',
  lastName: 'Bennett',
  userType: 'Practitioner',
  roles: ['provider'],
  organizationId: 'org-1',
};

/** Answers /api/app-config as a deployment with these switches would. */
function deployment(settings: { landingEnabled: boolean; calendarDisabled: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        productName: 'CareSlot',
        supportEmail: 'support@careslot.health',
        languages: ['es', 'en', 'zh-CN', 'vi', 'ko', 'ja'],
        oidc: {
          issuer: 'http://x/realms/careslot',
          clientId: 'careslot_web_app',
          scope: 'openid profile email',
        },
        social: null,
        ...settings,
      }),
    ),
  );
}

describe('Header on the practice side', () => {
  it("shows a provider's menu row with icons and links, and the bell, on the provider dashboard", async () => {
    setSession({ user: provider, accessToken: 't', isGuest: false });
    withHeader('/dashboard/doctor');
    // The menu row and the bell load with the first signed-in practice page (lazy: the patient pages' budget).
    const nav = await screen.findByRole('navigation', { name: 'Your menu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard/doctor'],
      ['Check-In Summary', '/providers/digital-checkin'],
      ['Calendar', '/providers/pr-1/calendar'],
      ['Requests', '/dashboard/appointment-requests'],
      ['Settings', '/providers/pr-1/settings/edit'],
    ]);
    expect(links.every((l) => l.querySelector('svg'))).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'More' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // Signed in: no About Us, no Login.
    expect(screen.queryByRole('link', { name: 'About Us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows no menu row and no bell away from the practice pages', () => {
    setSession({ user: provider, accessToken: 't', isGuest: false });
    withHeader('/provider-search');
    expect(screen.queryByRole('navigation', { name: 'Your menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('puts the pending-request count on Requests', () => {
    setSession({ user: provider, accessToken: 't', isGuest: false });
    setHeaderState({ requestCount: 3 });
    withHeader('/dashboard/doctor');
    const requests = within(screen.getByRole('navigation', { name: 'Your menu' })).getByRole('link', {
      name: /Requests/,
    });
    expect(within(requests).getByLabelText('3 pending')).toHaveTextContent('3');
  });

  it('opens the sidebar from the bell, zeroing the displayed count, and shows that there is nothing yet', async () => {
    // The server has no notifications and no requests for this user.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = input;
        if (url.includes('/InAppNotifications/'))
          return Response.json([], { headers: { 'x-total-count': '0', 'x-unseen-count': '0' } });
        if (url.includes('/appointments/requests/get'))
          return Response.json({ status_code: 200, message: 'success', data: { Data: [], Total: 0 } });
        return Response.json({ languages: ['en'], landingEnabled: true, calendarDisabled: false });
      }),
    );
    setSession({ user: provider, accessToken: 't', isGuest: false });
    setHeaderState({ notificationCount: 2 });
    withHeader('/dashboard/doctor');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 new' }));
    // The sidebar and its translations load on first open.
    const sidebar = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 5000 });
    await waitFor(() =>
      expect(within(sidebar).getByRole('region', { name: 'Appointments' })).toHaveTextContent(
        'No notifications yet',
      ),
    );
    expect(getHeaderState().notificationCount).toBe(0);
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  });

  it('zeroes the header counts on logout', async () => {
    setSession({ user: provider, accessToken: 't', isGuest: false });
    setHeaderState({ notificationCount: 4, requestCount: 2, patientsInProviderQueue: 1 });
    setLogoutHandler(async () => setSession({ user: null, accessToken: null, isGuest: true }));
    withHeader('/dashboard/doctor');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Olivia Bennett' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // A patient still waits in the provider's walk-in queue: the dialog of §2.7 asks first.
    const ask = await screen.findByRole('dialog', { name: 'Patients in Queue' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(getHeaderState()).toMatchObject({
        notificationCount: 0,
        requestCount: 0,
        patientsInProviderQueue: 0,
      }),
    );
  });

  it("asks a provider with patients in the walk-in queue before logging out, and 'Stay' keeps them signed in", async () => {
    setSession({ user: provider, accessToken: 't', isGuest: false });
    setHeaderState({ patientsInProviderQueue: 2 });
    const loggedOut = vi.fn(async () => setSession({ user: null, accessToken: null, isGuest: true }));
    setLogoutHandler(loggedOut);
    withHeader('/dashboard/doctor');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Olivia Bennett' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const ask = await screen.findByRole('dialog', { name: 'Patients in Queue' });
    expect(ask).toHaveTextContent('You still have 2 patient(s) in queue');
    expect(ask).toHaveTextContent('Are you sure you want to leave?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Patients in Queue' })).not.toBeInTheDocument(),
    );
    expect(loggedOut).not.toHaveBeenCalled();
    expect(getHeaderState().patientsInProviderQueue).toBe(2);
  });

  it('leaves Calendar out when the deployment sets disable_calendar', async () => {
    deployment({ landingEnabled: true, calendarDisabled: true });
    setSession({ user: provider, accessToken: 't', isGuest: false });
    withHeader('/dashboard/doctor');
    const nav = screen.getByRole('navigation', { name: 'Your menu' });
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Calendar' })).not.toBeInTheDocument(),
    );
    expect(within(nav).getByRole('link', { name: 'Check-In Summary' })).toBeInTheDocument();
  });
});

describe('Header logo', () => {
  it('takes a signed-out visitor back to the landing page, resetting the booking in progress', async () => {
    deployment({ landingEnabled: true, calendarDisabled: false });
    sessionStorage.setItem('landing_dismissed', '1');
    sessionStorage.setItem('slot_data', '{"calendarId":"c1"}');
    withHeader('/provider-search');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('link', { name: 'CareSlot home' }));
    await waitFor(() => expect(sessionStorage.getItem('landing_dismissed')).toBeNull());
    expect(sessionStorage.getItem('slot_data')).toBeNull();
  });

  it('leaves the landing state alone where the spec keeps the landing page away', async () => {
    deployment({ landingEnabled: true, calendarDisabled: false });
    sessionStorage.setItem('landing_dismissed', '1');
    withHeader('/practice/riverside');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('link', { name: 'CareSlot home' }));
    expect(sessionStorage.getItem('landing_dismissed')).toBe('1');
  });
});
