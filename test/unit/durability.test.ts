// DURABILITY: what a 200 or a 250 means. The default syncs every commit to disk
// (a crash of the machine loses nothing accepted); `process` survives only a
// killed process. Checked on a real database file, and on PostgreSQL when the
// suite runs against one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openConfiguredDatabase } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createCore, migrateToLatest, openDatabase, parseSendBody } from '../../src/index.ts';
import { CommittedNotSynced } from '../../src/db/index.ts';
import { dropSchema, newSchemaName, testDatabaseUrl } from '../helpers/db.ts';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';

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

  /**
   * A log of what happened, in order: each statement with the synchronous setting
   * it ran under, and each fdatasync of the WAL file, when it started and when it
   * ended (fs.fdatasync, watched).
   */
  function watchedDatabase(dir: string, syncs: { delayMs?: number; failFirst?: boolean; onSyncFailure?: (error: CommittedNotSynced) => void } = {}) {
    const log: { sql?: string; synchronous?: 'FULL' | 'NORMAL'; sync?: 'start' | 'done'; mark?: string }[] = [];
    let synchronous: 'FULL' | 'NORMAL' = 'FULL';
    const real = fs.fdatasync;
    let count = 0;
    const spy = vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
      expect(fs.readlinkSync(`/proc/self/fd/${fd}`)).toBe(path.join(dir, 'mailgate.db-wal'));
      log.push({ sync: 'start' });
      const failing = syncs.failFirst && count++ === 0;
      real(fd, (error) => {
        setTimeout(() => {
          log.push({ sync: 'done' });
          callback(failing ? Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }) : error);
        }, syncs.delayMs ?? 0);
      });
    }) as typeof fs.fdatasync);
    const open = openDatabase({
      sqlitePath: path.join(dir, 'mailgate.db'),
      ...(syncs.onSyncFailure ? { onSyncFailure: syncs.onSyncFailure } : {}),
      onQuery: (text) => {
        const set = /^pragma synchronous = (FULL|NORMAL)$/.exec(text);
        if (set) synchronous = set[1] as 'FULL' | 'NORMAL';
        else log.push({ sql: text, synchronous });
      },
    });
    return { log, open, restore: () => spy.mockRestore() };
  }

  async function coreOn(handle: Awaited<ReturnType<typeof openDatabase>>) {
    await migrateToLatest(handle);
    const core = createCore(loadConfig({ LOG_LEVEL: 'silent' }), { db: handle });
    const token = 'mailgate_durability_token_0123456789abcdef';
    await core.orgs.bootstrap(token);
    return { core, auth: await core.tokens.authenticate(token) };
  }
  const hello = (to: string) => parseSendBody({ from: 'hello@acme.example', to, subject: 'Hi', html: '<p>hi</p>' });

  type Log = ReturnType<typeof watchedDatabase>['log'];
  /** Whether a sync of the WAL both started after position `from` and ended before position `to`. */
  const syncedBetween = (log: Log, from: number, to: number) => {
    const start = log.findIndex((e, i) => i > from && e.sync === 'start');
    const done = log.findIndex((e, i) => i > start && e.sync === 'done');
    return start > from && done > start && done < to;
  };

  it('answers a send, and starts a claimed job, only after a sync of the WAL that began after its commit; outcomes and captures commit unsynced', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    const { log, open, restore } = watchedDatabase(dir);
    const handle = await open;
    await migrateToLatest(handle);
    const core = createCore(loadConfig({ LOG_LEVEL: 'silent' }), { db: handle });
    try {
      const token = 'mailgate_durability_token_0123456789abcdef';
      await core.orgs.bootstrap(token);
      const auth = await core.tokens.authenticate(token);
      log.length = 0;
      for (let i = 0; i < 3; i++) {
        await core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to: `user${i}@example.com`, subject: 'Hi', html: '<p>hi</p>' }), {
          source: 'api',
        });
        log.push({ mark: 'answered' });
      }
      // Each send's rows, then its commit, then a sync that began after that commit and ended before the answer.
      let from = 0;
      for (let i = 0; i < 3; i++) {
        const answered = log.findIndex((e, at) => at > from && e.mark === 'answered');
        let inserted = answered;
        while (inserted >= 0 && !log[inserted]!.sql?.startsWith('insert into "emails"')) inserted--;
        const committed = log.findIndex((e, at) => at > inserted && e.sql === 'commit');
        expect(inserted, `send ${i}`).toBeGreaterThan(from - 1);
        expect(committed, `send ${i}`).toBeGreaterThan(inserted);
        expect(syncedBetween(log, committed, answered), `send ${i}`).toBe(true);
        from = answered;
      }

      log.length = 0;
      expect(await core.worker.drain()).toBe(3);
      // Each claim (one statement, its own commit) is on disk before any job it claimed is handed on (here: captured).
      const claims = log.flatMap((e, i) => (e.sql?.startsWith('update "jobs" set "lease_until"') ? [i] : []));
      expect(claims.length).toBeGreaterThan(0);
      let handedOnAfterClaims = 0;
      for (const claim of claims) {
        const handedOn = log.findIndex((e, i) => i > claim && e.sql?.startsWith('insert into "captured_messages"'));
        if (handedOn < 0) continue;
        handedOnAfterClaims++;
        expect(syncedBetween(log, claim, handedOn)).toBe(true);
      }
      expect(handedOnAfterClaims).toBeGreaterThan(0);
      // Outcomes (events, job completions) and captures: each ran, and only unsynced.
      for (const start of ['delete from "jobs"', 'insert into "email_events"', 'insert into "captured_messages"']) {
        const settings = log.filter((e) => e.sql?.startsWith(start)).map((e) => e.synchronous);
        expect(settings.length, start).toBeGreaterThan(0);
        expect(new Set(settings), start).toEqual(new Set(['NORMAL']));
      }
      // And the connection is back at FULL for whatever else commits.
      expect((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db)).rows[0]!.synchronous).toBe(2);
    } finally {
      restore();
      await core.close();
      await handle.close();
    }
  });

  it('answers a received message only after a sync of the WAL that began after its commit, its rows written unsynced', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    const { log, open, restore } = watchedDatabase(dir);
    const handle = await open;
    const { core, auth } = await coreOn(handle);
    try {
      await addReceivingDomain(handle, 'inbox.example');
      await core.webhooks.create(auth, { url: 'https://hooks.example.com/in', events: ['email.received'] });
      log.length = 0;
      await Promise.all(
        ['one', 'two'].map(async (subject) => {
          await core.receiving.receive(incomingMail({ subject }));
          log.push({ mark: `answered ${subject}` });
        }),
      );
      const inserted = log.findIndex((e) => e.sql?.startsWith('insert into "received_messages"'));
      const committed = log.findIndex((e, i) => i > inserted && e.sql === 'commit');
      expect(inserted).toBeGreaterThanOrEqual(0);
      expect(committed).toBeGreaterThan(inserted);
      for (const subject of ['one', 'two']) {
        expect(
          syncedBetween(
            log,
            committed,
            log.findIndex((e) => e.mark === `answered ${subject}`),
          ),
          subject,
        ).toBe(true);
      }
      // The message, its record and its webhook's delivery and job: unsynced, made durable by that sync.
      for (const start of ['insert into "received_messages"', 'insert into "received_emails"', 'insert into "webhook_deliveries"', 'insert into "jobs"']) {
        expect(new Set(log.filter((e) => e.sql?.startsWith(start)).map((e) => e.synchronous)), start).toEqual(new Set(['NORMAL']));
      }
    } finally {
      restore();
      await core.close();
      await handle.close();
    }
  });

  it('shares a sync among the commits made while one runs, and never lets a commit ride on a sync that began before it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    const { log, open, restore } = watchedDatabase(dir);
    const handle = await open;
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      log.length = 0;
      const writes = Array.from({ length: 20 }, (_, i) =>
        handle
          .syncAfter(async (db) => {
            await sql`insert into t values (${i})`.execute(db);
            log.push({ mark: `committed ${i}` });
          })
          .then(() => log.push({ mark: `answered ${i}` })),
      );
      await Promise.all(writes);
      const syncs = log.filter((e) => e.sync === 'start').length;
      expect(syncs).toBeGreaterThanOrEqual(1);
      expect(syncs).toBeLessThan(20);
      for (let i = 0; i < 20; i++) {
        const committed = log.findIndex((e) => e.mark === `committed ${i}`);
        const answered = log.findIndex((e) => e.mark === `answered ${i}`);
        expect(syncedBetween(log, committed, answered), `write ${i}`).toBe(true);
      }
      // Unsynced inside, FULL again after.
      expect(new Set(log.filter((e) => e.sql?.startsWith('insert')).map((e) => e.synchronous))).toEqual(new Set(['NORMAL']));
      expect((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(handle.db)).rows[0]!.synchronous).toBe(2);
    } finally {
      restore();
      await handle.close();
    }
  });

  it('answers a replayed idempotency key only once what it repeats is on disk', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    const { log, open, restore } = watchedDatabase(dir, { delayMs: 150 });
    const handle = await open;
    const { core, auth } = await coreOn(handle);
    try {
      log.length = 0;
      const first = core.emails.send(auth, hello('user@example.com'), { source: 'api', idempotencyKey: 'order-1' });
      // Committed (readable), its sync still running:
      while (!log.some((e) => e.sql === 'commit')) await new Promise((r) => setTimeout(r, 2));
      log.push({ mark: 'replay asked' });
      const replay = await core.emails.send(auth, hello('user@example.com'), { source: 'api', idempotencyKey: 'order-1' });
      log.push({ mark: 'replay answered' });
      expect(replay).toEqual(await first);
      const asked = log.findIndex((e) => e.mark === 'replay asked');
      const answered = log.findIndex((e) => e.mark === 'replay answered');
      expect(log.slice(asked, answered).some((e) => e.sync === 'done')).toBe(true);
    } finally {
      restore();
      await core.close();
      await handle.close();
    }
  });

  it('fails the sends of a commit whose sync failed, without writing them again, and every send after it; tells onSyncFailure once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    const failures: CommittedNotSynced[] = [];
    const { open, restore } = watchedDatabase(dir, { failFirst: true, onSyncFailure: (error) => failures.push(error) });
    const handle = await open;
    const { core, auth } = await coreOn(handle);
    try {
      const sends = await Promise.allSettled([0, 1, 2].map((i) => core.emails.send(auth, hello(`user${i}@example.com`), { source: 'api' })));
      for (const s of sends) {
        expect(s.status).toBe('rejected');
        expect((s as PromiseRejectedResult).reason).toBeInstanceOf(CommittedNotSynced);
      }
      // They were committed once (not once more by a retry of each alone).
      const { rows } = await sql<{ n: number }>`select count(*) as n from emails`.execute(handle.db);
      expect(rows[0]!.n).toBe(3);
      // The next sync would succeed, but the lost pages are not written again: nothing is answered as durable any more.
      await expect(core.emails.send(auth, hello('later@example.com'), { source: 'api' })).rejects.toBeInstanceOf(CommittedNotSynced);
      // Told of the failure once, with the error the sends were rejected with.
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBe((sends[0] as PromiseRejectedResult).reason);
      expect(failures[0]!.message).toBe("committed, but the database's log could not be synced to disk: EIO: i/o error, fdatasync");
    } finally {
      restore();
      await core.close();
      await handle.close();
    }
  });

  it('syncs the WAL of the real file when the database path is a symbolic link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-durability-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'real'));
    fs.writeFileSync(path.join(dir, 'real', 'mailgate.db'), '');
    fs.symlinkSync(path.join(dir, 'real', 'mailgate.db'), path.join(dir, 'mailgate.db'));
    const handle = await openDatabase({ sqlitePath: path.join(dir, 'mailgate.db') });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      await handle.syncAfter((db) => sql`insert into t values (1)`.execute(db));
      expect(fs.existsSync(path.join(dir, 'real', 'mailgate.db-wal'))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'mailgate.db-wal'))).toBe(false);
    } finally {
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
    for (const [durability, after] of [
      ['fsync', 'on'],
      ['process', 'off'],
    ] as const) {
      const schema = newSchemaName();
      // One connection, so the setting after is read on the connection that was lowered.
      const handle = await openDatabase({ databaseUrl: testDatabaseUrl!, databaseSchema: schema, poolSize: 1, durability });
      const setting = async (db: typeof handle.db) =>
        (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;
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
