import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { claimDueJobs, JobLeaseLost, releaseJobs, renewLeases, retryJob, type Job, type Lane } from './job-queue.ts';
import { releaseGoneOwners } from './owners.ts';

/** How often a worker looks for jobs held by a process on this host that is gone (and at its start). */
const GONE_OWNERS_EVERY_MS = 10_000;

/** How often at most a job's end wakes the lanes of other kinds (what it ran may have queued their work). */
const WAKE_OTHERS_MS = 50;

/** After an abort, how long stopped jobs get to record their outcome. */
const ABORT_SETTLE_MS = 2_000;

/**
 * What a handler gets besides its job. `stopping` is aborted when the worker
 * stops: a job that runs long (a campaign's fan-out) puts itself back in the
 * queue at its next step rather than run past the shutdown's grace.
 */
export interface JobContext {
  stopping: AbortSignal;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

export interface WorkerLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface WorkerOptions {
  db: DatabaseHandle;
  clock: Clock;
  owner: string;
  handlers: Record<string, JobHandler>;
  /** Slots of the kinds without a lane of their own (all kinds, when there are no lanes). */
  concurrency: number;
  /**
   * Slots per job kind: a kind with its own lane never waits for another kind's
   * slots (a webhook to a silent receiver cannot hold up email delivery).
   */
  lanes?: Record<string, number | LaneOptions>;
  leaseMs: number;
  pollMs?: number;
  logger?: WorkerLogger;
  /** Wait before a job whose handler threw unexpectedly runs again, by attempt number. */
  retryDelayMs: (attempt: number) => number;
}

export interface LaneOptions {
  slots: number;
  /** At most this many jobs of one group (a webhook endpoint) at once. */
  perGroup?: number;
  /**
   * Its jobs queue no work of other kinds (a webhook delivery): one ending frees
   * its slot and wakes its own lane only, where another kind's job end also has
   * every other lane look for work (a claim of each, up to every WAKE_OTHERS_MS).
   */
  queuesNothing?: boolean;
}

export interface Worker {
  start(): void;
  /**
   * Stop claiming and let running jobs finish for up to `graceMs`; then call
   * `abort` (close the transport, so stuck hand-offs fail and are retried later),
   * and release whatever this worker still holds so another worker may take it.
   */
  stop(options?: { graceMs?: number; abort?: () => Promise<void> }): Promise<void>;
  /** Wake the worker now: new work of `kind` (of any kind, when not given) was committed in this process. */
  notify(kind?: string): void;
  /** Tests: claim and run due jobs until none are due; returns how many ran. */
  drain(): Promise<number>;
}

/**
 * The queue worker: claims due jobs with a lease, runs each through its kind's
 * handler, and polls so several processes can share one queue. A handler that
 * throws unexpectedly gets its job retried with backoff.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { db, clock, owner, handlers, concurrency, leaseMs, logger } = options;
  const pollMs = options.pollMs ?? 250;
  /** Each lane's slots and the jobs running in them; kind null: every kind without a lane of its own. */
  interface LaneState {
    slots: number;
    /**
     * Something happened since its last claim that may have made work claimable
     * (new work of its kind, a job ended, the poll): a lane none of whose ready jobs
     * it may run now (its endpoints are at their bound) is not looked at again for
     * every email accepted.
     */
    dirty: boolean;
    active: Set<Promise<void>>;
    /** At most this many jobs of one group at once, and how many of each run now. */
    perGroup?: number;
    running: Map<string, number>;
    /** Its jobs' ends wake no other lane (LaneOptions.queuesNothing). */
    queuesNothing: boolean;
    /**
     * Its next claim first gives the jobs that came due their turns: the first
     * claim and those after a poll. A claim for a job's end or new work does not,
     * which while webhooks flow was a query at nearly every claim, finding nothing;
     * a retry that came due waits for the next poll (pollMs) instead.
     */
    promote: boolean;
  }
  const lane = (l: LaneOptions): LaneState => ({
    slots: l.slots,
    dirty: true,
    active: new Set(),
    ...(l.perGroup !== undefined ? { perGroup: l.perGroup } : {}),
    running: new Map(),
    queuesNothing: l.queuesNothing ?? false,
    promote: true,
  });
  const markDirty = (kind?: string) => {
    if (kind === undefined) for (const l of lanes.values()) l.dirty = true;
    else laneOf(kind).dirty = true;
  };
  const lanes = new Map<string | null, LaneState>([
    ...Object.entries(options.lanes ?? {}).map(([kind, l]) => [kind, lane(typeof l === 'number' ? { slots: l } : l)] as const),
    [null, lane({ slots: concurrency })],
  ]);
  const laneOf = (kind: string) => lanes.get(kind) ?? lanes.get(null)!;
  /** Every running job, all lanes together. */
  const active = new Set<Promise<void>>();
  /** Ids of the jobs in `active`. */
  const runningIds = new Set<string>();
  let renewTimer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking = false;
  /** The tick in progress, which stop() waits for: a claim it makes must not start jobs after stop. */
  let currentTick: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let lastGoneCheck = -Infinity;
  let lastWakeOthers = 0;
  let notified = false;
  /** Aborted by stop(); a new one at each start(). */
  let stopping = new AbortController();

