import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool, Transaction } from 'kysely';
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
  /** When this worker's claim took it: its lease started then (renewals extend it in the database). */
  claimedAt: number;
  /** Its group (a webhook endpoint), of which a worker runs only so many at once; absent: none. */
  group?: string;
}

export interface EnqueueInput {
  kind: string;
  refId: string;
  runAt: number;
  /** Whose work it is: organizations take turns within a kind. Null (or left out) for the platform's own jobs. */
  organizationId?: string | null;
  /** A group (a webhook endpoint) whose jobs a worker runs only so many of at once. */
  group?: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Due jobs waiting for their time that one claim gives a turn (the rest get theirs at the next). */
const PROMOTE_BATCH = 200;

/**
 * The next turn of `organizationId` in `kind`'s line: after its own last one, and
 * never before the line's head (the first waiting turn; with none waiting, the
 * last one being served). So an organization with a backlog waits behind itself,
 * and one that comes with a burst gets no head start over those already waiting.
 */
async function nextTurn(db: Db, kind: string, organizationId: string | null, now: number): Promise<number> {
  const ready = (eb: ExpressionBuilder<Database, 'jobs'>) => eb.and([eb('kind', '=', kind), eb('turn', 'is not', null)]);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('jobs')
        .select((e) => e.fn.max('turn').as('t'))
        .where(ready)
        .where('organization_id', organizationId === null ? 'is' : '=', organizationId)
        .as('own'),
      eb
        .selectFrom('jobs')
        .select((e) => e.fn.min('turn').as('t'))
        .where(ready)
        .where(leaseFree(now))
        .as('head'),
      eb
        .selectFrom('jobs')
        .select((e) => e.fn.max('turn').as('t'))
        .where(ready)
        .as('last'),
    ])
    .executeTakeFirstOrThrow();
  const own = row.own === null ? -Infinity : Number(row.own) + 1;
  const head = row.head !== null ? Number(row.head) : row.last !== null ? Number(row.last) : 0;
  return Math.max(own, head);
}

/** Not held by a live lease. */
const leaseFree = (now: number) => (eb: ExpressionBuilder<Database, 'jobs'>) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]);

