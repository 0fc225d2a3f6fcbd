import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SubscribersTable } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Who a campaign goes to: the subscribers with any (or all) of some tags, or
 * every subscriber when no tag is named. Tags are given by id, resolved by the
 * caller (an unknown name is the caller's error to report).
 */
export interface AudienceSelection {
  tagIds: readonly string[];
  match: 'any' | 'all';
}

/** The columns a campaign needs of a subscriber: who it is, whether it may be mailed, and what personalizes its email. */
export type AudienceMember = Pick<SubscribersTable, 'id' | 'email' | 'email_key' | 'first_name' | 'last_name' | 'status' | 'attributes'>;

function selected(db: Db, organizationId: string, selection: AudienceSelection) {
  let query = db.selectFrom('subscribers as s').where('s.organization_id', '=', organizationId);
  const { tagIds } = selection;
  if (tagIds.length === 0) return query;
  const tagged = (tagId: string) => sql<boolean>`exists (select 1 from subscriber_tags t where t.tag_id = ${tagId} and t.subscriber_id = s.id)`;
  if (selection.match === 'all') {
    for (const tagId of tagIds) query = query.where(tagged(tagId));
  } else {
    query = query.where((eb) => eb.or(tagIds.map(tagged)));
  }
  return query;
}

/**
 * The next `limit` members after `afterId` in id order, whatever their status
 * (the caller skips and counts those it may not mail). The walk is on the
 * (organization_id, id) index: a page costs the same wherever it starts.
 */
export async function audiencePage(
  db: Db,
  organizationId: string,
  selection: AudienceSelection,
  afterId: string | null,
  limit: number,
): Promise<AudienceMember[]> {
  let query = selected(db, organizationId, selection).select(['s.id', 's.email', 's.email_key', 's.first_name', 's.last_name', 's.status', 's.attributes']);
  if (afterId !== null) query = query.where('s.id', '>', afterId);
  return query.orderBy('s.id').limit(limit).execute();
}

/** How many members are subscribed (the rest would be skipped). */
export async function countSubscribedAudience(db: Db, organizationId: string, selection: AudienceSelection): Promise<number> {
  const row = await selected(db, organizationId, selection)
    .where('s.status', '=', 'subscribed')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
