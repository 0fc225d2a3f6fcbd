// The pool's waiting room for uninterrupted tasks: one queue per tenant, served
// by least time used lately (as a fair-share scheduler serves the process that
// ran least), so a tenant whose content is slow to render waits behind itself,
// not in front of everyone. Pure bookkeeping: the caller gives the time.

/**
 * A tenant's time used counts half as much after this long: the order between
 * tenants follows what they did in the last seconds.
 */
export const USAGE_HALF_LIFE_MS = 2_000;

/**
 * The last free thread goes only to a tenant whose tasks take at most this long
 * (typically, lately, and the one it is running now): a short task arriving
 * next must not wait behind a long one. Ordinary content renders in a few ms.
 */
export const SHORT_TASK_MS = 100;

/**
 * How long a tenant's slow tasks are remembered: its typical task length halves
 * after this long, so one that sent slow content, then paused, does not come
 * back as short a few seconds later, and one slow task of a tenant whose tasks
 * are short is soon forgotten (the next short ones halve it each).
 */
export const TYPICAL_HALF_LIFE_MS = 60_000;

/** A tenant with nothing waiting or running is forgotten after this long (all it did has decayed by then). */
const FORGET_AFTER_MS = 10 * 60_000;

/** A task running for `tenant` since `since` (ms): what `begin` hands back and `end` takes. */
export interface Run {
  readonly tenant: string;
  readonly since: number;
}

interface Tenant {
  /** Waiting items, oldest first, each with its arrival number. */
  queue: { item: unknown; seq: number }[];
  /** Time used by ended tasks (ms), and its typical task length, as of `at`; both decay from there. */
  usage: number;
  typical: number;
  at: number;
  runs: Set<Run>;
  /** A task of its has ended: until then nothing says its tasks are short. */
  known: boolean;
}

export interface FairQueue<T> {
  readonly size: number;
  push(tenant: string, item: T, now: number): void;
  /**
   * The next item to run: from the waiting tenant that used the least time
   * lately (the earlier arrival between equals). With `onlyShort`, only from a
   * tenant known to have short tasks (SHORT_TASK_MS); undefined when none may go.
   */
  take(onlyShort: boolean, now: number): { tenant: string; item: T } | undefined;
  /** The taken item starts running now. */
  begin(tenant: string, now: number): Run;
  /** It stopped (done, failed or ended): its time counts against its tenant, from `startedAt` when it started later than it was taken. */
  end(run: Run, now: number, startedAt?: number): void;
  /** Everything still waiting, removed (the pool is closing). */
  drain(): T[];
}

const decay = (value: number, elapsedMs: number, halfLifeMs: number) => value * 2 ** (-elapsedMs / halfLifeMs);

export function createFairQueue<T>(): FairQueue<T> {
  const tenants = new Map<string, Tenant>();
  let size = 0;
  let seq = 0;
  let lastForget = 0;

  function tenantOf(name: string, now: number): Tenant {
    let t = tenants.get(name);
    if (!t) {
      t = { queue: [], usage: 0, typical: 0, at: now, runs: new Set(), known: false };
      tenants.set(name, t);
    }
    return t;
  }

  /** Time used lately, the running tasks' time so far included. */
  function usage(t: Tenant, now: number): number {
    let running = 0;
    for (const run of t.runs) running += now - run.since;
    return decay(t.usage, now - t.at, USAGE_HALF_LIFE_MS) + running;
  }

  function hasShortTasks(t: Tenant, now: number): boolean {
    if (!t.known || decay(t.typical, now - t.at, TYPICAL_HALF_LIFE_MS) > SHORT_TASK_MS) return false;
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
        if (t.queue.length === 0 || (onlyShort && !hasShortTasks(t, now))) continue;
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
    end(run, now, startedAt) {
      const t = tenants.get(run.tenant);
      if (!t || !t.runs.delete(run)) return;
      const took = Math.max(0, now - Math.max(run.since, startedAt ?? run.since));
      const typical = decay(t.typical, now - t.at, TYPICAL_HALF_LIFE_MS);
      t.usage = decay(t.usage, now - t.at, USAGE_HALF_LIFE_MS) + took;
      // The first task sets it; each next one moves it halfway.
      t.typical = t.known ? (typical + took) / 2 : took;
      t.at = now;
      t.known = true;
    },
    drain() {
      const items: T[] = [];
      for (const t of tenants.values()) for (const { item } of t.queue.splice(0)) items.push(item as T);
      size = 0;
      return items;
    },
  };
}
