import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DialectName } from './connect.ts';

/**
 * The few places the two dialects differ, kept here so no other folder writes
 * SQL that only one of them understands.
 */

/** PostgreSQL: lock the selected rows and skip rows another worker holds. SQLite has one writer: no-op. */
export function skipLockedRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: DialectName,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/** True when the error is a unique/primary-key violation in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
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
  else await sql`update organizations set id = id where 0`.execute(trx);
}

/** An arbitrary constant naming Mailgate's setup lock. */
const SETUP_LOCK_ID = 7_305_419_883;

