import type { Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Email tags: the name/value pairs a send gives its email (at most ten, names
 * unique within an email), and their daily counts. `email_tags` is read by an
 * email's page and by the list's tag filter (organization, name, value → emails).
 * `email_daily_tag_stats` is email_daily_stats (0022) once more per tag of the
 * email an event is of, kept by the same writes, so that statistics of one tag
 * cost a few hundred small rows however many emails carry it. No tag existed
 * before: nothing to fill.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);
  await compact(
    db.schema
      .createTable('email_tags')
      .addColumn('email_id', 'text', (c) => c.notNull().references('emails.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_tags_pk', ['email_id', 'name']),
  ).execute();
  await db.schema.createIndex('email_tags_filter_idx').on('email_tags').columns(['organization_id', 'name', 'value', 'email_id']).execute();

  await compact(
    db.schema
      .createTable('email_daily_tag_stats')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('tag_name', 'text', (c) => c.notNull())
      .addColumn('tag_value', 'text', (c) => c.notNull())
      // Days since 1970-01-01 (UTC).
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_daily_tag_stats_pk', ['organization_id', 'tag_name', 'tag_value', 'day', 'domain', 'type']),
  ).execute();
  // A tag by its name alone sums its values: by day, without reading every value's days.
  await db.schema.createIndex('email_daily_tag_stats_name_idx').on('email_daily_tag_stats').columns(['organization_id', 'tag_name', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_daily_tag_stats').execute();
  await db.schema.dropTable('email_tags').execute();
}
