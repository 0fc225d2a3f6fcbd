// Periodic tasks that run once across every process on one database (retention
// sweeps, domain re-checks), however many workers run. Each task has a lease row
// in `scheduler_leases`: a process takes it in one statement, only when the task
// is due and nobody holds it (or it holds it itself), runs the task, renews the
// lease while it runs and records when the run started. A holder that dies stops
// renewing: another process takes the task over when the lease runs out, or at
// once when the holder was a process on this host that is gone (owners.ts).
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { isGoneOwner } from './owners.ts';
import type { WorkerLogger } from './worker.ts';

export interface ScheduledTask {
  /** Its row in scheduler_leases: the same in every process. */
  name: string;
  /** It runs again this long after its last run started (in whichever process ran it). */
  everyMs: number;
  /** One run. `signal` aborts when the process stops: a run cut short records nothing, and another process runs it again. */
  run(signal: AbortSignal): Promise<void>;
}

export interface SchedulerOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Who holds a lease: this process's worker owner (host:pid:token). */
  owner: string;
  tasks: readonly ScheduledTask[];
  /** How long a run holds its task before another process may take it over; renewed at every tick while it runs. */
  leaseMs: number;
  /** How often the process looks for due tasks (default 1 s): one small read, and a write only to take or renew a lease. */
  tickMs?: number;
  logger?: WorkerLogger;
}

export interface Scheduler {
  start(): void;
  /** Stop looking for tasks, abort the runs in progress and wait for them; their leases are given back. */
  stop(): Promise<void>;
  /** Take every task that is due now and nobody else holds, and run them; the names of those run (tests). */
  runDue(): Promise<string[]>;
}

const DEFAULT_TICK_MS = 1_000;

/**
 * Take a task for a run until `now + leaseMs`: one statement, which holds only
 * while the task is due and its lease is free, whatever the caller read before.
 * Two processes asking at once: the second finds it taken (PostgreSQL re-checks
 * the row once the first commits; SQLite runs one writer at a time). False when
 * it was not taken.
 */
export async function takeScheduledTask(
  db: Kysely<Database>,
  task: { name: string; everyMs: number; owner: string; now: number; leaseMs: number },
): Promise<boolean> {
  const { name, everyMs, owner, now, leaseMs } = task;
  const result = await db
    .updateTable('scheduler_leases')
    .set({ owner, lease_until: now + leaseMs })
    .where('name', '=', name)
    .where('lease_until', '<=', now)
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', now - everyMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, owner, tasks, leaseMs, logger } = options;
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const names = tasks.map((t) => t.name);
  /** The runs in progress in this process, by task name. */
  const running = new Map<string, Promise<void>>();
  let rowsMade = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> | null = null;
  let abort = new AbortController();

  /** Each task's row, made by the first process that runs it. */
  async function makeRows(): Promise<void> {
    if (rowsMade) return;
    await db
      .insertInto('scheduler_leases')
      .values(names.map((name) => ({ name, owner: null, lease_until: 0, last_run_at: null })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    rowsMade = true;
  }

  async function runTask(task: ScheduledTask, startedAt: number, signal: AbortSignal): Promise<void> {
    let completed = false;
    try {
      await task.run(signal);
      completed = !signal.aborted;
    } catch (error) {
      // Its lease is kept until it runs out: the next try, here or elsewhere, comes a lease later.
      logger?.error({ err: error, task: task.name }, `scheduled task ${task.name} failed`);
      return;
    }
    try {
      // Given back either way; a run cut short records no run, so another process runs it at once.
      const result = await db
        .updateTable('scheduler_leases')
        .set(completed ? { lease_until: 0, last_run_at: startedAt } : { lease_until: 0 })
        .where('name', '=', task.name)
        .where('owner', '=', owner)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        logger?.warn({ task: task.name }, `scheduled task ${task.name} outlived its lease and another process took it over; its run is not recorded`);
      }
    } catch (error) {
      logger?.error({ err: error, task: task.name }, `recording the run of scheduled task ${task.name} failed`);
    }
  }

  /** Renew the leases of the runs in progress here, take the due tasks, and start them; the runs started. */
  async function tick(): Promise<{ name: string; run: Promise<void> }[]> {
    await makeRows();
    const now = clock.now();
    if (running.size > 0) {
      await db
        .updateTable('scheduler_leases')
        .set({ lease_until: now + leaseMs })
        .where('name', 'in', [...running.keys()])
        .where('owner', '=', owner)
        .execute();
    }
    const rows = await db.selectFrom('scheduler_leases').selectAll().where('name', 'in', names).execute();
    const started: { name: string; run: Promise<void> }[] = [];
    for (const task of tasks) {
      const row = rows.find((r) => r.name === task.name);
      if (!row || running.has(task.name) || abort.signal.aborted) continue;
      if (row.last_run_at !== null && Number(row.last_run_at) > now - task.everyMs) continue;
      if (Number(row.lease_until) > now) {
        // Held (by this process too, after a run that failed: it is tried again a lease later, here or elsewhere). A holder
        // on this host whose process is gone provably runs nothing: released now rather than when its lease ends.
        if (row.owner === null || row.owner === owner || !isGoneOwner(row.owner)) continue;
        await db.updateTable('scheduler_leases').set({ lease_until: 0 }).where('name', '=', task.name).where('owner', '=', row.owner).execute();
        logger?.warn({ task: task.name, owner: row.owner }, `took back scheduled task ${task.name} from a process on this host that is gone`);
      }
      if (!(await takeScheduledTask(db, { name: task.name, everyMs: task.everyMs, owner, now, leaseMs }))) continue;
      const run = runTask(task, now, abort.signal).finally(() => running.delete(task.name));
      running.set(task.name, run);
      started.push({ name: task.name, run });
    }
    return started;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      ticking = tick()
        .catch((error) => logger?.error({ err: error }, 'looking for scheduled tasks failed'))
        .finally(() => {
          ticking = null;
          if (timer) schedule();
        });
    }, tickMs);
    timer.unref?.();
  }

  return {
    start() {
      if (timer) return;
      abort = new AbortController();
      ticking = tick()
        .catch((error) => logger?.error({ err: error }, 'looking for scheduled tasks failed'))
        .finally(() => (ticking = null));
      schedule();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      abort.abort();
      if (ticking) await ticking;
      await Promise.allSettled([...running.values()]);
    },
    async runDue() {
      const started = await tick();
      await Promise.all(started.map((s) => s.run));
      return started.map((s) => s.name);
    },
  };
}
