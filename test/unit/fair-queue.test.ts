import { describe, expect, it } from 'vitest';
import { createFairQueue, SHORT_TASK_MS, TYPICAL_HALF_LIFE_MS, USAGE_HALF_LIFE_MS } from '../../src/threads/fair-queue.ts';

/** Run `tenant`'s next item from `start` for `ms`. */
function runFor(q: ReturnType<typeof createFairQueue<string>>, start: number, ms: number) {
  const next = q.take(false, start)!;
  q.end(q.begin(next.tenant, start), start + ms);
  return next.item;
}

describe('the fair queue', () => {
  it('serves tenants in arrival order while none has used any time', () => {
    const q = createFairQueue<string>();
    q.push('a', 'a1', 0);
    q.push('b', 'b1', 0);
    q.push('a', 'a2', 0);
    expect([q.take(false, 0)?.item, q.take(false, 0)?.item, q.take(false, 0)?.item, q.take(false, 0)]).toEqual(['a1', 'b1', 'a2', undefined]);
    expect(q.size).toBe(0);
  });

  it('serves the tenant that used the least time lately first', () => {
    const q = createFairQueue<string>();
    q.push('a', 'a1', 0);
    q.push('a', 'a2', 0);
    expect(runFor(q, 0, 300)).toBe('a1');
    q.push('b', 'b1', 300);
    expect(q.take(false, 300)?.item).toBe('b1');
    expect(q.take(false, 300)?.item).toBe('a2');
  });

  it('counts a running task against its tenant before it ends', () => {
    const q = createFairQueue<string>();
    q.push('a', 'a1', 0);
    q.push('a', 'a2', 0);
    const first = q.take(false, 0)!;
    q.begin(first.tenant, 0);
    q.push('b', 'b1', 10);
    expect(q.take(false, 10)?.item).toBe('b1');
  });

  it('forgets time used with a half-life', () => {
    const q = createFairQueue<string>();
    q.push('a', 'a1', 0);
    runFor(q, 0, 100);
    // Two half-lives later a's 100 ms weigh 25: less than b's 30 ms just used.
    const later = 100 + 2 * USAGE_HALF_LIFE_MS;
    q.push('b', 'b1', later);
    runFor(q, later, 30);
    q.push('b', 'b2', later + 30);
    q.push('a', 'a2', later + 30);
    expect(q.take(false, later + 30)?.item).toBe('a2');
  });

  it('with onlyShort, passes over a tenant whose tasks are long, lately or now', () => {
    const q = createFairQueue<string>();
    q.push('quick', 'q0', 0);
    runFor(q, 0, 2);
    q.push('slow', 's1', 0);
    runFor(q, 0, 50 * SHORT_TASK_MS);
    q.push('slow', 's2', 10_000);
    expect(q.take(true, 10_000)).toBeUndefined();
    q.push('quick', 'q1', 10_000);
    expect(q.take(true, 10_000)?.item).toBe('q1');
    expect(q.take(false, 10_000)?.item).toBe('s2');
    // Its slow task is remembered for minutes, not seconds: a pause does not make it short.
    q.push('slow', 's3', 60_000);
    expect(q.take(true, 60_000)).toBeUndefined();
    expect(q.take(true, 5 * 50 * SHORT_TASK_MS + 6 * TYPICAL_HALF_LIFE_MS)?.item).toBe('s3');

    const running = q.begin('quick', 1_000_000);
    q.push('quick', 'q2', 1_000_000);
    expect(q.take(true, 1_000_000 + SHORT_TASK_MS + 1)).toBeUndefined();
    q.end(running, 1_000_000 + SHORT_TASK_MS + 1);
  });

  it('forgets one slow task of a tenant whose tasks are short after a few short ones', () => {
    const q = createFairQueue<string>();
    q.push('t', 'first', 0);
    runFor(q, 0, 2);
    q.push('t', 'outlier', 10);
    runFor(q, 10, 6 * SHORT_TASK_MS);
    q.push('t', 'next', 1_000);
    expect(q.take(true, 1_000)).toBeUndefined();
    expect(runFor(q, 1_000, 2)).toBe('next');
    for (let i = 0; i < 2; i++) {
      q.push('t', `short${i}`, 1_010 + i * 10);
      runFor(q, 1_010 + i * 10, 2);
    }
    q.push('t', 'last', 1_100);
    expect(q.take(true, 1_100)?.item).toBe('last');
  });

  it('drains everything still waiting', () => {
    const q = createFairQueue<string>();
    q.push('a', 'a1', 0);
    q.push('b', 'b1', 0);
    expect(q.drain().sort()).toEqual(['a1', 'b1']);
    expect([q.size, q.take(false, 0)]).toEqual([0, undefined]);
  });
});

describe('the fair queue, with tenants not yet known', () => {
  it('does not give the last free thread to a tenant before a task of its has ended', () => {
    const q = createFairQueue<string>();
    q.push('known', 'k0', 0);
    runFor(q, 0, 2);
    q.push('new', 'n1', 10);
    // Its first task might be slow: not on the last thread; a known tenant with short tasks may have it.
    expect(q.take(true, 10)).toBeUndefined();
    q.push('known', 'k1', 11);
    expect(q.take(true, 11)?.item).toBe('k1');
    const first = q.take(false, 12)!;
    expect(first.item).toBe('n1');
    q.end(q.begin(first.tenant, 12), 15);
    q.push('new', 'n2', 20);
    expect(q.take(true, 20)?.item).toBe('n2');
  });
});
