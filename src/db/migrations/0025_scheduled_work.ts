import { sql, type Kysely } from 'kysely';
import { keyedByText } from './keyed-by-text.ts';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * Scheduled work that runs once across every process on one database.
 * `scheduler_leases` has a row per periodic task (made by the first process
 * that runs it): who holds it and until when, and when it last ran. Domains
 * remember when they were last checked and since when a verified domain's
 * re-checks have found its records missing, so that re-checks pick the domains
 * that are due. The jobs of a worker that is gone are found through an index
 * on their holder.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await keyedByText(db)(
    db.schema
      .createTable('scheduler_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text')
      .addColumn('lease_until', 'bigint', (c) => c.notNull())
      .addColumn('last_run_at', 'bigint'),
  ).execute();

  // The holders of leased jobs (releaseGoneOwners): a few entries, where the scan read every job.
  await db.schema.createIndex('jobs_lease_owner_idx').on('jobs').column('lease_owner').where(sql.ref('lease_owner'), 'is not', null).execute();

  await db.schema.alterTable('domains').addColumn('checked_at', 'bigint').execute();
  await db.schema.alterTable('domains').addColumn('failing_since', 'bigint').execute();
  // The last check so far lives in the checks document: copied, so that an upgrade does not re-check every domain at once.
  const checked = await db.selectFrom('domains').select(['id', 'checks']).where('checks', 'is not', null).execute();
  for (const row of checked as { id: string; checks: string }[]) {
    const at = (JSON.parse(row.checks) as { at?: unknown }).at;
    if (typeof at === 'number') await db.updateTable('domains').set({ checked_at: at }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domains').dropColumn('failing_since').execute();
  await db.schema.alterTable('domains').dropColumn('checked_at').execute();
  await db.schema.dropIndex('jobs_lease_owner_idx').execute();
  await db.schema.dropTable('scheduler_leases').execute();
}
