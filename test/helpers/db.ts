import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/index.ts';

/**
 * A fresh, migrated database for one test file: SQLite in memory by default, or,
 * when TEST_DATABASE_URL is set (CI's second run), a new PostgreSQL schema that
 * is dropped again by `cleanup`.
 */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** For a second connection or a child process: the URL and schema, or null on SQLite. */
  postgres: { url: string; schema: string } | null;
  cleanup(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export function newSchemaName(): string {
  return `mg_test_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(options: { sqlitePath?: string } = {}): Promise<TestDatabase> {
  if (testDatabaseUrl) {
    const schema = newSchemaName();
    const handle = await openDatabase({ databaseUrl: testDatabaseUrl, databaseSchema: schema, poolSize: 4 });
    await migrateToLatest(handle);
    return {
      handle,
      postgres: { url: testDatabaseUrl, schema },
      async cleanup() {
        await handle.close();
        await dropSchema(testDatabaseUrl, schema);
      },
    };
  }
  const handle = await openDatabase({ sqlitePath: options.sqlitePath ?? ':memory:' });
  await migrateToLatest(handle);
  return { handle, postgres: null, cleanup: () => handle.close() };
}
