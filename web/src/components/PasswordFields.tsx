import { useState } from 'react';
import { TextField } from './TextField.tsx';

/** The server's rule, said before it refuses: at least 10 characters, not the email address. */
export const PASSWORD_MIN = 10;

export interface PasswordPair {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  /** Shown under the second field once check() found them different. */
  mismatch: boolean;
  /** Before submitting: are the two the same? */
  check: () => boolean;
}

export function usePasswordPair(): PasswordPair {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    confirm,
    setPassword: (value) => {
      setPassword(value);
      setMismatch(false);
    },
    setConfirm: (value) => {
      setConfirm(value);
      setMismatch(false);
    },
    mismatch,
    check: () => {
      const same = password === confirm;
      setMismatch(!same);
      return same;
    },
  };
}

/** A new password, typed twice (the password manager's "new-password" fields). */
export function PasswordFields({ pair, label = 'Password' }: { pair: PasswordPair; label?: string }) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN} characters, not your email address.`}
        minLength={PASSWORD_MIN}
        value={pair.password}
        onChange={pair.setPassword}
        isRequired
      />
      <TextField
        label={`Repeat the ${label.toLowerCase()}`}
        type="password"
        name="password_confirm"
        autoComplete="new-password"
        value={pair.confirm}
        onChange={pair.setConfirm}
        errorMessage={pair.mismatch ? 'The two passwords are not the same.' : null}
        isRequired
      />
    </>
  );
}
