import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * API tokens get a permission (`full`, or `read`: refused every write) and the
 * time they were last used (written at most once a minute per token, so a
 * request does not cost a write).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_tokens')
    .addColumn('permission', 'text', (c) => c.notNull().defaultTo('full'))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('last_used_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('last_used_at').execute();
  await db.schema.alterTable('api_tokens').dropColumn('permission').execute();
}
