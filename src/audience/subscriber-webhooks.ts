// What outbound webhooks hear of a subscriber: created, updated, unsubscribed,
// published in the transaction that made the change, whoever made it (the API,
// a campaign's unsubscribe link, a bounce or complaint coming back).
import type { Kysely, Transaction } from 'kysely';
import type { Database, SubscribersTable } from '../db/schema.ts';
import { loadSubscriptions, publishWebhookEvents, type WebhookEventType } from '../webhooks/index.ts';
import { tagNamesOf } from './audience.repository.ts';
import { toSubscriberRecord } from './audience-record.ts';

/** What a subscriber.updated webhook reports a change of (tags besides). */
const SUBSCRIBER_FIELDS = ['email', 'first_name', 'last_name', 'attributes', 'status'] as const;

/**
 * Tell the webhooks subscribed to it that a subscriber was created (`before`
 * null) or changed (and, when it became unsubscribed, that too); the payload is
 * the subscriber as the API shows it.
 */
export async function publishSubscriberChange(
  trx: Kysely<Database> | Transaction<Database>,
  before: SubscribersTable | null,
  after: SubscribersTable,
  tagsChanged: boolean,
  now: number,
): Promise<void> {
  const types: WebhookEventType[] = [];
  if (before === null) types.push('subscriber.created');
  else if (tagsChanged || SUBSCRIBER_FIELDS.some((field) => before[field] !== after[field])) types.push('subscriber.updated');
  if (before !== null && before.status !== 'unsubscribed' && after.status === 'unsubscribed') types.push('subscriber.unsubscribed');
  if (types.length === 0) return;
  const subscriptions = await loadSubscriptions(trx, [after.organization_id]);
  const wanted = types.filter((type) => subscriptions.wants(after.organization_id, type));
  if (wanted.length === 0) return;
  const tags = await tagNamesOf(trx, [after.id]);
  const data = toSubscriberRecord(after, tags.get(after.id)!) as unknown as Record<string, unknown>;
  await publishWebhookEvents(
    trx,
    subscriptions,
    wanted.map((type) => ({ organizationId: after.organization_id, type, at: now, data })),
    now,
  );
}
