import { z } from 'zod';
import { formatMailbox, parseMailbox } from './address.ts';
import type { EmailTag } from './email-tags.ts';

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
  'suppressed',
] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

/**
 * How far along an email is, by precedence rather than arrival: complained >
 * bounced > failed > clicked > opened > delivered > delivery_delayed (reported)
 * > sent > delivery_delayed (retrying) > queued. A link scanner may follow a
 * tracked link before the worker has recorded `delivered`, a relay's bounce
 * report arrives after `sent`, and a late delay report must not undo a bounce:
 * every event is kept, only last_event follows the precedence. Equal ranks
 * replace each other (a retry's `delivery_delayed` after another, a hard
 * bounce report after a soft one).
 */
export const EVENT_RANK: Readonly<Record<EmailEventType, number>> = {
  queued: 0,
  delivery_delayed: 10,
  sent: 20,
  delivered: 30,
  opened: 40,
  clicked: 50,
  failed: 60,
  bounced: 70,
  complained: 80,
  // Recorded instead of `queued` for a recipient on the suppression list: nothing follows it.
  suppressed: 90,
};

/**
 * A delay reported by mail (a DSN with Action: delayed) comes after the relay
 * took the message: it ranks above `sent`, below `delivered`. The worker's own
 * `delivery_delayed` (a retry before any hand-off) ranks below `sent`.
 */
export const REPORTED_DELAY_RANK = 25;

/** States after which delivery has nothing left to do (opened/clicked come later still, but only after these). */
export const DELIVERY_FINISHED: ReadonlySet<string> = new Set(EMAIL_EVENT_TYPES.filter((type) => EVENT_RANK[type] >= EVENT_RANK.sent));

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const emailListItemSchema = z.object({
  object: z.literal('email'),
  id: z.string().describe('The email id (eml_…).'),
  from: z.string(),
  to: z.array(z.string()).describe('The recipient (one address per email).'),
  subject: z.string(),
  reply_to: z.string().nullable(),
  last_event: z
    .enum(EMAIL_EVENT_TYPES)
    .describe(
      'Where delivery stands: queued, sent, delivered, delivery_delayed, bounced, complained, failed; opened and clicked when tracked; suppressed when the recipient is on the suppression list (nothing was sent).',
    ),
  tags: z.array(z.object({ name: z.string(), value: z.string() })).describe('The tags the send gave the email, by name; empty when none.'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type EmailListItem = z.infer<typeof emailListItemSchema>;

export const emailEventSchema = z.object({
  id: z.string(),
  type: z.enum(EMAIL_EVENT_TYPES),
  created_at: timestamp,
  detail: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('What the event adds: a relay reply, a bounce reason, a clicked url, a user agent; for suppressed, the suppression (suppression_id, reason).'),
});
export type EmailEventRecord = z.infer<typeof emailEventSchema>;

export const emailRecordSchema = z.object({
  ...emailListItemSchema.shape,
  preview: z.string().nullable(),
  message_id: z.string().describe('The Message-ID header of the message sent.'),
  html: z.string().describe('The HTML as stored: as given, with the preview text inserted hidden at its start when one was given.'),
  text: z.string().describe('The plain-text part: as given, or derived from the HTML.'),
  events: z.array(emailEventSchema).describe('Every change of last_event, oldest first.'),
  raw: z
    .string()
    .nullable()
    .describe('The finished RFC 5322 message as captured (capture transport), with its envelope sender as a Return-Path header on top; else null.'),
});
export type EmailRecord = z.infer<typeof emailRecordSchema>;

const iso = (ms: number) => new Date(ms).toISOString();

export function toEmailListItem(
  row: {
    id: string;
    from_address: string;
    to_address: string;
    reply_to: string | null;
    subject: string;
    last_event: string;
    created_at: number;
    updated_at: number;
  },
  tags: readonly EmailTag[] = [],
): EmailListItem {
  return {
    object: 'email',
    id: row.id,
    from: row.from_address,
    to: [row.to_address],
    subject: row.subject,
    reply_to: row.reply_to,
    last_event: row.last_event as EmailEventType,
    tags: tags.map((t) => ({ name: t.name, value: t.value })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toEventRecord(row: { id: string; type: string; detail: string | null; created_at: number }): EmailEventRecord {
  return { id: row.id, type: row.type as EmailEventType, created_at: iso(row.created_at), detail: row.detail ? JSON.parse(row.detail) : null };
}

/** The bare address of a stored header value (`Name <a@b>` → `a@b`). */
export function addressOf(headerValue: string): string {
  return parseMailbox(headerValue)?.address ?? headerValue;
}

export { formatMailbox };
