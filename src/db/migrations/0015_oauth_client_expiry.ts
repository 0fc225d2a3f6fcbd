import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Dynamically registered OAuth clients expire when unused, so they get the
 * time they were last used: an authorization approved, a code exchanged, a
 * refresh. Clients registered before this learn it from their newest token or
 * code, so a client in use is not taken for one that never was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('last_used_at', 'bigint').execute();
  await sql`
    update oauth_clients set last_used_at = coalesce(
      (select max(t.created_at) from oauth_tokens t where t.client_id = oauth_clients.client_id),
      (select max(c.created_at) from oauth_codes c where c.client_id = oauth_clients.client_id)
    )
    where kind = 'registered'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_clients').dropColumn('last_used_at').execute();
}
