import { z } from 'zod';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CampaignsTable } from '../db/schema.ts';
import { audienceSchema, CAMPAIGN_STATUSES, trackingSchema, type Audience } from './campaign-input.ts';

/** A campaign's row as read, written and changed. */
export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type CampaignRowChanges = Updateable<CampaignsTable>;

/** The v2 shape of a campaign. */
const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const CAMPAIGN_STAT_NAMES = [
  'recipients',
  'skipped',
  'suppressed',
  'sent',
  'delivered',
  'bounced',
  'complained',
  'failed',
  'opened',
  'clicked',
  'unsubscribed',
] as const;
export type CampaignStatName = (typeof CAMPAIGN_STAT_NAMES)[number];

export const campaignStatsSchema = z
  .object({
    recipients: z.number().int().describe('Emails queued for subscribed members of the audience.'),
    skipped: z.number().int().describe('Members not sent to: unsubscribed, bounced, complained, suppressed, or on bounce cooldown.'),
    suppressed: z.number().int().describe('Of the skipped, members whose address is on the suppression list.'),
    sent: z.number().int().describe('Emails handed to the relay (or to the capture).'),
    delivered: z.number().int(),
    bounced: z.number().int(),
    complained: z.number().int(),
    failed: z.number().int().describe('Emails that could not be delivered after every attempt.'),
    opened: z.number().int().describe('Emails opened at least once (open tracking on).'),
    clicked: z.number().int().describe('Emails with at least one tracked click (click tracking on).'),
    unsubscribed: z.number().int().describe("Recipients who unsubscribed through this campaign's link."),
  })
  .describe('Counted as the events happen.');
export type CampaignStats = z.infer<typeof campaignStatsSchema>;

export const campaignRecordSchema = z.object({
  object: z.literal('campaign'),
  id: z.string().describe('The campaign id (cmp_…).'),
  name: z.string(),
  subject: z.string(),
  from: z.string(),
  reply_to: z.string().nullable(),
  preview: z.string().nullable(),
  html: z.string().nullable().describe('The content, when given as HTML.'),
  markdown: z.string().nullable().describe('The content, when given as Markdown.'),
  tiptap: z.record(z.string(), z.unknown()).nullable().describe('The content, when given as a tiptap document.'),
  audience: audienceSchema,
  tracking: trackingSchema,
  status: z.enum(CAMPAIGN_STATUSES).describe('draft → scheduled → sending → sent, or cancelled.'),
  scheduled_at: timestamp.nullable(),
  sent_at: timestamp.nullable().describe("When the last recipient's delivery had its outcome."),
  stats: campaignStatsSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type CampaignRecord = z.infer<typeof campaignRecordSchema>;

export const campaignDeletedSchema = z.object({ object: z.literal('campaign'), id: z.string(), deleted: z.literal(true) });

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toCampaignRecord(row: CampaignRow): CampaignRecord {
  const content = row.content_kind === 'tiptap' ? (JSON.parse(row.content) as Record<string, unknown>) : row.content;
  return {
    object: 'campaign',
    id: row.id,
    name: row.name,
    subject: row.subject,
    from: row.from_address,
    reply_to: row.reply_to,
    preview: row.preview,
    html: row.content_kind === 'html' ? (content as string) : null,
    markdown: row.content_kind === 'markdown' ? (content as string) : null,
    tiptap: row.content_kind === 'tiptap' ? (content as Record<string, unknown>) : null,
    audience: JSON.parse(row.audience) as Audience,
    tracking: { opens: Number(row.track_opens) === 1, clicks: Number(row.track_clicks) === 1 },
    status: row.status,
    scheduled_at: iso(row.scheduled_at),
    sent_at: iso(row.sent_at),
    stats: {
      recipients: Number(row.stat_recipients),
      skipped: Number(row.stat_skipped),
      suppressed: Number(row.stat_suppressed),
      sent: Number(row.stat_sent),
      delivered: Number(row.stat_delivered),
      bounced: Number(row.stat_bounced),
      complained: Number(row.stat_complained),
      failed: Number(row.stat_failed),
      opened: Number(row.stat_opened),
      clicked: Number(row.stat_clicked),
      unsubscribed: Number(row.stat_unsubscribed),
    },
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
