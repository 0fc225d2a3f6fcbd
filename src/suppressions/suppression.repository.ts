import { sql, type Kysely, type Transaction } from 'kysely';
import { fetchIdPage } from '../db/id-page.ts';
import { insertRows } from '../db/insert-rows.ts';
import type { Database, SuppressionsTable } from '../db/schema.ts';
import type { PageRequest } from '../pagination.ts';
import type { SuppressionReason } from './suppression-record.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Addresses per lookup statement: one parameter each, well under either database's limit. */
export const LOOKUP_CHUNK = 500;

/** The lower-cased address a suppression is matched by (as emails/address.ts mailboxKey counts recipients). */
export const emailKeyOf = (email: string) => email.toLowerCase();

/** Still suppressing at `now`: no end, or an end still to come. */
function active(now: number) {
  return sql<boolean>`(expires_at is null or expires_at > ${now})`;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LOOKUP_CHUNK) out.push(items.slice(i, i + LOOKUP_CHUNK));
  return out;
}

/** The organization's suppressions of these lower-cased addresses that still suppress at `now`: one indexed query per chunk. */
export async function findActiveByKeys(
  db: Db,
  organizationId: string,
  keys: readonly string[],
  now: number,
): Promise<Pick<SuppressionsTable, 'id' | 'email_key' | 'reason'>[]> {
  const found: Pick<SuppressionsTable, 'id' | 'email_key' | 'reason'>[] = [];
  for (const chunk of chunks([...new Set(keys)])) {
    found.push(
      ...(await db
        .selectFrom('suppressions')
        .select(['id', 'email_key', 'reason'])
        .where('organization_id', '=', organizationId)
        .where('email_key', 'in', chunk)
        .where(active(now))
        .execute()),
    );
  }
  return found;
}

/** Whole rows of these addresses, still suppressing at `now`. */
export async function findActiveRows(db: Db, organizationId: string, keys: readonly string[], now: number): Promise<SuppressionsTable[]> {
  const found: SuppressionsTable[] = [];
  for (const chunk of chunks([...new Set(keys)])) {
    found.push(
      ...(await db
        .selectFrom('suppressions')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('email_key', 'in', chunk)
        .where(active(now))
        .execute()),
    );
  }
  return found;
}

/** One suppression by id or lower-cased address, while it still suppresses. */
export async function findActiveRow(db: Db, organizationId: string, ref: { id: string } | { key: string }, now: number) {
  let query = db.selectFrom('suppressions').selectAll().where('organization_id', '=', organizationId).where(active(now));
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('email_key', '=', ref.key);
  return query.executeTakeFirst();
}

/** Rows of these addresses whose time is over: they make way for new ones. */
export async function deleteExpiredByKeys(db: Db, organizationId: string, keys: readonly string[], now: number): Promise<void> {
  for (const chunk of chunks([...new Set(keys)])) {
    await db
      .deleteFrom('suppressions')
      .where('organization_id', '=', organizationId)
      .where('email_key', 'in', chunk)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .execute();
  }
}

/**
 * Insert rows whose address the organization has not suppressed yet; an address
 * it has (a row of another transaction included) keeps its row. Returns the rows inserted.
 */
export async function insertNewSuppressions(db: Db, rows: readonly SuppressionsTable[]): Promise<SuppressionsTable[]> {
  return insertRows(db, 'suppressions on conflict do nothing returning', rows, (chunk) =>
    db
      .insertInto('suppressions')
      .values(chunk)
      .onConflict((oc) => oc.columns(['organization_id', 'email_key']).doNothing())
      .returningAll(),
  );
}

/** A complaint outweighs a bounce or a manual entry: the row becomes a complaint that never ends. */
export async function upgradeToComplaint(db: Db, organizationId: string, key: string, sourceId: string | null): Promise<void> {
  await db
    .updateTable('suppressions')
    .set({ reason: 'complaint', expires_at: null, source_id: sourceId })
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', key)
    .where('reason', '<>', 'complaint')
    .execute();
}

export async function deleteSuppression(db: Db, id: string): Promise<void> {
  await db.deleteFrom('suppressions').where('id', '=', id).execute();
}

export interface SuppressionFilter {
  reason?: SuppressionReason | undefined;
  /** The exact address, without regard to case. */
  email?: string | undefined;
  /** Text the address contains, without regard to case. */
  query?: string | undefined;
}

/** One page, newest first, of the suppressions that still suppress at `now`; `limit + 1` rows (has_more). */
export async function listSuppressionRows(db: Db, organizationId: string, filter: SuppressionFilter, page: PageRequest, now: number) {
  let query = db.selectFrom('suppressions').selectAll().where('organization_id', '=', organizationId).where(active(now));
  if (filter.reason !== undefined) query = query.where('reason', '=', filter.reason);
  if (filter.email !== undefined) query = query.where('email_key', '=', emailKeyOf(filter.email));
  if (filter.query !== undefined && filter.query !== '') {
    const pattern = `%${emailKeyOf(filter.query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Both dialects take an explicit ESCAPE; SQLite has no default escape character.
    query = query.where(sql<boolean>`email_key like ${pattern} escape '\\'`);
  }
  return fetchIdPage(query, 'id', page);
}

/** Forget suppressions whose time is over (housekeeping); returns how many. */
export async function purgeExpiredSuppressions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('suppressions').where('expires_at', 'is not', null).where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
