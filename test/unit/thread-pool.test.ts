import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import cpuTasks from '../../src/delivery/cpu-tasks.ts';
import { createThreadPool, TaskTooSlow } from '../../src/threads/index.ts';
import spinTasks from '../helpers/spin-tasks.ts';

describe('the thread pool', () => {
  it('renders on a thread and gives the same answer as inline', async () => {
    const threaded = createThreadPool({ threads: 1, tasks: cpuTasks });
    const inline = createThreadPool({ threads: 0, tasks: cpuTasks });
    try {
      const input = { content: { kind: 'markdown' as const, markdown: '# Hi\n\n*there*' }, preview: 'p' };
      expect(await threaded.run('render', input)).toEqual(await inline.run('render', input));
    } finally {
      await threaded.close();
      await inline.close();
    }
  });

  it('carries a validation error back as an AppError with its kind and details', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks });
    try {
      const failure = pool.run('render', { content: { kind: 'tiptap', tiptap: { type: 'doc', content: [{ type: 'nope' }] } }, preview: null });
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.toMatchObject({ kind: 'validation_error', details: [{ path: 'tiptap' }] });
    } finally {
      await pool.close();
    }
  });

  it('fails a task whose input cannot be copied to the thread, and keeps working', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks });
    try {
      const uncloneable = { content: { kind: 'html' as const, html: '<p>x</p>' }, preview: null, extra: () => 1 };
      await expect(pool.run('render', uncloneable as never)).rejects.toThrow();
      expect((await pool.run('render', { content: { kind: 'html', html: '<p>ok</p>' }, preview: null })).text).toBe('ok');
    } finally {
      await pool.close();
    }
  });

  it('ends a thread whose task runs past its time limit: that task fails as TaskTooSlow, the next one is served', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks, timeLimitsMs: { spin: 300 } });
    try {
      const slow = pool.run('spin', { ms: 10_000, label: 'slow' });
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      await expect(slow).rejects.toMatchObject({ task: 'spin', limitMs: 300 });
      expect(await pool.run('spin', { ms: 1, label: 'after' })).toBe('after');
    } finally {
      await pool.close();
    }
  });

  it('renders real content on the thread that replaced an ended one', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, timeLimitsMs: { render: 1 } });
    try {
      // A megabyte of markdown takes far longer than 1 ms: ended, refused alone.
      const big = pool.run('render', {
        content: { kind: 'markdown', markdown: 'Some *text* and [a link](https://x.example).\n\n'.repeat(25_000) },
        preview: null,
      });
      await expect(big).rejects.toBeInstanceOf(TaskTooSlow);
      const next = await pool.run('linkByTag', { html: '<a href="https://a.example/">a</a>', tag: 'x' });
      expect(next).toBeNull();
    } finally {
      await pool.close();
    }
  });

  it('runs, not fails, the tasks that waited behind the slow one', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks, timeLimitsMs: { spin: 300 } });
    try {
      const slow = pool.run('spin', { ms: 10_000, label: 'slow' });
      const behind = Array.from({ length: 3 }, (_, i) => pool.run('spin', { ms: 1, label: `behind ${i}` }));
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      expect(await Promise.all(behind)).toEqual(['behind 0', 'behind 1', 'behind 2']);
    } finally {
      await pool.close();
    }
  });

  it('ends a thread that does not load in time, and fails the tasks it held instead of keeping them for ever', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, startLimitMs: 1 });
    try {
      await expect(pool.run('render', { content: { kind: 'html', html: '<p>x</p>' }, preview: null })).rejects.toThrow('pool thread exited');
    } finally {
      await pool.close();
    }
  });

  it('times each task from its own start: a long queue neither shields a slow task nor gets an innocent one blamed', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks, timeLimitsMs: { spin: 300 } });
    try {
      await pool.run('spin', { ms: 1, label: 'warm' });
      // 16 tasks of 150 ms ahead: 2.4 s of queue, each well inside its limit.
      const queue = Array.from({ length: 16 }, (_, i) => pool.run('spin', { ms: 150, label: `q${i}` }));
      const started = performance.now();
      const slow = pool.run('spin', { ms: 10_000, label: 'slow' });
      const after = pool.run('spin', { ms: 150, label: 'after' });
      const slowEnded = slow.then(
        () => 'ran',
        (error: unknown) => (error instanceof TaskTooSlow ? performance.now() - started : error),
      );
      expect((await Promise.allSettled([...queue, after])).filter((r) => r.status === 'rejected')).toEqual([]);
      const waited = await slowEnded;
      expect(typeof waited).toBe('number');
      // Ended after the queue ahead of it (2.4 s) and its own 300 ms: not at once (blamed for the queue), not seconds later.
      expect(waited as number).toBeGreaterThan(2_400);
      expect((waited as number) - 2_700).toBeLessThan(3_000);
    } finally {
      await pool.close();
    }
  });

  it('does not blame a task with a short limit for the long task before it', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks, timeLimitsMs: { spin: 20_000, quick: 150 } });
    try {
      const long = pool.run('spin', { ms: 1_000, label: 'long' });
      const quick: Promise<string>[] = [];
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 100));
        quick.push(pool.run('quick', { ms: 1, label: `quick ${i}` }));
      }
      expect(await Promise.all(quick)).toEqual(['quick 0', 'quick 1', 'quick 2', 'quick 3']);
      await expect(long).resolves.toBe('long');
    } finally {
      await pool.close();
    }
  });

  it('ends a slow task running beside composes: it fails alone, the composes are run again and succeed', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks, timeLimitsMs: { spin: 300 } });
    const compose = (i: number) =>
      pool.run('compose', {
        from: 'a@example.com',
        to: `b${i}@example.org`,
        replyTo: null,
        subject: `s${i}`,
        html: `<p>${'x'.repeat(20_000)}</p>`,
        text: 'x'.repeat(20_000),
        messageId: `<m${i}@example.com>`,
        emailId: `eml_${String(i).padStart(26, '0')}`,
        date: new Date(0),
      });
    try {
      await compose(0);
      const composes = Array.from({ length: 8 }, (_, i) => compose(i));
      const slow = pool.run('spin', { ms: 10_000, label: 'slow' });
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      const raws = await Promise.all(composes);
      expect(raws.map((raw, i) => Buffer.from(raw).toString('utf8').includes(`Subject: s${i}`))).toEqual(raws.map(() => true));
    } finally {
      await pool.close();
    }
  });
});

