import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/index.ts';

/** How many rows a table holds. */
export async function countRows(handle: DatabaseHandle, table: keyof Database): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A migrated database with no rows, for one test or one file: SQLite in memory by
 * default, or, when TEST_DATABASE_URL is set (CI's second run), a PostgreSQL schema
 * of its own until `cleanup` (then emptied for the next test, or dropped).
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

/**
 * PostgreSQL: a schema of this worker's that a closed test database left empty,
 * ready for the next one. Creating and migrating a schema takes half a second
 * (more on a busy machine), and the suite makes hundreds; emptying one takes a
 * few milliseconds (a hundredth of the time). The run's schemas are dropped when it ends
 * (test/helpers/postgres-schemas.ts).
 */
const emptySchemas: string[] = [];

/** What every migrated schema holds: its tables (children before the tables they reference) and its shape. */
interface MigratedShape {
  tables: string[];
  shape: string;
}
/** Read from this worker's first migrated schema, before its test ran; null when its schemas cannot be reused. */
let migratedShape: Promise<MigratedShape | null> | undefined;

const SHAPE_QUERY = `
  select c.relname || ':' || c.relkind::text || ':' || count(a.attnum) as part
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = $1
  group by c.relname, c.relkind
  order by 1`;

/** The tables to empty, in an order their foreign keys allow, and the shape an emptied schema must still have. */
async function shapeOf(client: pg.Client, schema: string): Promise<MigratedShape> {
  const tables = (
    await client.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'`,
      [schema],
    )
  ).rows.map((r) => r.relname);
  const references = (
    await client.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
       where k.contype = 'f' and n.nspname = $1 and child.oid <> parent.oid`,
      [schema],
    )
  ).rows;
  const ordered: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    // A table no remaining table references can be emptied now.
    const free = [...left].filter((t) => !references.some((r) => r.parent === t && left.has(r.child)));
    if (free.length === 0) throw new Error(`foreign keys in a cycle among ${[...left].join(', ')}`);
    for (const t of free.sort()) {
      ordered.push(t);
      left.delete(t);
    }
  }
  const sequences = await client.query(`select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S'`, [
    schema,
  ]);
  // Emptying restarts no sequence, and would delete rows a migration wrote: a schema with either is not reused.
  if (sequences.rowCount) throw new Error('the migrated schema has sequences');
  const counts = await client.query<{ n: string }>(ordered.map((t) => `select count(*) as n from "${schema}"."${t}"`).join(' union all '));
  if (counts.rows.some((r) => Number(r.n) > 0)) throw new Error('the migrated schema has rows');
  const shape = (await client.query<{ part: string }>(SHAPE_QUERY, [schema])).rows.map((r) => r.part).join(' ');
  return { tables: ordered, shape };
}

function readShape(url: string, schema: string): Promise<MigratedShape | null> {
  const client = new pg.Client({ connectionString: url });
  return client
    .connect()
    .then(() => shapeOf(client, schema))
    .catch(() => null)
    .finally(() => client.end());
}

/**
 * Empty a closed test database's schema for the next one, or drop it: when the
 * test changed its tables (or emptying failed), it is not what a migration makes.
 */
async function emptyOrDrop(url: string, schema: string): Promise<void> {
  const migrated = await migratedShape;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    try {
      if (migrated) {
        await client.query(migrated.tables.map((t) => `delete from "${schema}"."${t}"`).join(';\n'));
        const shape = (await client.query<{ part: string }>(SHAPE_QUERY, [schema])).rows.map((r) => r.part).join(' ');
        if (shape === migrated.shape) {
          emptySchemas.push(schema);
          return;
        }
      }
    } catch {
      // Dropped below, as without reuse.
    }
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(options: { sqlitePath?: string } = {}): Promise<TestDatabase> {
  if (testDatabaseUrl) {
    const url = testDatabaseUrl;
    // Reuse needs the run's schema prefix (from its globalSetup), so that the run's end finds the schemas to drop.
    const prefix = inject('postgresSchemaPrefix');
    const reused = prefix ? emptySchemas.pop() : undefined;
    const schema = reused ?? (prefix ? `${prefix}${randomBytes(6).toString('hex')}` : newSchemaName());
    const handle = await openDatabase({ databaseUrl: url, databaseSchema: schema, poolSize: 4 });
    if (!reused) {
      await migrateToLatest(handle);
      // Read before the test writes anything.
      migratedShape ??= prefix ? readShape(url, schema) : Promise.resolve(null);
      await migratedShape;
    }
    return {
      handle,
      postgres: { url, schema },
      async cleanup() {
        await handle.close();
        if (prefix) await emptyOrDrop(url, schema);
        else await dropSchema(url, schema);
      },
    };
  }
  const handle = await openDatabase({ sqlitePath: options.sqlitePath ?? ':memory:' });
  await migrateToLatest(handle);
  return { handle, postgres: null, cleanup: () => handle.close() };
}
