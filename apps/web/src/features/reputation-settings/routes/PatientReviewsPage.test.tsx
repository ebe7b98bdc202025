import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPUTATION_BASE, type PracticeReview } from '@careslot/contracts';
import { EMPTY_PRACTICE, setPractice } from '../../../shared/session/practice';
import { renderRoute, setupI18n } from '../../../testing/render';
import { PatientReviewsPage } from './PatientReviewsPage';

const ORG = '44444444-4444-4444-8444-444444444444';
const review = (id: string, rating: number, reply: string | null): PracticeReview => ({
  Id: id,
  AppointmentId: `a-${id}`,
  OrganizationId: ORG,
  Rating: rating,
  Comment: rating > 3 ? 'Very kind staff.' : 'Long wait.',
  Reply: reply,
  RepliedOn: reply ? '2026-11-26T10:00:00.000Z' : null,
  CreatedOn: '2026-11-25T10:00:00.000Z',
  UpdatedOn: '2026-11-25T10:00:00.000Z',
  PatientFirstName: rating > 3 ? 'Marisol' : 'Robin',
  VisitStart: '2026-11-24T15:00:00.000Z',
});

function server() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let replied: string | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as { Reply: string }) : undefined;
      calls.push({ url, method, body });
      if (method === 'PUT') {
        replied = body!.Reply;
        return Response.json(review('r2', 2, replied));
      }
      return Response.json({
        Data: [review('r1', 5, 'Thank you!'), review('r2', 2, replied)],
        Total: 2,
        AverageRating: 3.5,
      });
    }),
  );
  return calls;
}

describe("the practice's patient reviews", () => {
  beforeAll(() => setupI18n(['common', 'reputationSettings']));
  afterEach(() => {
    vi.unstubAllGlobals();
    setPractice(EMPTY_PRACTICE);
  });

  it('lists the reviews with the average and answers one that has no answer yet', async () => {
    setPractice({ ...EMPTY_PRACTICE, organizationId: ORG });
    const calls = server();
    renderRoute(<PatientReviewsPage />);
    expect(await screen.findByText('Average rating 3.5 of 5 (2 reviews)')).toBeInTheDocument();
    expect(calls[0]!.url).toBe(`${REPUTATION_BASE}/patient-reviews/organizations/${ORG}?limit=25&offset=0`);
    expect(screen.getByRole('img', { name: '5 stars of 5' })).toBeInTheDocument();
    expect(screen.getByText('Thank you!')).toBeInTheDocument();
    // Only the unanswered review has the answer form.
    expect(screen.getAllByRole('textbox', { name: /Your answer/ })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(screen.getByText('Write an answer first.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'Sorry for the wait.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Sorry for the wait.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      url: `${REPUTATION_BASE}/patient-reviews/r2/reply`,
      method: 'PUT',
      body: { Reply: 'Sorry for the wait.' },
    });
    expect(screen.queryByRole('textbox', { name: /Your answer/ })).not.toBeInTheDocument();
  });
});
