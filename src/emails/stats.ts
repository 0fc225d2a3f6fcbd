// Email statistics: an organization's email events counted by the UTC day they
// happened on, read from the daily counts every event write keeps
// (stats.repository.ts), so a read costs the same at a hundred emails or a million.
import { z } from 'zod';
import { quotaOf, type OrgScope, type Plan } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { countedRequests, quotaState } from '../limits/index.ts';
import { DAY_MS, dayOf, readDailyCounts } from './stats.repository.ts';
import { formatTagFilter, type TagFilter } from './email-tags.ts';

export const STATS_DAYS_MAX = 90;
export const STATS_DAYS_DEFAULT = 30;

/** The event types statistics count, in the order they are shown. */
export const STATS_TYPES = ['sent', 'delivered', 'bounced', 'complained', 'opened', 'clicked', 'failed', 'suppressed'] as const;
type StatsType = (typeof STATS_TYPES)[number];
export type StatsCounts = Record<StatsType, number>;

const countsShape = Object.fromEntries(STATS_TYPES.map((type) => [type, z.number().int().describe(`Events of type ${type}.`)])) as Record<
  StatsType,
  z.ZodNumber
>;

const date = z.string().describe('A UTC date, YYYY-MM-DD.');

export const emailStatsSchema = z.object({
  object: z.literal('email_stats'),
  from: date.describe('The first day counted (UTC), YYYY-MM-DD.'),
  to: date.describe('The last day counted (UTC, today), YYYY-MM-DD.'),
  domain: z.string().nullable().describe('The sender domain counted; null: all.'),
  tag: z.string().nullable().describe('The tag counted (name, or name:value): only events of emails carrying it; null: all emails.'),
  data: z.array(z.object({ date, ...countsShape })).describe('One entry per day from `from` to `to`, oldest first, days without events included (zeros).'),
  totals: z.object(countsShape).describe('The sums over the days.'),
  quota: z
    .object({
      limit: z.number().int().describe('Requests the organization may make per minute.'),
      used: z.number().int().describe('Requests counted in the current minute, this one included.'),
      remaining: z.number().int(),
      reset_seconds: z.number().int().describe('Seconds until the minute resets.'),
    })
    .describe("The organization's API request quota, where it stands now."),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

export interface StatsRequest {
  days: number;
  domain?: string | undefined;
  /** Only events of emails carrying this tag. */
  tag?: TagFilter | undefined;
}

const zeros = (): StatsCounts => Object.fromEntries(STATS_TYPES.map((type) => [type, 0])) as StatsCounts;
const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The last `days` UTC days up to the one `now` falls on, each with its counts
 * (zeros where nothing happened), oldest first, and their totals. Counts of
 * days outside the range, or of types statistics do not show, are left out.
 */
export function bucketByDay(now: number, days: number, counts: readonly { day: number; type: string; count: number }[]) {
  const to = dayOf(now);
  const from = to - days + 1;
  const data = Array.from({ length: days }, (_, i) => ({ date: isoDate(from + i), ...zeros() }));
  const totals = zeros();
  for (const c of counts) {
    const bucket = data[c.day - from];
    if (bucket === undefined || !(STATS_TYPES as readonly string[]).includes(c.type)) continue;
    bucket[c.type as StatsType] += c.count;
    totals[c.type as StatsType] += c.count;
  }
  return { from: isoDate(from), to: isoDate(to), data, totals };
}

/** The statistics of an organization's emails over the last `days` days, with where its quota stands. Throws not_found for an unknown organization. */
export async function readEmailStats(handle: DatabaseHandle, clock: Clock, scope: OrgScope, request: StatsRequest): Promise<EmailStats> {
  const now = clock.now();
  const to = dayOf(now);
  const [counts, org, used] = await Promise.all([
    readDailyCounts(handle.db, scope.organizationId, { from: to - request.days + 1, to, domain: request.domain, tag: request.tag }),
    handle.db.selectFrom('organizations').select(['plan', 'rate_limit']).where('id', '=', scope.organizationId).executeTakeFirst(),
    countedRequests(handle.db, scope.organizationId, now),
  ]);
  if (!org) throw new AppError('not_found', `Organization ${scope.organizationId} not found`);
  const limit = quotaOf(org.plan as Plan, org.rate_limit === null ? null : Number(org.rate_limit));
  const quota = quotaState(limit, used, now);
  return {
    object: 'email_stats',
    ...bucketByDay(now, request.days, counts),
    domain: request.domain ?? null,
    tag: request.tag === undefined ? null : formatTagFilter(request.tag),
    quota: { limit, used, remaining: quota.remaining, reset_seconds: quota.resetSeconds },
  };
}
