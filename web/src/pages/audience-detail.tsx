import type { ListItemOf } from '@mailgate/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button as AriaButton, Form, type Key, Tag, TagGroup, TagList } from 'react-aria-components';
import { Link, useParams } from 'react-router';
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
  PagedTable,
  Table,
  type TableColumn,
  TextField,
  useCursorPages,
} from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import { SUBSCRIBER_STATUSES, subscriberStatusLabel } from './audience/filters.ts';
import { SubscriberStatusBadge } from './audience/StatusBadge.tsx';
import { StatusBadge } from './emails/StatusBadge.tsx';
import './settings.css';
import './audience/audience.css';

type Subscriber = Awaited<ReturnType<typeof getSubscriber>>;
type SubscriberEvent = ListItemOf<'list_subscriber_events'>;
type Email = ListItemOf<'list_emails'>;

const EVENT_PAGE_SIZE = 25;
const EMAIL_PAGE_SIZE = 20;
/** Events read per call while gathering the status history (the API's largest page). */
const HISTORY_PAGE_SIZE = 100;
/** Pages of events the status history reads at most (so a subscriber with a long history costs a bounded number of calls). */
const HISTORY_PAGES_MAX = 10;

const getSubscriber = (id: string) => unwrap(mailgate.subscribers.get(id));
const subscriberKey = (id: string) => ['subscribers', 'one', id] as const;

/** A stored attribute value as text: a string as it is, anything else as its JSON. */
const attributeText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** After a change: the page shows what the API answered, and lists read again. */
function useSubscriberChange<T>(subscriber: Subscriber, change: (input: T) => ReturnType<typeof getSubscriber>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      queryClient.setQueryData(subscriberKey(subscriber.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['subscribers', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['subscribers', 'events', subscriber.id] });
      void queryClient.invalidateQueries({ queryKey: ['tags'] });
    },
  });
}

/**
 * One subscriber: status and names, attributes (add, change, remove), tags (add,
 * remove), the status history, every event, the emails sent to them; and
 * unsubscribe or resubscribe. Every value they gave is shown as text.
 */
export default function SubscriberPage() {
  const { id = '' } = useParams();
  const canWrite = useCan('subscribers', 'write');
  const subscriber = useQuery({ queryKey: subscriberKey(id), queryFn: () => getSubscriber(id) });

  if (subscriber.isPending) return <Loading />;
  if (subscriber.error || !subscriber.data)
    return (
      <>
        <PageHeader title="Subscriber" />
        <ErrorMessage error={subscriber.error} title="This subscriber could not be loaded.">
          <p>
            <Link to="/audience">Back to the audience</Link>
          </p>
        </ErrorMessage>
      </>
    );
  const s = subscriber.data;
  const name = [s.first_name, s.last_name].filter(Boolean).join(' ');
  return (
    <>
      <p>
        <Link to="/audience">Audience</Link>
      </p>
      <PageHeader
        title={s.email}
        description={name || undefined}
        actions={canWrite && (s.status === 'subscribed' ? <Unsubscribe subscriber={s} /> : <Resubscribe subscriber={s} />)}
      />
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <SubscriberStatusBadge status={s.status} />
          {s.unsubscribed_at && (
            <>
              {' '}
              since <DateTime value={s.unsubscribed_at} />
            </>
          )}
        </dd>
        <dt>First name</dt>
        <dd>{s.first_name ?? '—'}</dd>
        <dt>Last name</dt>
        <dd>{s.last_name ?? '—'}</dd>
        <dt>Added</dt>
        <dd>
          <DateTime value={s.created_at} />
        </dd>
        <dt>Changed</dt>
        <dd>
          <DateTime value={s.updated_at} />
        </dd>
      </dl>
      <Attributes subscriber={s} canWrite={canWrite} />
      <Tags subscriber={s} canWrite={canWrite} />
      <StatusHistory subscriber={s} />
      <Events subscriber={s} />
      <Emails subscriber={s} />
    </>
  );
}

function Unsubscribe({ subscriber }: { subscriber: Subscriber }) {
  const unsubscribe = useSubscriberChange(subscriber, () => unwrap(mailgate.subscribers.unsubscribe(subscriber.id)));
  return (
    <ConfirmDialog
      title={`Unsubscribe ${subscriber.email}?`}
      trigger={<Button variant="danger">Unsubscribe</Button>}
      message={
        <>
          <p>Campaigns no longer reach them. They keep their attributes and tags, and can be resubscribed.</p>
          <ErrorMessage error={unsubscribe.error} />
        </>
      }
      confirmLabel="Unsubscribe"
      isPending={unsubscribe.isPending}
      onConfirm={() => unsubscribe.mutateAsync(undefined)}
    />
  );
}

