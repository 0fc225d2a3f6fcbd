import type { SelectQueryBuilder, StringReference } from 'kysely';

/**
 * One page of a list keyed by time-ordered ids, newest first: `after` gives the
 * rows older than that id, `before` the rows newer (read oldest first, then
 * turned around), `offset` skips rows (v1's page numbers). Fetches `limit + 1`
 * rows so the caller can tell `has_more`.
 */
export async function fetchIdPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  id: StringReference<DB, TB>,
  page: { limit: number; after?: string | undefined; before?: string | undefined; offset?: number | undefined },
): Promise<O[]> {
  if (page.before !== undefined) {
    const rows = await query
      .where(id, '>', page.before as never)
      .orderBy(id, 'asc')
      .limit(page.limit + 1)
      .execute();
    return rows.reverse();
  }
  let q = page.after !== undefined ? query.where(id, '<', page.after as never) : query;
  q = q.orderBy(id, 'desc').limit(page.limit + 1);
  if (page.offset) q = q.offset(page.offset);
  return q.execute();
}
