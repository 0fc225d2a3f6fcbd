import type { Kysely } from 'kysely';
import type { Database, OAuthTokensTable } from '../db/schema.ts';

/** Queries of oauth_tokens, access and refresh tokens (kept by hash) in families, one per grant; `db` first, no rules. */

export async function insertTokens(db: Kysely<Database>, rows: OAuthTokensTable[]): Promise<void> {
  await db.insertInto('oauth_tokens').values(rows).execute();
}

/** A token by its hash, of either kind or of the one given. */
export async function findToken(db: Kysely<Database>, tokenHash: string, kind?: OAuthTokensTable['kind']): Promise<OAuthTokensTable | undefined> {
  let query = db.selectFrom('oauth_tokens').selectAll().where('token_hash', '=', tokenHash);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.executeTakeFirst();
}

/** Mark a refresh token used; false when another refresh used it first (the statement is the check). */
export async function claimToken(db: Kysely<Database>, tokenHash: string, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('oauth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Revoke one token, if it is not revoked already. */
export async function revokeToken(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('oauth_tokens').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

/** Revoke every token of a grant's family that is not revoked already. */
export async function revokeTokenFamily(db: Kysely<Database>, familyId: string, now: number): Promise<void> {
  await db.updateTable('oauth_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}
