import { useState } from 'react';
import { PasswordInput } from '@mantine/core';
import { PASSWORD_RULES, passwordSchema } from '@careslot/contracts';

/** Why a new password (or its confirmation) is refused; each screen words it in its own namespace. */
export type NewPasswordRule = 'passwordRequired' | 'passwordRules' | 'mismatch';
type Errors = { password?: NewPasswordRule; confirm?: NewPasswordRule };

/**
 * A new password typed twice (activation and password recovery, §2.8): the contract's password rules and the
 * confirmation checked before any call.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  /** Marks the fields; true when both pass. */
  const check = () => {
    const found: Errors = {};
    if (!password) found.password = 'passwordRequired';
    else if (!passwordSchema.safeParse(password).success) found.password = 'passwordRules';
    if (password && confirm !== password) found.confirm = 'mismatch';
    setErrors(found);
    return !found.password && !found.confirm;
  };
  return { password, setPassword, confirm, setConfirm, errors, check };
}

export function NewPasswordFields({
  state,
  labels,
  errorText,
}: {
  state: ReturnType<typeof useNewPassword>;
  labels: { password: string; confirm: string };
  errorText: (rule: NewPasswordRule) => string;
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        name="new-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_RULES.max}
        value={state.password}
        onChange={(event) => state.setPassword(event.currentTarget.value)}
        error={state.errors.password ? errorText(state.errors.password) : undefined}
      />
      <PasswordInput
        label={labels.confirm}
        name="confirm-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_RULES.max}
        value={state.confirm}
        onChange={(event) => state.setConfirm(event.currentTarget.value)}
        error={state.errors.confirm ? errorText(state.errors.confirm) : undefined}
      />
    </>
  );
}
