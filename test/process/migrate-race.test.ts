import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/index.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { testDatabaseUrl } from '../helpers/db.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { apiCall, createProcessDatabase, openProcessDatabase, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';
import { waitFor } from '../helpers/server.ts';

// Two processes starting at once on an empty database, as a fleet's first start
// does: both come up and serve, the migrations run once (one process applies
// them, the other waits and finds nothing left), and the bootstrap organization
// is made once.

const TOKEN = 'mailgate_migrate_race_token_0123456789ab';
/** Two processes starting at once on a busy machine (the rest of the suite beside them) may take a while. */
const START_MS = 60_000;

/**
 * The session-level advisory lock Kysely's migrator takes on PostgreSQL
 * (PostgresAdapter.acquireMigrationLock) around reading and applying the
 * migrations. Held by the test, it lines both processes up at it.
 */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

async function migrationsApplied(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
  return rows.map((r) => r.name);
}

describe('two processes migrating at once at first start', () => {
  const processes: MailgateProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const allMigrations = async () => Object.keys(await migrationProvider.getMigrations()).sort();

  async function bothServe(procs: MailgateProcess[]): Promise<void> {
    for (const proc of procs) {
      const res = await apiCall(proc.url, TOKEN, '/api/v2/emails');
      expect(res.status, proc.output()).toBe(200);
      expect(await res.json()).toMatchObject({ object: 'list', data: [] });
    }
  }

  it.skipIf(!testDatabaseUrl)(
    'PostgreSQL: both wait at the migration lock, one applies every migration, the other finds none left; both serve',
    { timeout: 90_000 },
    async () => {
      let server: PrivatePostgres;
      let dataDir: string;
      // A server of the test's own: the lock is the whole server's, and the suite's shared one migrates other tests' schemas meanwhile.
      [server, dataDir] = await Promise.all([startPrivatePostgres(), fs.mkdtemp(path.join(os.tmpdir(), 'mailgate-migrate-race-'))]);
      cleanups.push(
        () => server.stop(),
        () => fs.rm(dataDir, { recursive: true, force: true }),
      );
      const holder = new pg.Client({ connectionString: server.url });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);

      const env = { DATA_DIR: dataDir, DATABASE_URL: server.url, DATABASE_SCHEMA: 'mailgate', MAILGATE_BOOTSTRAP_TOKEN: TOKEN, MAILGATE_ROLES: 'http,worker' };
      const starting = [startMailgateProcess(env, START_MS), startMailgateProcess(env, START_MS)];
      for (const s of starting)
        void s.then(
          (p) => processes.push(p),
          () => undefined,
        );

      // Both reach the lock, and neither has applied anything.
      const waiters = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              `select count(*) as n from pg_locks where locktype = 'advisory' and not granted
               and classid::bigint * 4294967296 + objid::bigint = ${KYSELY_MIGRATION_LOCK} and objsubid = 1`,
            )
          ).rows[0]!.n,
        );
      await waitFor(async () => ((await waiters()) === 2 ? true : undefined), 30_000, 'both processes to wait at the migration lock');
      const tables = await holder.query(`select table_name from information_schema.tables where table_schema = 'mailgate' and table_name not like 'kysely%'`);
      expect(tables.rows).toEqual([]);

      await holder.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      const procs = await Promise.all(starting);
      await bothServe(procs);

      const handle = await openDatabase({ databaseUrl: server.url, databaseSchema: 'mailgate', poolSize: 1 });
      cleanups.push(() => handle.close());
      expect(await migrationsApplied(handle)).toEqual(await allMigrations());
      expect(await handle.db.selectFrom('organizations').select('name').execute()).toEqual([{ name: 'default' }]);
    },
  );

  it.skipIf(testDatabaseUrl)('SQLite: two processes on one new file both come up; every migration is applied once', { timeout: 90_000 }, async () => {
    const database: ProcessDatabase = await createProcessDatabase();
    cleanups.push(() => database.cleanup());
    const env = { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, MAILGATE_ROLES: 'http,worker' };
    const started = await Promise.allSettled([startMailgateProcess(env, START_MS), startMailgateProcess(env, START_MS)]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    await bothServe(processes);

    const handle = await openProcessDatabase(database);
    cleanups.push(() => handle.close());
    expect(await migrationsApplied(handle)).toEqual(await allMigrations());
    expect(await handle.db.selectFrom('organizations').select('name').execute()).toEqual([{ name: 'default' }]);
  });
});
