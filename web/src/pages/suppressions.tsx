import type { ListItemOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
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

type Suppression = ListItemOf<'list_suppressions'>;
type Reason = Suppression['reason'];
interface Filters {
  query: string;
  reason: Reason | 'any';
}

const PAGE_SIZE = 50;
const listSuppressions = (filters: Filters, after: string | undefined) =>
  unwrap(
    mailgate.suppressions.list({
      limit: PAGE_SIZE,
      ...(filters.query ? { query: filters.query } : {}),
      ...(filters.reason !== 'any' ? { reason: filters.reason } : {}),
      ...(after ? { after } : {}),
    }),
  );

const REASONS: Record<Reason, string> = { bounce: 'Bounced', complaint: 'Complained', manual: 'Added by hand' };
const REASON_OPTIONS = [{ id: 'any', label: 'Any reason' }, ...Object.entries(REASONS).map(([id, label]) => ({ id, label }))];

/** How long a suppression added by hand lasts. */
const DURATIONS = [
  { id: 'forever', label: 'Until removed', days: null },
  { id: '30', label: '30 days', days: 30 },
  { id: '90', label: '90 days', days: 90 },
  { id: '365', label: 'One year', days: 365 },
] as const;

/**
 * The addresses this organization does not mail: why (a bounce, a complaint, or
 * added by hand), searchable by part of the address. Whoever may write adds an
 * address or takes one off (a complaint only with a second thought).
 */
export default function SuppressionsPage() {
  const canWrite = useCan('suppressions', 'write');
  const pages = useCursorPages();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<Filters>({ query: '', reason: 'any' });
  const suppressions = useQuery({ queryKey: ['suppressions', filters, pages.after], queryFn: () => listSuppressions(filters, pages.after) });

  function search(event: FormEvent) {
    event.preventDefault();
    pages.reset();
    setFilters((f) => ({ ...f, query: draft.trim() }));
  }

  const columns: TableColumn<Suppression>[] = [
    { id: 'email', title: 'Address', isRowHeader: true, cell: (s) => s.email },
    { id: 'reason', title: 'Reason', cell: (s) => REASONS[s.reason] },
    { id: 'source', title: 'Caused by', cell: (s) => (s.source_id ? <Link to={`/emails/${s.source_id}`}>{s.source_id}</Link> : '—') },
    { id: 'created', title: 'Since', cell: (s) => <DateTime value={s.created_at} /> },
    { id: 'expires', title: 'Until', cell: (s) => <DateTime value={s.expires_at} fallback="Removed by hand" /> },
    ...(canWrite ? [{ id: 'actions', title: 'Actions', cell: (s: Suppression) => <RemoveSuppression suppression={s} /> }] : []),
  ];

  const filtered = filters.query !== '' || filters.reason !== 'any';
  return (
    <>
      <PageHeader
        title="Suppressions"
        description="Addresses that get no mail from this organization: they bounced, complained, or were added here. A send to one is recorded and not delivered."
        actions={canWrite && <AddSuppression />}
      />
      <Form role="search" aria-label="Suppressions" onSubmit={search} className="filters">
        <TextField label="Address contains" name="query" type="search" value={draft} onChange={setDraft} placeholder="@example.com" />
        <Select
          label="Reason"
          options={REASON_OPTIONS}
          value={filters.reason}
          onChange={(reason) => {
            pages.reset();
            setFilters((f) => ({ ...f, reason: reason as Filters['reason'] }));
          }}
        />
        <Button type="submit">Search</Button>
      </Form>
      {suppressions.isPending && <Loading />}
      <ErrorMessage error={suppressions.error} title="The suppressions could not be loaded." />
      {suppressions.data && (
        <>
          <p role="status" className="visually-hidden">
            {suppressions.isFetching ? '' : `${suppressions.data.data.length}${suppressions.data.has_more ? ' or more' : ''} addresses shown`}
          </p>
          <Table
            label="Suppressed addresses"
            columns={columns}
            rows={suppressions.data.data}
            empty={
              filtered ? (
                <EmptyState level={3} title="No suppressed address matches" description="Try another part of the address, or any reason." />
              ) : (
                <EmptyState level={3} title="No suppressed addresses" description="Addresses that bounce or complain are added here on their own." />
              )
            }
          />
          <PagesOf label="Suppression pages" pages={pages} page={suppressions.data} isPending={suppressions.isFetching} />
        </>
      )}
    </>
  );
}

/** "Add address": an address and how long; it is suppressed (reason manual) at once. */
function AddSuppression() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [duration, setDuration] = useState<(typeof DURATIONS)[number]['id']>('forever');
  const add = useMutation({
    mutationFn: () => {
      const days = DURATIONS.find((d) => d.id === duration)?.days ?? null;
      const expires = days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString();
      return unwrap(mailgate.suppressions.add({ emails: [email.trim()], expires_at: expires }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['suppressions'] });
      setOpen(false);
    },
  });
  const e = errorOf(add.error);
  // The API names the field emails.0; the form has one address.
  const errors = Object.fromEntries(Object.entries(fieldErrors(e)).map(([path, message]) => [path.startsWith('emails') ? 'email' : path, message]));

  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    if (!isOpen) {
      add.reset();
      setEmail('');
      setDuration('forever');
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }
  return (
    <Dialog title="Suppress an address" isOpen={open} onOpenChange={openChange} trigger={<Button variant="primary">Add address</Button>}>
      {(close) => (
        <Form onSubmit={submit} className="form" validationErrors={errors}>
          {e && e.name !== 'validation_error' && <ErrorMessage error={e} />}
          <TextField
            label="Email address"
            name="email"
            type="email"
            description="Nothing is sent to it until the suppression ends or is removed."
            value={email}
            onChange={setEmail}
            isRequired
            autoFocus
          />
          <Select label="For how long" options={DURATIONS} value={duration} onChange={(id) => setDuration(id as typeof duration)} />
          <FormActions onCancel={close} submit="Suppress" isPending={add.isPending} />
        </Form>
      )}
    </Dialog>
  );
}

/** Remove, after a confirmation; a complaint says what removing it risks, and is removed with force. */
function RemoveSuppression({ suppression }: { suppression: Suppression }) {
  const queryClient = useQueryClient();
  const complaint = suppression.reason === 'complaint';
  const remove = useMutation({
    mutationFn: () => unwrap(mailgate.suppressions.remove(suppression.id, { force: complaint })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['suppressions'] }),
  });
  return (
    <ConfirmDialog
      title={`Mail ${suppression.email} again?`}
      trigger={
        <Button variant="quiet" aria-label={`Remove ${suppression.email}`}>
          Remove
        </Button>
      }
      message={
        <>
          <p>
            {complaint
              ? 'This recipient reported a message as spam. Mailing them again harms your domain’s reputation; the removal is logged.'
              : 'The address is taken off the list and may be mailed again.'}
          </p>
          <ErrorMessage error={remove.error} />
        </>
      }
      confirmLabel="Remove suppression"
      isPending={remove.isPending}
      onConfirm={() => remove.mutateAsync()}
    />
  );
}
