import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * CI runs the suite twice, on SQLite and on PostgreSQL (TEST_DATABASE_URL). A
 * test file that opens no database (none of the helpers that do, nor
 * openDatabase or createCore itself) would only repeat itself on the second
 * run: it runs on the first alone. Within a file, a test answered before any
 * database is opened (a refused configuration, a busy port, CLI usage) skips
 * itself on the second run (`it.skipIf`).
 */
const OPENS_A_DATABASE =
  /helpers\/(db|server|core|process|domains|noisy-neighbours)|createTestDatabase|openDatabase|startTestServer|createCore|startMailgate|child_process/;

/**
 * The suite in four tiers, each runnable alone (`npm run test:unit`, `test:e2e`,
 * `test:process`, `test:browser`; `npm test` runs all four): core rules on an
 * in-process core; every door through its real client against servers in the
 * test's own process; real processes (the server and the CLI as child processes,
 * killed, restarted); and the dashboard in Chromium.
 */
const TIERS = { unit: 'test/unit', e2e: 'test/e2e', process: 'test/process', browser: 'test/browser' } as const;

/**
 * The process tier on PostgreSQL: the files whose subject is what several
 * processes, or a process killed mid-work, do to the shared database (claims,
 * quotas, leases, recovery). The tier's other files (the CLI's output, ports,
 * logging, the compiled server, Postfix) run the same SQL that the e2e tier
 * runs on both databases, and repeat on the second run only what the first proved.
 */
const PROCESS_TESTS_ON_POSTGRES = [
  'rate-limits-processes',
  'tokens-processes',
  'crash-recovery',
  'crash-burst',
  'idempotency-crash',
  'campaign-restart',
  'workflows-restart',
  'roles',
  'fleet',
  'postgres-restart',
  'lease-pause',
  'migrate-race',
];

function processTestsSqliteOnly(): string[] {
  return fs
    .readdirSync(TIERS.process)
    .filter((name) => name.endsWith('.test.ts') && !PROCESS_TESTS_ON_POSTGRES.includes(name.replace(/\.test\.ts$/, '')))
    .map((name) => path.join(TIERS.process, name));
}

/**
 * e2e files about a door's wire rather than what is stored: SMTP framing,
 * connection slots and deadlines, the MCP protocol, the SDK's client, HTTP's
 * limits and the generated contract, the relay's pacing, the thread pool's
 * fairness. What they store goes through the operations and repositories that
 * the area's own e2e files run on both databases; on PostgreSQL they would
 * repeat what the SQLite run proved.
 */
const E2E_TESTS_SQLITE_ONLY = [
  'smtp',
  'smtp-slots',
  'inbound-smtp',
  'mcp',
  'sdk',
  'openapi',
  'openapi-properties',
  'method-not-allowed',
  'http-bounds',
  'relay-throttle',
  'relay-pace',
  'fair-cpu',
].map((name) => path.join(TIERS.e2e, `${name}.test.ts`));

function databaseFreeTests(): string[] {
  const files: string[] = [];
  for (const dir of Object.values(TIERS)) {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name.endsWith('.test.ts') && !OPENS_A_DATABASE.test(fs.readFileSync(file, 'utf8'))) files.push(file);
    }
  }
  return files;
}

export default defineConfig({
  test: {
    // The dashboard in Chromium runs once, on SQLite: its pages read the same API the e2e tier runs on both.
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_DATABASE_URL ? [...databaseFreeTests(), ...processTestsSqliteOnly(), ...E2E_TESTS_SQLITE_ONLY, `${TIERS.browser}/**`] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the app anew for each of
    // 80-odd files cost a third of the suite's time. The tests share no module state
    // (no mocks, no stubbed globals or env; each builds its own servers and databases).
    isolate: false,
    // The dashboard's server renderer (web/dist/server, one 3 MB module, built) is imported by Node
    // itself: through Vite's module runner its first import took 4-6 s in each worker.
    server: { deps: { external: [/\/web\/dist\/server\//] } },
    // Three on two cores: much of the suite waits (sockets, child processes, timers), and a
    // third worker fills that time; measured 294 → 269 s for the SQLite run, every test passing.
    // Four on the PostgreSQL run: it has no browser tier, and its tests wait on the database
    // server too (each server's pool opens at most 10 of PostgreSQL's 100 connections, on demand).
    maxWorkers: process.env.TEST_DATABASE_URL ? 4 : 3,
    reporters: ['default'],
    // PostgreSQL: the run's test schemas, reused emptied, are dropped at its end.
    // The dashboard (web/dist, served at /app) is built when its sources changed.
    globalSetup: ['test/helpers/postgres-schemas.ts', 'test/helpers/web-build.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: [`${TIERS.unit}/**/*.test.ts`] } },
      { extends: true, test: { name: 'e2e', include: [`${TIERS.e2e}/**/*.test.ts`] } },
      // The dashboard in a real browser (playwright-core driving Debian's Chromium, axe on every screen).
      // expect.poll waits up to 10 s, not 1: a page's answer on a loaded machine (CI's was once half this one's speed) comes late.
      { extends: true, test: { name: 'browser', include: [`${TIERS.browser}/**/*.test.ts`], testTimeout: 60_000, expect: { poll: { timeout: 10_000 } } } },
      {
        extends: true,
        // Children start from one compiled build of the sources, made before the tier runs.
        test: { name: 'process', include: [`${TIERS.process}/**/*.test.ts`], globalSetup: ['test/helpers/compiled-build.ts'] },
      },
    ],
  },
});
