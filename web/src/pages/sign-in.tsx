import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
// Each from its own file, not the index: the first page loads only the components it uses.
import { Button } from '../components/Button.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { TextField } from '../components/TextField.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { startSession, useSessionQuery } from '../session.tsx';

/**
 * The organization picker, shown only to an address that belongs to several
 * organizations: its list box and popover (five of the page's eleven files)
 * load when it is asked for, not with the first page everyone opens.
 */
const Select = lazy(() => import('../components/Select.tsx').then((m) => ({ default: m.Select })));

/** Where to go after signing in: a path of this app only (never another site, whatever the link said). */
function nextPath(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

interface Organization {
  id: string;
  name: string;
}

function organizationsOf(details: unknown): Organization[] {
  const list = (details as { organizations?: unknown } | undefined)?.organizations;
  return Array.isArray(list) ? list.filter((o): o is Organization => typeof o?.id === 'string' && typeof o?.name === 'string') : [];
}

/**
 * Sign in with an email address and a password; then, when the account asks for
 * it, a code from an authenticator app (or a recovery code), and, when the address
 * belongs to several organizations, which one.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const navigate = useNavigate();
  const current = useSessionQuery();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [organizationId, setOrganizationId] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: () =>
      unwrap(
        mailgate.auth.signIn({
          email,
          password,
          ...(organizationId ? { organization_id: organizationId } : {}),
          ...(askTotp && totpCode.trim() ? { totp_code: totpCode.trim() } : {}),
        }),
      ),
    onSuccess: (session) => {
      startSession(session);
      navigate(next, { replace: true });
    },
    onError: (failure) => {
      const e = errorOf(failure);
      if (e?.code === 'TOTP_REQUIRED' || e?.code === 'TOTP_INVALID') setAskTotp(true);
      if (e?.code === 'ORGANIZATION_REQUIRED') setOrganizations(organizationsOf(e.details));
    },
  });

  if (current.data) return <Navigate to={next} replace />;

  const e = errorOf(signIn.error);
  const fieldError = e?.code === 'TOTP_INVALID' ? 'That code is not right (or was used already). Try the current one.' : null;
  // These are asked for in the form itself; every other refusal is said above it.
  const asked = e?.code === 'TOTP_REQUIRED' || e?.code === 'TOTP_INVALID' || (e?.code === 'ORGANIZATION_REQUIRED' && organizations.length > 0);
  const limited = e?.code === 'SIGN_IN_LIMITED';

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate();
  }

  return (
    <AuthLayout title="Sign in">
      {e && !asked && (
        <ErrorMessage
          error={limited ? { ...e, message: `Too many attempts to sign in. Try again in ${Math.max(1, Math.ceil((e.retryAfter ?? 60) / 60))} minutes.` } : e}
        />
      )}
      <Form onSubmit={submit} className="form">
        <TextField label="Email address" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} isRequired autoFocus />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} isRequired />
        {organizations.length > 0 && (
          <Suspense fallback={null}>
            <Select
              label="Organization"
              description="This address belongs to several organizations: choose the one to sign in to."
              options={organizations.map((o) => ({ id: o.id, label: o.name }))}
              value={organizationId}
              onChange={setOrganizationId}
              isRequired
            />
          </Suspense>
        )}
        {askTotp && (
          <TextField
            label="Authentication code"
            description="The 6-digit code from your authenticator app, or one of your recovery codes."
            name="totp_code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={totpCode}
            onChange={(value) => {
              // A refused code keeps the field invalid, which React Aria's form will not submit: the refusal ends with the edit.
              setTotpCode(value);
              if (fieldError) signIn.reset();
            }}
            errorMessage={fieldError}
            isRequired
            autoFocus
          />
        )}
        <Button type="submit" variant="primary" isPending={signIn.isPending}>
          Sign in
        </Button>
      </Form>
      <p className="auth-links">
        <Link to="/reset-password">Forgot your password?</Link>
      </p>
    </AuthLayout>
  );
}
