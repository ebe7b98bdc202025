import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { resetHeaderState, setHeaderState } from '../../shared/navigation/headerState';
import { renderRoute, setupI18n } from '../../testing/render';
import { signInPracticeUser } from '../../testing/session';
import { RequireFeature } from './RequireFeature';

beforeAll(() => setupI18n());
beforeEach(() => signInPracticeUser(['staff']));
afterEach(() => resetHeaderState());

const calendar = (
  <RequireFeature feature="calendar">
    <h1>Visits with patients</h1>
  </RequireFeature>
);

describe('a practice screen behind an access-control feature (issue 30, item 16)', () => {
  it('shows the 404 page at its address when the practice switched the feature off for the user', async () => {
    setHeaderState({ features: new Set(['checkInSummary', 'surveys']) });
    renderRoute(calendar, { path: '/staff-member/calendar' });
    expect(
      await screen.findByRole('heading', { name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST" }),
    ).toBeVisible();
    expect(screen.queryByText('Visits with patients')).toBeNull();
  });

  it('shows the screen when the feature is on, and leaves it once the switch goes off', async () => {
    setHeaderState({ features: new Set(['calendar']) });
    renderRoute(calendar, { path: '/staff-member/calendar' });
    expect(await screen.findByRole('heading', { name: 'Visits with patients' })).toBeVisible();
    act(() => setHeaderState({ features: new Set() }));
    expect(
      await screen.findByRole('heading', { name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST" }),
    ).toBeVisible();
  });

  it('shows the screen while the features are not known yet (the server still refuses a switched-off one)', async () => {
    renderRoute(calendar, { path: '/staff-member/calendar' });
    expect(await screen.findByRole('heading', { name: 'Visits with patients' })).toBeVisible();
  });

  it("shows a screen whose feature does not govern the user's roles: staff read the surveys (as the server lets them)", async () => {
    setHeaderState({ features: new Set(['calendar']) });
    renderRoute(
      <RequireFeature feature="surveys">
        <h1>Surveys</h1>
      </RequireFeature>,
      { path: '/staff-member/surveys' },
    );
    expect(await screen.findByRole('heading', { name: 'Surveys' })).toBeVisible();
  });
});
