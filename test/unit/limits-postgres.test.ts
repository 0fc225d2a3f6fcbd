import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/index.ts';
import { admitSends, purgeRecipientGuards, startBounceCooldowns } from '../../src/limits/index.ts';
import { dropSchema, newSchemaName, testDatabaseUrl } from '../helpers/db.ts';

/**
 * Races only PostgreSQL has (SQLite runs one write transaction at a time): two
 * connections writing recipient guard rows must never deadlock, and a purge in
 * the middle of a guard check must not lose the row the check is using.
 */

/** Holds a transaction open for a while after each statement that returns rows, so another connection can cut in. */
const pauseAfterRows: KyselyPlugin = {
  transformQuery: (args) => args.node,
  async transformResult(args) {
    if ((args.result.rows ?? []).length > 0) await new Promise((r) => setTimeout(r, 300));
    return args.result;
  },
};

const T0 = Date.UTC(2026, 0, 1);
const m1 = { organizationId: 'org_1', mailbox: 'a@x.example' };
const m2 = { organizationId: 'org_1', mailbox: 'b@x.example' };

describe.skipIf(!testDatabaseUrl)('recipient guard rows under concurrent PostgreSQL transactions', () => {
  const opened: DatabaseHandle[] = [];
  let schema = '';
  async function twoConnections(): Promise<[DatabaseHandle, DatabaseHandle]> {
    schema = newSchemaName();
    const first = await openDatabase({ databaseUrl: testDatabaseUrl!, databaseSchema: schema, poolSize: 2 });
    await migrateToLatest(first);
    const second = await openDatabase({ databaseUrl: testDatabaseUrl!, databaseSchema: schema, poolSize: 2 });
    opened.push(first, second);
    return [first, second];
  }
  afterEach(async () => {
    for (const h of opened.splice(0)) await h.close();
    await dropSchema(testDatabaseUrl!, schema);
  });

  it('a purge while a guard check holds an expired row neither fails the check nor loses its send', async () => {
    const [a, b] = await twoConnections();
    await a.db.transaction().execute((trx) => admitSends(trx, [[m1]], T0));
    const later = T0 + 25 * 3600_000; // the first send has left the long window: the row is purgeable
    const check = b.db
      .withPlugin(pauseAfterRows)
      .transaction()
      .execute((trx) => admitSends(trx, [[m1]], later));
    await new Promise((r) => setTimeout(r, 100));
    await purgeRecipientGuards(a.db, later);
    expect(await check).toEqual([null]);
    const row = await a.db.selectFrom('recipient_guards').select('sends').where('mailbox', '=', m1.mailbox).executeTakeFirstOrThrow();
    expect(JSON.parse(row.sends)).toEqual([later]);
  }, 20_000);

  it('bounce cooldowns written in any order do not deadlock with a guard check over the same mailboxes', async () => {
    const [a, b] = await twoConnections();
    await a.db.transaction().execute((trx) => admitSends(trx, [[m1], [m2]], T0));
    const check = b.db
      .withPlugin(pauseAfterRows)
      .transaction()
      .execute((trx) => admitSends(trx, [[m1, m2]], T0 + 500));
    await new Promise((r) => setTimeout(r, 100));
    const cooldown = a.db
      .withPlugin(pauseAfterRows)
      .transaction()
      .execute((trx) =>
        startBounceCooldowns(trx, [
          { ...m2, until: T0 + 60_000 },
          { ...m1, until: T0 + 60_000 },
        ]),
      );
    // Both finish: the check admits its one unit (each mailbox has one send in both windows) and the cooldown is written.
    expect(await Promise.all([check, cooldown])).toEqual([[null], undefined]);
    const rows = await a.db.selectFrom('recipient_guards').select(['mailbox', 'sends', 'cooldown_until']).orderBy('mailbox').execute();
    expect(rows.map((r) => ({ mailbox: r.mailbox, sends: JSON.parse(r.sends), cooldown_until: Number(r.cooldown_until) }))).toEqual([
      { mailbox: m1.mailbox, sends: [T0, T0 + 500], cooldown_until: T0 + 60_000 },
      { mailbox: m2.mailbox, sends: [T0, T0 + 500], cooldown_until: T0 + 60_000 },
    ]);
  }, 20_000);
});
