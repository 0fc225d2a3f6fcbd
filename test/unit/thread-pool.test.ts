import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import cpuTasks from '../../src/delivery/cpu-tasks.ts';
import { createThreadPool, TaskTooSlow } from '../../src/threads/index.ts';

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
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, timeLimitsMs: { render: 300 } });
    try {
      // Markdown whose unmatched emphasis delimiters keep marked busy for seconds (quadratic).
      const slow = pool.run('render', { content: { kind: 'markdown', markdown: '_a'.repeat(60_000) }, preview: null });
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      await expect(slow).rejects.toMatchObject({ task: 'render', limitMs: 300 });
      const next = await pool.run('render', { content: { kind: 'html', html: '<p>after</p>' }, preview: null });
      expect(next.text).toBe('after');
    } finally {
      await pool.close();
    }
  });

  it('runs again, not fails, the tasks that waited behind the slow one on its thread', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, timeLimitsMs: { render: 300 } });
    try {
      const slow = pool.run('render', { content: { kind: 'markdown', markdown: '_a'.repeat(60_000) }, preview: null });
      const behind = Array.from({ length: 3 }, (_, i) => pool.run('render', { content: { kind: 'html', html: `<p>behind ${i}</p>` }, preview: null }));
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      expect((await Promise.all(behind)).map((r) => r.text)).toEqual(['behind 0', 'behind 1', 'behind 2']);
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

  it('times each render from its own start: a long queue neither shields a slow render nor gets an innocent one blamed', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, timeLimitsMs: { render: 300 } });
    try {
      const quick = (i: number) => pool.run('render', { content: { kind: 'markdown', markdown: `**${i}** ${'_a'.repeat(1_500)}` }, preview: null });
      await quick(0);
      const queue = Array.from({ length: 30 }, (_, i) => quick(i));
      const started = performance.now();
      const slow = pool.run('render', { content: { kind: 'markdown', markdown: '_a'.repeat(60_000) }, preview: null });
      await new Promise((r) => setTimeout(r, 50));
      const after = quick(99);
      const slowEnded = slow.then(
        () => 'rendered',
        (error: unknown) => (error instanceof TaskTooSlow ? performance.now() - started : error),
      );
      expect((await Promise.allSettled([...queue, after])).filter((r) => r.status === 'rejected')).toEqual([]);
      const waited = await slowEnded;
      expect(typeof waited).toBe('number');
      // Its own 300 ms (plus the watch's period), after the queue ahead of it: not seconds more.
      const queueTime = (waited as number) - 300;
      expect(queueTime).toBeLessThan(3_000);
    } finally {
      await pool.close();
    }
  });

  it('does not blame a task with a short limit for the long task before it', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, timeLimitsMs: { render: 20_000, linkByTag: 150 } });
    try {
      await pool.run('linkByTag', { html: '<a href="https://a.example/">a</a>', tag: 'x' });
      const long = pool.run('render', { content: { kind: 'markdown', markdown: '_a'.repeat(20_000) }, preview: null });
      const clicks: Promise<string | null>[] = [];
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 100));
        clicks.push(pool.run('linkByTag', { html: '<a href="https://a.example/">a</a>', tag: 'x' }));
      }
      expect(await Promise.allSettled(clicks)).toEqual(clicks.map(() => ({ status: 'fulfilled', value: null })));
      await expect(long).resolves.toMatchObject({ html: expect.any(String) });
    } finally {
      await pool.close();
    }
  });

  it('ends a slow render running beside composes: the render fails alone, the composes are run again and succeed', async () => {
    const pool = createThreadPool({ threads: 1, tasks: cpuTasks, timeLimitsMs: { render: 300 } });
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
      const slow = pool.run('render', { content: { kind: 'markdown', markdown: '_a'.repeat(60_000) }, preview: null });
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      const raws = await Promise.all(composes);
      expect(raws.map((raw, i) => raw.includes(`Subject: s${i}`))).toEqual(raws.map(() => true));
    } finally {
      await pool.close();
    }
  });
});
