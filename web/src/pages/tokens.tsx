import type { ListItemOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorOf, mailgate, unwrap } from '../api.ts';
import {
  Button,
  ConfirmDialog,
  DateTime,
  Dialog,
  EmptyState,
  ErrorMessage,
  fieldErrors,
  FormActions,
  OneTimeSecret,
  PageHeader,
  PagesOf,
  Select,
  Table,
  type TableColumn,
  TextField,
  useCursorPages,
} from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import './settings.css';

type Token = ListItemOf<'list_tokens'>;
type CreatedToken = Awaited<ReturnType<typeof createToken>>;

const PAGE_SIZE = 25;
const listTokens = (after: string | undefined) => unwrap(mailgate.tokens.list({ limit: PAGE_SIZE, ...(after ? { after } : {}) }));
const createToken = (name: string, permission: 'full' | 'read') => unwrap(mailgate.tokens.create({ name, permission }));

const PERMISSIONS = [
  { id: 'full', label: 'Full: read and write' },
  { id: 'read', label: 'Read only' },
] as const;

/**
 * The organization's API tokens: name, permission, the hint of the secret, when
 * made and last used. An admin creates one (its secret shown once, in a dialog)
 * and revokes one; everyone else only reads the list.
 */
export default function TokensPage() {
  const canWrite = useCan('tokens', 'write');
  const pages = useCursorPages();
  const tokens = useQuery({ queryKey: ['tokens', pages.after], queryFn: () => listTokens(pages.after) });

  const columns: TableColumn<Token>[] = [
    { id: 'name', title: 'Name', isRowHeader: true, cell: (t) => t.name },
    { id: 'permission', title: 'Permission', cell: (t) => (t.permission === 'read' ? 'Read only' : 'Full') },
    { id: 'hint', title: 'Token', cell: (t) => <code>{t.token_hint}</code> },
    { id: 'created', title: 'Created', cell: (t) => <DateTime value={t.created_at} /> },
    { id: 'used', title: 'Last used', cell: (t) => <DateTime value={t.last_used_at} /> },
    ...(canWrite ? [{ id: 'actions', title: 'Actions', cell: (t: Token) => <RevokeToken token={t} /> }] : []),
  ];

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let programs use the API, SMTP submission and MCP for this organization. A read-only token cannot change anything."
        actions={canWrite && <CreateToken />}
      />
      {tokens.isPending && <Loading />}
      <ErrorMessage error={tokens.error} title="The tokens could not be loaded." />
      {tokens.data && (
        <>
          <Table
            label="API tokens"
            columns={columns}
            rows={tokens.data.data}
            empty={<EmptyState level={3} title="No API tokens" description="Create one for each program that uses the API." />}
          />
          <PagesOf label="API token pages" pages={pages} page={tokens.data} isPending={tokens.isFetching} />
        </>
      )}
    </>
  );
}

/** "Create token": name and permission; then the secret, once, with a copy button. */
function CreateToken() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<'full' | 'read'>('full');
  const create = useMutation({
    mutationFn: () => createToken(name, permission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tokens'] }),
  });
  const created: CreatedToken | undefined = create.data;

  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    // Closing forgets the secret: it is not kept anywhere once the dialog is gone.
    if (!isOpen) {
      create.reset();
      setName('');
      setPermission('full');
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <Dialog
      title={created ? 'Your new API token' : 'Create an API token'}
      isOpen={open}
      onOpenChange={openChange}
      trigger={<Button variant="primary">Create token</Button>}
    >
      {(close) =>
        created ? (
          <>
            <OneTimeSecret
              value={created.token}
              label="token"
              warning={`Copy the token "${created.name}" now and keep it somewhere safe: it is shown this once. Mailgate keeps only a hash of it.`}
            />
            <div className="dialog-actions">
              <Button variant="primary" onPress={close}>
                Done
              </Button>
            </div>
          </>
        ) : (
          <Form onSubmit={submit} className="form" validationErrors={fieldErrors(errorOf(create.error))}>
            {create.error && errorOf(create.error)?.name !== 'validation_error' && <ErrorMessage error={create.error} />}
            <TextField
              label="Name"
              name="name"
              description="Where the token is used, to tell it apart later."
              value={name}
              onChange={setName}
              maxLength={100}
              isRequired
              autoFocus
            />
            <Select label="Permission" options={PERMISSIONS} value={permission} onChange={(id) => setPermission(id as 'full' | 'read')} />
            <FormActions onCancel={close} submit="Create" isPending={create.isPending} />
          </Form>
        )
      }
    </Dialog>
  );
}

/** Revoke, after a confirmation: the token's next request fails. */
function RevokeToken({ token }: { token: Token }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => unwrap(mailgate.tokens.revoke(token.id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tokens'] }),
  });
  return (
    <ConfirmDialog
      title={`Revoke the token "${token.name}"?`}
      trigger={
        <Button variant="quiet" aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      }
      message={
        <>
          <p>Programs using it stop working at their next request, over the API, SMTP and MCP. This cannot be undone.</p>
          <ErrorMessage error={revoke.error} />
        </>
      }
      confirmLabel="Revoke token"
      isPending={revoke.isPending}
      onConfirm={() => revoke.mutateAsync()}
    />
  );
}
