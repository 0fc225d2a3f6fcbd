// The email log's filters as the address keeps them (?status=&to=&domain=&tag=&since=&until=&q=),
// so that a filtered log can be linked to, reloaded and gone back to; and as the
// list call's query, which takes times where the address keeps days.
import type { QueryOf } from '@mailgate/sdk';

/** Every last_event an email can have (the API's list, so a new one does not compile until it has a label here). */
export type Status = NonNullable<QueryOf<'list_emails'>['status']>;

export const STATUS_LABELS: Readonly<Record<Status, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  delivery_delayed: 'Delayed',
  bounced: 'Bounced',
  complained: 'Complained',
  failed: 'Failed',
  opened: 'Opened',
  clicked: 'Clicked',
  suppressed: 'Suppressed',
};

/** In the order a delivery walks them. */
export const STATUSES = Object.keys(STATUS_LABELS) as Status[];

export const statusLabel = (status: string): string => STATUS_LABELS[status as Status] ?? status;

export interface EmailFilters {
  status: Status | '';
  /** Text the recipient contains. */
  to: string;
  /** The sender domain. */
  domain: string;
  /** A tag the send gave: its name, or name:value. */
  tag: string;
  /** Days, YYYY-MM-DD, in the viewer's time zone: from the start of `since` to the end of `until`. */
  since: string;
  until: string;
  /** Text the subject contains. */
  q: string;
}

const KEYS = ['status', 'to', 'domain', 'tag', 'since', 'until', 'q'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const NO_FILTERS: EmailFilters = { status: '', to: '', domain: '', tag: '', since: '', until: '', q: '' };

/** The filters an address names; anything it names wrongly (a status that is not one, a day that is not a date) is left out. */
export function filtersFrom(params: URLSearchParams): EmailFilters {
  const status = params.get('status') ?? '';
  const day = (key: 'since' | 'until') => {
    const value = params.get(key) ?? '';
    return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
  };
  return {
    status: (STATUSES as readonly string[]).includes(status) ? (status as Status) : '',
    to: params.get('to')?.trim() ?? '',
    domain: params.get('domain')?.trim() ?? '',
    tag: params.get('tag')?.trim() ?? '',
    since: day('since'),
    until: day('until'),
    q: params.get('q')?.trim() ?? '',
  };
}

/** The address's query for these filters: the ones set only, in a stable order. */
export function searchOf(filters: EmailFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

export const isFiltered = (filters: EmailFilters): boolean => KEYS.some((key) => filters[key] !== '');

/** Midnight starting a local day, as the API's ISO time. */
const startOfDay = (day: string, plusDays = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/** The list call's filters: `since` from the start of its day, `until` up to the end of its day (the API's until is exclusive). */
export function listQueryOf(filters: EmailFilters): QueryOf<'list_emails'> {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.domain ? { domain: filters.domain } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.since ? { since: startOfDay(filters.since) } : {}),
    ...(filters.until ? { until: startOfDay(filters.until, 1) } : {}),
    ...(filters.q ? { query: filters.q } : {}),
  };
}
