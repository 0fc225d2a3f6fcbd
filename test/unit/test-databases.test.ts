import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCore, loadConfig } from '../../src/index.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../helpers/db.ts';

// On PostgreSQL a closed test database's schema is emptied and handed to the next
// test of the worker (test/helpers/db.ts): that test must find it as a migration leaves it.

async function nonEmptyTables(database: TestDatabase): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = ${database.postgres!.schema} and table_type = 'BASE TABLE'`.execute(
    database.handle.db,
  );
  const counts = await Promise.all(
    rows.map(async ({ table_name }) => {
      const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table_name)}`.execute(database.handle.db);
      return [table_name, Number(count.rows[0]!.n)] as const;
    }),
  );
  // Kysely's own tables keep their rows: they say the schema is migrated.
  return counts.filter(([table, n]) => n > 0 && !table.startsWith('kysely_')).map(([table]) => table);
}

describe.skipIf(!testDatabaseUrl)('test databases on PostgreSQL', () => {
  it('hands the next test the same schema, every table emptied', async () => {
    const first = await createTestDatabase();
    const core = createCore(loadConfig({ LOG_LEVEL: 'silent', CPU_THREADS: '0' }), { db: first.handle });
    await core.orgs.bootstrap(`mailgate_${'d'.repeat(40)}`);
    const org = await first.handle.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    await first.handle.db.insertInto('tags').values({ id: 'tag_01', organization_id: org.id, name: 'kept?', created_at: 0 }).execute();
    expect(await nonEmptyTables(first)).toEqual(expect.arrayContaining(['api_tokens', 'organizations', 'tags']));
    await core.close();
    await first.cleanup();

    const second = await createTestDatabase();
    try {
      expect(second.postgres!.schema).toBe(first.postgres!.schema);
      expect(await nonEmptyTables(second)).toEqual([]);
    } finally {
      await second.cleanup();
    }
  });

  it('drops a schema whose tables a test changed, instead of handing it on', async () => {
    const first = await createTestDatabase();
    // A change emptying the tables would not notice.
    await sql`alter table tags add column extra text`.execute(first.handle.db);
    await first.cleanup();

    const second = await createTestDatabase();
    try {
      expect(second.postgres!.schema).not.toBe(first.postgres!.schema);
      const left = await sql`select 1 from pg_namespace where nspname = ${first.postgres!.schema}`.execute(second.handle.db);
      expect(left.rows).toEqual([]);
    } finally {
      await second.cleanup();
    }
  });
});
