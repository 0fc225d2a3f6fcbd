import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * SQLite: a trigram index over subscribers' search_text (FTS5, contentless), so a
 * `query` that matches few subscribers finds them without walking the whole
 * organization. Its rows are keyed by `search_rowid`, a stable number of the
 * subscriber's own (a table's rowid may change on VACUUM), and triggers keep it
 * in step with every insert, change and delete. PostgreSQL: nothing here yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`alter table subscribers add column search_rowid integer`.execute(db);
  await sql`update subscribers set search_rowid = rowid`.execute(db);
  await sql`create unique index subscribers_search_rowid_idx on subscribers (search_rowid)`.execute(db);
  await sql`create virtual table subscribers_search using fts5(search_text, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  await sql`insert into subscribers_search (rowid, search_text) select search_rowid, search_text from subscribers`.execute(db);
  await sql`
    create trigger subscribers_search_insert after insert on subscribers begin
      update subscribers set search_rowid = (select coalesce(max(search_rowid), 0) + 1 from subscribers) where id = new.id;
      insert into subscribers_search (rowid, search_text) select search_rowid, search_text from subscribers where id = new.id;
    end`.execute(db);
  await sql`
    create trigger subscribers_search_update after update of search_text on subscribers
    when old.search_text is not new.search_text begin
      delete from subscribers_search where rowid = old.search_rowid;
      insert into subscribers_search (rowid, search_text) values (new.search_rowid, new.search_text);
    end`.execute(db);
  await sql`
    create trigger subscribers_search_delete after delete on subscribers begin
      delete from subscribers_search where rowid = old.search_rowid;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const trigger of ['subscribers_search_insert', 'subscribers_search_update', 'subscribers_search_delete']) {
    await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table subscribers_search`.execute(db);
  await sql`drop index subscribers_search_rowid_idx`.execute(db);
  await sql`alter table subscribers drop column search_rowid`.execute(db);
}
