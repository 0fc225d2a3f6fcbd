import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
