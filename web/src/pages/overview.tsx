import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { Button, ErrorMessage, PageHeader, TextField } from '../components/index.ts';
import { Loading } from '../layout/Loading.tsx';
import { DailyChart, type Series } from './overview/DailyChart.tsx';
import { emailStatsQuery, OVERVIEW_DAYS as DAYS, type StatsFilter, statsFilterFrom } from './queries.ts';
import './overview/overview.css';
import { formatNumber } from '../intl.ts';

type Counted = 'sent' | 'delivered' | 'bounced' | 'complained' | 'opened';

const VOLUME: readonly Series<Counted>[] = [
  { key: 'sent', label: 'Sent', color: '#1d4ed8' },
  { key: 'delivered', label: 'Delivered', color: '#15803d' },
  { key: 'opened', label: 'Opened', color: '#7e22ce' },
];
const PROBLEMS: readonly Series<Counted>[] = [
  { key: 'bounced', label: 'Bounced', color: '#b45309' },
  { key: 'complained', label: 'Complained', color: '#b91c1c' },
];
const TOTALS: readonly Series<Counted>[] = [VOLUME[0]!, VOLUME[1]!, PROBLEMS[0]!, PROBLEMS[1]!, VOLUME[2]!];

/** A share of the sent, "2.5 %", or nothing before anything was sent. */
function shareOf(count: number, sent: number): string | null {
  return sent > 0 ? `${formatNumber((count / sent) * 100, { maximumFractionDigits: 1 })} % of sent` : null;
}

/** The page's filters, kept in the address (?domain=&tag=) so that a view can be linked to and survives a reload. */
function useStatsFilter() {
  const [params, setParams] = useSearchParams();
  const { domain, tag } = statsFilterFrom(params);
  const apply = (next: StatsFilter) => {
    const search = new URLSearchParams();
    if (next.domain.trim()) search.set('domain', next.domain.trim());
    if (next.tag.trim()) search.set('tag', next.tag.trim());
    setParams(search);
  };
  return { domain, tag, apply };
}

/** "from example.com", "tagged category:welcome", both, or nothing. */
function describeFilter(filter: StatsFilter): string {
  return [filter.domain && `from ${filter.domain}`, filter.tag && `tagged ${filter.tag}`].filter(Boolean).join(', ');
}

/**
 * The organization's last 30 days: what was sent, delivered, bounced, complained
 * of and opened each day (charts with their tables), the totals, and where the API
 * quota stands now; for all its sender domains or one, all its emails or those carrying a tag.
 */
export default function OverviewPage() {
  const filter = useStatsFilter();
  const [domain, setDomain] = useState(filter.domain);
  const [tag, setTag] = useState(filter.tag);
  const stats = useQuery(emailStatsQuery(filter));

  function submit(event: FormEvent) {
    event.preventDefault();
    filter.apply({ domain, tag });
  }
  function clear() {
    setDomain('');
    setTag('');
    filter.apply({ domain: '', tag: '' });
  }
  const described = describeFilter(filter);

  const data = stats.data;
  return (
    <>
      <PageHeader title="Overview" description="What was sent, delivered, bounced and complained about over the last 30 days, and the quota left." />
      <Form onSubmit={submit} className="overview-filters" aria-label="Filter by sender domain and tag">
        <TextField label="Sender domain" name="domain" value={domain} onChange={setDomain} placeholder="example.com" />
        <TextField label="Tag" name="tag" value={tag} onChange={setTag} placeholder="name or name:value" />
        <div className="overview-filters-actions">
          <Button type="submit" variant="primary">
            Apply
          </Button>
          {described && <Button onPress={clear}>All emails</Button>}
        </div>
      </Form>
      {stats.isPending && <Loading label="Loading the statistics…" />}
      {stats.isError && (
        <ErrorMessage error={stats.error} title="The statistics could not be loaded.">
          <Button onPress={() => stats.refetch()}>Try again</Button>
        </ErrorMessage>
      )}
      {data && (
        <>
          <section aria-labelledby="totals-heading" className="overview-section">
            <h2 id="totals-heading">
              Last {DAYS} days{described && `, ${described}`}
            </h2>
            <p className="overview-note">
              <time dateTime={data.from}>{data.from}</time> to <time dateTime={data.to}>{data.to}</time> (UTC days; each event counted on the day it happened).
            </p>
            <dl className="stat-cards">
              {TOTALS.map((s) => {
                const share = s.key === 'sent' ? null : shareOf(data.totals[s.key], data.totals.sent);
                return (
                  <div key={s.key} className="stat-card">
                    <dt>{s.label}</dt>
                    <dd>
                      <span className="stat-value">{formatNumber(data.totals[s.key])}</span>
                      {share && <span className="stat-share">{share}</span>}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
          <section aria-labelledby="quota-heading" className="overview-section">
            <h2 id="quota-heading">API quota</h2>
            <p className="overview-note">Requests this organization may make each minute, counted now.</p>
            <dl className="stat-cards">
              <div className="stat-card">
                <dt>Limit a minute</dt>
                <dd className="stat-value">{formatNumber(data.quota.limit)}</dd>
              </div>
              <div className="stat-card">
                <dt>Used</dt>
                <dd className="stat-value">{formatNumber(data.quota.used)}</dd>
              </div>
              <div className="stat-card">
                <dt>Remaining</dt>
                <dd className="stat-value">{formatNumber(data.quota.remaining)}</dd>
              </div>
              <div className="stat-card">
                <dt>Resets in</dt>
                <dd className="stat-value">{data.quota.reset_seconds} s</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="daily-heading" className="overview-section">
            <h2 id="daily-heading">Per day</h2>
            <div className="daily-charts">
              <DailyChart title="Sent, delivered and opened" series={VOLUME} data={data.data} />
              <DailyChart title="Bounced and complained" series={PROBLEMS} data={data.data} />
            </div>
          </section>
        </>
      )}
    </>
  );
}
