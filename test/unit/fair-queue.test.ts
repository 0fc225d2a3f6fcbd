import { describe, expect, it } from 'vitest';
import { createFairQueue, SHORT_TASK_MS, USAGE_HALF_LIFE_MS } from '../../src/threads/fair-queue.ts';

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

  it('with onlyShort, passes over a tenant whose tasks lately took long, or whose task runs long now', () => {
    const q = createFairQueue<string>();
    q.push('slow', 's1', 0);
    runFor(q, 0, 4 * SHORT_TASK_MS);
    q.push('slow', 's2', 1_000);
    expect(q.take(true, 1_000)).toBeUndefined();
    q.push('quick', 'q1', 1_000);
    expect(q.take(true, 1_000)?.item).toBe('q1');
    expect(q.take(false, 1_000)?.item).toBe('s2');

    const running = q.begin('quick', 2_000);
    q.push('quick', 'q2', 2_000);
    expect(q.take(true, 2_000 + SHORT_TASK_MS + 1)).toBeUndefined();
    q.end(running, 2_000 + SHORT_TASK_MS + 1);
  });

  it('drains everything still waiting', () => {
    const q = createFairQueue<string>();
    q.push('a', 'a1', 0);
    q.push('b', 'b1', 0);
    expect(q.drain().sort()).toEqual(['a1', 'b1']);
    expect([q.size, q.take(false, 0)]).toEqual([0, undefined]);
  });
});
