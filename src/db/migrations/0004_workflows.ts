import type { Kysely } from 'kysely';

// Frozen once shipped: never edit, add a new migration instead.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trigger_type', 'text', (c) => c.notNull())
    // The event name or tag name the trigger waits for; '' for subscriber_created.
    .addColumn('trigger_value', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workflows_org_id_idx').on('workflows').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('workflows_trigger_idx').on('workflows').columns(['organization_id', 'trigger_type', 'trigger_value']).execute();

  await db.schema
    .createTable('workflow_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'text', (c) => c.notNull())
    // The subscriber event that started the run: one run per workflow and trigger, ever.
    .addColumn('trigger_event_id', 'text', (c) => c.notNull())
    // How many runs led to this one (a run's tag step can trigger another workflow).
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The end of the wait the run is in, if it is waiting.
    .addColumn('wake_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workflow_runs_trigger_idx').on('workflow_runs').columns(['workflow_id', 'trigger_event_id']).unique().execute();
  await db.schema.createIndex('workflow_runs_workflow_idx').on('workflow_runs').columns(['workflow_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workflow_runs').execute();
  await db.schema.dropTable('workflows').execute();
}
