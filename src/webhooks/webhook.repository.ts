import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { fetchIdPage } from '../db/id-page.ts';
import { insertRows } from '../db/insert-rows.ts';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../db/schema.ts';
import type { PageRequest } from '../pagination.ts';

/** Queries of webhooks and webhook_deliveries; `db` or `trx` first, no rules. */

type Db = Kysely<Database> | Transaction<Database>;

export type WebhookRow = Selectable<WebhooksTable>;

export async function insertWebhook(db: Db, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

/** An organization's webhook. */
export async function findWebhook(db: Db, organizationId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}

export async function countWebhooks(db: Db, organizationId: string): Promise<number> {
  const { count } = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One page of an organization's webhooks, by id cursor (up to `limit + 1` rows, so the caller can tell has_more). */
export async function listWebhookRows(db: Db, organizationId: string, page: PageRequest) {
  return fetchIdPage(db.selectFrom('webhooks').selectAll().where('organization_id', '=', organizationId), 'id', page);
}

/** The enabled webhooks of these organizations: what they want, where, and until when they are paused. */
export async function findEnabledWebhooks(db: Db, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .selectFrom('webhooks')
    .select(['id', 'organization_id', 'events', 'url', 'paused_until'])
    .where('organization_id', 'in', [...organizationIds])
    .where('enabled', '=', 1)
    .execute();
}

export async function updateWebhook(db: Db, id: string, changes: Updateable<WebhooksTable>): Promise<void> {
  await db.updateTable('webhooks').set(changes).where('id', '=', id).execute();
}

/** A webhook and its deliveries (their queue jobs find them gone and end). */
export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

export async function insertDeliveries(db: Db, rows: WebhookDeliveriesTable[]): Promise<void> {
  await insertRows(db, 'webhook_deliveries', rows, (chunk) => db.insertInto('webhook_deliveries').values(chunk));
}

/** The ids of a webhook's pending deliveries, as a subquery (their jobs are found by it). */
export function pendingDeliveryIds(db: Db, webhookId: string) {
  return db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId).where('status', '=', 'pending');
}

/** One page of a webhook's deliveries, by id cursor. */
export async function listDeliveryRows(db: Db, webhookId: string, page: PageRequest) {
  return fetchIdPage(db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId), 'id', page);
}

/** Deliveries with what sending them needs from their webhooks; a delivery that is gone (or whose webhook is) is not among them. */
export async function findDeliveriesToSend(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.payload',
      'webhook_deliveries.status',
      'webhooks.url',
      'webhooks.secret',
      'webhooks.enabled',
      'webhooks.paused_until',
      'webhooks.id as webhook_id',
    ])
    .where('webhook_deliveries.id', 'in', [...ids])
    .execute();
}

/** What an attempt leaves on its delivery. */
export type DeliveryOutcome = Pick<WebhookDeliveriesTable, 'status' | 'response_status' | 'response_excerpt' | 'next_attempt_at' | 'attempts' | 'updated_at'>;

/**
 * Record attempts' outcomes: deliveries with the same outcome (a burst of 2xx
 * answers, say) are updated by one statement.
 */
export async function recordDeliveryOutcomes(db: Db, outcomes: readonly { id: string; outcome: DeliveryOutcome }[]): Promise<void> {
  const alike = new Map<string, { outcome: DeliveryOutcome; ids: string[] }>();
  for (const { id, outcome } of outcomes) {
    const key = JSON.stringify([
      outcome.status,
      outcome.response_status,
      outcome.response_excerpt,
      outcome.next_attempt_at,
      outcome.attempts,
      outcome.updated_at,
    ]);
    const same = alike.get(key);
    if (same) same.ids.push(id);
    else alike.set(key, { outcome, ids: [id] });
  }
  for (const { outcome, ids } of alike.values()) {
    await db.updateTable('webhook_deliveries').set(outcome).where('id', 'in', ids).execute();
  }
}

/** A paused endpoint's delivery, given back unattempted: when it runs next. */
export async function putOffDelivery(db: Db, id: string, until: number, now: number): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ next_attempt_at: until, updated_at: now }).where('id', '=', id).execute();
}

/** Endpoints that answered: their failures in a row start over, and a pause ends. */
export async function resetWebhookFailures(db: Db, webhookIds: readonly string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db
    .updateTable('webhooks')
    .set({ failures: 0, paused_until: null })
    .where('id', 'in', [...webhookIds])
    .where('failures', '>', 0)
    .execute();
}

/** Count one more failure in a row of a webhook's endpoint; returns the count (0 when the webhook is gone). */
export async function countWebhookFailure(db: Db, webhookId: string): Promise<number> {
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', webhookId)
    .returning('failures')
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}

/** Pause a webhook until `until`, and move its pending deliveries' next attempt there (their jobs are put off by the caller). */
export async function pauseWebhook(db: Db, webhookId: string, until: number): Promise<void> {
  await db.updateTable('webhooks').set({ paused_until: until }).where('id', '=', webhookId).execute();
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: until })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<', until)
    .execute();
}

export async function disableWebhook(db: Db, webhookId: string, now: number): Promise<void> {
  await db.updateTable('webhooks').set({ enabled: 0, updated_at: now }).where('id', '=', webhookId).execute();
}
