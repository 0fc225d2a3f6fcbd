import type { Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Campaigns: one content sent to an audience of subscribers. The fan-out walks
 * the audience in id order and keeps where it got to (`fanout_cursor`) with the
 * recipient rows it wrote, in the same transaction, so a restarted send resumes
 * where it stopped. Stats are counters moved by the events as they happen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('preview', 'text')
    // html | markdown | tiptap, and the content as given (a tiptap document as JSON).
    .addColumn('content_kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON: {tags: [names], match: "any" | "all"}.
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('track_opens', 'integer', (c) => c.notNull())
    .addColumn('track_clicks', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    // The last subscriber id the fan-out has written a recipient row for; null before the first page.
    .addColumn('fanout_cursor', 'text')
    .addColumn('fanout_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_bounced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_complained', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_opened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_clicked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stat_unsubscribed', 'integer', (c) => c.notNull().defaultTo(0))
    // Recipients whose delivery has an outcome (or was cancelled): the campaign is sent when all have one.
    .addColumn('stat_finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_org_id_idx').on('campaigns').columns(['organization_id', 'id']).execute();

  // One row per (campaign, subscriber): the unique key that makes a resumed fan-out send nobody twice.
  await compact(
    db.schema
      .createTable('campaign_recipients')
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('subscriber_id', 'text', (c) => c.notNull())
      // The email sent; null when the subscriber was skipped.
      .addColumn('email_id', 'text')
      .addColumn('skip_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('campaign_recipients_pk', ['campaign_id', 'subscriber_id']),
  ).execute();

  // An email sent for a campaign names it: delivery and tracking count its stats by it.
  await db.schema.alterTable('emails').addColumn('campaign_id', 'text').execute();
  // The one-click unsubscribe URL (RFC 8058) of a campaign email; null for others.
  await db.schema.alterTable('emails').addColumn('list_unsubscribe', 'text').execute();
  // What a tracked email tracks: "opens,clicks", "opens" or "clicks"; null with a tracking key = both (v1 sends).
  await db.schema.alterTable('emails').addColumn('tracking_events', 'text').execute();

  // Keys the platform signs with (unsubscribe links), made once per database.
  await db.schema
    .createTable('signing_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
  for (const column of ['tracking_events', 'list_unsubscribe', 'campaign_id']) {
    await db.schema.alterTable('emails').dropColumn(column).execute();
  }
  await db.schema.dropTable('campaign_recipients').execute();
  await db.schema.dropTable('campaigns').execute();
}
