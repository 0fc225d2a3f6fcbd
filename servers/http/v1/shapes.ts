import { z } from 'zod';
import {
  campaignStatsSchema,
  CAMPAIGN_STATUSES,
  type CampaignRecord,
  type SubscriberEventRecord,
  type SubscriberRecord,
  type TagRecord,
} from '../../../src/index.ts';
import { subscriberListV1Query, v1PageFields } from './page-query.ts';

/**
 * The frozen v1 shapes (docs/api.md, v1): camelCase records wrapped in
 * `{success: true, …}`. The records are mapped from the v2 ones here, and
 * described by these schemas (route schemas, /openapi.json).
 */
const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const subscriberV1Schema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  unsubscribedAt: timestamp.nullable(),
});

export const tagV1Schema = z.object({ id: z.string(), name: z.string(), subscriberCount: z.number().int(), createdAt: timestamp });

export const eventV1Schema = z.object({
  id: z.string(),
  subscriberId: z.string(),
  email: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
});

export const campaignV1Schema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  from: z.string(),
  replyTo: z.string().nullable(),
  preview: z.string().nullable(),
  content: z.union([z.string(), z.record(z.string(), z.unknown())]),
  contentType: z.enum(['MARKDOWN', 'HTML', 'TIPTAP']),
  audience: z.object({ tags: z.array(z.string()), match: z.enum(['any', 'all']) }),
  tracking: z.object({ opens: z.boolean(), clicks: z.boolean() }),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  stats: campaignStatsSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});

const success = z.literal(true);
const nextCursor = z.string().optional().describe('Present when more follow: pass it as cursor for the next page.');

export const sendV1Answer = z.object({ success, message: z.string(), id: z.string().describe('The email id (eml_…).') });
export const subscriberV1Answer = z.object({ success, subscriber: subscriberV1Schema });
export const subscriberListV1Answer = z.object({ success, subscribers: z.array(subscriberV1Schema), total: z.number().int(), nextCursor });
export const eventV1Answer = z.object({ success, event: eventV1Schema });
export const eventListV1Answer = z.object({ success, events: z.array(eventV1Schema), nextCursor });
export const tagV1Answer = z.object({ success, tag: tagV1Schema });
export const tagListV1Answer = z.object({ success, tags: z.array(tagV1Schema), nextCursor });

export const campaignCreateV1Answer = z.object({ success, campaign: campaignV1Schema, campaignId: z.string().describe('The campaign id (cmp_…).') });
export const campaignV1Answer = z.object({ success, campaign: campaignV1Schema });
export const campaignSendV1Answer = z.object({ success, campaign: campaignV1Schema, recipientCount: z.number().int() });
export const campaignListV1Answer = z.object({ success, campaigns: z.array(campaignV1Schema), nextCursor });
export const campaignDeletedV1Answer = z.object({ success, id: z.string() });

/** v1 paging (`page` or `cursor`, with `limit`), as page-query.ts parses it. */
export { subscriberListV1Query };
export const eventPageV1Query = z.object(v1PageFields('evt'));
export const tagPageV1Query = z.object(v1PageFields('tag'));
export const campaignPageV1Query = z.object(v1PageFields('cmp'));

export function subscriberV1(s: SubscriberRecord): z.infer<typeof subscriberV1Schema> {
  return {
    id: s.id,
    email: s.email,
    firstName: s.first_name,
    lastName: s.last_name,
    status: s.status,
    attributes: s.attributes,
    tags: s.tags,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
    unsubscribedAt: s.unsubscribed_at,
  };
}

export function tagV1(t: TagRecord): z.infer<typeof tagV1Schema> {
  return { id: t.id, name: t.name, subscriberCount: t.subscriber_count, createdAt: t.created_at };
}

export function eventV1(e: SubscriberEventRecord): z.infer<typeof eventV1Schema> {
  return { id: e.id, subscriberId: e.subscriber_id, email: e.email, name: e.name, properties: e.properties, createdAt: e.created_at };
}

export function campaignV1(c: CampaignRecord): z.infer<typeof campaignV1Schema> {
  const content =
    c.html !== null
      ? { content: c.html, contentType: 'HTML' as const }
      : c.markdown !== null
        ? { content: c.markdown, contentType: 'MARKDOWN' as const }
        : { content: c.tiptap!, contentType: 'TIPTAP' as const };
  return {
    id: c.id,
    name: c.name,
    subject: c.subject,
    from: c.from,
    replyTo: c.reply_to,
    preview: c.preview,
    ...content,
    audience: c.audience,
    tracking: c.tracking,
    status: c.status,
    scheduledAt: c.scheduled_at,
    sentAt: c.sent_at,
    stats: c.stats,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}
