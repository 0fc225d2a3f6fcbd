import type { Kysely, Transaction } from 'kysely';
import { insertRows } from '../db/insert-rows.ts';
import type { Database } from '../db/schema.ts';
import { addressOf } from './email-record.ts';
import { domainOf } from './address.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const DAY_MS = 86_400_000;

/** The UTC day (days since 1970-01-01) a moment falls on. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** The domain email statistics count a sender under: its address's, lower-cased. */
export const senderDomainOf = (from: string): string => domainOf(addressOf(from));

/** One event to count: whose, when, from which sender, of which type. */
export interface CountedEvent {
  organizationId: string;
  at: number;
  from: string;
  type: string;
}

/**
 * Add events to the daily counts, in the caller's transaction (so the counts
 * commit with the events). One statement for any number of events; its rows in
 * one order of key, so transactions counting the same days never deadlock.
 */
export async function countEmailEvents(db: Db, events: readonly CountedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const merged = new Map<string, { organization_id: string; day: number; domain: string; type: string; count: number }>();
  for (const e of events) {
    const row = { organization_id: e.organizationId, day: dayOf(e.at), domain: senderDomainOf(e.from), type: e.type, count: 0 };
    const key = `${row.organization_id}\u0000${row.day}\u0000${row.domain}\u0000${row.type}`;
    const into = merged.get(key) ?? row;
    into.count += 1;
    merged.set(key, into);
  }
  const rows = [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  await insertRows(db, 'email_daily_stats add', rows, (chunk) =>
    db
      .insertInto('email_daily_stats')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['organization_id', 'day', 'domain', 'type']).doUpdateSet((eb) => ({
          count: eb('email_daily_stats.count', '+', eb.ref('excluded.count')),
        })),
      ),
  );
}

/** The senders of these emails, to count their events by domain. */
export async function findEmailSenders(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('emails')
    .select(['id', 'from_address'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.from_address]));
}

/** An organization's counts of days `from`…`to` (inclusive), summed over sender domains unless one is given. */
export async function readDailyCounts(db: Db, organizationId: string, range: { from: number; to: number; domain?: string | undefined }) {
  let query = db
    .selectFrom('email_daily_stats')
    .select((eb) => ['day', 'type', eb.fn.sum<number | string>('count').as('count')])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (range.domain !== undefined) query = query.where('domain', '=', range.domain);
  const rows = await query.groupBy(['day', 'type']).execute();
  return rows.map((r) => ({ day: Number(r.day), type: r.type, count: Number(r.count) }));
}
