import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorOf, mailgate, queryClient, unwrap } from '../api.ts';
import {
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorMessage,
  fieldErrors,
  FormActions,
  PageHeader,
  PagesOf,
  Select,
  Table,
  type TableColumn,
  TextField,
  useCursorPages,
} from '../components/index.ts';
import { formatDateTime } from '../intl.ts';
import { Loading } from '../layout/Loading.tsx';
import type { Role } from '../permissions.ts';
import { useCan, useSession } from '../session.tsx';

type User = NonNullable<Awaited<ReturnType<typeof mailgate.users.get>>['data']>;

const PAGE_SIZE = 50;
const USERS_KEY = ['users'] as const;

const ROLE_OPTIONS: readonly { id: Role; label: string }[] = [
  { id: 'admin', label: 'Admin' },
  { id: 'member', label: 'Member' },
  { id: 'viewer', label: 'Viewer' },
];
const ROLE_LABEL: Record<string, string> = Object.fromEntries(ROLE_OPTIONS.map((o) => [o.id, o.label]));
const ROLE_HELP = 'Admin: everything, the team and settings too. Member: sends and manages mail, reads the settings. Viewer: reads only.';

/** A refusal as the page says it: the last admin's in the page's words (what to do about it), the rest in the server's. */
function refusal(failure: unknown, user: User) {
  const e = errorOf(failure);
  if (e?.code === 'LAST_ADMIN')
    return { ...e, message: `${user.email} is the last active admin, and the organization must keep one. Make someone else admin first.` };
  return e;
}

/**
 * The organization's people: role, status, last sign-in. Admins invite (by email,
 * with a role), resend an invitation, change a role and remove someone; for the
 * others these controls are absent, and the server refuses them anyway.
 */
export default function TeamPage() {
  const canWrite = useCan('users', 'write');
  const pages = useCursorPages();
  const [notice, setNotice] = useState('');
  const users = useQuery({
    queryKey: [...USERS_KEY, pages.after ?? null],
    queryFn: () => unwrap(mailgate.users.list({ limit: PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) })),
  });

  const columns: TableColumn<User>[] = [
    { id: 'person', title: 'Person', isRowHeader: true, cell: (user) => <Person user={user} /> },
    { id: 'role', title: 'Role', cell: (user) => ROLE_LABEL[user.role] ?? user.role },
    { id: 'status', title: 'Status', cell: (user) => (user.status === 'invited' ? 'Invited' : 'Active') },
    { id: 'last_sign_in', title: 'Last sign-in', cell: (user) => (user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never') },
    ...(canWrite ? [{ id: 'actions', title: 'Actions', cell: (user: User) => <UserActions user={user} onDone={setNotice} /> }] : []),
  ];

  return (
    <>
      <PageHeader
        title="Team"
        description="The people of this organization, their roles, and the invitations not yet accepted."
        actions={canWrite && <InviteDialog onInvited={(email) => setNotice(`Invitation sent to ${email}.`)} />}
      />
      <p role="status" className="notice">
        {notice}
      </p>
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <ErrorMessage error={users.error} title="The team could not be loaded.">
          <Button onPress={() => users.refetch()}>Try again</Button>
        </ErrorMessage>
      ) : (
        <>
          <Table
            label="Team"
            columns={columns}
            rows={users.data.data}
            empty={<EmptyState title="Nobody here yet" description={canWrite ? 'Invite someone by email to give them an account.' : undefined} />}
          />
          <PagesOf label="Team pages" pages={pages} page={users.data} isPending={users.isFetching} />
        </>
      )}
    </>
  );
}

function Person({ user }: { user: User }) {
  const me = useSession().user.id === user.id;
  return (
    <span className="person">
      <span className="person-name">
        {user.name ?? user.email}
        {me && <span className="person-you"> (you)</span>}
      </span>
      {user.name && <span className="person-email">{user.email}</span>}
    </span>
  );
}

function invalidateUsers() {
  return queryClient.invalidateQueries({ queryKey: USERS_KEY });
}

