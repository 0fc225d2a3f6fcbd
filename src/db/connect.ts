import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, type LogConfig, PostgresDialect, type RawBuilder, SqliteDialect, sql, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import pg from 'pg';
import { isUniqueViolation, type DialectName } from './dialect.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  /**
   * Run `fn` on a connection whose commits do not wait for the disk: a crash of
   * the machine may undo the last such commits, a killed process never does
   * (SQLite: synchronous=NORMAL; PostgreSQL: synchronous_commit off). The next
   * synced commit makes them durable too (SQLite's WAL and PostgreSQL's log are
   * written in order). Only for writes that are safe to lose and do again:
   * delivery outcomes and captures (a lost outcome is an email delivered again,
   * its synced claim's attempt showing that it may have gone out already: at
   * least once, never lost). Whatever a 200 or a 250 answers for, and a job's
   * claim, is durable before it is answered (see syncAfter). `fn` holds the
   * connection throughout: it runs database work only.
   */
  unsynced<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R>;
  /**
   * Run `fn` and settle once its commits are on stable storage, as durable as a
   * synced commit, without holding the thread while the disk syncs. SQLite
   * (DURABILITY=fsync) commits inside `fn` unsynced and then syncs its WAL file
   * off the event loop, one sync for every commit made before it started; so the
   * thread that owns the database accepts and delivers while the disk works,
   * where a synced commit would block it for the whole sync. PostgreSQL's commit
   * already waits for its log on the server, not here: `fn` runs as it is. For
   * the commits whose answers promise durability (a 200, a 250, a job's claim).
   * If the sync fails, the commits are made but not known to be on disk: it
   * rejects with CommittedNotSynced, and so does every later one (an I/O error
   * on the log is reported once by the kernel, and the pages it lost are not
   * written again), so nothing is answered as durable from then on.
   */
  syncAfter<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created if absent); default `public`. */
  databaseSchema?: string | undefined;
  /** SQLite file path, or `:memory:`. */
  sqlitePath?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * What a committed write survives (DURABILITY): `fsync` (the default), a crash
   * of the machine: SQLite syncs the WAL at every commit (synchronous=FULL; a
   * group commit shares one sync), PostgreSQL keeps its synchronous commit.
   * `process`, only a killed process: SQLite syncs at checkpoints
   * (synchronous=NORMAL), PostgreSQL commits asynchronously.
   */
  durability?: Durability;
  /** Diagnostics: told the SQL and duration of every query (benchmarks, slow-query hunting). */
  onQuery?: (sql: string, durationMs: number) => void;
  /**
   * Told once, when a sync of the log first fails (SQLite, DURABILITY=fsync): from
   * then on nothing can be answered as durable (see syncAfter), and the process
   * should stop, so that a restart recovers the database from what is on disk.
   */
  onSyncFailure?: (error: CommittedNotSynced) => void;
}

/**
 * The commits of a syncAfter are made but could not be synced to disk: they are
 * not to be done again (they are there), nor answered as durable.
 */