/** Turns for ready jobs, consecutive per organization and kind, in run_at order; null for those that wait for their time. */
async function assignTurns(db: Db, jobs: readonly { kind: string; organizationId: string | null; runAt: number }[], now: number): Promise<(number | null)[]> {
  const turns: (number | null)[] = jobs.map(() => null);
  const groups = new Map<string, number[]>();
  jobs.forEach((job, i) => {
    if (job.runAt > now) return;
    const key = `${job.kind}\n${job.organizationId ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const indexes of groups.values()) {
    const first = jobs[indexes[0]!]!;
    let turn = await nextTurn(db, first.kind, first.organizationId, now);
    for (const i of [...indexes].sort((a, b) => jobs[a]!.runAt - jobs[b]!.runAt)) turns[i] = turn++;
  }
  return turns;
}

export async function enqueueJobs(db: Db, jobs: EnqueueInput[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  const turns = await assignTurns(
    db,
    jobs.map((j) => ({ ...j, organizationId: j.organizationId ?? null })),
    now,
  );
  const rows = jobs.map((j, i) => ({
    id: newId('job', now),
    kind: j.kind,
    ref_id: j.refId,
    run_at: j.runAt,
    lease_until: null,
    lease_owner: null,
    last_error: null,
    created_at: now,
    organization_id: j.organizationId ?? null,
    turn: turns[i]!,
    group_key: j.group ?? null,
  }));
  await insertRows(db, 'jobs', rows, (chunk) => db.insertInto('jobs').values(chunk));
}

/**
 * One line of the queue and how many of its jobs a claim may take: the jobs of
 * `kind`, or with kind null, of every kind no other lane of the claim names
 * (name a lane with room 0 to keep its kind out of the null lane).
 * With `perGroup`, at most that many jobs of one group run at once: `running`
 * says how many of each the caller runs now.
 */
export interface Lane {
  kind: string | null;
  room: number;
  perGroup?: number;
  running?: ReadonlyMap<string, number>;
  /**
   * First give the lane's jobs that came due their turns (default true). A worker
   * does it at its polls, which are what notice time passing, not at every claim.
   */
  promote?: boolean;
}

/** How many more candidates than its room a lane with groups looks at, to fill the room from groups that have some. */
const GROUP_LOOKAHEAD = 4;

/**
 * Give the due jobs of a lane that wait for their time (retries, waits,
 * schedules) their turn in its line. Autocommit statements: a job another
 * worker promoted (or claimed) meanwhile keeps what it has.
 */
async function promoteDueJobs(db: Kysely<Database>, kinds: (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>, now: number): Promise<void> {
  const due = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'organization_id', 'run_at'])
    .where('turn', 'is', null)
    .where(kinds)
    .where('run_at', '<=', now)
    .where(leaseFree(now))
    .orderBy('kind')
    .orderBy('run_at')
    .limit(PROMOTE_BATCH)
    .execute();
  if (due.length === 0) return;
  const turns = await assignTurns(
    db,
    due.map((d) => ({ kind: d.kind, organizationId: d.organization_id, runAt: d.run_at })),
    now,
  );
  await db
    .updateTable('jobs')
    .set((eb) => {
      // One statement: CASE id WHEN … THEN turn … END. (The builder's type changes with each step.)
      let turn: any = eb.case();
      due.forEach((d, i) => (turn = turn.when('id', '=', d.id).then(turns[i]!)));
      return { turn: (turn as { end(): Expression<number> }).end() };
    })
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .where('turn', 'is', null)
    .execute();
}

/**
 * Claim due jobs for `owner` until `now + leaseMs`, up to each lane's room (or
 * `limit` jobs of any kind); each claim counts as an attempt. Within a lane,
 * jobs run in turn order: organizations take turns. Never claims `exclude`.
 */
export async function claimDueJobs(
  handle: DatabaseHandle,
  options: { now: number; leaseMs: number; owner: string; exclude?: readonly string[] } & ({ limit: number } | { lanes: readonly Lane[] }),
): Promise<Job[]> {
  const { now, leaseMs, owner, exclude = [] } = options;
  const all = 'lanes' in options ? options.lanes : [{ kind: null, room: options.limit }];
  // Named by a lane, with room or not: not the null lane's.
  const named = all.flatMap((l) => (l.kind === null ? [] : [l.kind]));
  const lanes = all.filter((l) => l.room > 0);
  if (lanes.length === 0) return [];
  // The null lane's kinds: each range between the named ones, which the (kind, …)
  // indexes serve alone, where `kind not in (…)` (or the ranges OR'ed) would walk
  // every named kind's jobs at every claim.
  const sorted = [...new Set(named)].sort();
  type KindFilter = (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>;
  const filtersOf = (lane: Lane): KindFilter[] => {
    if (lane.kind !== null) return [(eb) => eb('kind', '=', lane.kind!)];
    if (sorted.length === 0) return [(eb) => eb.lit(true)];
    return [
      (eb) => eb('kind', '<', sorted[0]!),
      ...sorted.slice(1).map(
        (kind, i): KindFilter =>
          (eb) =>
            eb.and([eb('kind', '>', sorted[i]!), eb('kind', '<', kind)]),
      ),
      (eb) => eb('kind', '>', sorted.at(-1)!),
    ];
  };
  /** The lane's ready jobs (of the kinds `kinds` picks) in turn order, leaving out `busy` groups. */
  const readyOf = (db: Kysely<Database>, kinds: KindFilter, limit: number, busy: readonly string[] = []) => {
    let ready = db.selectFrom('jobs').select(['id', 'group_key']).where(kinds).where('turn', 'is not', null).where('run_at', '<=', now).where(leaseFree(now));
    // Never hand a caller a job it is still running, even if that job's lease ran out.
    if (exclude.length > 0) ready = ready.where('id', 'not in', [...exclude]);
    if (busy.length > 0) ready = ready.where((eb) => eb.or([eb('group_key', 'is', null), eb('group_key', 'not in', [...busy])]));
    return ready.orderBy('kind').orderBy('turn').orderBy('id').limit(limit);
  };
  /** A lane with groups: the first candidates that fit its room and each group's. */
  const pickFrom = async (db: Kysely<Database>, lane: Lane & { perGroup: number }) => {
    const taken = new Map(lane.running ?? []);
    const busy = [...taken].filter(([, n]) => n >= lane.perGroup).map(([g]) => g);
    const ids: string[] = [];
    for (const c of await skipLockedRows(readyOf(db, filtersOf(lane)[0]!, lane.room * GROUP_LOOKAHEAD, busy), handle.dialect).execute()) {
      if (ids.length === lane.room) break;
      if (c.group_key !== null) {
        const n = taken.get(c.group_key) ?? 0;
        if (n >= lane.perGroup) continue;
        taken.set(c.group_key, n + 1);
      }
      ids.push(c.id);
    }
    return ids;
  };
  const leaseTo = (eb: ExpressionBuilder<Database, 'jobs'>) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb('attempts', '+', 1) });
  const returned = ['id', 'kind', 'ref_id', 'attempts', 'run_at', 'turn', 'group_key'] as const;
  // Durable like an accept before any job runs: the attempt it counts is the only
  // record, written before the hand-off, that a job cut off by a crash of the machine
  // may have reached the relay (deliver-email's unknown_outcome). The outcomes after
  // it may be unsynced. Each lane's claim is one statement that writes from its
  // start: on SQLite a second process waits for the write lock (busy_timeout)
  // instead of failing a read-then-write transaction; on PostgreSQL, rows another
  // worker is claiming are skipped. A lane with groups picks its rows first and
  // claims them by id, checking again that they are free: a worker that took one
  // meanwhile keeps it.
  const rows = await handle.syncAfter(async (db) => {
    const claimed = [];
    for (const lane of lanes) {
      if (lane.perGroup === undefined || lane.kind === null) {
        let room = lane.room;
        for (const kinds of filtersOf(lane)) {
          if (lane.promote !== false) await promoteDueJobs(db, kinds, now);
          if (room === 0) continue;
          const ready = skipLockedRows(readyOf(db, kinds, room).clearSelect().select('id'), handle.dialect);
          const rows = await db.updateTable('jobs').set(leaseTo).where('id', 'in', ready).returning(returned).execute();
          claimed.push(...rows);
          room -= rows.length;
        }
        continue;
      }
      if (lane.promote !== false) await promoteDueJobs(db, filtersOf(lane)[0]!, now);
      const ids = await pickFrom(db, lane as Lane & { perGroup: number });
      if (ids.length === 0) continue;
      claimed.push(...(await db.updateTable('jobs').set(leaseTo).where('id', 'in', ids).where(leaseFree(now)).returning(returned).execute()));
    }
    return claimed;
  });
  return rows
    .sort((a, b) => Number(a.turn) - Number(b.turn) || (a.id < b.id ? -1 : 1))
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      refId: r.ref_id,
      attempts: r.attempts,
      runAt: r.run_at,
      claimedAt: now,
      ...(r.group_key !== null ? { group: r.group_key } : {}),
    }));
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
    .set({ run_at: runAt, turn: null, lease_until: null, lease_owner: null, last_error: error.slice(0, 1000) })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Give a job back unrun, to run at `runAt`: the claim that took it does not count
 * as an attempt (its handler never tried), and it keeps its turn (it runs first
 * once `runAt` comes). False when this owner no longer held it.
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
    .set({ run_at: runAt, turn: null, lease_until: null, lease_owner: null, attempts: 0, last_error: note.slice(0, 1000) })
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

/**
 * Put off the unheld jobs of `kind` for these refs until `runAt` (a webhook whose
 * endpoint keeps failing): they wait as if scheduled, and take a new turn then.
 */
export async function putOffJobs(db: Db, kind: string, refIds: SelectQueryBuilder<Database, any, { id: string }>, runAt: number): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ run_at: runAt, turn: null })
    .where('kind', '=', kind)
    .where('lease_owner', 'is', null)
    .where('run_at', '<', runAt)
    .where('ref_id', 'in', refIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Move the jobs of `kind` for this ref to `runAt` (their work was rescheduled, a
 * campaign's send): they wait as if scheduled, and take a new turn then.
 */
export async function rescheduleJobs(db: Db, kind: string, refId: string, runAt: number): Promise<number> {
  const result = await db.updateTable('jobs').set({ run_at: runAt, turn: null }).where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Remove the jobs of `kind` for this ref: their work was withdrawn (a campaign unscheduled or deleted). A worker running one finds it gone. */
export async function cancelJobs(db: Db, kind: string, refId: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** In a statement on another table: "while `owner` still holds this job" (a worker past its lease writes nothing). */
export function jobHeldBy(eb: ExpressionBuilder<Database, any>, jobId: string, owner: string) {
  return eb.exists(eb.selectFrom('jobs').select('jobs.id').where('jobs.id', '=', jobId).where('jobs.lease_owner', '=', owner));
}

/**
 * Extend the leases of jobs this owner is still running; returns the ids it
 * still held. A lease that ran out is taken again if no other worker claimed the job meanwhile.
 */
export async function renewLeases(db: Db, jobIds: readonly string[], owner: string, until: number): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .updateTable('jobs')
    .set({ lease_until: until })
    .where('id', 'in', [...jobIds])
    .where('lease_owner', '=', owner)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
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
