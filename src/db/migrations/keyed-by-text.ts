import { SqliteAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * SQLite keeps a table with a text primary key as two b-trees (rowid table and
 * key index). Small rows keyed by time-ordered ids are stored in the key's
 * b-tree alone (WITHOUT ROWID): half the page writes per insert and delete.
 * PostgreSQL has no such distinction. (0001 carries its own copy: it shipped first.)
 */
export function keyedByText(db: Kysely<any>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) => (sqlite ? table.modifyEnd(sql`without rowid`) : table);
}
