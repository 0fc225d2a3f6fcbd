import type { SubscribersTable, TagsTable } from '../db/schema.ts';

/** The v2 shapes of the audience: subscriber, tag, subscriber event. */
export interface SubscriberRecord {
  object: 'subscriber';
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: SubscribersTable['status'];
  attributes: Record<string, unknown>;
  tags: string[];
  created_at: string;
  updated_at: string;
  unsubscribed_at: string | null;
}

export interface TagRecord {
  object: 'tag';
  id: string;
  name: string;
  subscriber_count: number;
  created_at: string;
}

export interface SubscriberEventRecord {
  object: 'event';
  id: string;
  subscriber_id: string;
  email: string;
  name: string;
  properties: Record<string, unknown>;
  created_at: string;
}

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
