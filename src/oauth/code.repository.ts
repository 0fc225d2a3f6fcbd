import type { Kysely } from 'kysely';
import type { Database, OAuthCodesTable } from '../db/schema.ts';

/** Queries of oauth_codes, the authorization codes (kept by hash); `db` first, no rules. */

export async function insertCode(db: Kysely<Database>, row: OAuthCodesTable): Promise<void> {
  await db.insertInto('oauth_codes').values(row).execute();
}

export async function findCode(db: Kysely<Database>, codeHash: string): Promise<OAuthCodesTable | undefined> {
  return db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/**
 * Mark a code used, naming the token family its exchange starts; false when
 * another exchange used it first (the statement is the check, so two at once
 * cannot both succeed).
 */
export async function claimCode(db: Kysely<Database>, codeHash: string, familyId: string, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('oauth_codes')
    .set({ used_at: now, family_id: familyId })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
