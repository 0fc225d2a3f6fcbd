import type { ListItemOf } from '@mailgate/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { Button, DateTime, EmptyState, PageHeader, PagedTable, Select, type TableColumn, TextField, useCursorPages } from '../components/index.ts';
import { useCan } from '../session.tsx';
import {
  type AudienceFilters,
  audienceFiltersFrom,
  audienceSearchOf,
  isAudienceFiltered,
  NO_AUDIENCE_FILTERS,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
} from './audience/filters.ts';
import { ImportSubscribers } from './audience/ImportDialog.tsx';
import { SubscriberStatusBadge } from './audience/StatusBadge.tsx';
import { tagChoicesQuery } from './audience/tags-query.ts';
import { subscriberListQuery } from './queries.ts';
import './settings.css';
import './audience/audience.css';

type Subscriber = ListItemOf<'list_subscribers'>;

const ANY = 'any';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status' }, ...SUBSCRIBER_STATUSES.map((status) => ({ id: status, label: SUBSCRIBER_STATUS_LABELS[status] }))];

const fullName = (s: { first_name: string | null; last_name: string | null }) => [s.first_name, s.last_name].filter(Boolean).join(' ');

/** The filters: the search box applies on submit, the two choices at once (each to the address, and so to the list). */
function AudienceFiltersForm({
  applied,
  onApply,
  loadTags,
}: {
  applied: AudienceFilters;
  onApply: (filters: AudienceFilters) => void;
  /** The tag choices are asked for once the list has its first rows: they count every tag's subscribers, which the first rows need not wait for. */
  loadTags: boolean;
}) {
  const [query, setQuery] = useState(applied.query);
  const tags = useQuery({ ...tagChoicesQuery, enabled: loadTags });
  const tagOptions = [{ id: ANY, label: 'Any tag' }, ...(tags.data?.data ?? []).map((tag) => ({ id: tag.name, label: tag.name }))];
  // A tag named by the address but not among the choices (an older one) is still shown as chosen.
  if (applied.tag && !tagOptions.some((option) => option.id === applied.tag)) tagOptions.push({ id: applied.tag, label: applied.tag });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...applied, query: query.trim() });
  }
  return (
    <Form role="search" aria-label="Subscribers" onSubmit={submit} className="filters">
      <TextField label="Email or name contains" name="query" type="search" value={query} onChange={setQuery} />
      <Select label="Tag" options={tagOptions} value={applied.tag || ANY} onChange={(id) => onApply({ ...applied, tag: id === ANY ? '' : id })} />
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        value={applied.status || ANY}
        onChange={(id) => onApply({ ...applied, status: id === ANY ? '' : (id as AudienceFilters['status']) })}
      />
      <Button type="submit">Search</Button>
      {isAudienceFiltered(applied) && (
        <Button
          onPress={() => {
            setQuery('');
            onApply(NO_AUDIENCE_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </Form>
  );
}

/** One filtered audience, paged by cursor from its first page (a new filter starts at its first page). */
function SubscriberList({ filters }: { filters: AudienceFilters }) {
  const pages = useCursorPages();
  const list = useQuery({ ...subscriberListQuery(filters, pages.after), placeholderData: keepPreviousData });

  const columns: TableColumn<Subscriber>[] = [
    {
      id: 'email',
      title: 'Email',
      isRowHeader: true,
      cell: (s) => <Link to={`/audience/${encodeURIComponent(s.id)}`}>{s.email}</Link>,
    },
    { id: 'name', title: 'Name', cell: (s) => fullName(s) || '—' },
    { id: 'status', title: 'Status', cell: (s) => <SubscriberStatusBadge status={s.status} /> },
    { id: 'tags', title: 'Tags', cell: (s) => (s.tags.length ? s.tags.join(', ') : '—') },
    { id: 'created', title: 'Added', cell: (s) => <DateTime value={s.created_at} /> },
  ];

  const filtered = isAudienceFiltered(filters);
  return (
    <PagedTable
      query={list}
      pages={pages}
      label={filtered ? 'Subscribers matching the filters' : 'Subscribers'}
      pagesLabel="Subscriber pages"
      columns={columns}
      loadingLabel="Loading the subscribers…"
      errorTitle="The subscribers could not be loaded."
      retry
      empty={
        filtered ? (
          <EmptyState level={3} title="No subscriber matches these filters" description="Change or clear the filters to see more." />
        ) : (
          <EmptyState
            level={3}
            title="No subscribers yet"
            description="Import a CSV file here, or add people through the API (upsert_subscriber) or a sign-up form."
          />
        )
      }
    />
  );
}

/** The audience: every subscriber, newest first, filtered by what the address says; import and export. */
export default function AudiencePage() {
  const [params, setParams] = useSearchParams();
  const canWrite = useCan('subscribers', 'write');
  const filters = audienceFiltersFrom(params);
  const search = audienceSearchOf(filters).toString();
  const firstPage = useQuery(subscriberListQuery(filters, undefined));
  return (
    <>
      <PageHeader
        title="Audience"
        description="The people campaigns and workflows mail, newest first: their status, names and tags."
        actions={
          <>
            <Link to="/audience/tags" className="button button-secondary">
              Tags
            </Link>
            {/* A plain download: the session cookie goes along on a GET, and the server streams the file. */}
            <a className="button button-secondary" href={`/api/v2/subscribers/export${search ? `?${search}` : ''}`} download>
              Export CSV
            </a>
            {canWrite && <ImportSubscribers />}
          </>
        }
      />
      <AudienceFiltersForm applied={filters} onApply={(next) => setParams(audienceSearchOf(next))} loadTags={!firstPage.isPending} key={`form:${search}`} />
      <SubscriberList filters={filters} key={search} />
    </>
  );
}
