import { afterEach, describe, expect, it } from 'vitest';
import {
  logout,
  setLoginHandler,
  setLogoutHandler,
  setRegistrationHandler,
  startLogin,
  startRegistration,
} from './authActions';
import { getSession, setSession } from './session';

const signedIn = () =>
  setSession({
    user: {
      userId: 'u',
      identityProviderId: 's',
      name: 'A B',
      email: 'a@b.c',
      firstName: 'A',
      lastName: 'B',
      preferredName: null,
      gender: null,
      userType: 'Patient',
      roles: ['patient'],
      organizationId: null,
      photos: [],
    },
    accessToken: 't',
    isGuest: false,
  });

afterEach(() => {
  setLoginHandler(null);
  setRegistrationHandler(null);
  setLogoutHandler(null);
});

describe('auth actions registry', () => {
  it('reports that no sign-in is registered, so the caller can fall back to /login', async () => {
    expect(await startLogin()).toBe(false);
    let started = false;
    setLoginHandler(() => {
      started = true;
    });
    expect(await startLogin()).toBe(true);
    expect(started).toBe(true);
  });

  it('reports that no registration is registered, and otherwise starts it (not sign-in)', async () => {
    expect(await startRegistration()).toBe(false);
    const started: string[] = [];
    setLoginHandler(() => void started.push('login'));
    setRegistrationHandler(() => void started.push('registration'));
    expect(await startRegistration()).toBe(true);
    expect(started).toEqual(['registration']);
  });

  it('ends the local session when the identity feature has not registered a sign-out', async () => {
    signedIn();
    await logout();
    expect(getSession()).toEqual({ user: null, accessToken: null, isGuest: true });
  });

  it('hands sign-out to the registered handler and resolves only after it', async () => {
    signedIn();
    const steps: string[] = [];
    setLogoutHandler(async () => {
      await Promise.resolve();
      steps.push('server logout');
      setSession({ user: null, accessToken: null, isGuest: true });
    });
    await logout();
    steps.push('navigate');
    expect(steps).toEqual(['server logout', 'navigate']);
  });
});