function InviteDialog({ onInvited }: { onInvited: (email: string) => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('member');
  const invite = useMutation({
    mutationFn: () => unwrap(mailgate.users.invite({ email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) })),
    onSuccess: async (user) => {
      await invalidateUsers();
      onInvited(user.email);
      setOpen(false);
    },
  });
  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    if (isOpen) {
      invite.reset();
      setEmail('');
      setName('');
      setRole('member');
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate();
  }
  const e = errorOf(invite.error);
  return (
    <Dialog title="Invite someone" isOpen={open} onOpenChange={openChange} trigger={<Button variant="primary">Invite</Button>}>
      {(close) => (
        <Form onSubmit={submit} className="form" validationErrors={fieldErrors(e)}>
          <p className="dialog-body">They get an email with a link to choose a password; it works once, for 7 days.</p>
          {e && e.name !== 'validation_error' && (
            <ErrorMessage
              error={
                e.code === 'USER_EXISTS'
                  ? { ...e, message: `${email.trim()} is in the team already. To send a new link to someone invited, use Resend invitation in the list.` }
                  : e
              }
            />
          )}
          <TextField label="Email address" type="email" name="email" value={email} onChange={setEmail} isRequired autoFocus />
          <TextField label="Name" name="name" description="Shown to the team. Optional: they may give one when they accept." value={name} onChange={setName} />
          <Select label="Role" description={ROLE_HELP} options={ROLE_OPTIONS} value={role} onChange={(id) => setRole(id as Role)} isRequired />
          <FormActions onCancel={close} submit="Send invitation" isPending={invite.isPending} />
        </Form>
      )}
    </Dialog>
  );
}

/** An admin's controls on one row; each action with its own state, so that a refusal shows where it was asked. */
function UserActions({ user, onDone }: { user: User; onDone: (notice: string) => void }) {
  const who = user.name ?? user.email;
  const resend = useMutation({
    mutationFn: () => unwrap(mailgate.users.invite({ email: user.email, role: user.role, resend: true })),
    onSuccess: async () => {
      await invalidateUsers();
      onDone(`A new invitation was sent to ${user.email}; the earlier link no longer works.`);
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(mailgate.users.remove(user.id)),
    onSuccess: async () => {
      await invalidateUsers();
      onDone(`${who} was removed from the team.`);
    },
  });
  return (
    <div className="row-actions">
      <ChangeRoleDialog user={user} onDone={onDone} />
      {user.status === 'invited' && (
        <Button variant="quiet" isPending={resend.isPending} onPress={() => resend.mutate()}>
          Resend invitation<span className="visually-hidden"> to {user.email}</span>
        </Button>
      )}
      <ConfirmDialog
        title={`Remove ${who}?`}
        trigger={
          <Button variant="quiet" onPress={() => remove.reset()}>
            Remove<span className="visually-hidden"> {user.email}</span>
          </Button>
        }
        message={
          <>
            <p>
              {user.status === 'invited'
                ? `${user.email} will not be able to accept the invitation: its link stops working.`
                : `${user.email} will no longer be able to sign in, and is signed out everywhere.`}{' '}
              To let them back in, invite them again.
            </p>
            <ErrorMessage error={refusal(remove.error, user)} title="Not removed." />
          </>
        }
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => remove.mutateAsync()}
      />
      {resend.isError && <ErrorMessage error={resend.error} title="The invitation was not sent." />}
    </div>
  );
}

function ChangeRoleDialog({ user, onDone }: { user: User; onDone: (notice: string) => void }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(user.role);
  const update = useMutation({
    mutationFn: () => unwrap(mailgate.users.update(user.id, { role })),
    onSuccess: async (changed) => {
      await invalidateUsers();
      onDone(`${changed.name ?? changed.email} is now ${ROLE_LABEL[changed.role]?.toLowerCase() ?? changed.role}.`);
      setOpen(false);
    },
  });
  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    if (isOpen) {
      update.reset();
      setRole(user.role);
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (role === user.role) setOpen(false);
    else update.mutate();
  }
  return (
    <Dialog
      title={`Change the role of ${user.name ?? user.email}`}
      isOpen={open}
      onOpenChange={openChange}
      trigger={
        <Button variant="quiet">
          Change role<span className="visually-hidden"> of {user.email}</span>
        </Button>
      }
    >
      {(close) => (
        <Form onSubmit={submit} className="form">
          <ErrorMessage error={refusal(update.error, user)} title="The role was not changed." />
          <Select label="Role" description={ROLE_HELP} options={ROLE_OPTIONS} value={role} onChange={(id) => setRole(id as Role)} isRequired autoFocus />
          <FormActions onCancel={close} submit="Save" isPending={update.isPending} />
        </Form>
      )}
    </Dialog>
  );
}
