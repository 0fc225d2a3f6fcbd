// The first request of the busiest pages, defined once for the page and for
// its route's loader: the router starts it as soon as the address is known, in
// parallel with the page's own script, instead of after the page has mounted.
// (Small on purpose: the route table imports it into the first page.)
import type { QueryClient } from '@tanstack/react-query';
import { apiOf, unwrap } from '../api.ts';
import { type AudienceFilters, audienceFiltersFrom, audienceSearchOf, subscriberListQueryOf } from './audience/filters.ts';
import { type EmailFilters, filtersFrom, listQueryOf, searchOf } from './emails/email-filters.ts';

/** Rows a page of the email log shows. */
export const EMAIL_PAGE_SIZE = 20;
/** Days the Overview counts. */
export const OVERVIEW_DAYS = 30;
/** A first answer this fresh is used as it is when the page mounts, not asked for again. */
const FRESH_MS = 10_000;

/** One page of the email log: these filters, after this cursor (undefined: the first page). */
export function emailListQuery(filters: EmailFilters, after: string | undefined) {
  return {
    queryKey: ['emails', 'list', searchOf(filters).toString(), after] as const,
    queryFn: ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
      unwrap(apiOf(client).emails.list({ limit: EMAIL_PAGE_SIZE, ...(after ? { after } : {}), ...listQueryOf(filters) }, { signal })),
    staleTime: FRESH_MS,
  };
}

/** Rows a page of the audience shows. */
export const SUBSCRIBER_PAGE_SIZE = 20;

/** One page of the audience: these filters, after this cursor (undefined: the first page). One list call, however large the audience. */
export function subscriberListQuery(filters: AudienceFilters, after: string | undefined) {
  return {
    queryKey: ['subscribers', 'list', audienceSearchOf(filters).toString(), after] as const,
    queryFn: ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
      unwrap(apiOf(client).subscribers.list({ limit: SUBSCRIBER_PAGE_SIZE, ...(after ? { after } : {}), ...subscriberListQueryOf(filters) }, { signal })),
    staleTime: FRESH_MS,
  };
}

export interface StatsFilter {
  domain: string;
  tag: string;
}

/** The Overview's counts, for all emails or a sender domain and a tag. */
export function emailStatsQuery(filter: StatsFilter) {
  return {
    queryKey: ['email-stats', OVERVIEW_DAYS, filter.domain, filter.tag] as const,
    queryFn: ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
      unwrap(
        apiOf(client).emails.stats(
          { days: OVERVIEW_DAYS, ...(filter.domain ? { domain: filter.domain } : {}), ...(filter.tag ? { tag: filter.tag } : {}) },
          { signal },
        ),
      ),
    staleTime: FRESH_MS,
  };
}

/** One campaign (its page polls it while it sends). */
export function campaignQuery(id: string) {
  return {
    queryKey: ['campaigns', 'get', id] as const,
    queryFn: ({ client, signal }: { client: QueryClient; signal: AbortSignal }) => unwrap(apiOf(client).campaigns.get(id, { signal })),
  };
}

/** The Overview's filter as its address gives it. */
export function statsFilterFrom(params: URLSearchParams): StatsFilter {
  return { domain: params.get('domain')?.trim() ?? '', tag: params.get('tag')?.trim() ?? '' };
}

export { audienceFiltersFrom, filtersFrom };
