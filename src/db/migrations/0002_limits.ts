import type { Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

export async function up(db: Kysely<any>): Promise<void> {
  const compact = keyedByText(db);

  // A quota by arrangement ("custom limits for enterprise needs"); null = the plan's.
  await db.schema.alterTable('organizations').addColumn('rate_limit', 'integer').execute();

  // The organization quota: one counter per organization and fixed 60 s window,
  // shared by every process on the database.
  await compact(
    db.schema
      .createTable('quota_windows')
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('quota_windows_pk', ['organization_id', 'window_start']),
  ).execute();

  // The recipient guard: per organization and mailbox, the times of the recent
  // transactional sends (a JSON array, newest last, at most the long window's
  // allowance) and the end of a bounce cooldown. The row is the lock that makes
  // check-and-record exact across processes.
  await compact(
    db.schema
      .createTable('recipient_guards')
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('mailbox', 'text', (c) => c.notNull())
      .addColumn('sends', 'text', (c) => c.notNull())
      .addColumn('cooldown_until', 'bigint')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('recipient_guards_pk', ['organization_id', 'mailbox']),
  ).execute();
  await db.schema.createIndex('recipient_guards_expiry_idx').on('recipient_guards').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recipient_guards').execute();
  await db.schema.dropTable('quota_windows').execute();
  await db.schema.alterTable('organizations').dropColumn('rate_limit').execute();
}
