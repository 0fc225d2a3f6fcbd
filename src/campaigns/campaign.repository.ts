import { sql, type Kysely, type Transaction } from 'kysely';
import { fetchIdPage, insertRows } from '../db/index.ts';
import type { CampaignRecipientsTable, CampaignStatus, Database } from '../db/schema.ts';
import type { PageRequest } from '../pagination.ts';
import { jobHeldBy } from '../queue/index.ts';
import type { CampaignRow, CampaignRowChanges, NewCampaignRow } from './campaign-record.ts';
import type { CampaignCounter } from './stats.ts';

/** Queries of campaigns and campaign_recipients; `db` or `trx` first, no rules. */

type Db = Kysely<Database> | Transaction<Database>;

/** The worker running a job: a write made for it lands only while it still holds the job. */
export interface JobHolder {
  jobId: string;
  owner: string;
}

export async function insertCampaign(db: Db, row: NewCampaignRow): Promise<void> {
  await db.insertInto('campaigns').values(row).execute();
}

/** An organization's campaign. */
export async function findCampaign(db: Db, organizationId: string, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** A campaign whatever its organization: for its send job, or to read again what a conditional write found. */
export async function findCampaignById(db: Db, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of an organization's campaigns, by id cursor (up to `limit + 1` rows, so the caller can tell has_more). */
export async function listCampaignRows(db: Db, organizationId: string, page: PageRequest, status?: CampaignStatus) {
  let query = db.selectFrom('campaigns').selectAll().where('organization_id', '=', organizationId);
  if (status) query = query.where('status', '=', status);
  return fetchIdPage(query, 'id', page);
}

/** Write `changes` only while the campaign's status is one of `from`; false when it has moved on since it was read, or is gone. */
export async function updateCampaignIf(db: Db, id: string, from: readonly CampaignStatus[], changes: CampaignRowChanges): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Delete a campaign only while its status is one of `from`; false otherwise. */
export async function deleteCampaignIf(db: Db, id: string, from: readonly CampaignStatus[]): Promise<boolean> {
  const result = await db
    .deleteFrom('campaigns')
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A scheduled campaign starts sending, by the worker holding its send job; false when it is not scheduled or the job is not held. */
export async function startScheduledCampaign(db: Db, id: string, now: number, holder: JobHolder): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ status: 'sending', started_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .where((eb) => jobHeldBy(eb, holder.jobId, holder.owner))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Where a campaign's fan-out stands. */
export async function findFanOutPosition(db: Db, id: string) {
  return db.selectFrom('campaigns').select(['status', 'fanout_cursor']).where('id', '=', id).executeTakeFirst();
}

/** A page of the fan-out's recipient rows: one per subscriber, mailed (with its email) or skipped (with why). */
export async function insertCampaignRecipients(db: Db, rows: CampaignRecipientsTable[]): Promise<void> {
  await insertRows(db, 'campaign_recipients', rows, (chunk) => db.insertInto('campaign_recipients').values(chunk));
}

export interface FanOutStep {
  /** The last subscriber id written. */
  cursor: string | null;
  done: boolean;
  mailed: number;
  skipped: number;
  /** Of the skipped, those on the suppression list. */
  suppressed: number;
  now: number;
}

/** Move the fan-out's cursor and add its page to the stats, while `holder` holds the send job; false when it no longer does. */
export async function advanceFanOut(db: Db, id: string, step: FanOutStep, holder: JobHolder): Promise<boolean> {
  const moved = await db
    .updateTable('campaigns')
    .set((eb) => ({
      fanout_cursor: step.cursor,
      fanout_done: step.done ? 1 : 0,
      stat_recipients: eb('stat_recipients', '+', step.mailed),
      stat_skipped: eb('stat_skipped', '+', step.skipped),
      stat_suppressed: eb('stat_suppressed', '+', step.suppressed),
      updated_at: step.now,
    }))
    .where('id', '=', id)
    .where((eb) => jobHeldBy(eb, holder.jobId, holder.owner))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

const STAT_COLUMN = {
  sent: 'stat_sent',
  delivered: 'stat_delivered',
  bounced: 'stat_bounced',
  complained: 'stat_complained',
  failed: 'stat_failed',
  opened: 'stat_opened',
  clicked: 'stat_clicked',
  unsubscribed: 'stat_unsubscribed',
  finished: 'stat_finished',
} as const satisfies Record<CampaignCounter, string>;

/** Add to a campaign's counters, in one statement. */
export async function addCampaignStats(db: Db, id: string, counts: ReadonlyMap<CampaignCounter, number>, now: number): Promise<void> {
  const set: Record<string, unknown> = { updated_at: now };
  for (const [counter, n] of counts) set[STAT_COLUMN[counter]] = sql`${sql.ref(STAT_COLUMN[counter])} + ${n}`;
  await db.updateTable('campaigns').set(set).where('id', '=', id).execute();
}

/** Of these campaigns, those sending whose fan-out is over and whose every recipient has an outcome become sent; returns them. */
export async function markCampaignsSent(db: Db, ids: readonly string[], now: number) {
  return db
    .updateTable('campaigns')
    .set({ status: 'sent', sent_at: now, updated_at: now })
    .where('id', 'in', [...ids])
    .where('status', '=', 'sending')
    .where('fanout_done', '=', 1)
    .where((eb) => eb('stat_finished', '>=', eb.ref('stat_recipients')))
    .returning(['id', 'organization_id', 'name', 'subject', 'stat_recipients'])
    .execute();
}
