import { formatMailbox, parseMailbox } from './address.ts';

/** The v2 shapes of an email: list item (no bodies) and full record. */
export const EMAIL_EVENT_TYPES = [
  'queued',
  'sent',
  'delivered',
  'delivery_delayed',
  'bounced',
  'complained',
  'failed',
  'opened',
  'clicked',
] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

/**
 * How far along an email is: its last_event only moves forward. A link scanner
 * may follow a tracked link before the worker has recorded `delivered`, and an
 * open does not undo a bounce; both events are kept, only last_event stays put.
 * Equal ranks replace each other (a retry's `delivery_delayed` after another).
 */
export const EVENT_RANK: Readonly<Record<EmailEventType, number>> = {
  queued: 0,
  delivery_delayed: 1,
  sent: 2,
  delivered: 3,
  opened: 4,
  clicked: 5,
  bounced: 6,
  complained: 6,
  failed: 6,
};

/** States after which delivery has nothing left to do (opened/clicked come later still, but only after these). */
export const DELIVERY_FINISHED: ReadonlySet<string> = new Set(EMAIL_EVENT_TYPES.filter((type) => EVENT_RANK[type] >= EVENT_RANK.sent));

export interface EmailListItem {
  object: 'email';
  id: string;
  from: string;
  to: string[];
  subject: string;
  reply_to: string | null;
  last_event: string;
  created_at: string;
  updated_at: string;
}

export interface EmailEventRecord {
  id: string;
  type: string;
  created_at: string;
  detail: Record<string, unknown> | null;
}

export interface EmailRecord extends EmailListItem {
  preview: string | null;
  message_id: string;
  html: string;
  text: string;
  events: EmailEventRecord[];
  /** The captured RFC 5322 message (capture transport), else null. */
  raw: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toEmailListItem(row: {
  id: string;
  from_address: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  last_event: string;
  created_at: number;
  updated_at: number;
}): EmailListItem {
  return {
    object: 'email',
    id: row.id,
    from: row.from_address,
    to: [row.to_address],
    subject: row.subject,
    reply_to: row.reply_to,
    last_event: row.last_event,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toEventRecord(row: { id: string; type: string; detail: string | null; created_at: number }): EmailEventRecord {
  return { id: row.id, type: row.type, created_at: iso(row.created_at), detail: row.detail ? JSON.parse(row.detail) : null };
}

/** The bare address of a stored header value (`Name <a@b>` → `a@b`). */
export function addressOf(headerValue: string): string {
  return parseMailbox(headerValue)?.address ?? headerValue;
}

export { formatMailbox };
