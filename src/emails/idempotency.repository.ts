import type { Kysely, Transaction } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema.ts';

/** Queries of idempotency_keys, one row per organization and key; `db` or `trx` first, no rules. */

type Db = Kysely<Database> | Transaction<Database>;

/** An organization's key and the claim on it: its holder's token. */
export interface KeyClaim {
  organizationId: string;
  key: string;
  token: string;
}

export async function findIdempotencyKey(db: Db, organizationId: string, key: string): Promise<IdempotencyKeysTable | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('organization_id', '=', organizationId).where('key', '=', key).executeTakeFirst();
}

/** Insert a claim; throws a unique violation when the key is taken meanwhile. */
export async function insertIdempotencyKey(db: Db, row: IdempotencyKeysTable): Promise<void> {
  await db.insertInto('idempotency_keys').values(row).execute();
}

/** Move an in-flight claim from the holder of `claim` to `token`, renewing its times; false when it is no longer that claim. */
export async function takeOverIdempotencyKey(db: Db, claim: KeyClaim, token: string, times: { createdAt: number; expiresAt: number }): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ created_at: times.createdAt, expires_at: times.expiresAt, claim_token: token })
    .where('organization_id', '=', claim.organizationId)
    .where('key', '=', claim.key)
    .where('state', '=', 'in_flight')
    .where('claim_token', '=', claim.token)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Keep the answer of an in-flight claim, which is then completed; false when it is no longer that claim. */
export async function completeIdempotencyClaim(db: Db, claim: KeyClaim, response: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', response })
    .where('organization_id', '=', claim.organizationId)
    .where('key', '=', claim.key)
    .where('claim_token', '=', claim.token)
    .where('state', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Delete an in-flight claim, if it is still that claim. */
export async function deleteIdempotencyClaim(db: Db, claim: KeyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('organization_id', '=', claim.organizationId)
    .where('key', '=', claim.key)
    .where('claim_token', '=', claim.token)
    .where('state', '=', 'in_flight')
    .execute();
}

/** Delete one key if it has expired by `now`. */
export async function deleteExpiredIdempotencyKey(db: Db, organizationId: string, key: string, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('organization_id', '=', organizationId).where('key', '=', key).where('expires_at', '<=', now).execute();
}

/** Delete every key expired by `now`; how many. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
