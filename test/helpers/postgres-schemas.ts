// globalSetup (vitest.config.ts). On PostgreSQL (TEST_DATABASE_URL), names this run's
// test schemas, which test databases reuse emptied (test/helpers/db.ts), and drops
// them when the run ends.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What this run's reusable test schemas are named with; unset on SQLite. */
    postgresSchemaPrefix?: string;
  }
}

export default function nameRunSchemas(project: TestProject): (() => Promise<void>) | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  // One run, one prefix: every project's setup of this process gives the same.
  const prefix = `mg_run_${process.pid}_`;
  project.provide('postgresSchemaPrefix', prefix);
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where starts_with(nspname, $1)', [prefix]);
      for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    } finally {
      await client.end();
    }
  };
}
