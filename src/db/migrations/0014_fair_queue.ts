import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

/**
 * A fair job queue. Each job names the organization it works for and, while it
 * is ready to run, its turn in its kind's line: an organization's jobs take
 * consecutive turns from where the line is served now, so organizations take
 * turns instead of queueing behind each other's backlogs. A job waiting for a
 * later time (a retry, a wait, a schedule) has no turn until it comes due. A
 * job may name a group (a webhook's endpoint) of which a worker runs only so many at once.
 * Webhooks remember how their endpoint has been failing, so that an endpoint
 * that keeps failing is paused as a whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('organization_id', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('turn', 'bigint').execute();
  // Jobs of one group (a webhook endpoint) run only so many at a time in a process.
  await db.schema.alterTable('jobs').addColumn('group_key', 'text').execute();
  // Jobs made before this migration wait as if they were scheduled: they get their turn when first claimed.
  await db.schema.dropIndex('jobs_due_idx').execute();
  // Claims: a kind's ready jobs in turn order (run_at for the few put back for a moment, the group for
  // those at their bound, both read from the index as it is walked); where the line is served now.
  await db.schema.createIndex('jobs_turn_idx').on('jobs').columns(['kind', 'turn', 'run_at', 'group_key']).where(sql.ref('turn'), 'is not', null).execute();
  // An organization's last turn in a kind's line.
  await db.schema.createIndex('jobs_org_turn_idx').on('jobs').columns(['kind', 'organization_id', 'turn']).where(sql.ref('turn'), 'is not', null).execute();
  // Jobs waiting for their time, by when it comes.
  await db.schema.createIndex('jobs_scheduled_idx').on('jobs').columns(['kind', 'run_at']).where(sql.ref('turn'), 'is', null).execute();

  // Failed attempts in a row (any success starts over), and until when the endpoint is left alone.
  await db.schema
    .alterTable('webhooks')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhooks').addColumn('paused_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('paused_until').execute();
  await db.schema.alterTable('webhooks').dropColumn('failures').execute();
  await db.schema.dropIndex('jobs_scheduled_idx').execute();
  await db.schema.dropIndex('jobs_org_turn_idx').execute();
  await db.schema.dropIndex('jobs_turn_idx').execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['run_at']).execute();
  await db.schema.alterTable('jobs').dropColumn('group_key').execute();
  await db.schema.alterTable('jobs').dropColumn('turn').execute();
  await db.schema.alterTable('jobs').dropColumn('organization_id').execute();
}
