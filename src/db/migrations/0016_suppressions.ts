import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * The suppression list: per organization, the addresses no transactional send,
 * workflow or campaign mails (they bounced hard, their recipient complained, or
 * someone added them by hand), each at most once, looked up by the lower-cased
 * address on every send. A campaign counts the members it skipped for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('suppressions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // As first given (the domain lower-cased), and lower-cased whole: what "the same address" means.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    // bounce | complaint | manual
    .addColumn('reason', 'text', (c) => c.notNull())
    // The email whose bounce or complaint put the address here; null when added by hand.
    .addColumn('source_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Null: never. From then on the row suppresses nothing (and is purged).
    .addColumn('expires_at', 'bigint')
    .execute();
  // The send path's lookup (one address or a page of them) and the one row per address.
  await db.schema.createIndex('suppressions_org_email_idx').on('suppressions').columns(['organization_id', 'email_key']).unique().execute();
  await db.schema.createIndex('suppressions_org_id_idx').on('suppressions').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('suppressions_org_reason_idx').on('suppressions').columns(['organization_id', 'reason', 'id']).execute();
  // Housekeeping finds the expired rows without reading the others.
  await db.schema.createIndex('suppressions_expires_idx').on('suppressions').column('expires_at').execute();

  // Of the members a campaign skipped, those whose address is suppressed.
  await db.schema
    .alterTable('campaigns')
    .addColumn('stat_suppressed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('stat_suppressed').execute();
  await db.schema.dropTable('suppressions').execute();
}
