import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { claimDueJobs, enqueueJobs } from '../../src/queue/index.ts';
import { openDatabase, type DatabaseHandle } from '../../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * Two processes' connections claiming from one queue at once (a SQLite file, or
 * one PostgreSQL schema): no claim fails and no job is handed out twice.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function twoConnections(): Promise<[TestDatabase, DatabaseHandle]> {
  if (process.env.TEST_DATABASE_URL) {
    const first = await createTestDatabase();
    cleanups.push(() => first.cleanup());
    const second = await openDatabase({ databaseUrl: first.postgres!.url, databaseSchema: first.postgres!.schema, poolSize: 2 });
    cleanups.push(() => second.close());
    return [first, second];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-queue-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'mailgate.db');
  const first = await createTestDatabase({ sqlitePath: file });
  cleanups.push(() => first.cleanup());
  const second = await openDatabase({ sqlitePath: file });
  cleanups.push(() => second.close());
  return [first, second];
}

it('hands each due job to exactly one of two connections claiming at once', async () => {
  const [first, second] = await twoConnections();
  const now = Date.UTC(2026, 0, 1);
  await enqueueJobs(
    first.handle.db,
    Array.from({ length: 300 }, (_, i) => ({ kind: 'k', refId: `r${i}`, runAt: now })),
    now,
  );
  const claimed: string[] = [];
  const drain = async (handle: DatabaseHandle, owner: string) => {
    for (;;) {
      const jobs = await claimDueJobs(handle, { now, limit: 7, leaseMs: 60_000, owner });
      if (jobs.length === 0) return;
      claimed.push(...jobs.map((j) => j.refId));
    }
  };
  await Promise.all([drain(first.handle, 'a'), drain(second, 'b'), drain(first.handle, 'c'), drain(second, 'd')]);
  expect(claimed).toHaveLength(300);
  expect(new Set(claimed).size).toBe(300);
});
