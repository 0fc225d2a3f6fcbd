import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A named HMAC key kept in the database (signing_keys): made on first use and
 * shared by every process on the database, so what one process signed another
 * can check. Loaded once per process; a failed load is tried again next time.
 */
export function signingKey(db: Kysely<Database>, name: string, now: () => number): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;

  async function load(): Promise<Buffer> {
    const found = await db.selectFrom('signing_keys').select('secret').where('name', '=', name).executeTakeFirst();
    if (found) return Buffer.from(found.secret, 'base64');
    // Two processes making the key at once: the first insert wins and both read it back.
    await db
      .insertInto('signing_keys')
      .values({ name, secret: randomBytes(32).toString('base64'), created_at: now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const made = await db.selectFrom('signing_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
    return Buffer.from(made.secret, 'base64');
  }

  return () => {
    key ??= load().catch((error) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
