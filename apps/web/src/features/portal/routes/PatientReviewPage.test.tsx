import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPUTATION_BASE, type PatientVisitReview, type PortalAppointment } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../../testing/render';
import { PatientReviewPage } from './PatientReviewPage';

const ID = '55555555-5555-4555-8555-555555555555';
const REVIEW_URL = `${REPUTATION_BASE}/patient-reviews/appointments/${ID}`;

const visit: PortalAppointment = {
  Id: ID,
  Status: 'Checked-Out',
  AppointmentType: 'Office',
  ScheduleType: 'Scheduled',
  StartTime: '2026-11-24T15:00:00.000Z',
  EndTime: '2026-11-24T15:30:00.000Z',
  TimeZone: 'America/Chicago',
  CalendarId: '66666666-6666-4666-8666-666666666666',
  ReasonsText: 'Check-up',
  Patient: { Id: '77777777-7777-4777-8777-777777777777', FirstName: 'Marisol', LastName: 'Reyes' },
  Provider: {
    Id: 'p1',
    Title: null,
    Prefix: 'Dr.',
    Given: 'Ana',
    Family: 'Lopez',
    Suffix: null,
    DisplayName: 'Dr. Ana Lopez',
    Speciality: null,
    Photo: null,
    HidePublicProfile: false,
  },
  Facility: null,
  Payment: null,
  CancelReason: null,
  DeclineReason: null,
  CanCancel: false,
  CanReschedule: false,
};
const empty: PatientVisitReview = { AppointmentId: ID, CanReview: true, Review: null, ReviewSites: [] };

function serve(review: PatientVisitReview, saved?: PatientVisitReview) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(REVIEW_URL)) {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(init.body as string));
          return Response.json(saved);
        }
        return Response.json(review);
      }
      return Response.json({ is_success: true, message: 'OK', data: visit });
    }),
  );
  return puts;
}

const open = () =>
  renderRoute(<PatientReviewPage />, {
    path: '/patient-review/appointments/:id',
    url: `/patient-review/appointments/${ID}`,
  });

describe('the patient-review route (patient-booking.md §2.7)', () => {
  beforeAll(() => setupI18n(['common', 'portal', 'patientReview']));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a rating before sending, then sends it with the comment and offers the review sites to a happy patient', async () => {
    const puts = serve(empty, {
      ...empty,
      Review: {
        Id: 'r1',
        AppointmentId: ID,
        OrganizationId: 'o1',
        Rating: 5,
        Comment: 'Very kind.',
        Reply: null,
        RepliedOn: null,
        CreatedOn: '2026-11-25T10:00:00.000Z',
        UpdatedOn: '2026-11-25T10:00:00.000Z',
      },
      ReviewSites: [{ Kind: 'Location', Url: 'https://reviews.example.com/lakeside' }],
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Review your visit' })).toBeInTheDocument();
    expect(await screen.findByText('Dr. Ana Lopez')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByText('Please choose a rating.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), '  Very kind. ');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText('Thank you for your review!')).toBeInTheDocument();
    expect(puts).toEqual([{ Rating: 5, Comment: 'Very kind.' }]);
    expect(screen.getByLabelText('5 stars')).toBeInTheDocument();
    const site = screen.getByRole('link', { name: /Review the location/ });
    expect(site).toHaveAttribute('href', 'https://reviews.example.com/lakeside');
    expect(site).toHaveAttribute('target', '_blank');
  });

  it('shows the practice’s answer, and says a visit still ahead cannot be reviewed yet', async () => {
    serve({
      ...empty,
      Review: {
        Id: 'r1',
        AppointmentId: ID,
        OrganizationId: 'o1',
        Rating: 2,
        Comment: 'Long wait.',
        Reply: 'Sorry for the wait.',
        RepliedOn: '2026-11-26T10:00:00.000Z',
        CreatedOn: '2026-11-25T10:00:00.000Z',
        UpdatedOn: '2026-11-25T10:00:00.000Z',
      },
    });
    const first = open();
    expect(await screen.findByText('Sorry for the wait.')).toBeInTheDocument();
    expect(screen.getByText('Answer from your care provider')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Review the/ })).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    serve({ ...empty, CanReview: false });
    open();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You can review this visit once it has taken place.',
    );
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
  });
});
