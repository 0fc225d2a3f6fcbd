import { SqliteAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * SQLite keeps a table with a text primary key as two b-trees (rowid table and
 * key index). Small rows keyed by time-ordered ids are stored in the key's
 * b-tree alone (WITHOUT ROWID): half the page writes per insert and delete.
 * PostgreSQL has no such distinction.
 */
function keyedByText(db: Kysely<any>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) => (sqlite ? table.modifyEnd(sql`without rowid`) : table);
}

export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_org_idx').on('api_tokens').columns(['organization_id', 'id']).execute();

  await compact(
    db.schema
      .createTable('emails')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('preview', 'text')
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('last_event', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('emails_org_id_idx').on('emails').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('email_bodies')
    .addColumn('email_id', 'text', (c) => c.primaryKey().references('emails.id').onDelete('cascade'))
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();

  await compact(
    db.schema
      .createTable('email_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email_id', 'text', (c) => c.notNull().references('emails.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('email_events_email_idx').on('email_events').columns(['email_id', 'id']).execute();

  await db.schema
    .createTable('captured_messages')
    .addColumn('email_id', 'text', (c) => c.primaryKey().references('emails.id').onDelete('cascade'))
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await compact(
    db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'text', (c) => c.notNull())
      .addColumn('run_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_until', 'bigint')
      .addColumn('lease_owner', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['run_at']).execute();

  await compact(
    db.schema
      .createTable('idempotency_keys')
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('claim_token', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('response', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['organization_id', 'key']),
  ).execute();
  await db.schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotency_keys', 'jobs', 'captured_messages', 'email_events', 'email_bodies', 'emails', 'api_tokens', 'organizations']) {
    await db.schema.dropTable(table).execute();
  }
}
