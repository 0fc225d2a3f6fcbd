// What the queue holds and when the scheduled tasks last ran, for monitoring:
// counts across the fleet (every process on the database), never per organization.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface QueueKindStats {
  kind: string;
  /** Due now and not held by a live lease: waiting for a worker. */
  due: number;
  /** Waiting for a later time (a schedule, a retry's backoff, a workflow's wait). */
  scheduled: number;
  /** Held by a worker's live lease. */
  running: number;
  /** How long the longest-waiting due job has been due; 0 when none is. */
  oldestDueAgeMs: number;
}

/**
 * The jobs of each kind at `now`: one query over the jobs table. Every kind in
 * `kinds` is listed (zeros when it has no jobs), then any other kind found.
 */
export async function queueStats(db: Kysely<Database>, now: number, kinds: readonly string[]): Promise<QueueKindStats[]> {
  const free = sql`(lease_until is null or lease_until <= ${now})`;
  const rows = await db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<string | number>`sum(case when ${free} and run_at <= ${now} then 1 else 0 end)`.as('due'),
      sql<string | number>`sum(case when ${free} and run_at > ${now} then 1 else 0 end)`.as('scheduled'),
      sql<string | number>`sum(case when ${free} then 0 else 1 end)`.as('running'),
      sql<string | number | null>`min(case when ${free} and run_at <= ${now} then run_at end)`.as('oldest'),
    ])
    .groupBy('kind')
    .execute();
  const found = new Map(rows.map((r) => [r.kind, r]));
  return [...kinds, ...[...found.keys()].filter((k) => !kinds.includes(k)).sort()].map((kind) => {
    const r = found.get(kind);
    return {
      kind,
      due: Number(r?.due ?? 0),
      scheduled: Number(r?.scheduled ?? 0),
      running: Number(r?.running ?? 0),
      oldestDueAgeMs: r?.oldest === null || r?.oldest === undefined ? 0 : Math.max(0, now - Number(r.oldest)),
    };
  });
}

/** When each scheduled task last started a run that completed (queue/scheduled.ts); null for one that never has. */
export async function scheduledTaskRuns(db: Kysely<Database>, names: readonly string[]): Promise<{ name: string; lastRunAt: number | null }[]> {
  const rows =
    names.length === 0
      ? []
      : await db
          .selectFrom('scheduler_leases')
          .select(['name', 'last_run_at'])
          .where('name', 'in', [...names])
          .execute();
  return names.map((name) => {
    const at = rows.find((r) => r.name === name)?.last_run_at;
    return { name, lastRunAt: at === null || at === undefined ? null : Number(at) };
  });
}
