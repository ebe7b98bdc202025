import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setSession } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ConfirmationsReportPage } from './ReportPage';

const PATH = '/practice-admin/reports/confirmations';

function signIn() {
  setSession({
    user: {
      userId: 'u1',
      identityProviderId: 's1',
      name: 'Avery Admin',
      email: 'avery@lakeside.com',
      firstName: 'Avery',
      lastName: 'Admin',
      preferredName: null,
      gender: null,
      userType: 'Practitioner',
      roles: ['practiceadmin'],
      organizationId: 'org-1',
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}

const answer = {
  data: {
    Total: 1,
    Data: [
      {
        AppointmentId: 'a1',
        PatientId: 'p1',
        PatientName: 'Maria Lopez',
        StartTime: '2026-11-20T15:00:00.000Z',
        ConfirmedAt: '2026-11-19T12:00:00.000Z',
        ConfirmedBy: 'Practice',
      },
    ],
  },
};

describe('the confirmations report', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'reports']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession({ user: null, accessToken: null, isGuest: true });
  });

  it('finds the last 30 days at once, lists the rows and refuses a range that ends before it starts', async () => {
    signIn();
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<ConfirmationsReportPage />, { path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'Appointment confirmations' })).toBeInTheDocument();
    const results = screen.getByRole('region', { name: /visit/ });
    expect(await within(results).findByRole('cell', { name: 'Maria Lopez' })).toBeInTheDocument();
    expect(within(results).getByRole('heading', { name: '1 visit' })).toBeInTheDocument();
    expect(within(results).getByRole('cell', { name: 'Practice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ OrganizationId: 'org-1', PageNumber: 1, PageSize: 25 });

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
