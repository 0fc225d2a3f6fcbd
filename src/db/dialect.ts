import type { Database } from './schema.ts';
import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';

/**
 * The few places the two dialects differ, kept here so no other folder writes
 * SQL that only one of them understands. Imports nothing of connect.ts, which
 * imports this file.
 */

export type DialectName = 'sqlite' | 'postgres';

/** PostgreSQL: lock the selected rows and skip rows another worker holds. SQLite has one writer: no-op. */
export function skipLockedRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: DialectName): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/** How many rows a hot counter is split over on PostgreSQL (summed on read). */
export const COUNTER_SHARDS = 16;

/**
 * Which of a counter's rows a transaction adds to. PostgreSQL: one of
 * COUNTER_SHARDS at random. An upsert holds its row's lock until the commit, and
 * an accept's commit waits for the disk: with one row, every send of one sender
 * domain took its turn on it, a flush each. SQLite has one writer: always row 0.
 */
export function counterShard(db: Kysely<any> | Transaction<any>): number {
  return db.getExecutor().adapter instanceof PostgresAdapter ? Math.floor(Math.random() * COUNTER_SHARDS) : 0;
}

/** True when the error is a unique/primary-key violation in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** True for a conflict the database resolved by aborting one transaction (PostgreSQL deadlock or serialization failure): worth one retry. */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

/**
 * True when the database could not be reached or dropped the connection: the
 * server restarting or failing over (PostgreSQL's class 08 connection
 * exceptions; 57P01–57P03, shut down or not accepting connections yet), the
 * socket refused or cut, or the pg client finding its connection gone. Nothing
 * was decided about the statement: it may have committed (a COMMIT whose answer
 * was lost) or not, so only writes that are safe to do again are tried again.
 * SQLite, in this process, never loses its connection.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 08P01 (protocol_violation) is a statement the server could not take (too many parameters, say), not a lost connection.
    if ((code.startsWith('08') && code !== '08P01') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return true;
  }
  // pg's own words for a connection that ended under it (they carry no code).
  return typeof message === 'string' && /^(Connection terminated|Client has encountered a connection error)/.test(message);
}

/**
 * Serialize one-time setup (the first-start bootstrap) across processes for the
 * rest of the transaction. PostgreSQL: a transaction-scoped advisory lock.
 * SQLite: take the database's write lock now, with a write that changes nothing
 * (on the organizations table, which the bootstrap creates rows in). Kysely's
 * BEGIN is deferred: a transaction that reads first and writes later fails with
 * SQLITE_BUSY, without waiting, when another process wrote in between (two
 * processes starting at once on one DATA_DIR). A first statement that writes
 * waits for the lock under busy_timeout instead, and then reads the latest state.
 */
export async function lockForSetup(trx: Transaction<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`.execute(trx);
  else await writeFirst(trx, dialect);
}

/**
 * For a transaction that reads before it writes: SQLite takes the database's
 * write lock now, with a write that changes nothing, so that another process's
 * commit in between makes it wait (busy_timeout) rather than fail with
 * SQLITE_BUSY (see lockForSetup). PostgreSQL needs nothing: rows lock as they are written.
 */
export async function writeFirst(trx: Transaction<Database>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') await sql`update organizations set id = id where 0`.execute(trx);
}

/** An arbitrary constant naming Mailgate's setup lock. */
const SETUP_LOCK_ID = 7_305_419_883;

/** Above this many trigram matches, walking the list in id order fills a page sooner than the index would. */
const SEARCH_CANDIDATES_MAX = 1000;

/**
 * SQLite: the subscribers (by search_rowid) whose search_text may contain `text`,
 * from the trigram index, when it names few enough of them to be worth it; null
 * when the caller should walk the list instead (PostgreSQL, texts under three
 * characters, common texts). The caller still applies its exact LIKE filter.
 */
export async function subscriberSearchCandidates(db: Kysely<any> | Transaction<any>, dialect: DialectName, text: string): Promise<number[] | null> {
  if (dialect !== 'sqlite' || [...text].length < 3) return null;
  const phrase = `"${text.toLowerCase().replace(/"/g, '""')}"`;
  const { rows } = await sql<{
    rowid: number;
  }>`select rowid from subscribers_search where subscribers_search match ${phrase} limit ${SEARCH_CANDIDATES_MAX + 1}`.execute(db);
  return rows.length > SEARCH_CANDIDATES_MAX ? null : rows.map((r) => Number(r.rowid));
}

/** The condition "subscriber `s` is one of these search candidates" (SQLite only, see above). */
export function subscriberAmong(candidates: readonly number[]) {
  return candidates.length === 0 ? sql<boolean>`0 = 1` : sql<boolean>`s.search_rowid in (${sql.join(candidates)})`;
}
