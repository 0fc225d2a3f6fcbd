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
import { createCore, migrateToLatest, openDatabase, parseSendBody } from '../../src/index.ts';
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

  it('unsynced work commits with synchronous=NORMAL and leaves the connection at FULL after it, failed or not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    const handle = await openConfiguredDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
    const synchronous = async (db: typeof handle.db) => (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows[0]!.synchronous;
    try {
      expect(await handle.unsynced((db) => synchronous(db))).toBe(1);
      expect(await synchronous(handle.db)).toBe(2);
      await expect(
        handle.unsynced((db) =>
          db.transaction().execute(async (trx) => {
            await sql`create table t (x integer)`.execute(trx);
            throw new Error('rolled back');
          }),
        ),
      ).rejects.toThrow('rolled back');
      expect(await synchronous(handle.db)).toBe(2);
      // Rolled back: the table was never made.
      await expect(sql`select * from t`.execute(handle.db)).rejects.toThrow(/no such table/);
    } finally {
      await handle.close();
    }
  });

  it("commits delivery outcomes and captures unsynced, and everything a send is answered for, and each claim, synced", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    // Every statement, with the synchronous setting it ran under.
    const ran: { sql: string; synchronous: 'FULL' | 'NORMAL' }[] = [];
    let synchronous: 'FULL' | 'NORMAL' = 'FULL';
    const handle = await openDatabase({
      sqlitePath: path.join(dir, 'mailgate.db'),
      onQuery: (text) => {
        const set = /^pragma synchronous = (FULL|NORMAL)$/.exec(text);
        if (set) synchronous = set[1] as 'FULL' | 'NORMAL';
        else ran.push({ sql: text, synchronous });
      },
    });
    await migrateToLatest(handle);
    const core = createCore(loadConfig({ LOG_LEVEL: 'silent' }), { db: handle });
    try {
      const token = 'mailgate_durability_token_0123456789abcdef';
      await core.orgs.bootstrap(token);
      const auth = await core.tokens.authenticate(token);
      ran.length = 0;
      for (let i = 0; i < 3; i++) {
        await core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to: `user${i}@example.com`, subject: 'Hi', html: '<p>hi</p>' }), { source: 'api' });
      }
      const accepted = ran.splice(0);
      expect(await core.worker.drain()).toBe(3);
      const delivering = ran.splice(0);

      const under = (list: typeof ran, start: string) => list.filter((q) => q.sql.startsWith(start)).map((q) => q.synchronous);
      expect(under(accepted, 'insert into "emails"')).toEqual(['FULL', 'FULL', 'FULL']);
      expect(under(accepted, 'insert into "jobs"')).toEqual(['FULL', 'FULL', 'FULL']);
      expect(accepted.every((q) => q.synchronous === 'FULL')).toBe(true);
      // Claims synced: the attempt each counts is the record that a hand-off may have happened.
      const claims = under(delivering, 'update "jobs" set "lease_until"');
      expect(claims.length).toBeGreaterThan(0);
      expect(new Set(claims)).toEqual(new Set(['FULL']));
      // Outcomes (events, job completions) and captures: each ran, and only unsynced.
      for (const start of ['delete from "jobs"', 'insert into "email_events"', 'insert into "captured_messages"']) {
        const settings = under(delivering, start);
        expect(settings.length, start).toBeGreaterThan(0);
        expect(new Set(settings), start).toEqual(new Set(['NORMAL']));
      }
      // And the connection is back at FULL for the next send.
      expect((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db)).rows[0]!.synchronous).toBe(2);
    } finally {
      await core.close();
      await handle.close();
    }
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

  it("unsynced work runs with synchronous_commit off, and the connection's own setting is back after it", async () => {
    for (const [durability, after] of [['fsync', 'on'], ['process', 'off']] as const) {
      const schema = newSchemaName();
      // One connection, so the setting after is read on the connection that was lowered.
      const handle = await openDatabase({ databaseUrl: testDatabaseUrl!, databaseSchema: schema, poolSize: 1, durability });
      const setting = async (db: typeof handle.db) => (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;
      try {
        expect(await handle.unsynced((db) => setting(db))).toBe('off');
        expect(await setting(handle.db)).toBe(after);
      } finally {
        await handle.close();
        await dropSchema(testDatabaseUrl!, schema);
      }
    }
  });

  it("keeps PostgreSQL's synchronous commit by default, and commits asynchronously with DURABILITY=process", async () => {
    expect(await synchronousCommit({})).toBe('on');
    expect(await synchronousCommit({ DURABILITY: 'process' })).toBe('off');
  });
});
