import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/index.ts';
import { dropSchema, newSchemaName, testDatabaseUrl } from '../helpers/db.ts';

/**
 * Processes that start together on a new DATABASE_SCHEMA all create it: `CREATE
 * SCHEMA IF NOT EXISTS` is not atomic, so all but one of them may see the
 * unique index of pg_namespace refuse it. Every one of them must still open.
 */
describe.skipIf(!testDatabaseUrl)('opening one new PostgreSQL schema from many processes at once', () => {
  const opened: DatabaseHandle[] = [];
  let schema = '';
  afterEach(async () => {
    for (const h of opened.splice(0)) await h.close();
    await dropSchema(testDatabaseUrl!, schema);
  });

  it('opens every handle and migrates the schema once', async () => {
    schema = newSchemaName();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => openDatabase({ databaseUrl: testDatabaseUrl!, databaseSchema: schema, poolSize: 1 })),
    );
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    await Promise.all(opened.map((h) => migrateToLatest(h)));
    const again = await migrateToLatest(opened[0]!);
    expect(again).toEqual([]);
  });
});
