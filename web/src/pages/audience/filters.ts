// The subscriber list's filters as the address keeps them (?query=&tag=&status=), so
// that a filtered audience can be linked to, reloaded and gone back to; and as the
// list call's query (and the export's, which takes the same three).
import type { QueryOf } from '@mailgate/sdk';

/** Every status a subscriber can have (the API's list, so a new one does not compile until it has a label here). */
export type SubscriberStatus = NonNullable<QueryOf<'list_subscribers'>['status']>;

export const SUBSCRIBER_STATUS_LABELS: Readonly<Record<SubscriberStatus, string>> = {
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
};

export const SUBSCRIBER_STATUSES = Object.keys(SUBSCRIBER_STATUS_LABELS) as SubscriberStatus[];

export const subscriberStatusLabel = (status: string): string => SUBSCRIBER_STATUS_LABELS[status as SubscriberStatus] ?? status;

export interface AudienceFilters {
  /** Text the email or a name contains. */
  query: string;
  /** A tag's name. */
  tag: string;
  status: SubscriberStatus | '';
}

const KEYS = ['query', 'tag', 'status'] as const;

export const NO_AUDIENCE_FILTERS: AudienceFilters = { query: '', tag: '', status: '' };

/** The filters an address names; a status that is not one is left out. */
export function audienceFiltersFrom(params: URLSearchParams): AudienceFilters {
  const status = params.get('status') ?? '';
  return {
    query: params.get('query')?.trim() ?? '',
    tag: params.get('tag')?.trim() ?? '',
    status: (SUBSCRIBER_STATUSES as readonly string[]).includes(status) ? (status as SubscriberStatus) : '',
  };
}

/** The address's query for these filters (the set ones, in a stable order); also the export's query. */
export function audienceSearchOf(filters: AudienceFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

export const isAudienceFiltered = (filters: AudienceFilters): boolean => KEYS.some((key) => filters[key] !== '');

/** The list call's filters. */
export function subscriberListQueryOf(filters: AudienceFilters): QueryOf<'list_subscribers'> {
  return {
    ...(filters.query ? { query: filters.query } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}
