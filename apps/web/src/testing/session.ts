import { setSession } from '../shared/session/session';

/** Signs a patient into the app's session for a screen test: Jordan Ellis unless told otherwise. */
export function signInPatient({
  userId = 'patient-1',
  email = 'jordan@example.test',
  identityProviderId = 'sub-1',
}: { userId?: string; email?: string; identityProviderId?: string } = {}) {
  setSession({
    user: {
      userId,
      identityProviderId,
      name: 'Jordan Ellis',
      email,
      firstName: 'Jordan',
      lastName: 'Ellis',
      preferredName: null,
      gender: null,
      userType: 'Patient',
      roles: ['patient'],
      organizationId: null,
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}
