import { sql, type Kysely, type Transaction } from 'kysely';
import { fetchIdPage, subscriberAmong } from '../db/index.ts';
import type { Database, SubscribersTable } from '../db/schema.ts';
import { mailboxKey } from '../emails/address.ts';
import { hasPrefix, newId } from '../ids.ts';
import type { PageRequest } from '../pagination.ts';
import type { SubscriberFilter } from './audience-input.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** `{subscriber}` in a path: an id (`sub_…`) or an email address (compared lower-cased). */
export async function findSubscriber(db: Db, organizationId: string, ref: string): Promise<SubscribersTable | undefined> {
  const query = db.selectFrom('subscribers').selectAll().where('organization_id', '=', organizationId);
  return (hasPrefix(ref, 'sub') ? query.where('id', '=', ref) : query.where('email_key', '=', mailboxKey(ref.trim()))).executeTakeFirst();
}

/** A subscriber whatever its organization: for a link that names it (an unsubscribe link). */
export async function findSubscriberById(db: Db, id: string): Promise<SubscribersTable | undefined> {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSubscriberByEmail(db: Db, organizationId: string, email: string): Promise<SubscribersTable | undefined> {
  return db.selectFrom('subscribers').selectAll().where('organization_id', '=', organizationId).where('email_key', '=', mailboxKey(email)).executeTakeFirst();
}

/** An organization's subscribers with these (lower-cased) emails, whichever exist. */
export async function findSubscribersByEmails(db: Db, organizationId: string, emails: readonly string[]): Promise<SubscribersTable[]> {
  if (emails.length === 0) return [];
  return db
    .selectFrom('subscribers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('email_key', 'in', [...emails])
    .execute();
}

export function searchTextOf(row: { email: string; first_name: string | null; last_name: string | null }): string {
  return [row.email, row.first_name, row.last_name].filter(Boolean).join(' ').toLowerCase();
}

/** Tag names per subscriber, sorted. */
export async function tagNamesOf(db: Db, subscriberIds: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>(subscriberIds.map((id) => [id, []]));
  if (subscriberIds.length === 0) return names;
  const rows = await db
    .selectFrom('subscriber_tags')
    .innerJoin('tags', 'tags.id', 'subscriber_tags.tag_id')
    .select(['subscriber_tags.subscriber_id', 'tags.name'])
    .where('subscriber_tags.subscriber_id', 'in', subscriberIds)
    .execute();
  for (const row of rows) names.get(row.subscriber_id)!.push(row.name);
  // Sorted here, not by the database's collation, so every database answers alike.
  for (const list of names.values()) list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names;
}

/** The ids of these tag names, creating the ones that do not exist yet. */
export async function ensureTags(trx: Db, organizationId: string, names: string[], now: number): Promise<Map<string, string>> {
  // In one order, so two requests creating the same new tags never deadlock.
  const unique = [...new Set(names)].sort();
  if (unique.length === 0) return new Map();
  await trx
    .insertInto('tags')
    .values(unique.map((name) => ({ id: newId('tag', now), organization_id: organizationId, name, created_at: now })))
    .onConflict((oc) => oc.columns(['organization_id', 'name']).doNothing())
    .execute();
  return findTagIds(trx, organizationId, unique);
}

export async function findTagIds(db: Db, organizationId: string, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('tags').select(['id', 'name']).where('organization_id', '=', organizationId).where('name', 'in', names).execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Attach tags; returns the tag ids that were not attached before. Only rows this
 * statement really inserted count (a concurrent attach of the same tag reports
 * it once, not twice), and rows are written in one order, so concurrent attaches
 * never deadlock.
 */
export async function attachTags(trx: Db, subscriberId: string, tagIds: string[], now: number): Promise<Set<string>> {
  if (tagIds.length === 0) return new Set();
  const rows = await trx
    .insertInto('subscriber_tags')
    .values([...new Set(tagIds)].sort().map((tag_id) => ({ tag_id, subscriber_id: subscriberId, created_at: now })))
    .onConflict((oc) => oc.columns(['tag_id', 'subscriber_id']).doNothing())
    .returning('tag_id')
    .execute();
  return new Set(rows.map((r) => r.tag_id));
}

/** Detach tags; returns the tag ids that were attached. */
export async function detachTags(trx: Db, subscriberId: string, tagIds: string[]): Promise<Set<string>> {
  if (tagIds.length === 0) return new Set();
  const rows = await trx.deleteFrom('subscriber_tags').where('subscriber_id', '=', subscriberId).where('tag_id', 'in', tagIds).returning('tag_id').execute();
  return new Set(rows.map((r) => r.tag_id));
}

export interface NewSubscriberEvent {
  organizationId: string;
  subscriberId: string;
  name: string;
  properties: Record<string, unknown>;
  at: number;
}

export async function insertSubscriberEvents(trx: Db, events: NewSubscriberEvent[]): Promise<{ id: string; event: NewSubscriberEvent }[]> {
  if (events.length === 0) return [];
  const withIds = events.map((event) => ({ id: newId('evt', event.at), event }));
  await trx
    .insertInto('subscriber_events')
    .values(
      withIds.map(({ id, event }) => ({
        id,
        organization_id: event.organizationId,
        subscriber_id: event.subscriberId,
        name: event.name,
        properties: JSON.stringify(event.properties),
        created_at: event.at,
      })),
    )
    .execute();
  return withIds;
}

/** `query` matches email and names anywhere, case-insensitively (search_text is lower-cased). */
function matchesQuery(text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Both dialects take an explicit ESCAPE; SQLite has no default escape character.
  return sql<boolean>`s.search_text like ${pattern} escape '\\'`;
}

/**
 * A tag's subscribers, walked from the tag's own key (subscriber_tags is keyed by
 * tag, then subscriber, so the walk comes out in id order). Written as a cross
 * join on purpose: SQLite keeps a cross join's table order, where an inner join
 * lets its planner (without statistics) start from the whole organization and
 * sort. PostgreSQL plans it as the inner join it is.
 */
function fromTag(db: Db, tagId: string, organizationId: string) {
  return db
    .selectFrom('subscriber_tags as st')
    .crossJoin('subscribers as s')
    .whereRef('s.id', '=', 'st.subscriber_id')
    .where('st.tag_id', '=', tagId)
    .where('s.organization_id', '=', organizationId);
}

/** "Subscriber `s` has this tag", checked on the tag's key. */
function hasTag(tagId: string) {
  return sql<boolean>`exists (select 1 from subscriber_tags t where t.tag_id = ${tagId} and t.subscriber_id = s.id)`;
}

export interface SubscriberQuery {
  filter: SubscriberFilter;
  /** The filter's tag resolved to its id; null when the tag does not exist (nothing matches). */
  tagId?: string | null;
  /** For `query`: the few subscribers the search index says may match, when it is worth using. */
  candidates?: number[] | null;
}

/**
 * One page of subscribers, newest first, `limit + 1` rows (has_more). Filtered by
 * tag, the walk starts from the tag's own key (subscriber_tags is keyed by tag,
 * then subscriber), so a page costs the same whatever the size of the audience.
 */
export async function listSubscriberRows(
  db: Db,
  organizationId: string,
  { filter, tagId, candidates }: SubscriberQuery,
  page: PageRequest & { offset?: number },
): Promise<SubscribersTable[]> {
  if (tagId === null) return [];
  // A tag drives its own walk, unless a few search candidates are known: then they drive and the tag is a check.
  const walkTag = tagId !== undefined && !candidates;
  let query = walkTag
    ? fromTag(db, tagId, organizationId).selectAll('s')
    : db.selectFrom('subscribers as s').selectAll('s').where('s.organization_id', '=', organizationId);
  if (tagId && !walkTag) query = query.where(hasTag(tagId));
  if (filter.status) query = query.where('s.status', '=', filter.status);
  if (filter.query) query = query.where(matchesQuery(filter.query));
  if (candidates) query = query.where(subscriberAmong(candidates));
  // Walking a tag, its key's subscriber_id gives the order (the same value as s.id).
  return walkTag ? fetchIdPage(query, 'st.subscriber_id', page) : fetchIdPage(query, 's.id', page);
}

export async function countSubscribers(db: Db, organizationId: string, { filter, tagId, candidates }: SubscriberQuery): Promise<number> {
  if (tagId === null) return 0;
  const walkTag = tagId !== undefined && !candidates;
  let query = walkTag ? fromTag(db, tagId, organizationId) : db.selectFrom('subscribers as s').where('s.organization_id', '=', organizationId);
  if (tagId && !walkTag) query = query.where(hasTag(tagId));
  if (filter.status) query = query.where('s.status', '=', filter.status);
  if (filter.query) query = query.where(matchesQuery(filter.query));
  if (candidates) query = query.where(subscriberAmong(candidates));
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSubscriberEventRows(db: Db, subscriberId: string, page: PageRequest) {
  const query = db
    .selectFrom('subscriber_events')
    .select(['id', 'subscriber_id', 'name', 'properties', 'created_at'])
    .where('subscriber_id', '=', subscriberId);
  return fetchIdPage(query, 'id', page);
}

/** `{tag}` in a path: an id (`tag_…`) or a name. */
export async function findTag(db: Db, organizationId: string, ref: string) {
  const query = db.selectFrom('tags').selectAll().where('organization_id', '=', organizationId);
  return (hasPrefix(ref, 'tag') ? query.where('id', '=', ref) : query.where('name', '=', ref)).executeTakeFirst();
}

export async function countTagSubscribers(db: Db, tagIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(tagIds.map((id) => [id, 0]));
  if (tagIds.length === 0) return counts;
  const rows = await db
    .selectFrom('subscriber_tags')
    .select(['tag_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tag_id', 'in', tagIds)
    .groupBy('tag_id')
    .execute();
  for (const row of rows) counts.set(row.tag_id, Number(row.n));
  return counts;
}

export async function listTagRows(db: Db, organizationId: string, page: PageRequest) {
  return fetchIdPage(db.selectFrom('tags').selectAll().where('organization_id', '=', organizationId), 'id', page);
}
