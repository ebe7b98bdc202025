import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../../testing/render';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

function Harness() {
  const state = useNewPassword();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (state.check()) document.title = 'sent';
      }}
    >
      <NewPasswordFields
        state={state}
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        errorText={(rule) => `rule:${rule}`}
      />
      <button type="submit">Go</button>
    </form>
  );
}

describe('a new password typed twice', () => {
  it('names the rule each field breaks and lets a good pair through', async () => {
    const user = userEvent.setup();
    document.title = '';
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    const password = screen.getByLabelText(/^Password/);
    const confirm = screen.getByLabelText(/^Confirm Password/);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('rule:passwordRequired')).toBeVisible();
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('rule:passwordRules')).toBeVisible();
    await user.clear(password);
    await user.type(password, 'long-enough-1');
    await user.type(confirm, 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByText(/rule:password/)).toBeNull();
    expect(screen.getByText('rule:mismatch')).toBeVisible();
    expect(document.title).toBe('');
    await user.clear(confirm);
    await user.type(confirm, 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByText(/rule:/)).toBeNull();
    expect(document.title).toBe('sent');
  });
});
