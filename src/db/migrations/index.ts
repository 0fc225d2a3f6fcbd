import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';

/** Static list, so a bundler or a packed install carries every migration. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
