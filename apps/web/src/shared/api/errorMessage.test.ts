import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { HTTP_STATUS_MESSAGES, OTHER_STATUS_MESSAGE } from '@careslot/contracts';
import { setupI18n } from '../../testing/render';
import { ApiError } from './client';
import { errorMessage } from './errorMessage';

beforeAll(() => setupI18n());

describe('errorMessage', () => {
  it.each(Object.entries(HTTP_STATUS_MESSAGES))(
    'shows the catalogue text for %s exactly, in English',
    (status, text) => {
      expect(errorMessage(new ApiError(Number(status), text), i18next.t)).toBe(text);
    },
  );

  it('shows the catch-all text for other statuses and for errors that are not API errors', () => {
    expect(errorMessage(new ApiError(502, OTHER_STATUS_MESSAGE), i18next.t)).toBe(OTHER_STATUS_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'), i18next.t)).toBe(OTHER_STATUS_MESSAGE);
  });

  it('keeps a message the server wrote for the case', () => {
    expect(errorMessage(new ApiError(400, 'You entered an invalid otp code'), i18next.t)).toBe(
      'You entered an invalid otp code',
    );
  });

  it('translates the catalogue text into the interface language', async () => {
    await i18next.changeLanguage('es');
    expect(errorMessage(new ApiError(404, HTTP_STATUS_MESSAGES[404]), i18next.t)).toBe(
      'No se puede acceder a esta página.',
    );
    await i18next.changeLanguage('en');
  });
});