/** When a task resolved, in ms from `t0`. */
const doneAt = (t0: number) => (label: string) => ({ label, at: performance.now() - t0 });

describe('the thread pool shares its threads between tenants', () => {
  it('serves the tenant that used the least time first, not the first to arrive', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks });
    try {
      await pool.run('spin', { ms: 1, label: 'warm' });
      const order: string[] = [];
      const track = (p: Promise<string>) => p.then((label) => void order.push(label));
      // Tenant a queues five long tasks; b comes after with two short ones.
      const a = Array.from({ length: 5 }, (_, i) => track(pool.run('spin', { ms: 120, label: `a${i}` }, { tenant: 'a' })));
      const b = Array.from({ length: 2 }, (_, i) => track(pool.run('spin', { ms: 5, label: `b${i}` }, { tenant: 'b' })));
      await Promise.all([...a, ...b]);
      // a0 was running; b, having used nothing, goes before a's others.
      expect(order).toEqual(['a0', 'b0', 'b1', 'a1', 'a2', 'a3', 'a4']);
    } finally {
      await pool.close();
    }
  });

  it("keeps a thread free for short tasks while a tenant's long ones hold the other", async () => {
    const pool = createThreadPool({ threads: 2, tasks: spinTasks });
    try {
      await Promise.all([pool.run('spin', { ms: 1, label: 'warm' }), pool.run('spin', { ms: 1, label: 'warm' })]);
      // The slow tenant has used a second of thread time lately (LIGHT_USAGE_MS is half that).
      await pool.run('spin', { ms: 1_000, label: 'first' }, { tenant: 'slow' });
      await pool.run('spin', { ms: 1, label: 'known' }, { tenant: 'quick' });
      const t0 = performance.now();
      const slow = Array.from({ length: 6 }, (_, i) => pool.run('spin', { ms: 200, label: `slow${i}` }, { tenant: 'slow' }).then(doneAt(t0)));
      const quick: { label: string; waited: number }[] = [];
      for (let i = 0; i < 10; i++) {
        const asked = performance.now();
        const label = await pool.run('spin', { ms: 2, label: `quick${i}` }, { tenant: 'quick' });
        quick.push({ label, waited: performance.now() - asked });
        await new Promise((r) => setTimeout(r, 20));
      }
      const done = await Promise.all(slow);
      // Each short task found the free thread: it waited for none of the 200 ms ones.
      expect(quick.filter((q) => q.waited > 150)).toEqual([]);
      // The slow tenant had one thread: its six tasks ran one after another.
      expect(done.at(-1)!.at).toBeGreaterThan(6 * 200 - 50);
    } finally {
      await pool.close();
    }
  });

  it('gives one tenant of short tasks every thread', async () => {
    const pool = createThreadPool({ threads: 2, tasks: spinTasks });
    try {
      await Promise.all([pool.run('spin', { ms: 1, label: 'warm' }), pool.run('spin', { ms: 1, label: 'warm' })]);
      const t0 = performance.now();
      const done = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.run('spin', { ms: 40, label: `t${i}` }, { tenant: 'bulk' }).then(doneAt(t0))));
      // Two at a time: about 4 × 40 ms, not 8 × 40.
      expect(Math.max(...done.map((d) => d.at))).toBeLessThan(8 * 40);
    } finally {
      await pool.close();
    }
  });

  it('fails the tasks still waiting when it closes', async () => {
    const pool = createThreadPool({ threads: 1, tasks: spinTasks });
    const running = pool.run('spin', { ms: 200, label: 'running' }, { tenant: 'a' });
    const waiting = pool.run('spin', { ms: 1, label: 'waiting' }, { tenant: 'b' });
    const outcomes = Promise.allSettled([running, waiting]);
    await new Promise((r) => setTimeout(r, 50));
    await pool.close();
    expect(await outcomes).toEqual([
      { status: 'rejected', reason: new Error('thread pool is closed') },
      { status: 'rejected', reason: new Error('thread pool is closed') },
    ]);
  });
});
