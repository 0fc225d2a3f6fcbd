import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mailgate, unwrap } from '../api.ts';
import { DateTime, EmptyState, PageHeader, PagedTable, type TableColumn, useCursorPages } from '../components/index.ts';
import { useCan } from '../session.tsx';
import { type Campaign, CampaignStatusBadge } from './campaigns/status.tsx';
import './campaigns/campaigns.css';
import { formatNumber } from '../intl.ts';

const PAGE_SIZE = 25;

/** When it went or will go: the send time for a sent or scheduled campaign, else when it was last changed. */
function When({ campaign }: { campaign: Campaign }) {
  if (campaign.status === 'scheduled')
    return (
      <>
        Scheduled for <DateTime value={campaign.scheduled_at} />
      </>
    );
  if (campaign.sent_at)
    return (
      <>
        Sent <DateTime value={campaign.sent_at} />
      </>
    );
  return (
    <>
      Changed <DateTime value={campaign.updated_at} />
    </>
  );
}

/** The organization's campaigns, newest first: where each stands and how it went. A member starts a new one. */
export default function CampaignsPage() {
  const canWrite = useCan('campaigns', 'write');
  const pages = useCursorPages();
  const campaigns = useQuery({
    queryKey: ['campaigns', 'list', pages.after],
    queryFn: ({ signal }) => unwrap(mailgate.campaigns.list({ limit: PAGE_SIZE, ...(pages.after ? { after: pages.after } : {}) }, { signal })),
    placeholderData: keepPreviousData,
  });
  const count = (n: number) => <span className="numeric">{formatNumber(n)}</span>;
  const columns: TableColumn<Campaign>[] = [
    {
      id: 'name',
      title: 'Name',
      isRowHeader: true,
      cell: (c) => <Link to={c.status === 'draft' ? `/campaigns/${c.id}/edit` : `/campaigns/${c.id}`}>{c.name}</Link>,
    },
    { id: 'status', title: 'Status', cell: (c) => <CampaignStatusBadge status={c.status} /> },
    { id: 'recipients', title: 'Recipients', cell: (c) => count(c.stats.recipients) },
    { id: 'sent', title: 'Sent', cell: (c) => count(c.stats.sent) },
    { id: 'delivered', title: 'Delivered', cell: (c) => count(c.stats.delivered) },
    { id: 'opened', title: 'Opened', cell: (c) => count(c.stats.opened) },
    { id: 'when', title: 'When', cell: (c) => <When campaign={c} /> },
  ];
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="One email to the subscribers of an audience, personalized for each: write it, preview it, test it, then send it now or schedule it."
        actions={
          canWrite && (
            <Link className="button button-primary" to="/campaigns/new">
              New campaign
            </Link>
          )
        }
      />
      <PagedTable
        query={campaigns}
        pages={pages}
        label="Campaigns"
        pagesLabel="Campaign pages"
        columns={columns}
        loadingLabel="Loading the campaigns…"
        errorTitle="The campaigns could not be loaded."
        empty={<EmptyState level={3} title="No campaigns yet" description="A new campaign starts as a draft: nothing is sent until you send it." />}
      />
    </>
  );
}
