import type { ListItemOf } from '@mailgate/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mailgate, unwrap } from '../api.ts';
import {
  Button,
  DateTime,
  Dialog,
  EmptyState,
  ErrorMessage,
  OneTimeSecret,
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

type Webhook = ListItemOf<'list_webhooks'>;

const PAGE_SIZE = 25;
const listWebhooks = (after: string | undefined) => unwrap(mailgate.webhooks.list({ limit: PAGE_SIZE, ...(after ? { after } : {}) }));

/** The organization's webhooks: where events are POSTed, and which. An admin adds one (its signing secret shown once). */
export default function WebhooksPage() {
  const canWrite = useCan('webhooks', 'write');
  const pages = useCursorPages();
  const webhooks = useQuery({ queryKey: ['webhooks', 'list', pages.after], queryFn: () => listWebhooks(pages.after) });

  const columns: TableColumn<Webhook>[] = [
    { id: 'url', title: 'URL', isRowHeader: true, cell: (w) => <Link to={`/webhooks/${w.id}`}>{w.url}</Link> },
    { id: 'events', title: 'Events', cell: (w) => w.events.join(', ') },
    { id: 'enabled', title: 'State', cell: (w) => (w.enabled ? 'Enabled' : 'Disabled') },
    { id: 'created', title: 'Created', cell: (w) => <DateTime value={w.created_at} /> },
  ];

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="URLs that Mailgate POSTs events to as they happen (deliveries, bounces, opens, received mail…), each signed with the webhook's secret."
        actions={canWrite && <CreateWebhook />}
      />
      {webhooks.isPending && <Loading />}
      <ErrorMessage error={webhooks.error} title="The webhooks could not be loaded." />
      {webhooks.data && (
        <>
          <Table
            label="Webhooks"
            columns={columns}
            rows={webhooks.data.data}
            empty={<EmptyState level={3} title="No webhooks" description="Add one to hear of deliveries, bounces and received mail as they happen." />}
          />
          <PagesOf label="Webhook pages" pages={pages} page={webhooks.data} isPending={webhooks.isFetching} />
        </>
      )}
    </>
  );
}

/** "Add webhook": URL and events; then its signing secret, once, and a way to its page. */
function CreateWebhook() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const create = useMutation({
    mutationFn: (fields: WebhookFields) => unwrap(mailgate.webhooks.create({ url: fields.url, events: fields.events })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks', 'list'] }),
  });
  const created = create.data;
  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    if (!isOpen) create.reset();
  }
  return (
    <Dialog
      title={created ? 'Webhook added' : 'Add a webhook'}
      isOpen={open}
      onOpenChange={openChange}
      trigger={<Button variant="primary">Add webhook</Button>}
    >
      {(close) =>
        created ? (
          <>
            <p>
              Events go to <code className="copy-value">{created.url}</code>
            </p>
            <OneTimeSecret
              value={created.secret}
              label="signing secret"
              warning="This is the signing secret: your endpoint checks each delivery's signature with it. Copy it now; an admin can show it again on the webhook's page."
            />
            <div className="dialog-actions">
              <Button onPress={close}>Done</Button>
              <Button variant="primary" onPress={() => navigate(`/webhooks/${created.id}`)}>
                Open the webhook
              </Button>
            </div>
          </>
        ) : (
          <WebhookForm
            initial={{ url: '', events: [], enabled: true }}
            showEnabled={false}
            submitLabel="Add webhook"
            isPending={create.isPending}
            error={create.error}
            onSubmit={(fields) => create.mutate(fields)}
            onCancel={close}
          />
        )
      }
    </Dialog>
  );
}
