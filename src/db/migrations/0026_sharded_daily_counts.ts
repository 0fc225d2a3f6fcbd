import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * The daily counts (0022, 0023) split over rows by a `shard` number, part of
 * the key and summed on read. Every accept adds to its day's `queued` count in
 * the accept's own transaction; on PostgreSQL the upsert holds that row's lock
 * until the synced commit, so that all sends of one sender domain took turns
 * on one row, a disk flush each. Concurrent transactions now add to different
 * rows. Each table is made anew with the wider key (SQLite cannot change a
 * primary key in place) and its rows copied as shard 0; `down` merges them back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'email_daily_stats', ['organization_id', 'day', 'domain', 'type'], 'sharded');
  await rebuild(db, 'email_daily_tag_stats', ['organization_id', 'tag_name', 'tag_value', 'day', 'domain', 'type'], 'sharded');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'email_daily_stats', ['organization_id', 'day', 'domain', 'type'], 'merged');
  await rebuild(db, 'email_daily_tag_stats', ['organization_id', 'tag_name', 'tag_value', 'day', 'domain', 'type'], 'merged');
}

/**
 * Make `table` anew, keyed by `key` and a shard (`sharded`: its rows copied as
 * shard 0) or by `key` alone (`merged`: the shards of a key summed), under a
 * new name, then put it in the old one's place with the tag counts' index.
 */
async function rebuild(db: Kysely<any>, table: string, key: string[], to: 'sharded' | 'merged'): Promise<void> {
  const next = `${table}_${to}`;
  let create: CreateTableBuilder<string, string> = db.schema
    .createTable(next)
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'));
  for (const column of key.slice(1)) create = create.addColumn(column, column === 'day' ? 'integer' : 'text', (c) => c.notNull());
  if (to === 'sharded') create = create.addColumn('shard', 'integer', (c) => c.notNull());
  create = create.addColumn('count', 'bigint', (c) => c.notNull());
  // A new constraint name: the old table's key keeps its own until the table is dropped.
  const keyed = to === 'sharded' ? create.addPrimaryKeyConstraint(`${next}_pk`, [...key, 'shard']) : create.addPrimaryKeyConstraint(`${next}_pk`, key);
  await keyedByText(db)(keyed).execute();

  const columns = sql.join(key.map((k) => sql.ref(k)));
  if (to === 'sharded') {
    await sql`insert into ${sql.table(next)} (${columns}, shard, count) select ${columns}, 0, count from ${sql.table(table)}`.execute(db);
  } else {
    await sql`insert into ${sql.table(next)} (${columns}, count) select ${columns}, sum(count) from ${sql.table(table)} group by ${columns}`.execute(db);
  }
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
  // A tag by its name alone sums its values: by day, without reading every value's days (dropped with the old table).
  if (table === 'email_daily_tag_stats') {
    await db.schema.createIndex('email_daily_tag_stats_name_idx').on(table).columns(['organization_id', 'tag_name', 'day']).execute();
  }
}
