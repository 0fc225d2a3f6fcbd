import type { ExpressionBuilder, Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { insertRows, skipLockedRows, type DatabaseHandle } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../ids.ts';

/**
 * The durable job queue (outbox): a table written in the same transaction as the
 * record a job acts on, and claimed by workers with leases. A job whose lease
 * expires (its worker died) is claimed again, so nothing accepted is lost.
 */
/**
 * A handler finds that this worker no longer holds the job it is running (it
 * stalled past its lease, and another worker has the job now): it stops, and
 * the job is left to its holder, neither retried nor failed.
 */
export class JobLeaseLost extends Error {
  constructor(jobId: string, what: string) {
    super(`job ${jobId} (${what}) is no longer held by this worker, which stops here`);
    this.name = 'JobLeaseLost';
  }
}

export interface Job {
  id: string;
  kind: string;
  refId: string;
  attempts: number;
  runAt: number;
}

export interface EnqueueInput {
  kind: string;
  refId: string;
  runAt: number;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function enqueueJobs(db: Db, jobs: EnqueueInput[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((j) => ({
    id: newId('job', now),
    kind: j.kind,
    ref_id: j.refId,
    run_at: j.runAt,
    lease_until: null,
    lease_owner: null,
    last_error: null,
    created_at: now,
  }));
  await insertRows(db, 'jobs', rows, (chunk) => db.insertInto('jobs').values(chunk));
}

/** Claim up to `limit` due jobs for `owner` until `now + leaseMs`; each claim counts as an attempt. */
export async function claimDueJobs(
  handle: DatabaseHandle,
  options: { now: number; limit: number; leaseMs: number; owner: string; exclude?: readonly string[] },
): Promise<Job[]> {
  const { now, limit, leaseMs, owner, exclude = [] } = options;
  let due = handle.db
    .selectFrom('jobs')
    .select('id')
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]));
  // Never hand a caller a job it is still running, even if that job's lease ran out.
  if (exclude.length > 0) due = due.where('id', 'not in', [...exclude]);
  // One statement that writes from its start: on SQLite a second process waits for
  // the write lock (busy_timeout) instead of failing a read-then-write transaction;
  // on PostgreSQL, rows another worker is claiming are skipped.
  // Durable like an accept before any job runs: the attempt it counts is the only
  // record, written before the hand-off, that a job cut off by a crash of the machine
  // may have reached the relay (deliver-email's unknown_outcome). The outcomes after
  // it may be unsynced.
  const rows = await handle.syncAfter((db) =>
    db
      .updateTable('jobs')
      .set((eb) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', skipLockedRows(due.orderBy('run_at').limit(limit), handle.dialect))
      .returning(['id', 'kind', 'ref_id', 'attempts', 'run_at'])
      .execute(),
  );
  return rows
    .map((r) => ({ id: r.id, kind: r.kind, refId: r.ref_id, attempts: r.attempts, runAt: r.run_at }))
    .sort((a, b) => a.runAt - b.runAt || (a.id < b.id ? -1 : 1));
}

/** Remove a finished job, only if this owner still holds it. Returns false when the lease was lost. */
export async function completeJob(db: Db, jobId: string, owner: string): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', jobId).where('lease_owner', '=', owner).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Remove several finished jobs held by this owner in one statement; returns the ids it still held. */
export async function completeJobs(db: Db, jobIds: string[], owner: string): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db.deleteFrom('jobs').where('id', 'in', jobIds).where('lease_owner', '=', owner).returning('id').execute();
  return new Set(rows.map((r) => r.id));
}

/** Give a job back to the queue to run again at `runAt`; false when this owner no longer held it. */
export async function retryJob(db: Db, jobId: string, owner: string, runAt: number, error: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ run_at: runAt, lease_until: null, lease_owner: null, last_error: error.slice(0, 1000) })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Give a job back unrun, to run at `runAt`: the claim that took it does not count
 * as an attempt (its handler never tried). False when this owner no longer held it.
 */
export async function postponeJob(db: Db, jobId: string, owner: string, runAt: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ run_at: runAt, lease_until: null, lease_owner: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .where('attempts', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Put a job back to run at `runAt` because its work is waiting, not failing (a
 * workflow's wait step): its attempts start over, so waits never count as failures.
 */
export async function deferJob(db: Db, jobId: string, owner: string, runAt: number, note: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ run_at: runAt, lease_until: null, lease_owner: null, attempts: 0, last_error: note.slice(0, 1000) })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Make the jobs of `kind` for these refs due now, if no worker holds them: work
 * put off until later (a held workflow run) that should look again at once.
 */
export async function wakeJobs(
  db: Db,
  kind: string,
  refIds: readonly string[] | SelectQueryBuilder<Database, any, { id: string }>,
  now: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: now })
    .where('kind', '=', kind)
    .where('lease_owner', 'is', null)
    .where('ref_id', 'in', Array.isArray(refIds) ? [...refIds] : (refIds as SelectQueryBuilder<Database, any, { id: string }>))
    .execute();
}

/** In a statement on another table: "while `owner` still holds this job" (a worker past its lease writes nothing). */
export function jobHeldBy(eb: ExpressionBuilder<Database, any>, jobId: string, owner: string) {
  return eb.exists(eb.selectFrom('jobs').select('jobs.id').where('jobs.id', '=', jobId).where('jobs.lease_owner', '=', owner));
}

/** Extend the leases of jobs this owner is still running. */
export async function renewLeases(db: Db, jobIds: readonly string[], owner: string, until: number): Promise<void> {
  if (jobIds.length === 0) return;
  await db.updateTable('jobs').set({ lease_until: until }).where('id', 'in', [...jobIds]).where('lease_owner', '=', owner).execute();
}

/**
 * Release leases held by `owner` (graceful shutdown) so another worker may take
 * them at once, except `stillRunning`: those keep their lease until it expires.
 */
export async function releaseJobs(db: Db, owner: string, stillRunning: readonly string[] = []): Promise<void> {
  let query = db.updateTable('jobs').set({ lease_until: null, lease_owner: null }).where('lease_owner', '=', owner);
  if (stillRunning.length > 0) query = query.where('id', 'not in', [...stillRunning]);
  await query.execute();
}
