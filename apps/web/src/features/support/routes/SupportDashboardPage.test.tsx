import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization, Patient } from '@careslot/contracts';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { criteriaFrom, SupportDashboardPage } from './SupportDashboardPage';

const PATH = '/support-agent/dashboard';

function signIn(roles: SessionUser['roles']) {
  setSession({
    user: {
      userId: 'u9',
      identityProviderId: 's9',
      name: 'Sam Okafor',
      email: 'support@careslot.health',
      firstName: 'Sam',
      lastName: 'Okafor',
      preferredName: null,
      gender: null,
      userType: 'SuperUser',
      roles,
      organizationId: null,
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}

const jordan = {
  Id: 'p1',
  Active: true,
  Identifier: [],
  Name: [{ Use: 'Official', Prefix: [], Given: ['Jordan'], Family: 'Ellis', Suffix: [] }],
  Telecom: [
    { System: 'Email', Value: 'jordan@example.com', Use: 'home', IsVerified: true },
    { System: 'Mobile', Value: '2125550147', Use: 'mobile', IsVerified: true },
  ],
  BirthDate: '1988-04-17',
  Gender: 'Female',
  Address: { Address1: null, Address2: [], City: 'New York', State: 'NY', ZipCode: '10017' },
  Communication: [],
  Contact: [],
  Photos: [],
  ManagingOrganization: 'o1',
  TimeZone: 'America/New_York',
} as unknown as Patient;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('support-agent criteria', () => {
  it('sends only what was filled in, with the phone as 10 digits and the name tidied', () => {
    expect(
      criteriaFrom({ name: '  Jordan   Ellis ', birthDate: '', phone: '(212) 555-0147', email: '' }),
    ).toEqual({
      criteria: { Name: 'Jordan Ellis', Phone: '2125550147' },
    });
  });

  it('names each field that breaks its rule, and asks for at least one criterion', () => {
    expect(criteriaFrom({ name: 'J', birthDate: '', phone: '555-0147', email: 'jordan@' })).toEqual({
      errors: { name: 'errors.nameShort', phone: 'errors.phone', email: 'errors.email' },
    });
    expect(criteriaFrom({ name: ' ', birthDate: '', phone: '', email: '' })).toEqual({
      errors: { form: 'errors.noCriteria' },
    });
  });
});

describe('support-agent dashboard', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'support']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession({ user: null, accessToken: null, isGuest: true });
  });

  it('finds a patient and shows their practice, read-only', async () => {
    signIn(['supportagent']);
    const practice = { Id: 'o1', Name: 'Riverside Health Partners' } as Organization;
    const fetchMock = vi.fn(async (url: string) =>
      json(url.includes('/patient/') ? { Data: [jordan], Total: 1 } : { Data: [practice], Total: 1 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<SupportDashboardPage />, { path: PATH });
    await userEvent.type(await screen.findByLabelText('Name'), 'Ellis');
    await userEvent.type(screen.getByLabelText(/Purpose of access/), 'Patient called about a booking');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Jordan Ellis')).toBeInTheDocument();
    expect(screen.getByText('1 patient found')).toBeInTheDocument();
    expect(screen.getByText('(212) 555-0147')).toBeInTheDocument();
    expect(await screen.findByText('Riverside Health Partners')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull();
    const patientCall = fetchMock.mock.calls.find(([url]) => url.includes('/patient/advance-search'))!;
    const [, init] = patientCall as unknown as [string, { body: string; headers: Record<string, string> }];
    expect(JSON.parse(init.body)).toEqual({ Name: 'Ellis', Limit: 10, Offset: 1 });
    expect(init.headers['x-access-purpose']).toBe('Patient called about a booking');
  });

  it('does not search without a stated purpose, and asks for one', async () => {
    signIn(['supportagent']);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<SupportDashboardPage />, { path: PATH });
    await userEvent.type(await screen.findByLabelText('Name'), 'Ellis');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('State why you look up this patient.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/patient/advance-search'))).toBe(false);
  });

  it('does not search without a criterion, and says why', async () => {
    signIn(['supportagent']);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<SupportDashboardPage />, { path: PATH });
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in at least one field to search.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells other users the page is for support agents only', async () => {
    signIn(['staff']);
    renderRoute(<SupportDashboardPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only support agents can search patients across practices.',
    );
  });
});
