import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import { Button } from '../components/Button.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { PasswordFields, usePasswordPair } from '../components/PasswordFields.tsx';
import { TextField } from '../components/TextField.tsx';
import { fieldErrors } from '../components/form-errors.ts';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { tokenFromHash } from '../link-token.ts';

/** Forgot the password: ask for a link by email; the link (…/reset-password#token=…) opens this page to choose a new one. */
export default function ResetPasswordPage() {
  const token = tokenFromHash(useLocation().hash);
  return token ? <ChooseNewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: () => unwrap(mailgate.auth.requestPasswordReset({ email: email.trim() })) });
  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate();
  }
  if (request.isSuccess)
    return (
      <AuthLayout title="Check your email">
        <p role="status">If an account uses {email.trim()}, an email with a link to choose a new password is on its way. The link works once, for an hour.</p>
        <p className="auth-links">
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Reset your password">
      <p>Give the address you sign in with: we email you a link to choose a new password.</p>
      <ErrorMessage error={request.error} />
      <Form onSubmit={submit} className="form" validationErrors={fieldErrors(errorOf(request.error))}>
        <TextField label="Email address" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} isRequired autoFocus />
        <Button type="submit" variant="primary" isPending={request.isPending}>
          Email me a link
        </Button>
      </Form>
      <p className="auth-links">
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const passwords = usePasswordPair();
  const complete = useMutation({ mutationFn: () => unwrap(mailgate.auth.completePasswordReset({ token, password: passwords.password })) });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwords.check()) complete.mutate();
  }
  if (complete.isSuccess)
    return (
      <AuthLayout title="Password changed">
        <p role="status">Your new password is set, and every session that was signed in with the old one has ended.</p>
        <p className="auth-links">
          <Link to={`/sign-in?email=${encodeURIComponent(complete.data.email)}`}>Sign in</Link>
        </p>
      </AuthLayout>
    );
  const e = errorOf(complete.error);
  return (
    <AuthLayout title="Choose a new password">
      {e && (
        <ErrorMessage error={e.code === 'RESET_LINK_INVALID' ? { ...e, message: 'This link is unknown, expired or used already. Ask for a new one.' } : e}>
          {e.code === 'RESET_LINK_INVALID' && <Link to="/reset-password">Ask for a new link</Link>}
        </ErrorMessage>
      )}
      <Form onSubmit={submit} className="form" validationErrors={fieldErrors(e)}>
        <PasswordFields pair={passwords} label="New password" />
        <Button type="submit" variant="primary" isPending={complete.isPending}>
          Set the new password
        </Button>
      </Form>
    </AuthLayout>
  );
}
