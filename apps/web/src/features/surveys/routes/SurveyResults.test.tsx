import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Survey, SurveyResults } from '@careslot/contracts';
import { setSession } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { SurveysPage } from './SurveysPage';

const survey: Survey = {
  Id: '5b0c1f3e-0000-4000-8000-000000000001',
  OrganizationId: 'org-1',
  Name: 'After your visit',
  Instructions: '',
  Active: true,
  TemplateId: null,
  Questions: [
    { Id: 'overall', Type: 'rating', Text: 'How was your visit?', Required: true, Options: [] },
    { Id: 'again', Type: 'yes-no', Text: 'Would you come again?', Required: false, Options: [] },
    { Id: 'comments', Type: 'text', Text: 'Anything else?', Required: false, Options: [] },
  ],
  LastChangedOn: '2026-11-01T12:00:00.000Z',
};

const results = (page: number): SurveyResults => ({
  SurveyId: survey.Id,
  Name: survey.Name,
  From: '2026-10-30',
  To: '2026-11-29',
  ResponseCount: 3,
  Questions: [
    {
      Id: 'overall',
      Type: 'rating',
      Text: 'How was your visit?',
      Answered: 3,
      Average: 3.67,
      Answers: [
        { Value: '5', Count: 1 },
        { Value: '4', Count: 1 },
        { Value: '3', Count: 0 },
        { Value: '2', Count: 1 },
        { Value: '1', Count: 0 },
      ],
    },
    {
      Id: 'again',
      Type: 'yes-no',
      Text: 'Would you come again?',
      Answered: 3,
      Average: null,
      Answers: [
        { Value: 'yes', Count: 2 },
        { Value: 'no', Count: 1 },
      ],
    },
    { Id: 'comments', Type: 'text', Text: 'Anything else?', Answered: 21, Average: null, Answers: [] },
  ],
  Comments: {
    Data: [
      {
        QuestionId: 'comments',
        Text: page === 1 ? 'Kind front desk.' : 'Parking was hard to find.',
        SubmittedOn: '2026-11-20T15:00:00.000Z',
      },
    ],
    Total: 21,
  },
});

function signIn() {
  setSession({
    user: {
      userId: 'u1',
      identityProviderId: 's1',
      name: 'Sam Staff',
      email: 'sam@lakeside.com',
      firstName: 'Sam',
      lastName: 'Staff',
      preferredName: null,
      gender: null,
      userType: 'Practitioner',
      roles: ['staff'],
      organizationId: 'org-1',
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("a survey's results on the practice's survey screen", () => {
  beforeAll(async () => {
    await setupI18n(['common', 'surveys']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession({ user: null, accessToken: null, isGuest: true });
  });

  it('shows staff the response count, each question as a table, the comments page by page, and refuses a backwards range', async () => {
    signIn();
    const bodies: Record<string, unknown>[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith(`/survey/${survey.Id}/results`)) {
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        bodies.push(body);
        return json(results(body.CommentsPage as number));
      }
      return json({ Data: [survey], Total: 1 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<SurveysPage />, { path: '/staff-member/surveys' });

    fireEvent.click(await screen.findByRole('button', { name: 'Results of After your visit' }));
    const panel = screen.getByRole('region', { name: 'Results: After your visit' });
    expect(within(panel).getByRole('heading', { name: 'Results: After your visit' })).toHaveFocus();
    expect(await within(panel).findByText('3 responses in this range')).toBeInTheDocument();

    const rating = within(panel).getByRole('table', { name: /How was your visit\? · average 3\.67 of 5/ });
    const five = within(rating).getByRole('row', { name: /5 stars/ });
    expect(
      within(five)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '33%']);
    expect(within(rating).getByRole('row', { name: /3 stars/ })).toHaveTextContent('0%');
    const again = within(panel).getByRole('table', { name: 'Would you come again?' });
    const yes = within(again).getByRole('row', { name: /Yes/ });
    expect(
      within(yes)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '67%']);
    expect(within(panel).getByText('21 written answers, listed under Comments.')).toBeInTheDocument();

    const comments = within(panel).getByRole('region', { name: 'Comments (21)' });
    expect(within(comments).getByText('Kind front desk.')).toBeInTheDocument();
    fireEvent.click(within(comments).getByRole('button', { name: 'Next page' }));
    expect(await within(comments).findByText('Parking was hard to find.')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ CommentsPage: 2, CommentsPageSize: 20 });

    const calls = fetchMock.mock.calls.length;
    fireEvent.change(within(panel).getByLabelText(/^From/), { target: { value: '2026-12-31' } });
    fireEvent.change(within(panel).getByLabelText(/^To/), { target: { value: '2026-12-01' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Find' }));
    expect(
      await within(panel).findByText('The end date must not be before the start date.'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(calls);
    expect(within(panel).getByRole('button', { name: 'Download CSV' })).toBeEnabled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Back to surveys' }));
    expect(screen.getByRole('heading', { level: 2, name: 'After your visit' })).toBeInTheDocument();
  });
});
