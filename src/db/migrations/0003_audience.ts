import type { Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);

  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    // The address lower-cased: what "the same subscriber" means within an organization.
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    // Email and names lower-cased in one string, for `query`.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'bigint')
    .execute();
  await db.schema.createIndex('subscribers_org_email_idx').on('subscribers').columns(['organization_id', 'email_key']).unique().execute();
  await db.schema.createIndex('subscribers_org_id_idx').on('subscribers').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('subscribers_org_status_idx').on('subscribers').columns(['organization_id', 'status', 'id']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_org_name_idx').on('tags').columns(['organization_id', 'name']).unique().execute();
  await db.schema.createIndex('tags_org_id_idx').on('tags').columns(['organization_id', 'id']).execute();

  // Keyed by tag first: a tag's subscribers come out of the key in id order (list by tag, count).
  await compact(
    db.schema
      .createTable('subscriber_tags')
      .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('subscriber_id', 'text', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('subscriber_tags_pk', ['tag_id', 'subscriber_id']),
  ).execute();
  await db.schema.createIndex('subscriber_tags_subscriber_idx').on('subscriber_tags').columns(['subscriber_id', 'tag_id']).execute();

  await compact(
    db.schema
      .createTable('subscriber_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('subscriber_id', 'text', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('properties', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('subscriber_events_subscriber_idx').on('subscriber_events').columns(['subscriber_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['subscriber_events', 'subscriber_tags', 'tags', 'subscribers']) {
    await db.schema.dropTable(table).execute();
  }
}