export class CommittedNotSynced extends Error {
  constructor(cause: unknown) {
    super(`committed, but the database's log could not be synced to disk: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'CommittedNotSynced';
  }
}

export type Durability = 'fsync' | 'process';
export const DURABILITIES: readonly Durability[] = ['fsync', 'process'];

const INT8_OID = 20;

/** Open the database named by the options. Does not migrate: see `migrateToLatest`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const log: LogConfig | undefined = options.onQuery ? (event) => options.onQuery!(event.query.sql, event.queryDurationMillis) : undefined;
  const durability = options.durability ?? 'fsync';
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseSchema, options.poolSize ?? 10, durability, log);
  return openSqlite(options.sqlitePath ?? ':memory:', durability, log, options.onSyncFailure);
}

function openSqlite(file: string, durability: Durability, log: LogConfig | undefined, onSyncFailure: DatabaseOptions['onSyncFailure']): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // SQLite's default 4 KB pages. 16 KB pages suit bulk loads, but a group commit
  // rewrites every page it touches in the WAL (about ten b-trees per batch of
  // sends), and measured here 4 KB pages accepted ~20 % more sends per second.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(durability === 'fsync' ? 'synchronous = FULL' : 'synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    ...(log ? { log } : {}),
  });
  // synchronous is a setting of the connection, which SQLite has only one of.
  const unsynced = unsyncedOn(db, durability, sql`pragma synchronous = NORMAL`, sql`pragma synchronous = FULL`);
  // The file SQLite names its WAL after: the real one, where the path given is a symbolic link.
  const main = (sqlite.pragma('database_list') as { name: string; file: string }[]).find((d) => d.name === 'main')?.file;
  const wal = durability === 'fsync' && main ? walSyncer(main, onSyncFailure) : null;
  const syncAfter: DatabaseHandle['syncAfter'] = wal
    ? async (fn) => {
        const result = await unsynced(fn);
        await wal.sync();
        return result;
      }
    : (fn) => fn(db);
  return {
    db,
    dialect: 'sqlite',
    unsynced,
    syncAfter,
    close: async () => {
      await db.destroy();
      wal?.close();
    },
  };
}

/**
 * Syncs of a SQLite database's WAL file, off the event loop (libuv's threads):
 * what synchronous=FULL does inside each commit, done after it. In WAL mode a
 * commit is durable once the WAL is synced after its frames were written (the
 * database file is written, and synced, only by checkpoints, which sync the WAL
 * first under NORMAL too). Callers that come while a sync runs wait for the next
 * one, which starts when it ends and serves them all: a group commit of syncs.
 * The file stays put while the connection is open (SQLite removes it only when
 * the last connection closes), so one descriptor serves throughout.
 */
function walSyncer(file: string, onFailure: DatabaseOptions['onSyncFailure']): { sync(): Promise<void>; close(): void } {
  let fd: number | null = null;
  let syncing = false;
  let closed = false;
  /** The first failure: it stays, since a later sync could succeed without the pages the failed one lost. */
  let failed: CommittedNotSynced | null = null;
  let waiting: { resolve: () => void; reject: (e: unknown) => void }[] = [];

  function open(): number {
    if (fd === null) {
      fd = fs.openSync(`${file}-wal`, 'r');
      // Its directory entry too, once: a new WAL file is found after a crash only if its name was synced.
      const dir = fs.openSync(path.dirname(file), 'r');
      try {
        fs.fsyncSync(dir);
      } finally {
        fs.closeSync(dir);
      }
    }
    return fd;
  }

  function start(): void {
    const group = waiting;
    waiting = [];
    syncing = true;
    const done = (error: unknown) => {
      syncing = false;
      const first = Boolean(error) && !failed;
      if (first) failed = new CommittedNotSynced(error);
      for (const w of group) failed ? w.reject(failed) : w.resolve();
      if (first) onFailure?.(failed!);
      if (waiting.length > 0) start();
      else if (closed) release();
    };
    try {
      fs.fdatasync(open(), done);
    } catch (error) {
      done(error);
    }
  }

  function release(): void {
    if (fd !== null) fs.closeSync(fd);
    fd = null;
  }

  return {
    sync: () =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        if (closed) return reject(new Error('the database is closed'));
        waiting.push({ resolve, reject });
        if (!syncing) start();
      }),
    // A sync under way keeps the descriptor until it ends.
    close() {
      closed = true;
      if (!syncing) release();
    },
  };
}

/**
 * DatabaseHandle.unsynced for one dialect: `fn` runs on a connection held from
 * the statement that lowers its durability to the one that puts it back, so no
 * other query runs on it in between. With DURABILITY=process every commit is
 * unsynced already.
 */
function unsyncedOn(db: Kysely<Database>, durability: Durability, lower: RawBuilder<unknown>, restore: RawBuilder<unknown>): DatabaseHandle['unsynced'] {
  return (fn) =>
    durability === 'process'
      ? fn(db)
      : db.connection().execute(async (conn) => {
          await lower.execute(conn);
          try {
            return await fn(conn);
          } finally {
            await restore.execute(conn);
          }
        });
}

const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely prepares every query it runs; preparing costs more than running a small
 * statement. better-sqlite3 statements are reusable (Kysely never leaves one
 * mid-iteration), so keep the most recent ones by SQL text.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  poolSize: number,
  durability: Durability,
  log: LogConfig | undefined,
): Promise<DatabaseHandle> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // Times and counters are bigint columns holding values well inside 2^53.
      if (oid === INT8_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  };
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } catch (error) {
      // IF NOT EXISTS is not atomic: two processes starting at once on a new schema
      // can both pass the check, and the loser fails on pg_namespace's unique index.
      // The schema exists either way, which is all we asked for.
      if (!isUniqueViolation(error) && (error as { code?: unknown }).code !== '42P06') throw error;
    } finally {
      await client.end();
    }
  }
  const settings = [...(schema ? [`-c search_path="${schema}"`] : []), ...(durability === 'process' ? ['-c synchronous_commit=off'] : [])];
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  // A connection the server ends (a restart, a terminated backend, a network cut) is
  // reported as an 'error' event: by the pool for an idle one, by the client itself
  // for one checked out between two queries. An EventEmitter with no listener
  // throws, which would stop the whole process. The query that next uses the
  // connection fails instead (the caller answers that request with an error), the
  // pool drops it, and new queries open new connections once the server is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  // RESET puts back the connection's own default.
  const unsynced = unsyncedOn(db, durability, sql`set synchronous_commit = off`, sql`reset synchronous_commit`);
  // The server waits for its log at commit (or, with DURABILITY=process, does not): no thread of ours is held.
  const syncAfter: DatabaseHandle['syncAfter'] = (fn) => fn(db);
  return { db, dialect: 'postgres', unsynced, syncAfter, close: () => db.destroy() };
}

/**
 * Does the database answer a trivial query within `timeoutMs`? False when it
 * fails or is late (PostgreSQL down, or every pooled connection held). The late
 * query is left to finish or fail on its own.
 */
export async function databaseAnswers(handle: DatabaseHandle, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = sql`select 1`.execute(handle.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Apply every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect === 'sqlite') return migrateSqlite(handle.db);
  // Without migrationTableSchema, Kysely takes its migration tables in *any* schema
  // for ours and skips creating them: a second schema in the same PostgreSQL
  // database (DATABASE_SCHEMA) then fails with "kysely_migration_lock does not exist".
  const migrationTableSchema = handle.dialect === 'postgres' ? await currentSchema(handle.db) : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (attempt < MIGRATE_ATTEMPTS && isConcurrentDrop(handle, error)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    throw error instanceof Error ? error : new Error(String(error));
  }
}

const MIGRATE_ATTEMPTS = 5;

/**
 * SQLite: Kysely takes no migration lock there, and its transaction is a deferred
 * BEGIN, so two processes starting at once on one file both find the migrations
 * pending and the second fails ("table … already exists", "duplicate column").
 * BEGIN IMMEDIATE takes the write lock before the state is read: a second
 * process waits (busy_timeout) and then finds nothing left to do.
 */
async function migrateSqlite(db: Kysely<Database>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const migrator = new Migrator({ db: conn, provider: migrationProvider, disableTransactions: true });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      await sql`commit`.execute(conn);
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Kysely's migrator lists the tables of every schema (resolving each schema and
 * table by name), so a schema or table that another client drops meanwhile fails
 * our migration with 3F000/42P01/42703 about something that is not ours. The migrator
 * runs in a transaction and is idempotent: try again.
 */
function isConcurrentDrop(handle: DatabaseHandle, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return handle.dialect === 'postgres' && (code === '3F000' || code === '42P01' || code === '42703');
}

/** The schema unqualified names resolve to (the first existing one on search_path). */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
