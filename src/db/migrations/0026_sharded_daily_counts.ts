import { sql, type Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * The daily counts (0022, 0023) split over rows by a `shard` number, part of
 * the key and summed on read. Every accept adds to its day's `queued` count in
 * the accept's own transaction; on PostgreSQL the upsert holds that row's lock
 * until the synced commit, so that all sends of one sender domain took turns
 * on one row, a disk flush each. Concurrent transactions now add to different
 * rows. Each table is made anew with the wider key (SQLite cannot change a
 * primary key in place) and its rows copied as shard 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);
  await compact(
    db.schema
      .createTable('email_daily_stats_sharded')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      // Days since 1970-01-01 (UTC).
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('shard', 'integer', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_daily_stats_shard_pk', ['organization_id', 'day', 'domain', 'type', 'shard']),
  ).execute();
  await sql`insert into email_daily_stats_sharded (organization_id, day, domain, type, shard, count)
    select organization_id, day, domain, type, 0, count from email_daily_stats`.execute(db);
  await db.schema.dropTable('email_daily_stats').execute();
  await db.schema.alterTable('email_daily_stats_sharded').renameTo('email_daily_stats').execute();

  await compact(
    db.schema
      .createTable('email_daily_tag_stats_sharded')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('tag_name', 'text', (c) => c.notNull())
      .addColumn('tag_value', 'text', (c) => c.notNull())
      // Days since 1970-01-01 (UTC).
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('shard', 'integer', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_daily_tag_stats_shard_pk', ['organization_id', 'tag_name', 'tag_value', 'day', 'domain', 'type', 'shard']),
  ).execute();
  await sql`insert into email_daily_tag_stats_sharded (organization_id, tag_name, tag_value, day, domain, type, shard, count)
    select organization_id, tag_name, tag_value, day, domain, type, 0, count from email_daily_tag_stats`.execute(db);
  await db.schema.dropTable('email_daily_tag_stats').execute();
  await db.schema.alterTable('email_daily_tag_stats_sharded').renameTo('email_daily_tag_stats').execute();
  // A tag by its name alone sums its values: by day, without reading every value's days (dropped with the old table).
  await db.schema.createIndex('email_daily_tag_stats_name_idx').on('email_daily_tag_stats').columns(['organization_id', 'tag_name', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);
  await compact(
    db.schema
      .createTable('email_daily_stats_merged')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_daily_stats_merged_pk', ['organization_id', 'day', 'domain', 'type']),
  ).execute();
  await sql`insert into email_daily_stats_merged (organization_id, day, domain, type, count)
    select organization_id, day, domain, type, sum(count) from email_daily_stats group by organization_id, day, domain, type`.execute(db);
  await db.schema.dropTable('email_daily_stats').execute();
  await db.schema.alterTable('email_daily_stats_merged').renameTo('email_daily_stats').execute();

  await compact(
    db.schema
      .createTable('email_daily_tag_stats_merged')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('tag_name', 'text', (c) => c.notNull())
      .addColumn('tag_value', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_daily_tag_stats_merged_pk', ['organization_id', 'tag_name', 'tag_value', 'day', 'domain', 'type']),
  ).execute();
  await sql`insert into email_daily_tag_stats_merged (organization_id, tag_name, tag_value, day, domain, type, count)
    select organization_id, tag_name, tag_value, day, domain, type, sum(count) from email_daily_tag_stats
    group by organization_id, tag_name, tag_value, day, domain, type`.execute(db);
  await db.schema.dropTable('email_daily_tag_stats').execute();
  await db.schema.alterTable('email_daily_tag_stats_merged').renameTo('email_daily_tag_stats').execute();
  await db.schema.createIndex('email_daily_tag_stats_name_idx').on('email_daily_tag_stats').columns(['organization_id', 'tag_name', 'day']).execute();
}
