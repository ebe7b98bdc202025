import type { Role } from '@careslot/contracts';
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

/** Signs a practice user in for a screen test: staff of the demo practice unless other roles are given. */
export function signInPracticeUser(roles: Role[] = ['staff']) {
  setSession({
    user: {
      userId: 'staff-1',
      identityProviderId: 'sub-staff-1',
      name: 'Morgan Lee',
      email: 'morgan@example.test',
      firstName: 'Morgan',
      lastName: 'Lee',
      preferredName: null,
      gender: null,
      userType: 'Practitioner',
      roles,
      organizationId: 'org-1',
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}
