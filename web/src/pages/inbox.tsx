import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { mailgate } from '../api.ts';
import { DateTime, EmptyState, ErrorMessage, PageHeader, PagedTable, Select, type TableColumn, useCursorPages } from '../components/index.ts';
import { receivedListQuery } from './inbox/received-query.ts';
import { displayName, type Thread, threadsOf } from './inbox/threads.ts';
import './settings.css';
import './inbox/inbox.css';

const ALL = 'all';

/** The organization's receiving domains (verified, receiving on), for the domain filter and the reply's sender. */
export function useReceivingDomains() {
  return useQuery({
    queryKey: ['domains', 'receiving'],
    queryFn: async ({ signal }) => {
      // Every page of domains: the receiving ones may be anywhere in the list.
      const names: string[] = [];
      for await (const domain of mailgate.domains.iterate({ limit: 100 }, { signal })) if (domain.receiving) names.push(domain.name);
      return names;
    },
  });
}

/**
 * Received mail, for all receiving domains or one, in threads (a message and
 * its answers together), newest first. A thread opens at its newest message.
 */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const domain = params.get('domain') ?? '';
  const pages = useCursorPages();
  const domains = useReceivingDomains();
  const received = useQuery(receivedListQuery(domain, pages.after));

  const columns: TableColumn<Thread>[] = [
    {
      id: 'subject',
      title: 'Subject',
      isRowHeader: true,
      cell: (t) => <Link to={`/inbox/${t.id}`}>{t.subject || '(no subject)'}</Link>,
    },
    { id: 'from', title: 'From', cell: (t) => [...new Set(t.messages.map((m) => displayName(m.from)))].join(', ') },
    { id: 'messages', title: 'Messages', cell: (t) => String(t.messages.length) },
    {
      id: 'attachments',
      title: 'Attachments',
      cell: (t) => String(t.messages.reduce((n, m) => n + m.attachments.filter((a) => a.disposition === 'attachment').length, 0)),
    },
    { id: 'received', title: 'Last received', cell: (t) => <DateTime value={t.messages[0]!.created_at} /> },
  ];
  const noDomain = domains.data?.length === 0;

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Mail received at your receiving domains, grouped into conversations. Its HTML is shown sandboxed: no script runs."
      />
      {domains.data && domains.data.length > 0 && (
        <div className="inbox-filter">
          <Select
            label="Receiving domain"
            options={[{ id: ALL, label: 'All receiving domains' }, ...domains.data.map((name) => ({ id: name, label: name }))]}
            value={domain || ALL}
            onChange={(id) => {
              pages.reset();
              setParams(id === ALL ? {} : { domain: id });
            }}
          />
        </div>
      )}
      <ErrorMessage error={domains.error} title="The receiving domains could not be loaded." />
      <PagedTable
        query={received}
        pages={pages}
        label="Conversations"
        pagesLabel="Inbox pages"
        columns={columns}
        rows={threadsOf}
        errorTitle="The received mail could not be loaded."
        empty={
          noDomain ? (
            <EmptyState
              level={3}
              title="No domain receives mail"
              description="Turn receiving on for a verified domain and point its MX record here; its mail shows up in this inbox."
              action={<Link to="/domains">Go to the domains</Link>}
            />
          ) : (
            <EmptyState level={3} title="No mail received" description="Mail sent to any address at your receiving domains shows up here." />
          )
        }
      />
    </>
  );
}
