import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { errorOf, mailgate, unwrap } from '../api.ts';
import { Button, ConfirmDialog, DateTime, EmptyState, ErrorMessage, PageHeader } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { useCan } from '../session.tsx';
import { FunnelChart, type Step } from './campaigns/FunnelChart.tsx';
import { campaignQuery } from './queries.ts';
import { type Campaign, CampaignStatusBadge } from './campaigns/status.tsx';
import './campaigns/campaigns.css';
import { formatNumber } from '../intl.ts';

/** How often a sending campaign is asked for again. */
const SENDING_POLL_MS = 1_000;
/** How often a scheduled one is (to see it start). */
const SCHEDULED_POLL_MS = 10_000;

/**
 * One campaign: while it sends, its progress, asked for every second, with the
 * sends per second between two answers; once sent, how it went (delivered →
 * opened → clicked; unsubscribed, bounced, complained) as charts with their
 * tables. A scheduled or sending campaign can be cancelled.
 */
export default function CampaignPage() {
  const { id = '' } = useParams();
  const campaign = useQuery({
    ...campaignQuery(id),
    // Fresh for as long as a poll's interval: the answer the route's loader asked for as
    // the page opened is not asked for again the moment the page mounts.
    staleTime: SENDING_POLL_MS,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'sending' ? SENDING_POLL_MS : status === 'scheduled' ? SCHEDULED_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
  });
  if (campaign.isPending) return <Loading label="Loading the campaign…" />;
  if (campaign.isError) {
    if (errorOf(campaign.error)?.statusCode === 404)
      return (
        <EmptyState
          title="Campaign not found"
          description="There is no campaign with this id in this organization."
          action={<Link to="/campaigns">Back to the campaigns</Link>}
        />
      );
    return (
      <ErrorMessage error={campaign.error} title="The campaign could not be loaded.">
        <Button onPress={() => campaign.refetch()}>Try again</Button>
      </ErrorMessage>
    );
  }
  return <CampaignView campaign={campaign.data} updatedAt={campaign.dataUpdatedAt} />;
}

function CampaignView({ campaign, updatedAt }: { campaign: Campaign; updatedAt: number }) {
  const canWrite = useCan('campaigns', 'write');
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => unwrap(mailgate.campaigns.cancel(campaign.id)),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(['campaigns', 'get', campaign.id], cancelled);
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'list'] });
    },
  });
  const { stats, status } = campaign;
  const editable = status === 'draft' || status === 'scheduled';
  const cancellable = status === 'scheduled' || status === 'sending';
  return (
    <>
      <p className="back-link">
        <Link to="/campaigns">← Campaigns</Link>
      </p>
      <PageHeader
        title={campaign.name}
        description={
          <>
            <CampaignStatusBadge status={status} /> <When campaign={campaign} />
          </>
        }
        actions={
          canWrite && (
            <>
              {editable && (
                <Link className="button button-secondary" to={`/campaigns/${campaign.id}/edit`}>
                  Edit
                </Link>
              )}
              {cancellable && (
                <ConfirmDialog
                  title="Cancel this campaign?"
                  trigger={<Button variant="danger">Cancel campaign</Button>}
                  message={
                    status === 'scheduled'
                      ? 'It will not be sent. This cannot be undone.'
                      : 'No new recipient is started; the emails already handed on still go. This cannot be undone.'
                  }
                  confirmLabel="Cancel campaign"
                  isPending={cancel.isPending}
                  onConfirm={() => cancel.mutateAsync()}
                />
              )}
            </>
          )
        }
      />
      <ErrorMessage error={cancel.error} title="The campaign could not be cancelled." />
      <dl className="campaign-facts">
        <div>
          <dt>Subject</dt>
          <dd>{campaign.subject}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{campaign.from}</dd>
        </div>
        <div>
          <dt>Audience</dt>
          <dd>
            {campaign.audience.tags.length === 0
              ? 'Every subscribed subscriber'
              : `Subscribers with ${campaign.audience.match === 'all' ? 'all' : 'any'} of: ${campaign.audience.tags.join(', ')}`}
          </dd>
        </div>
      </dl>
      {status === 'sending' && <Progress campaign={campaign} updatedAt={updatedAt} />}
      <section aria-labelledby="figures-heading" className="email-section">
        <h2 id="figures-heading">{status === 'sending' ? 'So far' : 'Figures'}</h2>
        <dl className="campaign-figures">
          <Figure name="recipients" label="Recipients" value={stats.recipients} />
          <Figure name="sent" label="Sent" value={stats.sent} />
          <Figure name="delivered" label="Delivered" value={stats.delivered} />
          <Figure name="bounced" label="Bounced" value={stats.bounced} />
          <Figure name="suppressed" label="Suppressed" value={stats.suppressed} />
          <Figure name="skipped" label="Skipped" value={stats.skipped} />
        </dl>
      </section>
      {(status === 'sent' || status === 'cancelled') && <Funnel campaign={campaign} />}
    </>
  );
}

