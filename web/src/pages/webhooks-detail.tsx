import type { ListItemOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { mailgate, unwrap } from '../api.ts';
import {
  Badge,
  type BadgeLook,
  Button,
  ConfirmDialog,
  CopyButton,
  DateTime,
  Dialog,
  EmptyState,
  ErrorMessage,
  PageHeader,
  PagesOf,
  type TableColumn,
  Table,
  useCursorPages,
} from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import { WebhookForm, type WebhookFields } from './webhooks/form.tsx';
import './settings.css';

type Webhook = Awaited<ReturnType<typeof getWebhook>>;
type Delivery = ListItemOf<'list_webhook_deliveries'>;

const PAGE_SIZE = 25;
const getWebhook = (id: string) => unwrap(mailgate.webhooks.get(id));
const listDeliveries = (id: string, after: string | undefined) =>
  unwrap(mailgate.webhooks.listDeliveries(id, { limit: PAGE_SIZE, ...(after ? { after } : {}) }));

const DELIVERY_STATUS: Readonly<Record<Delivery['status'], BadgeLook>> = {
  pending: { text: 'Pending', tone: 'neutral' },
  delivered: { text: 'Delivered', tone: 'good' },
  failed: { text: 'Failed', tone: 'bad' },
};

/**
 * One webhook: its URL and events, the log of its deliveries (each attempt's
 * outcome, the endpoint's HTTP status and the start of its answer, as text), and
 * for an admin: edit, send a test event, show the signing secret, delete.
 */
export default function WebhookPage() {
  const { id = '' } = useParams();
  const canWrite = useCan('webhooks', 'write');
  const webhook = useQuery({ queryKey: ['webhooks', 'one', id], queryFn: () => getWebhook(id) });

  if (webhook.isPending) return <Loading />;
  if (webhook.error || !webhook.data)
    return (
      <>
        <PageHeader title="Webhook" />
        <ErrorMessage error={webhook.error} title="This webhook could not be loaded.">
          <p>
            <Link to="/webhooks">Back to the webhooks</Link>
          </p>
        </ErrorMessage>
      </>
    );
  const w = webhook.data;
  return (
    <>
      <p>
        <Link to="/webhooks">Webhooks</Link>
      </p>
      <PageHeader
        title="Webhook"
        description={<span className="copy-value">{w.url}</span>}
        actions={
          canWrite && (
            <>
              <EditWebhook webhook={w} />
              <DeleteWebhook webhook={w} />
            </>
          )
        }
      />
      <dl className="facts">
        <dt>State</dt>
        <dd>{w.enabled ? 'Enabled' : 'Disabled: no events are recorded for it'}</dd>
        <dt>Events</dt>
        <dd>{w.events.join(', ')}</dd>
        <dt>Created</dt>
        <dd>
          <DateTime value={w.created_at} />
        </dd>
      </dl>
      {canWrite && <TestEvent webhook={w} />}
      {canWrite && <SigningSecret webhook={w} />}
      <Deliveries webhookId={w.id} />
    </>
  );
}

function EditWebhook({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const update = useMutation({
    mutationFn: (fields: WebhookFields) => unwrap(mailgate.webhooks.update(webhook.id, fields)),
    onSuccess: (updated) => {
      queryClient.setQueryData(['webhooks', 'one', webhook.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['webhooks', 'list'] });
      setOpen(false);
    },
  });
  return (
    <Dialog
      title="Edit the webhook"
      isOpen={open}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) update.reset();
      }}
      trigger={<Button>Edit</Button>}
    >
      {(close) => (
        <WebhookForm
          initial={{ url: webhook.url, events: webhook.events, enabled: webhook.enabled }}
          showEnabled
          submitLabel="Save"
          isPending={update.isPending}
          error={update.error}
          onSubmit={(fields) => update.mutate(fields)}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

function DeleteWebhook({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => unwrap(mailgate.webhooks.delete(webhook.id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['webhooks', 'one', webhook.id] });
      void queryClient.invalidateQueries({ queryKey: ['webhooks', 'list'] });
      navigate('/webhooks');
    },
  });
  return (
    <ConfirmDialog
      title="Delete this webhook?"
      trigger={<Button variant="danger">Delete</Button>}
      message={
        <>
          <p>Nothing more is sent to {webhook.url}, deliveries not yet made included, and its delivery log is deleted.</p>
          <ErrorMessage error={remove.error} />
        </>
      }
      confirmLabel="Delete webhook"
      isPending={remove.isPending}
      onConfirm={() => remove.mutateAsync()}
    />
  );
}

/** "Send test event": a webhook.test event POSTed now; what the endpoint answered is shown (as text). */
function TestEvent({ webhook }: { webhook: Webhook }) {
  const test = useMutation({ mutationFn: () => unwrap(mailgate.webhooks.test(webhook.id)) });
  const result = test.data;
  return (
    <section className="section" aria-labelledby="test-event">
      <h2 id="test-event">Test event</h2>
      <p>Send a webhook.test event to the URL now, signed as every event is, to check that the endpoint answers. It is not retried.</p>
      <Button isPending={test.isPending} onPress={() => test.mutate()}>
        Send test event
      </Button>
      <ErrorMessage error={test.error} title="The test event could not be sent." />
      <div role="status">
        {result && (
          <div className="test-result">
            <p>
              <Badge tone={result.status === 'delivered' ? 'good' : 'bad'}>{result.status === 'delivered' ? 'Delivered' : 'Failed'}</Badge>{' '}
              {result.response_status === null ? 'No HTTP answer' : `HTTP ${result.response_status}`} at <DateTime value={result.created_at} />
            </p>
            {result.response_excerpt && <p className="excerpt">{result.response_excerpt}</p>}
          </div>
        )}
      </div>
    </section>
  );
}

/** The signing secret, read on demand (only a writer may), with a copy button. */
function SigningSecret({ webhook }: { webhook: Webhook }) {
  const [shown, setShown] = useState(false);
  const secret = useQuery({
    queryKey: ['webhooks', 'secret', webhook.id],
    queryFn: () => unwrap(mailgate.webhooks.secret(webhook.id)),
    enabled: shown,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <section className="section" aria-labelledby="signing-secret">
      <h2 id="signing-secret">Signing secret</h2>
      <p>Your endpoint checks each delivery's webhook-signature header with this secret (Standard Webhooks).</p>
      {shown && secret.data ? (
        <div className="copy-row">
          <code className="copy-value">{secret.data.secret}</code>
          <CopyButton value={secret.data.secret} label="Copy signing secret" />
          <Button variant="quiet" onPress={() => setShown(false)}>
            Hide
          </Button>
        </div>
      ) : (
        <Button isPending={shown && secret.isFetching} onPress={() => setShown(true)}>
          Show signing secret
        </Button>
      )}
      <ErrorMessage error={secret.error} />
    </section>
  );
}

/** The delivery log, newest first: refreshed on demand, and every few seconds while one is pending. */
function Deliveries({ webhookId }: { webhookId: string }) {
  const pages = useCursorPages();
  const deliveries = useQuery({
    queryKey: ['webhooks', 'deliveries', webhookId, pages.after],
    queryFn: () => listDeliveries(webhookId, pages.after),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 5_000 : false),
  });
  const columns: TableColumn<Delivery>[] = [
    { id: 'event', title: 'Event', isRowHeader: true, cell: (d) => d.event_type },
    {
      id: 'status',
      title: 'Status',
      cell: (d) => <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].text}</Badge>,
    },
    { id: 'attempts', title: 'Attempts', cell: (d) => String(d.attempts) },
    { id: 'http', title: 'HTTP status', cell: (d) => (d.response_status === null ? '—' : String(d.response_status)) },
    { id: 'answer', title: 'Answer', cell: (d) => (d.response_excerpt ? <span className="excerpt">{d.response_excerpt}</span> : '—') },
    { id: 'created', title: 'Event at', cell: (d) => <DateTime value={d.created_at} /> },
    { id: 'next', title: 'Next attempt', cell: (d) => <DateTime value={d.next_attempt_at} fallback="—" /> },
  ];
  return (
    <section className="section" aria-labelledby="deliveries">
      <div className="section-header">
        <h2 id="deliveries">Deliveries</h2>
        <Button isPending={deliveries.isFetching} onPress={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </div>
      {deliveries.isPending && <Loading />}
      <ErrorMessage error={deliveries.error} title="The deliveries could not be loaded." />
      {deliveries.data && (
        <>
          <Table
            label="Deliveries"
            columns={columns}
            rows={deliveries.data.data}
            empty={
              <EmptyState level={3} title="No deliveries yet" description="Each event this webhook receives is listed here with what the endpoint answered." />
            }
          />
          <PagesOf label="Delivery pages" pages={pages} page={deliveries.data} isPending={deliveries.isFetching} />
        </>
      )}
    </section>
  );
}
