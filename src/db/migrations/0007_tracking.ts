import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Open and click tracking (v1 `tracking: true`). An email that is tracked keeps
 * the random key its tracking links carry; null means it is not tracked. Links
 * name the email by id, so no index is needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('emails').addColumn('tracking_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('emails').dropColumn('tracking_key').execute();
}