function When({ campaign }: { campaign: Campaign }) {
  if (campaign.status === 'scheduled')
    return (
      <>
        Goes out <DateTime value={campaign.scheduled_at} />
      </>
    );
  if (campaign.sent_at)
    return (
      <>
        Sent <DateTime value={campaign.sent_at} />
      </>
    );
  if (campaign.status === 'draft') return <>Not sent yet.</>;
  return null;
}

function Figure({ name, label, value }: { name: string; label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-figure={name}>{formatNumber(value)}</dd>
    </div>
  );
}

/** Sends per second between the last two answers that differ in time. */
function useSendRate(sent: number, at: number): number | null {
  const last = useRef<{ sent: number; at: number } | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  useEffect(() => {
    const before = last.current;
    if (before && at > before.at) setRate(Math.max(0, (sent - before.sent) / ((at - before.at) / 1000)));
    if (!before || at > before.at) last.current = { sent, at };
  }, [sent, at]);
  return rate;
}

/** A sending campaign's progress: sent of its audience, as a progress bar, and the pace. */
function Progress({ campaign, updatedAt }: { campaign: Campaign; updatedAt: number }) {
  const audience = useQuery({
    queryKey: ['audience-count', 'campaign', campaign.id],
    queryFn: ({ signal }) => unwrap(mailgate.campaigns.countAudience({ campaign_id: campaign.id }, { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { stats } = campaign;
  const rate = useSendRate(stats.sent, updatedAt);
  const total = Math.max(stats.recipients, (audience.data?.count ?? 0) - stats.suppressed, stats.sent, 1);
  return (
    <section aria-labelledby="progress-heading" className="email-section">
      <h2 id="progress-heading">Sending</h2>
      <ProgressBar value={stats.sent} maxValue={total} className="progress" valueLabel={`${formatNumber(stats.sent)} of ${formatNumber(total)} sent`}>
        {({ percentage, valueText }) => (
          <>
            <span className="field-label">Sent</span>
            <span>{valueText}</span>
            <div className="progress-track">
              <div className="progress-fill" style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
      <p>
        <span data-figure="rate">{rate === null ? 'Measuring the pace…' : `${formatNumber(Math.round(rate))} sends per second`}</span>
      </p>
    </section>
  );
}

const FUNNEL_COLORS = { delivered: '#1d4ed8', opened: '#0f766e', clicked: '#7e22ce', unsubscribed: '#b45309', bounced: '#b91c1c', complained: '#6b21a8' };

/** How it went, as two charts with their tables. */
function Funnel({ campaign }: { campaign: Campaign }) {
  const { stats } = campaign;
  const [reach, losses] = useFunnelSteps(stats);
  return (
    <section aria-labelledby="funnel-heading" className="email-section">
      <h2 id="funnel-heading">How it went</h2>
      {!campaign.tracking.opens && !campaign.tracking.clicks && <p>Open and click tracking were off: opened and clicked are not counted.</p>}
      <div className="funnel-charts">
        <FunnelChart title="Delivered → opened → clicked" steps={reach} of={stats.recipients} />
        <FunnelChart title="Unsubscribed, bounced, complained" steps={losses} of={stats.recipients} />
      </div>
    </section>
  );
}

/** The steps, kept the same object while the numbers are (the charts redraw on a new one only). */
function useFunnelSteps(stats: Campaign['stats']): [Step[], Step[]] {
  const key = [stats.delivered, stats.opened, stats.clicked, stats.unsubscribed, stats.bounced, stats.complained].join();
  const memo = useRef<{ key: string; steps: [Step[], Step[]] } | null>(null);
  if (memo.current?.key !== key) {
    memo.current = {
      key,
      steps: [
        [
          { label: 'Delivered', value: stats.delivered, color: FUNNEL_COLORS.delivered },
          { label: 'Opened', value: stats.opened, color: FUNNEL_COLORS.opened },
          { label: 'Clicked', value: stats.clicked, color: FUNNEL_COLORS.clicked },
        ],
        [
          { label: 'Unsubscribed', value: stats.unsubscribed, color: FUNNEL_COLORS.unsubscribed },
          { label: 'Bounced', value: stats.bounced, color: FUNNEL_COLORS.bounced },
          { label: 'Complained', value: stats.complained, color: FUNNEL_COLORS.complained },
        ],
      ],
    };
  }
  return memo.current.steps;
}
