import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import type { mailgate } from '../api.ts';
import { Button, EmptyState, PageHeader, PagedTable, Select, type TableColumn, TextField, useCursorPages } from '../components/index.ts';
import { type EmailFilters, filtersFrom, isFiltered, NO_FILTERS, STATUS_LABELS, STATUSES, searchOf } from './emails/email-filters.ts';
import { formatDateTime } from '../intl.ts';
import { StatusBadge } from './emails/StatusBadge.tsx';
import { EMAIL_PAGE_SIZE, emailListQuery } from './queries.ts';
import './emails/emails.css';

/** Rows a page of the log shows. */
export const PAGE_SIZE = EMAIL_PAGE_SIZE;

type EmailRow = NonNullable<Awaited<ReturnType<typeof mailgate.emails.list>>['data']>['data'][number];

const ANY = 'any';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status' }, ...STATUSES.map((status) => ({ id: status, label: STATUS_LABELS[status] }))];

/** The filters form: edited here, applied to the address (and so to the list) on submit. */
function FiltersForm({ applied, onApply }: { applied: EmailFilters; onApply: (filters: EmailFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const set = (key: keyof EmailFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
  return (
    <Form onSubmit={submit} className="email-filters" aria-label="Filter the emails">
      <TextField label="Subject contains" type="search" name="q" value={draft.q} onChange={set('q')} />
      <TextField label="Recipient contains" name="to" value={draft.to} onChange={set('to')} />
      <TextField label="Sender domain" name="domain" value={draft.domain} onChange={set('domain')} placeholder="example.com" />
      <TextField label="Tag" name="tag" value={draft.tag} onChange={set('tag')} placeholder="name or name:value" />
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        value={draft.status || ANY}
        onChange={(id) => setDraft((d) => ({ ...d, status: id === ANY ? '' : (id as EmailFilters['status']) }))}
      />
      <TextField label="Sent from" type="date" name="since" value={draft.since} onChange={set('since')} />
      <TextField label="Sent until" type="date" name="until" value={draft.until} onChange={set('until')} />
      <div className="email-filters-actions">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        {isFiltered(applied) && (
          <Button
            onPress={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </Form>
  );
}

/** One filtered log, paged by cursor from its first page (a new filter starts a new log, at its first page). */
function EmailLog({ filters, search }: { filters: EmailFilters; search: string }) {
  const pages = useCursorPages();
  const list = useQuery({ ...emailListQuery(filters, pages.after), placeholderData: keepPreviousData });

  const columns: TableColumn<EmailRow>[] = [
    {
      id: 'subject',
      title: 'Subject',
      isRowHeader: true,
      cell: (email) => (
        <Link to={`/emails/${encodeURIComponent(email.id)}`} state={{ search }} className="email-subject">
          {email.subject || '(no subject)'}
        </Link>
      ),
    },
    { id: 'to', title: 'To', cell: (email) => email.to.join(', ') },
    { id: 'from', title: 'From', cell: (email) => email.from },
    { id: 'status', title: 'Status', cell: (email) => <StatusBadge status={email.last_event} /> },
    { id: 'created', title: 'Sent', cell: (email) => <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time> },
  ];

  return (
    <PagedTable
      query={list}
      pages={pages}
      label={isFiltered(filters) ? 'Emails matching the filters' : 'Emails'}
      pagesLabel="Emails pages"
      columns={columns}
      loadingLabel="Loading the emails…"
      errorTitle="The emails could not be loaded."
      retry
      empty={
        isFiltered(filters) ? (
          <EmptyState level={3} title="No email matches these filters" description="Change or clear the filters to see more." />
        ) : (
          <EmptyState level={3} title="No email sent yet" description="Emails sent through the API, SMTP or a campaign appear here, newest first." />
        )
      }
    />
  );
}

/** The email log: every email this organization sent, newest first, filtered by what the address says. */
export default function EmailsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const search = searchOf(filters).toString();
  return (
    <>
      <PageHeader title="Emails" description="Every email sent through this organization, newest first, with its status." />
      <FiltersForm applied={filters} onApply={(next) => setParams(searchOf(next))} key={`form:${search}`} />
      <EmailLog filters={filters} search={search} key={search} />
    </>
  );
}
