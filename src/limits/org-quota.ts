import type { Clock } from '../clock.ts';
import { insertRows, type DatabaseHandle } from '../db/index.ts';
import { QUOTA_WINDOW_MS, quotaState, windowStartOf, type QuotaState } from './quotas.ts';

/**
 * The organization quota, counted in the database so that every process on it
 * shares one count. Each request adds one to its organization's counter for the
 * current window and learns its own position; it is within the quota when that
 * position is at most the limit. Requests of the same moment are counted with
 * one statement (the counts of one organization are added up and handed out in
 * arrival order), so the count stays exact under any concurrency and costs one
 * small write per burst, not per request.
 */
export interface OrgQuota {
  /** Count one request of the organization; every request counts, admitted or not. */
  consume(organizationId: string, limit: number): Promise<QuotaState>;
  /** Drop the counters of windows that are over. */
  purge(now: number): Promise<void>;
}

interface Pending {
  organizationId: string;
  limit: number;
  resolve: (state: QuotaState) => void;
  reject: (error: unknown) => void;
}

export function createOrgQuota(handle: DatabaseHandle, clock: Clock): OrgQuota {
  const db = handle.db;

  let pending: Pending[] = [];
  let scheduled = false;
  let flushing = false;

  async function flush(): Promise<void> {
    scheduled = false;
    flushing = true;
    const batch = pending;
    pending = [];
    try {
      const now = clock.now();
      const windowStart = windowStartOf(now);
      const counts = new Map<string, number>();
      for (const p of batch) counts.set(p.organizationId, (counts.get(p.organizationId) ?? 0) + 1);
      // In one order of organization (PostgreSQL locks the rows as it goes), so
      // processes flushing the same organizations never deadlock on each other.
      const ordered = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const added = ordered.map(([organizationId, count]) => ({ organization_id: organizationId, window_start: windowStart, count }));
      // Runs on every burst of requests: compiled once per number of organizations in one (almost always one).
      const rows = await insertRows(db, 'quota_windows add', added, (chunk) =>
        db
          .insertInto('quota_windows')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['organization_id', 'window_start']).doUpdateSet((eb) => ({
              count: eb('quota_windows.count', '+', eb.ref('excluded.count')),
            })),
          )
          .returning(['organization_id', 'count']),
      );
      // The counter now ends at `total`; this batch holds the last `n` positions, in arrival order.
      const next = new Map<string, number>();
      for (const row of rows) next.set(row.organization_id, Number(row.count) - counts.get(row.organization_id)! + 1);
      for (const p of batch) {
        const position = next.get(p.organizationId)!;
        next.set(p.organizationId, position + 1);
        p.resolve(quotaState(p.limit, position, now));
      }
    } catch (error) {
      for (const p of batch) p.reject(error);
    } finally {
      flushing = false;
      if (pending.length > 0) schedule();
    }
  }

  function schedule(): void {
    if (scheduled || flushing) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  return {
    consume(organizationId, limit) {
      return new Promise<QuotaState>((resolve, reject) => {
        pending.push({ organizationId, limit, resolve, reject });
        schedule();
      });
    },
    async purge(now) {
      await db
        .deleteFrom('quota_windows')
        .where('window_start', '<', windowStartOf(now) - QUOTA_WINDOW_MS)
        .execute();
    },
  };
}

/** Requests of the organization counted in the window `now` falls in, counting nothing: for showing the quota (quotaState), not for deciding. */
export async function countedRequests(db: DatabaseHandle['db'], organizationId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('quota_windows')
    .select('count')
    .where('organization_id', '=', organizationId)
    .where('window_start', '=', windowStartOf(now))
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}
