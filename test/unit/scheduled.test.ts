import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { createScheduler, takeScheduledTask, type Scheduler } from '../../src/queue/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

// Periodic tasks across processes: two schedulers, as two worker processes would
// run them, on one database and one ManualClock. The lease row decides which
// runs a task in each period, and hands it over when its holder stops renewing.

const EVERY = 10 * 60 * 1000;
const LEASE = 60 * 1000;

describe('scheduled tasks across processes', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  const schedulers: Scheduler[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = new ManualClock();
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await database.cleanup();
  });

  /** A task that counts its runs per process; `hold` keeps each run going until released. */
  function task(name = 'sweep') {
    const runs: string[] = [];
    const held: (() => void)[] = [];
    let hold = false;
    const started: (() => void)[] = [];
    return {
      runs,
      hold() {
        hold = true;
      },
      /** Let every run held so far end. */
      release() {
        hold = false;
        for (const r of held.splice(0)) r();
      },
      /** Resolves when the next run starts. */
      nextStart: () => new Promise<void>((resolve) => started.push(resolve)),
      in(owner: string, fail = false) {
        return {
          name,
          everyMs: EVERY,
          run: async (signal: AbortSignal) => {
            runs.push(owner);
            for (const s of started.splice(0)) s();
            if (fail) throw new Error('the sweep failed');
            if (hold) {
              await new Promise<void>((resolve) => {
                held.push(resolve);
                signal.addEventListener('abort', () => resolve());
              });
            }
          },
        };
      },
    };
  }

  function scheduler(owner: string, tasks: Parameters<typeof createScheduler>[0]['tasks']): Scheduler {
    const s = createScheduler({ db: database.handle.db, clock, owner, tasks, leaseMs: LEASE });
    schedulers.push(s);
    return s;
  }

  const row = (name = 'sweep') => database.handle.db.selectFrom('scheduler_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('runs a task in one process per period, whichever asks first', async () => {
    const sweep = task();
    const a = scheduler('host-a:1:aa', [sweep.in('a')]);
    const b = scheduler('host-b:1:bb', [sweep.in('b')]);

    expect(await a.runDue()).toEqual(['sweep']);
    expect(await b.runDue()).toEqual([]);
    expect(await row()).toEqual({ name: 'sweep', owner: 'host-a:1:aa', lease_until: 0, last_run_at: clock.now() });

    clock.advance(EVERY - 1);
    expect([await a.runDue(), await b.runDue()]).toEqual([[], []]);
    clock.advance(1);
    expect(await b.runDue()).toEqual(['sweep']);
    expect(await a.runDue()).toEqual([]);
    expect(sweep.runs).toEqual(['a', 'b']);

    // Both at once, period after period: one run in each (on PostgreSQL, from two connections).
    for (let period = 0; period < 10; period++) {
      clock.advance(EVERY);
      const ran = await Promise.all([a.runDue(), b.runDue()]);
      expect(ran.flat()).toEqual(['sweep']);
    }
    expect(sweep.runs).toHaveLength(12);
  });

  it('takes a task in one statement only while it is due and its lease is free, whatever the caller read before', async () => {
    const db = database.handle.db;
    const now = clock.now();
    await db.insertInto('scheduler_leases').values({ name: 'sweep', owner: null, lease_until: 0, last_run_at: null }).execute();
    const take = (owner: string, at: number) => takeScheduledTask(db, { name: 'sweep', everyMs: EVERY, owner, now: at, leaseMs: LEASE });
    expect(await take('a', now)).toBe(true);
    // Held: by another, or by itself (a run of its own goes on, or failed and waits out its lease).
    expect([await take('b', now + LEASE - 1), await take('a', now + LEASE - 1)]).toEqual([false, false]);
    // Its run was recorded meanwhile: free, but not due until a period after the run.
    await db.updateTable('scheduler_leases').set({ lease_until: 0, last_run_at: now }).execute();
    expect(await take('b', now + EVERY - 1)).toBe(false);
    expect(await take('b', now + EVERY)).toBe(true);
    expect(await row()).toEqual({ name: 'sweep', owner: 'b', lease_until: now + EVERY + LEASE, last_run_at: now });
  });

  it('keeps the task with a holder that renews its lease, and gives it to another process once the holder stops renewing', async () => {
    const sweep = task();
    sweep.hold();
    const a = scheduler('host-a:1:aa', [sweep.in('a')]);
    const b = scheduler('host-b:1:bb', [sweep.in('b')]);

    const started = sweep.nextStart();
    const aRun = a.runDue();
    await started;
    const takenAt = clock.now();
    expect(await row()).toMatchObject({ owner: 'host-a:1:aa', lease_until: takenAt + LEASE, last_run_at: null });

    // a is alive: each of its ticks renews the lease while the run goes on.
    clock.advance(LEASE - 1);
    expect(await b.runDue()).toEqual([]);
    expect(await a.runDue()).toEqual([]);
    expect((await row()).lease_until).toBe(clock.now() + LEASE);
    clock.advance(LEASE - 1);
    expect(await b.runDue()).toEqual([]);

    // a "dies": it stops renewing. Once its lease has run out, b takes the task over and runs it.
    clock.advance(1);
    const bStarted = sweep.nextStart();
    const bRun = b.runDue();
    await bStarted;
    expect(sweep.runs).toEqual(['a', 'b']);
    const bAt = clock.now();
    expect(await row()).toMatchObject({ owner: 'host-b:1:bb', lease_until: bAt + LEASE, last_run_at: null });
    // Both runs end; a's, late, is not recorded, as b holds the task now.
    sweep.release();
    expect(await aRun).toEqual(['sweep']);
    expect(await bRun).toEqual(['sweep']);
    expect(await row()).toEqual({ name: 'sweep', owner: 'host-b:1:bb', lease_until: 0, last_run_at: bAt });
    expect([await a.runDue(), await b.runDue()]).toEqual([[], []]);
  });

  it('takes a task at once from a process on this host that is gone, not from a holder elsewhere', async () => {
    const sweep = task();
    const b = scheduler('host-b:1:bb', [sweep.in('b')]);
    expect(await b.runDue()).toEqual(['sweep']);
    clock.advance(EVERY);

    // Held for long by a process elsewhere: it cannot be checked from here, so its lease is waited for.
    await database.handle.db
      .updateTable('scheduler_leases')
      .set({ owner: 'elsewhere:1:ee', lease_until: clock.now() + LEASE })
      .execute();
    expect(await b.runDue()).toEqual([]);

    // Held by a pid no process on this host has (above pid_max): gone, so taken now.
    await database.handle.db
      .updateTable('scheduler_leases')
      .set({ owner: `${os.hostname()}:999999999:dead`, lease_until: clock.now() + LEASE })
      .execute();
    expect(await b.runDue()).toEqual(['sweep']);
    expect(await row()).toMatchObject({ owner: 'host-b:1:bb', last_run_at: clock.now() });
  });

  it('a run cut short by stop records nothing and is run again at once elsewhere; a failed run is tried again a lease later', async () => {
    const sweep = task();
    sweep.hold();
    const a = scheduler('host-a:1:aa', [sweep.in('a')]);
    const b = scheduler('host-b:1:bb', [sweep.in('b')]);
    const started = sweep.nextStart();
    void a.runDue();
    await started;
    await a.stop();
    expect(await row()).toMatchObject({ owner: 'host-a:1:aa', lease_until: 0, last_run_at: null });
    sweep.release();
    expect(await b.runDue()).toEqual(['sweep']);
    expect(sweep.runs).toEqual(['a', 'b']);

    const failing = task('failing');
    const c = scheduler('host-c:1:cc', [failing.in('c', true)]);
    const d = scheduler('host-d:1:dd', [failing.in('d')]);
    expect(await c.runDue()).toEqual(['failing']);
    expect(await row('failing')).toMatchObject({ owner: 'host-c:1:cc', lease_until: clock.now() + LEASE, last_run_at: null });
    clock.advance(LEASE - 1);
    expect([await c.runDue(), await d.runDue()]).toEqual([[], []]);
    clock.advance(1);
    expect(await d.runDue()).toEqual(['failing']);
    expect(failing.runs).toEqual(['c', 'd']);
    expect((await row('failing')).last_run_at).toBe(clock.now());
  });
});
