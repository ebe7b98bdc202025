import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SURVEY_API, type SurveyAppointmentInfo } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../../testing/render';
import { SurveyQuestionsPage } from './SurveyQuestionsPage';
import { SurveyWelcomePage } from './SurveyWelcomePage';

const ID = '77777777-7777-4777-8777-777777777777';
const SIG = 'Zq8Rt5Yw2Ux9Ip4Oa7Sd1Fg6Hj3Kl0MnBvCxZa1234';
const QUERY = `?exp=1900000000&sig=${SIG}`;

const info: SurveyAppointmentInfo = {
  patient: { name: { first_name: 'Marisol' } },
  start_date: '2026-11-24T15:00:00.000Z',
  time_zone: 'America/Chicago',
  provider: { profile_picture_uri: null, patient_survey_instructions: 'Three short questions about today.' },
  resource: null,
  practice: {
    name: 'Lakeside Family Medicine',
    address: '1 Practice Way, Chicago, IL 60601',
    phone: '(312) 555-0100',
  },
  facility: { address: '200 Clinic Rd, Evanston, IL 60201', phone_number: '(847) 555-0199' },
  survey_link: `/survey/appointment/${ID}/questions${QUERY}`,
  answered: false,
};

function serve(answer: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }),
  );
  return calls;
}

describe('survey welcome screen', () => {
  beforeAll(() => setupI18n(['common', 'patientSurvey']));
  afterEach(() => vi.unstubAllGlobals());

  it('greets by first name with the visit in its zone, the facility’s address and phone, the instructions and Start Survey in a new tab', async () => {
    const calls = serve(() => Response.json({ status_code: 200, message: 'OK', data: info }));
    renderRoute(<SurveyWelcomePage />, {
      path: '/survey/appointment/:id',
      url: `/survey/appointment/${ID}${QUERY}`,
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Marisol' })).toBeInTheDocument();
    expect(screen.getByText('Please take a quick survey from your care provider')).toBeInTheDocument();
    expect(screen.getByText('Tuesday, November 24, 2026 at 9:00 AM CST')).toBeInTheDocument();
    expect(screen.getByText('Lakeside Family Medicine')).toBeInTheDocument();
    // The facility's values take precedence over the practice's.
    expect(screen.getByText('200 Clinic Rd, Evanston, IL 60201')).toBeInTheDocument();
    expect(screen.getByText('(847) 555-0199')).toBeInTheDocument();
    expect(screen.queryByText('(312) 555-0100')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What to expect during Survey:' })).toBeInTheDocument();
    expect(screen.getByText('Three short questions about today.')).toBeInTheDocument();
    const start = screen.getByRole('link', { name: /Start Survey/ });
    expect(start).toHaveAttribute('href', info.survey_link);
    expect(start).toHaveAttribute('target', '_blank');
    expect(start).toHaveAttribute('rel', 'noopener noreferrer');
    expect(calls[0]!.url).toBe(`${SURVEY_API}/survey/appointment/${ID}?exp=1900000000&sig=${SIG}`);
  });

  it('calls nothing without a signature, and says a refused link does not work', async () => {
    const calls = serve(() =>
      Response.json(
        { status_code: 400, message: 'Bad request', errors: [{ field: 'sig', rule: 'valid', message: 'x' }] },
        { status: 400 },
      ),
    );
    const first = renderRoute(<SurveyWelcomePage />, {
      path: '/survey/appointment/:id',
      url: `/survey/appointment/${ID}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This survey link does not work');
    expect(calls).toHaveLength(0);
    first.unmount();
    renderRoute(<SurveyWelcomePage />, {
      path: '/survey/appointment/:id',
      url: `/survey/appointment/${ID}${QUERY}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is not valid or has expired.');
  });

  it('asks the questions, wants the required ones, and sends the answers once', async () => {
    const calls = serve((url, init) =>
      init?.method === 'POST'
        ? Response.json({ status_code: 201, message: 'Thank you for your feedback.' }, { status: 201 })
        : Response.json({
            status_code: 200,
            message: 'OK',
            data: {
              SurveyId: '88888888-8888-4888-8888-888888888888',
              Name: 'After your visit',
              Instructions: '',
              Answered: false,
              Questions: [
                { Id: 'overall', Type: 'rating', Text: 'How was your visit?', Required: true, Options: [] },
                {
                  Id: 'wait',
                  Type: 'choice',
                  Text: 'How long did you wait?',
                  Required: false,
                  Options: ['No wait', 'A while'],
                },
              ],
            },
          }),
    );
    renderRoute(<SurveyQuestionsPage />, {
      path: '/survey/appointment/:id/questions',
      url: `/survey/appointment/${ID}/questions${QUERY}`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send my answers' }));
    expect(screen.getByText('Please answer this question.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No wait' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your answers were sent to your care provider.',
    );
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe(`${SURVEY_API}/survey/appointment/${ID}/responses?exp=1900000000&sig=${SIG}`);
    expect(JSON.parse(post.init!.body as string)).toEqual({
      SurveyId: '88888888-8888-4888-8888-888888888888',
      Answers: [
        { QuestionId: 'overall', Value: 4 },
        { QuestionId: 'wait', Value: 'No wait' },
      ],
    });
  });
});
