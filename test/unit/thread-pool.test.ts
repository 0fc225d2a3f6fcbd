import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { createThreadPool, TaskTooSlow } from '../../src/threads/index.ts';

describe('the thread pool', () => {
  it('renders on a thread and gives the same answer as inline', async () => {
    const threaded = createThreadPool({ threads: 1 });
    const inline = createThreadPool({ threads: 0 });
    try {
      const input = { content: { kind: 'markdown' as const, markdown: '# Hi\n\n*there*' }, preview: 'p' };
      expect(await threaded.run('render', input)).toEqual(await inline.run('render', input));
    } finally {
      await threaded.close();
      await inline.close();
    }
  });

  it('carries a validation error back as an AppError with its kind and details', async () => {
    const pool = createThreadPool({ threads: 1 });
    try {
      const failure = pool.run('render', { content: { kind: 'tiptap', tiptap: { type: 'doc', content: [{ type: 'nope' }] } }, preview: null });
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.toMatchObject({ kind: 'validation_error', details: [{ path: 'tiptap' }] });
    } finally {
      await pool.close();
    }
  });

  it('fails a task whose input cannot be copied to the thread, and keeps working', async () => {
    const pool = createThreadPool({ threads: 1 });
    try {
      const uncloneable = { content: { kind: 'html' as const, html: '<p>x</p>' }, preview: null, extra: () => 1 };
      await expect(pool.run('render', uncloneable as never)).rejects.toThrow();
      expect((await pool.run('render', { content: { kind: 'html', html: '<p>ok</p>' }, preview: null })).text).toBe('ok');
    } finally {
      await pool.close();
    }
  });

  it('ends a thread whose task runs past its time limit: that task fails as TaskTooSlow, the next one is served', async () => {
    const pool = createThreadPool({ threads: 1, timeLimitsMs: { render: 300 } });
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
    const pool = createThreadPool({ threads: 1, timeLimitsMs: { render: 300 } });
    try {
      const slow = pool.run('render', { content: { kind: 'markdown', markdown: '_a'.repeat(60_000) }, preview: null });
      const behind = Array.from({ length: 3 }, (_, i) => pool.run('render', { content: { kind: 'html', html: `<p>behind ${i}</p>` }, preview: null }));
      await expect(slow).rejects.toBeInstanceOf(TaskTooSlow);
      expect((await Promise.all(behind)).map((r) => r.text)).toEqual(['behind 0', 'behind 1', 'behind 2']);
    } finally {
      await pool.close();
    }
  });

  it('gives every task its own limit, counted from when the tasks ahead of it are done', async () => {
    // Renders of some tens of ms each, queued on one thread with a limit of ten
    // times one render (room for a loaded machine): the last waits more than twice
    // the limit, yet none ran past the limit itself.
    const markdown = '_a'.repeat(2_000);
    const probe = createThreadPool({ threads: 1 });
    await probe.run('render', { content: { kind: 'markdown', markdown }, preview: null });
    const started = performance.now();
    await probe.run('render', { content: { kind: 'markdown', markdown }, preview: null });
    const one = performance.now() - started;
    await probe.close();
    const limit = Math.max(300, Math.ceil(10 * one));
    const count = Math.ceil((2.5 * limit) / Math.max(one, 1));
    const pool = createThreadPool({ threads: 1, timeLimitsMs: { render: limit } });
    try {
      const all = await Promise.allSettled(Array.from({ length: count }, () => pool.run('render', { content: { kind: 'markdown', markdown }, preview: null })));
      expect(all.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});