  async function runJob(job: Job): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, { stopping: stopping.signal });
    } catch (error) {
      if (error instanceof JobLeaseLost) {
        logger?.warn({ job }, error.message);
        return;
      }
      logger?.error({ err: error, job }, 'job failed unexpectedly; will retry');
      await retryJob(db.db, job.id, owner, clock.now() + options.retryDelayMs(job.attempts), String(error)).catch(() => undefined);
    }
  }

  /**
   * Take back at once the jobs of a worker on this host whose process is gone (a
   * crash, a kill -9): a restarted process resumes them within a tick, not when
   * their leases run out. Holders elsewhere keep theirs until the lease ends.
   */
  async function releaseGone(): Promise<void> {
    const now = Date.now();
    if (now - lastGoneCheck < GONE_OWNERS_EVERY_MS) return;
    lastGoneCheck = now;
    try {
      const released = await releaseGoneOwners(db.db);
      if (released > 0) logger?.warn({ released }, `took back ${released} job(s) held by a worker on this host that is gone`);
    } catch (error) {
      logger?.error({ err: error }, 'looking for jobs of gone workers failed');
    }
  }

  /** Claim as many due jobs as the lanes have room for, in batches, in one claim. */
  async function claimRound(): Promise<void> {
    do {
      again = false;
      if (!running) return;
      // Claim in batches: a claim is a transaction, so a busy lane waits until half its slots are free.
      // Every lane is named, those without room too: the lane of kind null takes only the kinds no lane names.
      const claim: Lane[] = [];
      for (const [kind, lane] of lanes) {
        const free = lane.slots - lane.active.size;
        const room = lane.dirty && free > 0 && (lane.active.size === 0 || free >= Math.ceil(lane.slots / 2)) ? free : 0;
        claim.push({ kind, room, promote: lane.promote, ...(lane.perGroup !== undefined ? { perGroup: lane.perGroup, running: lane.running } : {}) });
      }
      if (claim.every((c) => c.room === 0)) return;
      // Set again by whatever happens while this claim runs (and by its failure, below).
      for (const c of claim) {
        if (c.room === 0) continue;
        const lane = lanes.get(c.kind)!;
        lane.dirty = false;
        lane.promote = false;
      }
      let jobs: Job[];
      try {
        jobs = await claimDueJobs(db, { now: clock.now(), lanes: claim, leaseMs, owner, exclude: [...runningIds] });
      } catch (error) {
        logger?.error({ err: error }, 'claiming jobs failed');
        for (const c of claim) {
          if (c.room === 0) continue;
          const lane = lanes.get(c.kind)!;
          lane.dirty = true;
          if (c.promote) lane.promote = true;
        }
        return;
      }
      // Stopped while claiming: these never start, and stop() releases them.
      if (!running) return;
      for (const job of jobs) {
        const lane = laneOf(job.kind);
        const group = job.group;
        runningIds.add(job.id);
        if (group !== undefined) lane.running.set(group, (lane.running.get(group) ?? 0) + 1);
        const p = runJob(job).finally(() => {
          active.delete(p);
          lane.active.delete(p);
          // Its slot is free; and what it ran may have queued work of other kinds (a
          // delivery's webhooks), unless its kind queues nothing: those lanes look too,
          // at most every WAKE_OTHERS_MS, since a claim of every lane costs a statement or more each.
          lane.dirty = true;
          if (!lane.queuesNothing && Date.now() - lastWakeOthers >= WAKE_OTHERS_MS) {
            lastWakeOthers = Date.now();
            markDirty();
          }
          runningIds.delete(job.id);
          if (group !== undefined) {
            const n = (lane.running.get(group) ?? 1) - 1;
            if (n > 0) lane.running.set(group, n);
            else lane.running.delete(group);
          }
          void tick();
        });
        active.add(p);
        lane.active.add(p);
      }
      // A lane that took all the room it asked for may have more waiting.
      for (const c of claim) {
        if (c.room > 0 && jobs.filter((j) => (lanes.has(j.kind) ? j.kind : null) === c.kind).length === c.room) {
          lanes.get(c.kind)!.dirty = true;
          again = true;
        }
      }
    } while (again);
  }

  async function tick(): Promise<void> {
    if (ticking) {
      // Whoever is ticking looks again before it lets go.
      again = true;
      return;
    }
    ticking = true;
    currentTick = (async () => {
      try {
        do {
          await releaseGone();
          await claimRound();
        } while (again && running);
      } finally {
        ticking = false;
        currentTick = null;
      }
    })();
    await currentTick;
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      // The poll: work may have come due, or been committed by another process.
      markDirty();
      for (const l of lanes.values()) l.promote = true;
      void tick().finally(schedule);
    }, pollMs);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      if (stopping.signal.aborted) stopping = new AbortController();
      void tick();
      schedule();
      // A slow hand-off must not outlive its lease, or another worker would run it twice.
      renewTimer = setInterval(
        () => {
          renewLeases(db.db, [...runningIds], owner, clock.now() + leaseMs).catch((error) => logger?.error({ err: error }, 'renewing leases failed'));
        },
        Math.max(1_000, Math.floor(leaseMs / 3)),
      );
      renewTimer.unref?.();
    },
    async stop({ graceMs = Infinity, abort } = {}) {
      running = false;
      stopping.abort();
      if (timer) clearTimeout(timer);
      if (currentTick) await currentTick.catch(() => undefined);
      const settled = async (ms: number) => {
        const all = Promise.allSettled([...active]);
        if (!Number.isFinite(ms)) {
          while (active.size > 0) await Promise.allSettled([...active]);
          return true;
        }
        let timeout: NodeJS.Timeout | undefined;
        const expired = new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), ms)));
        const done = await Promise.race([all.then(() => true as const), expired]);
        clearTimeout(timeout);
        return done && active.size === 0;
      };
      if (!(await settled(graceMs)) && abort) {
        await abort().catch((error) => logger?.error({ err: error }, 'aborting deliveries failed'));
        await settled(ABORT_SETTLE_MS);
      }
      if (renewTimer) clearInterval(renewTimer);
      // Jobs still running keep their lease and are taken over only once it expires.
      await releaseJobs(db.db, owner, [...runningIds]);
    },
    notify(kind) {
      if (!running) return;
      markDirty(kind);
      if (notified) return;
      notified = true;
      setImmediate(() => {
        notified = false;
        void tick();
      });
    },
    async drain() {
      let count = 0;
      for (;;) {
        // Every lane's full slots at once, each lane as the running worker claims it.
        const all = [...lanes].map(([kind, lane]): Lane => ({ kind, room: lane.slots, ...(lane.perGroup !== undefined ? { perGroup: lane.perGroup } : {}) }));
        const jobs = await claimDueJobs(db, { now: clock.now(), lanes: all, leaseMs, owner });
        if (jobs.length === 0) return count;
        await Promise.all(jobs.map(runJob));
        count += jobs.length;
      }
    },
  };
}
