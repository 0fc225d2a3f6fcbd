import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { errorOf, mailgate, queryClient, unwrap } from '../api.ts';
import {
  Button,
  ConfirmDialog,
  CopyButton,
  Dialog,
  ErrorMessage,
  fieldErrors,
  FormActions,
  PageHeader,
  PasswordFields,
  Table,
  type TableColumn,
  TextField,
  usePasswordPair,
} from '../components/index.ts';
import { QrCode } from './account/QrCode.tsx';
import { formatDateTime } from '../intl.ts';
import { Loading } from '../layout/Loading.tsx';
import { endSession, useSession, useSignOut } from '../session.tsx';

const account = mailgate.account;
/** One place the user is signed in, as GET /api/v2/account/sessions lists it. */
type SessionInfo = NonNullable<Awaited<ReturnType<typeof account.sessions>>['data']>['data'][number];

const SESSIONS_KEY = ['account', 'sessions'] as const;

/** The signed-in person's own account: password, two-factor authentication, and where they are signed in. */
export default function AccountPage() {
  const session = useSession();
  return (
    <>
      <PageHeader
        title="Account"
        description={`Signed in as ${session.user.email}. Your password, two-factor authentication and the places you are signed in.`}
      />
      <div className="sections">
        <ChangePassword email={session.user.email} />
        <TwoFactor />
        <Sessions />
      </div>
    </>
  );
}

