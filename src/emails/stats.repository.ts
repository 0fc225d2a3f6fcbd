import type { Kysely, Transaction } from 'kysely';
import { counterShard } from '../db/dialect.ts';
import { insertRows } from '../db/insert-rows.ts';
import type { Database } from '../db/schema.ts';
import { addressOf } from './email-record.ts';
import { domainOf } from './address.ts';
import type { EmailTag, TagFilter } from './email-tags.ts';

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
  /** The email's tags: the event is counted once more under each. */
  tags?: readonly EmailTag[] | undefined;
}

/** Rows merged by key, sorted by it: transactions counting the same days take their row locks in one order and never deadlock. */
function mergeCounts<R extends { count: number }>(entries: Iterable<[key: string, row: R]>): R[] {
  const merged = new Map<string, R>();
  for (const [key, row] of entries) {
    const into = merged.get(key);
    if (into) into.count += row.count;
    else merged.set(key, row);
  }
  return [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * Add events to the daily counts, in the caller's transaction (so the counts
 * commit with the events). One statement for any number of events, and one
 * more when some of their emails are tagged; rows in one order of key, so
 * transactions counting the same days never deadlock.
 */
export async function countEmailEvents(db: Db, events: readonly CountedEvent[]): Promise<void> {
  if (events.length === 0) return;
  // One row of each counter for the whole call (see counterShard): the rows stay in one order of key.
  const shard = counterShard(db);
  const merged = new Map<string, { organization_id: string; day: number; domain: string; type: string; shard: number; count: number }>();
  for (const e of events) {
    const row = { organization_id: e.organizationId, day: dayOf(e.at), domain: senderDomainOf(e.from), type: e.type, shard, count: 0 };
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
        oc.columns(['organization_id', 'day', 'domain', 'type', 'shard']).doUpdateSet((eb) => ({
          count: eb('email_daily_stats.count', '+', eb.ref('excluded.count')),
        })),
      ),
  );
  const tagged = events.flatMap((e) =>
    (e.tags ?? []).map((t): [string, TagCountRow] => {
      const row = {
        organization_id: e.organizationId,
        tag_name: t.name,
        tag_value: t.value,
        day: dayOf(e.at),
        domain: senderDomainOf(e.from),
        type: e.type,
        shard,
        count: 1,
      };
      return [[row.organization_id, row.tag_name, row.tag_value, row.day, row.domain, row.type].join('\u0000'), row];
    }),
  );
  if (tagged.length === 0) return;
  await insertRows(db, 'email_daily_tag_stats add', mergeCounts(tagged), (chunk) =>
    db
      .insertInto('email_daily_tag_stats')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['organization_id', 'tag_name', 'tag_value', 'day', 'domain', 'type', 'shard']).doUpdateSet((eb) => ({
          count: eb('email_daily_tag_stats.count', '+', eb.ref('excluded.count')),
        })),
      ),
  );
}

interface TagCountRow {
  organization_id: string;
  tag_name: string;
  tag_value: string;
  day: number;
  domain: string;
  type: string;
  shard: number;
  count: number;
}

/** The senders and tags of these emails, to count their events by domain and tag: one query (a tag-less email's join finds nothing). */
export async function findEmailSenders(db: Db, ids: readonly string[]): Promise<Map<string, { from: string; tags: EmailTag[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('emails')
    .leftJoin('email_tags', 'email_tags.email_id', 'emails.id')
    .select(['emails.id', 'emails.from_address', 'email_tags.name', 'email_tags.value'])
    .where('emails.id', 'in', [...ids])
    .execute();
  const senders = new Map<string, { from: string; tags: EmailTag[] }>();
  for (const r of rows) {
    const sender = senders.get(r.id) ?? { from: r.from_address, tags: [] };
    if (r.name !== null && r.value !== null) sender.tags.push({ name: r.name, value: r.value });
    senders.set(r.id, sender);
  }
  return senders;
}

/**
 * An organization's counts of days `from`…`to` (inclusive), summed over sender
 * domains unless one is given; with a tag, only of the emails carrying it (the
 * tag's own counts, summed over its values when only its name is given).
 */
export async function readDailyCounts(
  db: Db,
  organizationId: string,
  range: { from: number; to: number; domain?: string | undefined; tag?: TagFilter | undefined },
) {
  const { tag } = range;
  if (tag !== undefined) {
    let query = db
      .selectFrom('email_daily_tag_stats')
      .select((eb) => ['day', 'type', eb.fn.sum<number | string>('count').as('count')])
      .where('organization_id', '=', organizationId)
      .where('tag_name', '=', tag.name)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to);
    if (tag.value !== undefined) query = query.where('tag_value', '=', tag.value);
    if (range.domain !== undefined) query = query.where('domain', '=', range.domain);
    const rows = await query.groupBy(['day', 'type']).execute();
    return rows.map((r) => ({ day: Number(r.day), type: r.type, count: Number(r.count) }));
  }
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
