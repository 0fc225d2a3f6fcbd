import type { SubscribersTable, TagsTable } from '../db/schema.ts';

import { z } from 'zod';
import { SUBSCRIBER_STATUSES } from './audience-input.ts';

/** The v2 shapes of the audience: subscriber, tag, subscriber event. */
const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const subscriberRecordSchema = z.object({
  object: z.literal('subscriber'),
  id: z.string().describe('The subscriber id (sub_…).'),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: z.enum(SUBSCRIBER_STATUSES),
  attributes: z.record(z.string(), z.unknown()).describe('Custom fields, as set.'),
  tags: z.array(z.string()).describe('Names of the tags attached.'),
  created_at: timestamp,
  updated_at: timestamp,
  unsubscribed_at: timestamp.nullable(),
});
export type SubscriberRecord = z.infer<typeof subscriberRecordSchema>;

export const tagRecordSchema = z.object({
  object: z.literal('tag'),
  id: z.string().describe('The tag id (tag_…).'),
  name: z.string(),
  subscriber_count: z.number().int(),
  created_at: timestamp,
});
export type TagRecord = z.infer<typeof tagRecordSchema>;

export const subscriberEventRecordSchema = z.object({
  object: z.literal('event'),
  id: z.string().describe('The event id (evt_…).'),
  subscriber_id: z.string(),
  email: z.string(),
  name: z
    .string()
    .describe('The event name: one given by the caller, or one the platform records (subscriber_created, tag_added, tag_removed, unsubscribed, …).'),
  properties: z.record(z.string(), z.unknown()),
  created_at: timestamp,
});
export type SubscriberEventRecord = z.infer<typeof subscriberEventRecordSchema>;

const iso = (ms: number) => new Date(ms).toISOString();

export function toSubscriberRecord(row: SubscribersTable, tags: string[]): SubscriberRecord {
  return {
    object: 'subscriber',
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    attributes: JSON.parse(row.attributes) as Record<string, unknown>,
    tags,
    created_at: iso(Number(row.created_at)),
    updated_at: iso(Number(row.updated_at)),
    unsubscribed_at: row.unsubscribed_at === null ? null : iso(Number(row.unsubscribed_at)),
  };
}

export function toTagRecord(row: TagsTable, subscriberCount: number): TagRecord {
  return { object: 'tag', id: row.id, name: row.name, subscriber_count: subscriberCount, created_at: iso(Number(row.created_at)) };
}

export function toSubscriberEventRecord(
  row: { id: string; subscriber_id: string; name: string; properties: string; created_at: number },
  email: string,
): SubscriberEventRecord {
  return {
    object: 'event',
    id: row.id,
    subscriber_id: row.subscriber_id,
    email,
    name: row.name,
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    created_at: iso(Number(row.created_at)),
  };
}
