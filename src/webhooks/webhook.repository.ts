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
