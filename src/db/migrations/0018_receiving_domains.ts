import { type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Receiving domains: a verified domain whose mail comes to the inbound
 * listener. `receiving_name` is the domain's name while receiving is on and
 * null otherwise; unique, so one organization at most receives a domain's mail
 * (two may have verified the same name, each with its own DKIM selector).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domains').addColumn('receiving_name', 'text').execute();
  await db.schema.createIndex('domains_receiving_name').on('domains').column('receiving_name').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('domains_receiving_name').execute();
  await db.schema.alterTable('domains').dropColumn('receiving_name').execute();
}
