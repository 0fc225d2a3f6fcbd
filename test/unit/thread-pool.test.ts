import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { createThreadPool } from '../../src/threads/index.ts';

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

  it('ends a thread that hangs past the task timeout, fails its task, and serves the next one', async () => {
    const pool = createThreadPool({ threads: 1, taskTimeoutMs: 300 });
    try {
      // Pathological markdown that keeps marked busy far past 300 ms.
      const slow = pool.run('render', { content: { kind: 'markdown', markdown: `${'[a'.repeat(200_000)}` }, preview: null });
      await expect(slow).rejects.toThrow('pool thread exited or hung');
      const next = await pool.run('render', { content: { kind: 'html', html: '<p>after</p>' }, preview: null });
      expect(next.text).toBe('after');
    } finally {
      await pool.close();
    }
  });
});