/** Back to subscribed: update_subscriber with status subscribed (the API records the change as an event). */
function Resubscribe({ subscriber }: { subscriber: Subscriber }) {
  const resubscribe = useSubscriberChange(subscriber, () => unwrap(mailgate.subscribers.update(subscriber.id, { status: 'subscribed' })));
  return (
    <ConfirmDialog
      title={`Resubscribe ${subscriber.email}?`}
      trigger={<Button variant="primary">Resubscribe</Button>}
      message={
        <>
          <p>
            They are {subscriberStatusLabel(subscriber.status).toLowerCase()} now. Resubscribe only someone who asked to be mailed again: campaigns reach them
            from now on.
          </p>
          <ErrorMessage error={resubscribe.error} />
        </>
      }
      confirmLabel="Resubscribe"
      danger={false}
      isPending={resubscribe.isPending}
      onConfirm={() => resubscribe.mutateAsync(undefined)}
    />
  );
}

interface AttributeRow {
  id: string;
  value: unknown;
}

/** The attributes as a table of key and value (as text); a writer adds, changes (update_subscriber merges) and removes (a null value) keys. */
function Attributes({ subscriber, canWrite }: { subscriber: Subscriber; canWrite: boolean }) {
  const remove = useSubscriberChange(subscriber, (key: string) => unwrap(mailgate.subscribers.update(subscriber.id, { attributes: { [key]: null } })));
  const rows: AttributeRow[] = Object.entries(subscriber.attributes).map(([id, value]) => ({ id, value }));
  const columns: TableColumn<AttributeRow>[] = [
    { id: 'key', title: 'Key', isRowHeader: true, cell: (row) => row.id },
    { id: 'value', title: 'Value', cell: (row) => <span className="attribute-value">{attributeText(row.value)}</span> },
    ...(canWrite
      ? [
          {
            id: 'actions',
            title: 'Actions',
            cell: (row: AttributeRow) => (
              <div className="row-actions">
                <AttributeDialog subscriber={subscriber} existing={row} />
                <ConfirmDialog
                  title={`Remove the attribute ${row.id}?`}
                  trigger={
                    <Button variant="quiet" aria-label={`Remove ${row.id}`}>
                      Remove
                    </Button>
                  }
                  message={
                    <>
                      <p>The key and its value are removed from this subscriber; a campaign's {`{{attributes.${row.id}}}`} falls back to its default.</p>
                      <ErrorMessage error={remove.error} />
                    </>
                  }
                  confirmLabel="Remove attribute"
                  isPending={remove.isPending}
                  onConfirm={() => remove.mutateAsync(row.id)}
                />
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <section className="section" aria-labelledby="attributes">
      <div className="section-header">
        <h2 id="attributes">Attributes</h2>
        {canWrite && <AttributeDialog subscriber={subscriber} />}
      </div>
      <Table
        label="Attributes"
        columns={columns}
        rows={rows}
        empty={<EmptyState level={3} title="No attributes" description="Custom fields (plan, city, …) that campaigns can personalize with." />}
      />
    </section>
  );
}

/** Add an attribute, or change one's value (`existing`): update_subscriber with that one key. */
function AttributeDialog({ subscriber, existing }: { subscriber: Subscriber; existing?: AttributeRow }) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(existing?.id ?? '');
  const [value, setValue] = useState(existing ? attributeText(existing.value) : '');
  const save = useSubscriberChange(subscriber, () => unwrap(mailgate.subscribers.update(subscriber.id, { attributes: { [key.trim()]: value } })));
  const e = errorOf(save.error);
  // The API names the field attributes (or attributes.KEY); the form has a key and a value.
  const errors = Object.fromEntries(Object.entries(fieldErrors(e)).map(([path, message]) => [path.startsWith('attributes') ? 'value' : path, message]));
  function openChange(isOpen: boolean) {
    setOpen(isOpen);
    if (!isOpen) {
      save.reset();
      setKey(existing?.id ?? '');
      setValue(existing ? attributeText(existing.value) : '');
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(undefined, { onSuccess: () => openChange(false) });
  }
  return (
    <Dialog
      title={existing ? `Change ${existing.id}` : 'Add an attribute'}
      isOpen={open}
      onOpenChange={openChange}
      trigger={
        existing ? (
          <Button variant="quiet" aria-label={`Change ${existing.id}`}>
            Change
          </Button>
        ) : (
          <Button>Add attribute</Button>
        )
      }
    >
      {(close) => (
        <Form onSubmit={submit} className="form" validationErrors={errors}>
          {e && e.name !== 'validation_error' && <ErrorMessage error={e} />}
          {!existing && <TextField label="Key" name="key" value={key} onChange={setKey} isRequired autoFocus description="A name such as plan or city." />}
          <TextField label="Value" name="value" value={value} onChange={setValue} autoFocus={Boolean(existing)} description="Stored as text." />
          <FormActions onCancel={close} submit={existing ? 'Save' : 'Add'} isPending={save.isPending} />
        </Form>
      )}
    </Dialog>
  );
}

/** The tags as a React Aria tag group (each removable by a writer: remove_tags), and a field to add one (add_tags). */
function Tags({ subscriber, canWrite }: { subscriber: Subscriber; canWrite: boolean }) {
  const [draft, setDraft] = useState('');
  const add = useSubscriberChange(subscriber, (tag: string) => unwrap(mailgate.subscribers.addTags(subscriber.id, { tags: [tag] })));
  const remove = useSubscriberChange(subscriber, (tags: string[]) => unwrap(mailgate.subscribers.removeTags(subscriber.id, { tags })));
  const e = errorOf(add.error);
  const errors = Object.fromEntries(Object.entries(fieldErrors(e)).map(([path, message]) => [path.startsWith('tags') ? 'tag' : path, message]));
  function submit(event: FormEvent) {
    event.preventDefault();
    const tag = draft.trim();
    if (tag) add.mutate(tag, { onSuccess: () => setDraft('') });
  }
  return (
    <section className="section" aria-labelledby="tags">
      <h2 id="tags">Tags</h2>
      <TagGroup className="tag-group" aria-labelledby="tags" {...(canWrite ? { onRemove: (keys: Set<Key>) => remove.mutate([...keys].map(String)) } : {})}>
        <TagList className="tag-list" items={subscriber.tags.map((tag) => ({ id: tag }))} renderEmptyState={() => 'No tags.'}>
          {(tag) => (
            <Tag id={tag.id} className="tag-chip" textValue={tag.id}>
              {tag.id}
              {canWrite && (
                <AriaButton slot="remove" className="tag-remove" aria-label={`Remove the tag ${tag.id}`}>
                  ×
                </AriaButton>
              )}
            </Tag>
          )}
        </TagList>
      </TagGroup>
      <ErrorMessage error={remove.error} title="The tag could not be removed." />
      {canWrite && (
        <Form onSubmit={submit} className="filters tag-form" validationErrors={errors}>
          {e && e.name !== 'validation_error' && <ErrorMessage error={e} />}
          <TextField label="Add a tag" name="tag" value={draft} onChange={setDraft} description="A tag that does not exist yet is created." />
          <Button type="submit" isPending={add.isPending}>
            Add tag
          </Button>
        </Form>
      )}
    </section>
  );
}

/** The events that changed the status: subscriber_created (subscribed) and one per change, named after the new status. */
const isStatusEvent = (event: SubscriberEvent) => event.name === 'subscriber_created' || (SUBSCRIBER_STATUSES as readonly string[]).includes(event.name);

interface StatusChange {
  id: string;
  from: string | null;
  to: string;
  at: string;
  cause: string | null;
}

/** The status changes among the subscriber's events, newest first: read page by page (a bounded number of pages). */
async function statusHistory(id: string, signal: AbortSignal): Promise<{ changes: StatusChange[]; complete: boolean }> {
  const changes: StatusChange[] = [];
  let after: string | undefined;
  for (let page = 0; page < HISTORY_PAGES_MAX; page++) {
    const events = await unwrap(mailgate.subscribers.listEvents(id, { limit: HISTORY_PAGE_SIZE, ...(after ? { after } : {}) }, { signal }));
    for (const event of events.data.filter(isStatusEvent)) {
      const previous = event.properties.previous_status;
      const emailId = event.properties.email_id;
      changes.push({
        id: event.id,
        from: event.name === 'subscriber_created' ? null : typeof previous === 'string' ? previous : null,
        to: event.name === 'subscriber_created' ? 'subscribed' : event.name,
        at: event.created_at,
        cause: typeof emailId === 'string' ? emailId : null,
      });
    }
    if (!events.has_more) return { changes, complete: true };
    after = events.data.at(-1)?.id;
  }
  return { changes, complete: false };
}

function StatusHistory({ subscriber }: { subscriber: Subscriber }) {
  const history = useQuery({
    queryKey: ['subscribers', 'events', subscriber.id, 'status-history'],
    queryFn: ({ signal }) => statusHistory(subscriber.id, signal),
  });
  const columns: TableColumn<StatusChange>[] = [
    { id: 'at', title: 'When', isRowHeader: true, cell: (c) => <DateTime value={c.at} /> },
    { id: 'from', title: 'From', cell: (c) => (c.from ? subscriberStatusLabel(c.from) : 'Added') },
    { id: 'to', title: 'To', cell: (c) => <SubscriberStatusBadge status={c.to} /> },
    { id: 'cause', title: 'Caused by', cell: (c) => (c.cause ? <Link to={`/emails/${encodeURIComponent(c.cause)}`}>{c.cause}</Link> : '—') },
  ];
  return (
    <section className="section" aria-labelledby="status-history">
      <h2 id="status-history">Status history</h2>
      {history.isPending && <Loading label="Loading the status history…" />}
      <ErrorMessage error={history.error} title="The status history could not be loaded." />
      {history.data && (
        <>
          <Table label="Status changes" columns={columns} rows={history.data.changes} empty={<EmptyState level={3} title="No status change recorded" />} />
          {!history.data.complete && (
            <p className="field-description">
              Status changes among the latest {HISTORY_PAGE_SIZE * HISTORY_PAGES_MAX} events; older ones are in the events below.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Every event, newest first, paged: the platform's own (tags, status, deliveries) and those sent with track_event, properties as text. */
function Events({ subscriber }: { subscriber: Subscriber }) {
  const pages = useCursorPages();
  const events = useQuery({
    queryKey: ['subscribers', 'events', subscriber.id, pages.after],
    queryFn: ({ signal }) =>
      unwrap(mailgate.subscribers.listEvents(subscriber.id, { limit: EVENT_PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) }, { signal })),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumn<SubscriberEvent>[] = [
    { id: 'name', title: 'Event', isRowHeader: true, cell: (event) => event.name },
    {
      id: 'properties',
      title: 'Properties',
      cell: (event) => (Object.keys(event.properties).length ? <span className="attribute-value">{JSON.stringify(event.properties)}</span> : '—'),
    },
    { id: 'at', title: 'When', cell: (event) => <DateTime value={event.created_at} /> },
  ];
  return (
    <section className="section" aria-labelledby="events">
      <h2 id="events">Events</h2>
      <PagedTable
        query={events}
        pages={pages}
        label="Events"
        pagesLabel="Event pages"
        columns={columns}
        loadingLabel="Loading the events…"
        errorTitle="The events could not be loaded."
        empty={<EmptyState level={3} title="No events yet" />}
      />
    </section>
  );
}

/**
 * The emails sent to this address. list_emails `to` matches part of an address
 * (ann@example.com finds joann@example.com too) and has no exact filter, so each
 * page keeps the exact ones: a page can show fewer than it read, or none while a
 * later page has some. The page says so when it left some out and more follow.
 */
function Emails({ subscriber }: { subscriber: Subscriber }) {
  const pages = useCursorPages();
  const emails = useQuery({
    queryKey: ['emails', 'list', `to=${subscriber.email}`, pages.after],
    queryFn: ({ signal }) =>
      unwrap(mailgate.emails.list({ to: subscriber.email, limit: EMAIL_PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) }, { signal })),
    placeholderData: keepPreviousData,
  });
  const address = subscriber.email.toLowerCase();
  const exact = (records: readonly Email[]) => records.filter((email) => email.to.some((to) => to.toLowerCase() === address));
  const page = emails.data;
  const leftOut = page?.has_more === true && exact(page.data).length < page.data.length;
  const columns: TableColumn<Email>[] = [
    {
      id: 'subject',
      title: 'Subject',
      isRowHeader: true,
      cell: (email) => <Link to={`/emails/${encodeURIComponent(email.id)}`}>{email.subject || '(no subject)'}</Link>,
    },
    { id: 'status', title: 'Status', cell: (email) => <StatusBadge status={email.last_event} /> },
    { id: 'sent', title: 'Sent', cell: (email) => <DateTime value={email.created_at} /> },
  ];
  return (
    <section className="section" aria-labelledby="emails">
      <h2 id="emails">Emails sent to them</h2>
      <PagedTable
        query={emails}
        pages={pages}
        label="Emails sent to them"
        pagesLabel="Email pages"
        columns={columns}
        rows={exact}
        loadingLabel="Loading the emails…"
        errorTitle="The emails could not be loaded."
        empty={
          leftOut ? (
            <EmptyState level={3} title="None on this page" description="The next page may have some." />
          ) : (
            <EmptyState level={3} title="No email sent to this address" />
          )
        }
      />
      {leftOut && (
        <p className="field-description">This page leaves out emails to other addresses that contain this one; the next page may have more sent to them.</p>
      )}
    </section>
  );
}
