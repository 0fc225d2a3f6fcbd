import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Whole messages submitted over SMTP. One submission is shared by the emails
 * made of it (one per recipient): the headers it keeps on the way out and its
 * attachments are stored once, however many recipients it has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof SqliteAdapter ? sql`blob` : sql`bytea`;
  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // JSON: the To and Cc lists as submitted, threading headers, the Date, and other header lines kept as given.
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('submission_attachments')
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text')
    .addColumn('inline', 'integer', (c) => c.notNull())
    .addColumn('content', binary, (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_attachments_pk', ['submission_id', 'position'])
    .execute();
  await db.schema.alterTable('emails').addColumn('submission_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('emails').dropColumn('submission_id').execute();
  await db.schema.dropTable('submission_attachments').execute();
  await db.schema.dropTable('submissions').execute();
}
