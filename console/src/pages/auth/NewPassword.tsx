import { PasswordInput } from '@mantine/core';
import { useState } from 'react';

export const PASSWORD_RULE =
  'At least 10 characters, and not the same as your username or email address.';

/** A password typed twice, as the forms that set one hold it. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    again,
    mismatch,
    setPassword,
    setAgain,
    /** Whether the two agree, showing under the second field when they do not. */
    confirmed() {
      const same = password === again;
      setMismatch(!same);
      return same;
    },
    clear() {
      setPassword('');
      setAgain('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The two fields of a new password, the rule under the first and a mismatch under the second. */
export function NewPasswordFields({
  state,
  label,
  repeatLabel,
}: {
  state: NewPassword;
  label: string;
  repeatLabel: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={PASSWORD_RULE}
        autoComplete="new-password"
        required
        value={state.password}
        onChange={(e) => state.setPassword(e.currentTarget.value)}
      />
      <PasswordInput
        label={repeatLabel}
        autoComplete="new-password"
        required
        value={state.again}
        error={state.mismatch ? 'The two passwords differ' : undefined}
        onChange={(e) => state.setAgain(e.currentTarget.value)}
      />
    </>
  );
}
