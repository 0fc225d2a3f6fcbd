// The pool's waiting room for uninterrupted tasks: one queue per tenant, served
// by least time used lately (as a fair-share scheduler serves the process that
// ran least), so a tenant whose content is slow to render waits behind itself,
// not in front of everyone. Pure bookkeeping: the caller gives the time.

/**
 * A tenant's time used counts half as much after this long: recent work weighs,
 * a burst an hour ago does not.
 */
export const USAGE_HALF_LIFE_MS = 2_000;

/**
 * Tasks of a tenant whose tasks lately took longer than this (or whose task has
 * been running longer) do not get the last free thread: a short task arriving
 * next would have to wait behind them. Ordinary content renders in a few ms.
 */
export const SHORT_TASK_MS = 50;

/** A tenant with nothing waiting or running is forgotten after this long. */
const FORGET_AFTER_MS = 60_000;

/** How much a finished task moves a tenant's typical task length (an exponential average). */
const TYPICAL_WEIGHT = 0.5;

/** A task running for `tenant` since `since` (ms): what `begin` hands back and `end` takes. */
export interface Run {
  readonly tenant: string;
  readonly since: number;
}

interface Tenant {
  /** Waiting items, oldest first, each with its arrival number. */
  queue: { item: unknown; seq: number }[];
  /** Time used by finished tasks (ms), as of `at`; it decays from there. */
  usage: number;
  at: number;
  /** How long its tasks take, lately (ms). */
  typical: number;
  runs: Set<Run>;
}

export interface FairQueue<T> {
  readonly size: number;
  push(tenant: string, item: T, now: number): void;
  /**
   * The next item to run: from the waiting tenant that used the least time
   * lately (the earlier arrival between equals). With `onlyShort`, only from a
   * tenant whose tasks are short (SHORT_TASK_MS); undefined when none may go.
   */
  take(onlyShort: boolean, now: number): { tenant: string; item: T } | undefined;
  /** The taken item starts running now. */
  begin(tenant: string, now: number): Run;
  /** It stopped (done, failed or ended): its time counts against its tenant. */
  end(run: Run, now: number): void;
  /** Everything still waiting, removed (the pool is closing). */
  drain(): T[];
}

export function createFairQueue<T>(): FairQueue<T> {
  const tenants = new Map<string, Tenant>();
  let size = 0;
  let seq = 0;
  let lastForget = 0;

  function tenantOf(name: string, now: number): Tenant {
    let t = tenants.get(name);
    if (!t) {
      t = { queue: [], usage: 0, at: now, typical: 0, runs: new Set() };
      tenants.set(name, t);
    }
    return t;
  }

  function decayed(t: Tenant, now: number): number {
    return t.usage * 2 ** (-(now - t.at) / USAGE_HALF_LIFE_MS);
  }

  /** Time used lately, the running tasks' time so far included. */
  function usage(t: Tenant, now: number): number {
    let running = 0;
    for (const run of t.runs) running += now - run.since;
    return decayed(t, now) + running;
  }

  function isShort(t: Tenant, now: number): boolean {
    if (t.typical > SHORT_TASK_MS) return false;
    for (const run of t.runs) if (now - run.since > SHORT_TASK_MS) return false;
    return true;
  }

  function forgetIdle(now: number): void {
    if (now - lastForget < FORGET_AFTER_MS) return;
    lastForget = now;
    for (const [name, t] of tenants) {
      if (t.queue.length === 0 && t.runs.size === 0 && now - t.at > FORGET_AFTER_MS) tenants.delete(name);
    }
  }

  return {
    get size() {
      return size;
    },
    push(tenant, item, now) {
      tenantOf(tenant, now).queue.push({ item, seq: seq++ });
      size++;
    },
    take(onlyShort, now) {
      forgetIdle(now);
      let best: { name: string; t: Tenant; usage: number } | undefined;
      for (const [name, t] of tenants) {
        if (t.queue.length === 0 || (onlyShort && !isShort(t, now))) continue;
        const used = usage(t, now);
        if (!best || used < best.usage || (used === best.usage && t.queue[0]!.seq < best.t.queue[0]!.seq)) best = { name, t, usage: used };
      }
      if (!best) return undefined;
      size--;
      return { tenant: best.name, item: best.t.queue.shift()!.item as T };
    },
    begin(tenant, now) {
      const run = { tenant, since: now };
      tenantOf(tenant, now).runs.add(run);
      return run;
    },
    end(run, now) {
      const t = tenants.get(run.tenant);
      if (!t || !t.runs.delete(run)) return;
      const took = Math.max(0, now - run.since);
      t.usage = decayed(t, now) + took;
      t.at = now;
      t.typical += (took - t.typical) * TYPICAL_WEIGHT;
    },
    drain() {
      const items: T[] = [];
      for (const t of tenants.values()) for (const { item } of t.queue.splice(0)) items.push(item as T);
      size = 0;
      return items;
    },
  };
}
