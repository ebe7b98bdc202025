import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ChangeEmailPage } from './ChangeEmailPage';

const ME = '22222222-2222-4222-8222-222222222222';

function server(answer: (body: Record<string, string>) => Response) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse((init?.body as string) ?? '{}') as Record<string, string>;
      calls.push({ url, body });
      return answer(body);
    }),
  );
  return calls;
}

describe('changing the own login e-mail (issue 24 item 1)', () => {
  beforeAll(() => setupI18n(['common', 'providerSettings']));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the new e-mail with the current password and says the change waits for the link', async () => {
    const calls = server(() =>
      Response.json({
        status_code: 200,
        message: 'Confirmation sent',
        data: { NewEmail: 'new@example.com', ConfirmationSent: true, ExpiresInHours: 24 },
      }),
    );
    renderRoute(<ChangeEmailPage />, {
      path: '/providers/:userId/settings/account/change-email',
      url: `/providers/${ME}/settings/account/change-email`,
    });
    await userEvent.type(screen.getByLabelText(/New E-mail/), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/Current Password/), 'Chosen-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText(
        'We sent a link to new@example.com. Your login e-mail changes when you open it.',
      ),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toContain(`/account/${ME}/change-email`);
    expect(calls[0]!.body).toEqual({ NewEmail: 'new@example.com', CurrentPassword: 'Chosen-pass-42' });
  });

  it('asks for the current password and puts a wrong one under its field', async () => {
    const calls = server(() =>
      Response.json(
        {
          status_code: 400,
          message: 'Invalid request',
          errors: [
            { field: 'body.CurrentPassword', rule: 'incorrect', message: 'Current password is incorrect' },
          ],
        },
        { status: 400 },
      ),
    );
    renderRoute(<ChangeEmailPage />, {
      path: '/providers/:userId/settings/account/change-email',
      url: `/providers/${ME}/settings/account/change-email`,
    });
    await userEvent.type(screen.getByLabelText(/New E-mail/), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Current Password/), 'wrong-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(screen.getByText('Current password is incorrect')).toBeInTheDocument());
  });
});
