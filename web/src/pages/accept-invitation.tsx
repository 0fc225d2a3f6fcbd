import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import { Button } from '../components/Button.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { PasswordFields, usePasswordPair } from '../components/PasswordFields.tsx';
import { TextField } from '../components/TextField.tsx';
import { fieldErrors } from '../components/form-errors.ts';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { tokenFromHash } from '../link-token.ts';
import { startSession } from '../session.tsx';

/**
 * The invitation link's page: choose a password (and, for the first admin's link,
 * which names no address, the email address); then the new account is signed in.
 */
export default function AcceptInvitationPage() {
  const token = tokenFromHash(useLocation().hash);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const passwords = usePasswordPair();

  const accept = useMutation({
    mutationFn: async () => {
      const user = await unwrap(
        mailgate.users.acceptInvitation({
          token,
          password: passwords.password,
          ...(email.trim() ? { email: email.trim() } : {}),
          ...(name.trim() ? { name: name.trim() } : {}),
        }),
      );
      // Signed in at once with what was just chosen; should that be refused (several organizations), the sign-in page asks.
      const signedIn = await mailgate.auth.signIn({ email: user.email, password: passwords.password });
      return { user, session: signedIn.data };
    },
    onSuccess: ({ user, session }) => {
      if (session) {
        startSession(session);
        navigate('/', { replace: true });
      } else navigate(`/sign-in?email=${encodeURIComponent(user.email)}`, { replace: true });
    },
  });

  if (!token)
    return (
      <AuthLayout title="Accept an invitation">
        <ErrorMessage
          error={{ name: 'not_found', message: 'This link has no invitation in it. Open the link from the email as it came, whole.', statusCode: null }}
        />
        <p className="auth-links">
          <Link to="/sign-in">Sign in</Link>
        </p>
      </AuthLayout>
    );

  const e = errorOf(accept.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwords.check()) accept.mutate();
  }

  return (
    <AuthLayout title="Accept an invitation">
      <p>Choose the password you will sign in with.</p>
      {e && (
        <ErrorMessage
          error={
            e.code === 'INVITATION_INVALID'
              ? { ...e, message: 'This link is unknown, expired or used already. Ask an admin of the organization for a new one.' }
              : e
          }
        />
      )}
      <Form onSubmit={submit} className="form" validationErrors={fieldErrors(e)}>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="username"
          description="The address you were invited at. The first admin's link names none: give the address you will sign in with."
          value={email}
          onChange={setEmail}
        />
        <TextField label="Your name" name="name" autoComplete="name" description="Shown to your team. Optional." value={name} onChange={setName} />
        <PasswordFields pair={passwords} />
        <Button type="submit" variant="primary" isPending={accept.isPending}>
          Set password and sign in
        </Button>
      </Form>
    </AuthLayout>
  );
}
