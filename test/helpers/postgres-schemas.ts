// globalSetup (vitest.config.ts). On PostgreSQL (TEST_DATABASE_URL), names this run's
// test schemas, which test databases reuse emptied (test/helpers/db.ts), and drops
// them when the run ends. First it vacuums the system catalogs: every run creates
// and drops hundreds of schemas of forty-odd tables, and on a server without
// autovacuum (as CI's may be) their dead rows pile up run after run (385 000 in
// pg_attribute after a day of runs here), slowing every CREATE, DROP and plan.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What this run's reusable test schemas are named with; unset on SQLite. */
    postgresSchemaPrefix?: string;
  }
}

/** The catalogs schema churn fills with dead rows. */
const CATALOGS = ['pg_attribute', 'pg_class', 'pg_depend', 'pg_type', 'pg_constraint', 'pg_index', 'pg_attrdef', 'pg_namespace', 'pg_sequence', 'pg_statistic'];

/** Once per run (each project's setup calls this); a role that may not vacuum them only gets warnings. */
let vacuumed: Promise<void> | undefined;
function vacuumCatalogs(url: string): Promise<void> {
  vacuumed ??= (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`VACUUM ${CATALOGS.map((name) => `pg_catalog.${name}`).join(', ')}`);
    } finally {
      await client.end();
    }
  })();
  return vacuumed;
}

export default async function nameRunSchemas(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  await vacuumCatalogs(url);
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
