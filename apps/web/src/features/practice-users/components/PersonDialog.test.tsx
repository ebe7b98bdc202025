import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PracticeUser } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../../testing/render';
import { PersonDialog } from './PersonDialog';

const ORG = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';

function user(State: PracticeUser['State']): PracticeUser {
  return {
    PractitionerId: ID,
    RoleId: '33333333-3333-4333-8333-333333333333',
    FirstName: 'Robin',
    LastName: 'Okafor',
    Suffix: null,
    Email: 'robin@example.com',
    Npi: null,
    Code: ['staff', 'practiceadmin'],
    State,
    PhotoUrl: null,
  };
}

function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/practitioner/settings'))
        return Response.json({
          status_code: 200,
          message: 'OK',
          data: {
            PractitionerId: ID,
            HidePublicProfile: false,
            Languages: [],
            BoardCertifications: [],
            HospitalAffiliations: [],
            Email: 'robin@example.com',
            Phone: null,
            DeaNumber: null,
          },
        });
      if (url.includes(`/practitioner/${ID}`))
        return Response.json({
          Id: ID,
          Name: [{ Given: ['Robin'], Family: 'Okafor', Suffix: null, Prefix: [] }],
          Npi: null,
          Specialities: [],
          Photos: [],
        });
      return Response.json({ Data: [], Total: 0 });
    }),
  );
}

describe("the practice admin's edit of another user (issue 24 item 1)", () => {
  beforeAll(() => setupI18n(['common', 'practiceUsers']));
  afterEach(() => vi.unstubAllGlobals());

  it("shows an active user's login e-mail read-only and says to invite the new address instead", async () => {
    server();
    renderRoute(
      <PersonDialog organizationId={ORG} mode={{ kind: 'edit', user: user('Active') }} onClose={() => {}} />,
    );
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toBeDisabled();
    expect(email).toHaveValue('robin@example.com');
    expect(
      screen.getByText(/you cannot change it\. To use another address, invite it as a new user/),
    ).toBeInTheDocument();
  });

  it("lets the admin correct a pending invitation's e-mail, saying a new invitation goes to it", async () => {
    server();
    renderRoute(
      <PersonDialog organizationId={ORG} mode={{ kind: 'edit', user: user('Invited') }} onClose={() => {}} />,
    );
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toBeEnabled();
    expect(screen.getByText(/a corrected e-mail gets a new invitation/)).toBeInTheDocument();
  });
});
