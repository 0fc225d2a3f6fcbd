// DURABILITY: what a 200 or a 250 means. The default syncs every commit to disk
// (a crash of the machine loses nothing accepted); `process` survives only a
// killed process. Checked on a real database file, and on PostgreSQL when the
// suite runs against one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { dropSchema, newSchemaName, testDatabaseUrl } from '../helpers/db.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function sqliteSynchronous(env: Record<string, string>): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
  dirs.push(dir);
  const handle = await openConfiguredDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }));
  try {
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db);
    const { rows: journal } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(handle.db);
    expect(journal).toEqual([{ journal_mode: 'wal' }]);
    return rows[0]!.synchronous;
  } finally {
    await handle.close();
  }
}

describe('DURABILITY on SQLite', () => {
  it('syncs every commit by default (WAL, synchronous=FULL)', async () => {
    expect(await sqliteSynchronous({})).toBe(2);
    expect(await sqliteSynchronous({ DURABILITY: 'fsync' })).toBe(2);
  });

  it('syncs at checkpoints only with DURABILITY=process (synchronous=NORMAL)', async () => {
    expect(await sqliteSynchronous({ DURABILITY: 'process' })).toBe(1);
  });

  it('refuses any other value at startup', () => {
    expect(() => loadConfig({ DURABILITY: 'none' })).toThrow(/DURABILITY/);
  });
});

describe.runIf(testDatabaseUrl)('DURABILITY on PostgreSQL', () => {
  async function synchronousCommit(env: Record<string, string>): Promise<string> {
    const schema = newSchemaName();
    const handle = await openConfiguredDatabase(loadConfig({ DATABASE_URL: testDatabaseUrl!, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent', ...env }));
    try {
      const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(handle.db);
      return rows[0]!.synchronous_commit;
    } finally {
      await handle.close();
      await dropSchema(testDatabaseUrl!, schema);
    }
  }

  it("keeps PostgreSQL's synchronous commit by default, and commits asynchronously with DURABILITY=process", async () => {
    expect(await synchronousCommit({})).toBe('on');
    expect(await synchronousCommit({ DURABILITY: 'process' })).toBe('off');
  });
});
