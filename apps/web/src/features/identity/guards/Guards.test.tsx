import { describe, expect, it, afterEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Suspense } from 'react';
import { setSession } from '../../../shared/session/session';
import { PatientOr, RequireAuthentication, RequirePermission } from './Guards';

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/guarded" element={element} />
          <Route path="/login" element={<p>login page</p>} />
          <Route path="/portal" element={<p>portal page</p>} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

const patient = {
  userId: 'pat-1',
  identityProviderId: 'sub',
  name: 'Jordan Ellis',
  email: 'p@example.com',
  firstName: 'Jordan',
  lastName: 'Ellis',
  preferredName: null,
  gender: null,
  userType: 'Patient' as const,
  roles: ['patient' as const],
  organizationId: null,
  photos: [],
};

afterEach(() => setSession({ user: null, accessToken: null, isGuest: true }));

describe('guard route wrappers', () => {
  it('sends a guest from an authenticated route to /login', async () => {
    renderAt(
      '/guarded',
      <RequireAuthentication>
        <p>secret</p>
      </RequireAuthentication>,
    );
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('renders the route for a signed-in patient', async () => {
    setSession({ user: patient, accessToken: 't', isGuest: false });
    renderAt(
      '/guarded',
      <RequireAuthentication>
        <p>secret</p>
      </RequireAuthentication>,
    );
    expect(await screen.findByText('secret')).toBeTruthy();
  });

  it('redirects a user without the permission to the route data redirectTo', async () => {
    setSession({ user: patient, accessToken: 't', isGuest: false });
    renderAt(
      '/guarded',
      <RequirePermission permissions={['superuser']} redirectTo="/portal">
        <p>admin</p>
      </RequirePermission>,
    );
    expect(await screen.findByText('portal page')).toBeTruthy();
  });

  it('shows the vaccination passport to a signed-in patient and its login to a guest or a practice user', async () => {
    const passport = (
      <PatientOr otherwise={<p>passport login</p>}>
        <p>passport card</p>
      </PatientOr>
    );
    setSession({ user: patient, accessToken: 't', isGuest: false });
    const first = renderAt('/guarded', passport);
    expect(await screen.findByText('passport card')).toBeTruthy();
    first.unmount();
    setSession({
      user: { ...patient, userType: 'Practitioner', roles: ['provider'] },
      accessToken: 't',
      isGuest: false,
    });
    const second = renderAt('/guarded', passport);
    expect(await screen.findByText('passport login')).toBeTruthy();
    second.unmount();
    setSession({ user: null, accessToken: null, isGuest: true });
    renderAt('/guarded', passport);
    expect(await screen.findByText('passport login')).toBeTruthy();
    expect(screen.queryByText('passport card')).toBeNull();
  });
});
