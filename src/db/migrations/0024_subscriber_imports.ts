import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Subscriber imports: a CSV file sent to import_subscribers, with the progress
 * its queue job saves in the same transaction as each chunk of subscribers it
 * writes; listed per organization, newest first. The file (as UTF-8) is a row
 * of its own in subscriber_import_files until the import ends: kept apart, as
 * SQLite rewrites a whole row, file and all, on every change of its progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof SqliteAdapter ? sql`blob` : sql`bytea`;
  await keyedByText(db)(
    db.schema
      .createTable('subscriber_imports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      // JSON: the column mapping used, the tags added to every row.
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('update_existing', 'integer', (c) => c.notNull())
      .addColumn('total_rows', 'integer')
      .addColumn('processed_rows', 'integer', (c) => c.notNull())
      .addColumn('created_count', 'integer', (c) => c.notNull())
      .addColumn('updated_count', 'integer', (c) => c.notNull())
      .addColumn('skipped_count', 'integer', (c) => c.notNull())
      .addColumn('failed_count', 'integer', (c) => c.notNull())
      // JSON array of {row, email, message}: the first ones only; error_count counts them all.
      .addColumn('errors', 'text', (c) => c.notNull())
      .addColumn('error_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('subscriber_imports_org_idx').on('subscriber_imports').columns(['organization_id', 'id']).execute();
  await db.schema
    .createTable('subscriber_import_files')
    .addColumn('import_id', 'text', (c) => c.primaryKey().references('subscriber_imports.id').onDelete('cascade'))
    .addColumn('content', binary, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscriber_import_files').execute();
  await db.schema.dropTable('subscriber_imports').execute();
}
