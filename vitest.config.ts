import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * CI runs the suite twice, on SQLite and on PostgreSQL (TEST_DATABASE_URL). A
 * test file that opens no database (none of the helpers that do, nor
 * openDatabase or createCore itself) would only repeat itself on the second
 * run: it runs on the first alone.
 */
const OPENS_A_DATABASE = /helpers\/(db|server|core|process|domains|noisy-neighbours)|createTestDatabase|openDatabase|startTestServer|createCore|startMailgate|child_process/;

function databaseFreeTests(): string[] {
  const files: string[] = [];
  for (const dir of ['test/unit', 'test/e2e']) {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name.endsWith('.test.ts') && !OPENS_A_DATABASE.test(fs.readFileSync(file, 'utf8'))) files.push(file);
    }
  }
  return files;
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? databaseFreeTests() : [])],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the app anew for each of
    // 80-odd files cost a third of the suite's time. The tests share no module state
    // (no mocks, no stubbed globals or env; each builds its own servers and databases).
    isolate: false,
    maxWorkers: 2,
    reporters: ['default'],
  },
});
