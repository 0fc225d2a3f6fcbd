import type { Kysely } from 'kysely';
import type { Database, OAuthClientsTable } from '../db/schema.ts';

/** Queries of oauth_clients for registered clients and the cache of metadata documents; `db` first, no rules. */

export async function countRegisteredClients(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('oauth_clients')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', 'registered')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertClient(db: Kysely<Database>, row: OAuthClientsTable): Promise<void> {
  await db.insertInto('oauth_clients').values(row).execute();
}

/** A client of either kind: registered, or a metadata document's cached copy (which may have expired). */
export async function findClient(db: Kysely<Database>, clientId: string): Promise<OAuthClientsTable | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findRegisteredClient(db: Kysely<Database>, clientId: string): Promise<OAuthClientsTable | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).where('kind', '=', 'registered').executeTakeFirst();
}

/** Keep a metadata document as fetched now: a first copy, or a fresher one in place of the last. */
export async function saveMetadataClient(db: Kysely<Database>, row: OAuthClientsTable): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ client_name: row.client_name, redirect_uris: row.redirect_uris, expires_at: row.expires_at }))
    .execute();
}

/**
 * Note that a registered client was used now; false when it is not registered
 * (any more). The same statement is the check: a client deleted by an expiry
 * sweep in another process is not brought back, and one being used is not deleted
 * (the sweep's conditions are checked again on the updated row).
 */
export async function touchRegisteredClient(db: Kysely<Database>, clientId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('oauth_clients')
    .set({ last_used_at: now })
    .where('client_id', '=', clientId)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ClientExpiry {
  now: number;
  /** Registered clients never used, registered at or before now − this, go. */
  unusedTtlMs: number;
  /** Registered clients last used at or before now − this go. */
  idleTtlMs: number;
}

/**
 * Delete registered clients that expired unused, and metadata documents whose
 * cache ended (they are fetched again when next needed). Idempotent, one
 * statement per kind: several processes may run it at once.
 */
export async function deleteExpiredClients(db: Kysely<Database>, expiry: ClientExpiry): Promise<number> {
  const { now } = expiry;
  const deleted = await db
    .deleteFrom('oauth_clients')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'registered'), eb('last_used_at', 'is', null), eb('created_at', '<=', now - expiry.unusedTtlMs)]),
        eb.and([eb('kind', '=', 'registered'), eb('last_used_at', '<=', now - expiry.idleTtlMs)]),
        eb.and([eb('kind', '=', 'metadata_document'), eb('expires_at', '<=', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
