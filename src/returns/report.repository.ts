import type { Kysely, Transaction } from 'kysely';
import type { Database, InboundReportsTable } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type NewInboundReport = InboundReportsTable;

export async function insertInboundReports(db: Db, rows: readonly NewInboundReport[]): Promise<void> {
  if (rows.length === 0) return;
  // One statement per report: an unmatched one carries its message, up to a few hundred kilobytes.
  for (const row of rows) await db.insertInto('inbound_reports').values(row).execute();
}

/** The email a return path names, with the outcomes already recorded for it (a repeated report changes nothing): one query. */
export async function findReportedEmail(db: Db, emailId: string) {
  const rows = await db
    .selectFrom('emails')
    .leftJoin('email_events', (join) =>
      join.onRef('email_events.email_id', '=', 'emails.id').on('email_events.type', 'in', ['bounced', 'complained', 'delivery_delayed']),
    )
    .select(['emails.id', 'emails.organization_id', 'emails.to_address', 'emails.campaign_id', 'emails.source', 'email_events.type', 'email_events.detail'])
    .where('emails.id', '=', emailId)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const { type: _type, detail: _detail, ...email } = first;
  const earlier = rows.flatMap((r) => (r.type === null ? [] : [{ type: r.type, detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null }]));
  return { ...email, earlier };
}

export async function purgeInboundReports(db: Db, before: number): Promise<void> {
  await db.deleteFrom('inbound_reports').where('created_at', '<', before).execute();
}
