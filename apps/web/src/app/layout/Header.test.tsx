import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Link } from 'react-router';
import { setLogoutHandler } from '../../shared/session/authActions';
import { setSession, type SessionUser } from '../../shared/session/session';
import { renderRoute, setupI18n } from '../../testing/render';
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
  await act(() => i18next.changeLanguage('en'));
});

describe('Header language widget', () => {
  it('switches the interface language, sets <html lang> and remembers the choice', async () => {
    withHeader();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const options = screen.getAllByRole('button').filter((b) => b.hasAttribute('lang'));
    expect(options.map((o) => o.textContent)).toEqual(['ESEspañol', 'ENEnglish', 'ZH简体中文', 'VITiếng Việt', 'KO한국어', 'JA日本語']);

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
      await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(endonym!) })).toHaveTextContent(code!));
    }
  });
});

describe('Header for a visitor', () => {
  it('shows About Us, For Doctors, Login and Sign Up, with the logo leading to /', () => {
    withHeader();
    expect(screen.getByRole('link', { name: 'CareSlot home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/');
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
    expect(screen.getByRole('button', { name: 'Account menu for Ana Ruiz' })).toHaveAttribute('aria-expanded', 'false');
  });
});
