import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setLogoutHandler } from '../../shared/session/authActions';
import { getSession, setSession } from '../../shared/session/session';
import { renderRoute, setupI18n } from '../../testing/render';
import { StartSurveyRoute } from './StartSurveyRoute';

beforeAll(() => setupI18n());

describe('start-survey', () => {
  it('signs the current user out, then opens the survey for the appointment with the link’s signature only', async () => {
    const order: string[] = [];
    setSession({ user: null, accessToken: 'x', isGuest: false });
    setLogoutHandler(async () => {
      order.push('logout');
      setSession({ user: null, accessToken: null, isGuest: true });
    });
    renderRoute(<StartSurveyRoute />, {
      path: '/appointments/:id/start-survey',
      url: '/appointments/apt-42/start-survey?exp=1900000000&sig=abc_DEF-123&utm=mail',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      /^\/survey\/appointment\/apt-42\?exp=1900000000&sig=abc_DEF-123$/,
    );
    expect(order[0]).toBe('logout');
    expect(getSession().isGuest).toBe(true);
    setLogoutHandler(null);
  });
});
