import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Reports that came back by mail to a return path (bounces, delay notices,
 * complaints, and whatever else reaches a bounce address): one row each, with
 * what was made of it. A report that matched nothing keeps its message (up to
 * a cap) for a person to look at; all are swept after the retention period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof SqliteAdapter ? sql`blob` : sql`bytea`;
  await db.schema
    .createTable('inbound_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('email_id', 'text')
    // delivery_status | feedback | plain_bounce | none
    .addColumn('kind', 'text', (c) => c.notNull())
    // bounced | complained | delivery_delayed | duplicate | unmatched
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('mail_from', 'text')
    .addColumn('remote_address', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('raw', binary)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbound_reports_created_at').on('inbound_reports').column('created_at').execute();
  await db.schema.createIndex('inbound_reports_email').on('inbound_reports').column('email_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbound_reports').execute();
}