function ChangePassword({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const passwords = usePasswordPair();
  const change = useMutation({
    mutationFn: () => unwrap(account.changePassword({ current_password: current, new_password: passwords.password })),
    onSuccess: () => {
      setCurrent('');
      passwords.setPassword('');
      passwords.setConfirm('');
      return queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwords.check()) change.mutate();
  }
  const e = errorOf(change.error);
  const errors = fieldErrors(e);
  return (
    <section aria-labelledby="password-heading" className="section">
      <h2 id="password-heading">Password</h2>
      {e && e.name !== 'validation_error' && <ErrorMessage error={e} title="The password was not changed." />}
      {change.isSuccess && (
        <p role="status" className="notice">
          Your password is changed. Every other place you were signed in has been signed out.
        </p>
      )}
      <Form onSubmit={submit} className="form narrow-form" validationErrors={{ ...errors, ...(errors.new_password ? { password: errors.new_password } : {}) }}>
        {/* The username field lets a password manager know which account the new password is for. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          isRequired
        />
        <PasswordFields pair={passwords} label="New password" />
        <Button type="submit" variant="primary" isPending={change.isPending}>
          Change password
        </Button>
      </Form>
    </section>
  );
}

/** Whether the second factor is on: the session says at sign-in; this page follows its own changes. */
type TotpState = 'on' | 'off';

function TwoFactor() {
  const session = useSession();
  const [state, setState] = useState<TotpState>(session.totp_enabled ? 'on' : 'off');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setUp = useMutation({
    mutationFn: () => unwrap(account.setUpTotp()),
    onError: (failure) => {
      if (errorOf(failure)?.code === 'TOTP_ENABLED') setState('on');
    },
  });
  const pending = setUp.data;

  return (
    <section aria-labelledby="totp-heading" className="section">
      <h2 id="totp-heading">Two-factor authentication</h2>
      <p>
        {state === 'on'
          ? 'Two-factor authentication is on: signing in asks for a code from your authenticator app, or one of your recovery codes.'
          : 'With two-factor authentication, signing in asks for your password and a code from an authenticator app on your phone.'}
      </p>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : pending ? (
        <ConfirmTotp
          secret={pending.secret}
          uri={pending.otpauth_uri}
          onCancel={() => setUp.reset()}
          onEnabled={(codes) => {
            setUp.reset();
            setState('on');
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <>
          {setUp.isError && errorOf(setUp.error)?.code !== 'TOTP_ENABLED' && <ErrorMessage error={setUp.error} />}
          <div className="form-actions">
            {state !== 'on' && (
              <Button variant="primary" isPending={setUp.isPending} onPress={() => setUp.mutate()}>
                Set up two-factor authentication
              </Button>
            )}
            {state === 'on' && <DisableTotp onDisabled={() => setState('off')} />}
          </div>
        </>
      )}
    </section>
  );
}

function ConfirmTotp({ secret, uri, onCancel, onEnabled }: { secret: string; uri: string; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const enable = useMutation({
    mutationFn: () => unwrap(account.enableTotp({ code: code.replace(/\s/g, '') })),
    onSuccess: (answer) => onEnabled(answer.recovery_codes),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    enable.mutate();
  }
  const e = errorOf(enable.error);
  return (
    <div className="totp-setup">
      <ol className="steps">
        <li>
          Scan this code with your authenticator app, or add an account with the key below (or paste the whole otpauth link, where the app takes one):
          <QrCode value={uri} label="QR code of the otpauth link, for an authenticator app to scan" />
          <dl className="secrets">
            <dt>Key</dt>
            <dd>
              <code className="secret">{secret}</code>
              <CopyButton value={secret} label="Copy the key" />
            </dd>
            <dt>otpauth link</dt>
            <dd>
              <code className="secret">{uri}</code>
              <CopyButton value={uri} label="Copy the otpauth link" />
            </dd>
          </dl>
        </li>
        <li>Type the 6-digit code the app shows now, to check that it works.</li>
      </ol>
      <Form onSubmit={submit} className="form narrow-form">
        {e && e.code !== 'TOTP_INVALID' && <ErrorMessage error={e} />}
        <TextField
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(value) => {
            // The refusal stands until the code changes: React Aria keeps a field marked invalid from submitting.
            setCode(value);
            enable.reset();
          }}
          errorMessage={e?.code === 'TOTP_INVALID' ? 'That code is not right. Check the app shows Mailgate and type the current code.' : null}
          isRequired
          autoFocus
        />
        <div className="form-actions">
          <Button onPress={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" isPending={enable.isPending}>
            Turn on
          </Button>
        </div>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="recovery-codes">
      <p role="status" className="notice">
        Two-factor authentication is on.
      </p>
      <h3>Your recovery codes</h3>
      <p>Each signs in once in place of a code from the app, should you lose your phone. Keep them somewhere safe now: they are not shown again.</p>
      <ul aria-label="Recovery codes" className="code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <CopyButton value={codes.join('\n')} label="Copy the recovery codes" />
        <Button variant="primary" onPress={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function DisableTotp({ onDisabled }: { onDisabled: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const disable = useMutation({
    mutationFn: () => unwrap(account.disableTotp({ password })),
    onSuccess: () => {
      setOpen(false);
      onDisabled();
    },
  });
  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    setPassword('');
    disable.reset();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    disable.mutate();
  }
  const e = errorOf(disable.error);
  return (
    <Dialog title="Turn off two-factor authentication" isOpen={open} onOpenChange={openChange} trigger={<Button>Turn off…</Button>}>
      {(close) => (
        <Form onSubmit={submit} className="form" validationErrors={fieldErrors(e)}>
          <p className="dialog-body">Signing in will ask for your password only. Your recovery codes stop working. Confirm with your password.</p>
          {e && e.name !== 'validation_error' && <ErrorMessage error={e} title="Two-factor authentication was not turned off." />}
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            isRequired
            autoFocus
          />
          <FormActions onCancel={close} submit="Turn off" variant="danger" isPending={disable.isPending} />
        </Form>
      )}
    </Dialog>
  );
}

/** "Firefox on Linux" from a User-Agent, for a person to recognise a device; the whole string when it is none of the usual. */
function describeAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} on ${system}` : userAgent;
}

function Sessions() {
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => unwrap(account.sessions()) });
  const everywhere = useMutation({
    mutationFn: () => unwrap(account.signOutEverywhere()),
    onSuccess: () => {
      endSession();
      navigate('/sign-in', { replace: true });
    },
  });
  const columns: TableColumn<SessionInfo>[] = [
    {
      id: 'device',
      title: 'Device',
      isRowHeader: true,
      cell: (s) => (
        <span className="person">
          <span className="person-name">
            {describeAgent(s.user_agent)}
            {s.current && <span className="tag">This device</span>}
          </span>
          {s.ip && <span className="person-email">{s.ip}</span>}
        </span>
      ),
    },
    { id: 'created', title: 'Signed in', cell: (s) => formatDateTime(s.created_at) },
    { id: 'seen', title: 'Last active', cell: (s) => formatDateTime(s.last_seen_at) },
    { id: 'actions', title: 'Actions', cell: (s) => <SessionAction session={s} /> },
  ];
  return (
    <section aria-labelledby="sessions-heading" className="section">
      <h2 id="sessions-heading">Where you are signed in</h2>
      <p>Sign out a device you do not recognise or no longer use. Changing your password signs out all the others.</p>
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorMessage error={sessions.error} title="Your sessions could not be loaded.">
          <Button onPress={() => sessions.refetch()}>Try again</Button>
        </ErrorMessage>
      ) : (
        <Table label="Sessions" columns={columns} rows={sessions.data.data} />
      )}
      <div className="section-actions">
        <ConfirmDialog
          title="Sign out everywhere?"
          trigger={<Button variant="danger">Sign out everywhere</Button>}
          message={
            <>
              <p>Every device signed in to your account is signed out, this one too.</p>
              <ErrorMessage error={everywhere.error} />
            </>
          }
          confirmLabel="Sign out everywhere"
          isPending={everywhere.isPending}
          onConfirm={() => everywhere.mutateAsync()}
        />
      </div>
    </section>
  );
}

function SessionAction({ session }: { session: SessionInfo }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const revoke = useMutation({
    mutationFn: () => unwrap(account.revokeSession(session.id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const device = describeAgent(session.user_agent);
  if (session.current)
    return (
      <Button
        variant="quiet"
        isPending={signOut.isPending}
        onPress={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
      >
        Sign out<span className="visually-hidden"> this device</span>
      </Button>
    );
  return (
    <>
      <Button variant="quiet" isPending={revoke.isPending} onPress={() => revoke.mutate()}>
        Sign out
        <span className="visually-hidden">
          {' '}
          {device}, signed in {formatDateTime(session.created_at)}
        </span>
      </Button>
      {revoke.isError && <ErrorMessage error={revoke.error} />}
    </>
  );
}
