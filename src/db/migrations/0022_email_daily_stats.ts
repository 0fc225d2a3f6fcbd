import type { Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

const DAY_MS = 86_400_000;

/** The sender's domain of a stored From (`Name <a@b.example>` or `a@b.example`), lower-cased: as the code of this migration's time reads it. */
function senderDomain(from: string): string {
  const address = from.trim().replace(/>$/, '');
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Email statistics by day: how many events of each type an organization's
 * emails had on each UTC day, by sender domain. Kept up to date by every write
 * of email events, so that reading 90 days costs a few hundred small rows
 * however many emails there are; filled here from the events already stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);
  await compact(
    db.schema
      .createTable('email_daily_stats')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      // Days since 1970-01-01 (UTC).
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_daily_stats_pk', ['organization_id', 'day', 'domain', 'type']),
  ).execute();

  // Grouped by the stored From (few per organization), then merged by domain here.
  const groups = await db
    .selectFrom('email_events as ev')
    .innerJoin('emails as e', 'e.id', 'ev.email_id')
    .select((eb) => [
      'e.organization_id as organization_id',
      eb(eb.ref('ev.created_at'), '/', DAY_MS).as('day'),
      'e.from_address as from_address',
      'ev.type as type',
      eb.fn.countAll().as('count'),
    ])
    .groupBy(['e.organization_id', 'day', 'e.from_address', 'ev.type'])
    .execute();
  const merged = new Map<string, { organization_id: string; day: number; domain: string; type: string; count: number }>();
  for (const g of groups) {
    const row = { organization_id: g.organization_id, day: Math.floor(Number(g.day)), domain: senderDomain(g.from_address), type: g.type, count: 0 };
    const key = JSON.stringify([row.organization_id, row.day, row.domain, row.type]);
    const into = merged.get(key) ?? row;
    into.count += Number(g.count);
    merged.set(key, into);
  }
  const rows = [...merged.values()];
  // 5 parameters a row: well within either database's limit per statement.
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('email_daily_stats')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_daily_stats').execute();
}
