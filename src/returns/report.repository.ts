import type { Kysely, Transaction } from 'kysely';
import type { Database, InboundReportsTable } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type NewInboundReport = InboundReportsTable;

export async function insertInboundReports(db: Db, rows: readonly NewInboundReport[]): Promise<void> {
  if (rows.length === 0) return;
  // One statement per report: an unmatched one carries its message, up to a few hundred kilobytes.
  for (const row of rows) await db.insertInto('inbound_reports').values(row).execute();
}

/** The email a return path names, with the outcomes already recorded for it (a repeated report changes nothing). */
export async function findReportedEmail(db: Db, emailId: string) {
  const email = await db
    .selectFrom('emails')
    .select(['id', 'organization_id', 'to_address', 'campaign_id', 'source'])
    .where('id', '=', emailId)
    .executeTakeFirst();
  if (!email) return undefined;
  const earlier = await db
    .selectFrom('email_events')
    .select(['type', 'detail'])
    .where('email_id', '=', emailId)
    .where('type', 'in', ['bounced', 'complained', 'delivery_delayed'])
    .execute();
  return { ...email, earlier: earlier.map((e) => ({ type: e.type, detail: e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : null })) };
}

export async function purgeInboundReports(db: Db, before: number): Promise<void> {
  await db.deleteFrom('inbound_reports').where('created_at', '<', before).execute();
}
