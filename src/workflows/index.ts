// Workflows: automations started by subscriber events (an event by name, a tag
// added, a subscriber created), run as durable jobs on the delivery queue.
// Owns the workflows and workflow_runs tables. Must not import any protocol library.
import type { Clock } from '../clock.ts';
import { fetchIdPage, type DatabaseHandle } from '../db/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkflowRunsTable, WorkflowsTable } from '../db/schema.ts';
import { AppError, isAppError, validationError, type ErrorDetail } from '../errors.ts';
import type { EmailService } from '../emails/index.ts';
import { parseSendBody } from '../emails/send-request.ts';
import { wakeJobs } from '../queue/index.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import { WORKFLOW_RUN_JOB } from './triggers.ts';
import type { WorkflowCreate, WorkflowStep, WorkflowTrigger, WorkflowUpdate } from './workflow-input.ts';
import type { WorkflowRecord, WorkflowRunCounts, WorkflowRunRecord } from './workflow-record.ts';

export * from './workflow-input.ts';
export * from './workflow-record.ts';
export { createWorkflowRunHandler, IN_PROGRESS_RECHECK_MS, PAUSED_RECHECK_MS, workflowSendKey } from './runner.ts';
export { startWorkflowRuns, workflowTriggers, WORKFLOW_RUN_JOB } from './triggers.ts';

export interface WorkflowService {
  create(scope: OrgScope, input: WorkflowCreate): Promise<WorkflowRecord>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<WorkflowRecord>>;
  /** Throws not_found. */
  get(scope: OrgScope, id: string): Promise<WorkflowRecord>;
  /** Pausing holds the runs in progress at their next step; resuming lets them go on from there at once. */
  update(scope: OrgScope, id: string, input: WorkflowUpdate): Promise<WorkflowRecord>;
  /** Runs in progress stop at their next step. */
  remove(scope: OrgScope, id: string): Promise<{ object: 'workflow'; id: string; deleted: true }>;
  listRuns(scope: OrgScope, id: string, page: PageRequest): Promise<Page<WorkflowRunRecord>>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function triggerColumns(trigger: WorkflowTrigger): Pick<WorkflowsTable, 'trigger_type' | 'trigger_value'> {
  if (trigger.type === 'event') return { trigger_type: 'event', trigger_value: trigger.name };
  if (trigger.type === 'tag_added') return { trigger_type: 'tag_added', trigger_value: trigger.tag };
  return { trigger_type: 'subscriber_created', trigger_value: '' };
}

function triggerOf(row: Pick<WorkflowsTable, 'trigger_type' | 'trigger_value'>): WorkflowTrigger {
  if (row.trigger_type === 'event') return { type: 'event', name: row.trigger_value };
  if (row.trigger_type === 'tag_added') return { type: 'tag_added', tag: row.trigger_value };
  return { type: 'subscriber_created' };
}

const NO_RUNS: WorkflowRunCounts = { total: 0, in_progress: 0, completed: 0, failed: 0, cancelled: 0 };

/** The runs of these workflows counted by where they stand, one grouped read (the runs' workflow index serves it). */
async function countRuns(db: Kysely<Database> | Transaction<Database>, workflowIds: readonly string[]): Promise<Map<string, WorkflowRunCounts>> {
  const counts = new Map<string, WorkflowRunCounts>();
  if (workflowIds.length === 0) return counts;
  const rows = await db
    .selectFrom('workflow_runs')
    .select(['workflow_id', 'status', (eb) => eb.fn.countAll().as('n')])
    .where('workflow_id', 'in', [...workflowIds])
    .groupBy(['workflow_id', 'status'])
    .execute();
  for (const row of rows) {
    const c = counts.get(row.workflow_id) ?? { ...NO_RUNS };
    const n = Number(row.n);
    c.total += n;
    if (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled') c[row.status] += n;
    else c.in_progress += n;
    counts.set(row.workflow_id, c);
  }
  return counts;
}

function toRecord(row: WorkflowsTable, runs: WorkflowRunCounts = NO_RUNS): WorkflowRecord {
  return {
    object: 'workflow',
    id: row.id,
    name: row.name,
    status: row.status,
    trigger: triggerOf(row),
    steps: JSON.parse(row.steps) as WorkflowStep[],
    runs,
    created_at: iso(Number(row.created_at)),
    updated_at: iso(Number(row.updated_at)),
  };
}

function toRunRecord(row: WorkflowRunsTable): WorkflowRunRecord {
  return {
    object: 'workflow_run',
    id: row.id,
    workflow_id: row.workflow_id,
    subscriber_id: row.subscriber_id,
    trigger_event_id: row.trigger_event_id,
    status: row.status,
    step_index: Number(row.step_index),
    wake_at: row.wake_at === null ? null : iso(Number(row.wake_at)),
    last_error: row.last_error,
    created_at: iso(Number(row.created_at)),
    updated_at: iso(Number(row.updated_at)),
  };
}

/**
 * Runs held by a paused workflow look again by themselves only every
 * PAUSED_RECHECK_MS; this makes them look now (a run whose wait is not over
 * finds the wait still running). Scans the queue for them: resuming is rare.
 */
async function bringHeldRunsForward(db: Kysely<Database> | Transaction<Database>, workflowId: string, now: number): Promise<void> {
  await wakeJobs(db, WORKFLOW_RUN_JOB, db.selectFrom('workflow_runs').select('id').where('workflow_id', '=', workflowId).where('status', '=', 'paused'), now);
}

export function createWorkflowService(handle: DatabaseHandle, clock: Clock, emails: EmailService): WorkflowService {
  const db = handle.db;

  /**
   * Rendering is validation too (a tiptap node nobody knows): every send step is
   * rendered once now, so a workflow that could never send is refused, not saved.
   */
  async function checkSteps(scope: OrgScope, steps: WorkflowStep[]): Promise<void> {
    const details: ErrorDetail[] = [];
    for (const [index, step] of steps.entries()) {
      if (step.type !== 'send_email') continue;
      const { type: _type, ...body } = step;
      try {
        // Rendered as a template, as the runner sends it: a malformed placeholder is refused now.
        const request = parseSendBody({ ...body, to: 'subscriber@example.com' });
        await emails.checkRendering(scope, {
          ...request,
          personalization: { first_name: null, last_name: null, email: 'subscriber@example.com', attributes: {} },
        });
      } catch (error) {
        if (!isAppError(error) || error.kind !== 'validation_error') throw error;
        const found = (error.details as ErrorDetail[] | undefined) ?? [{ path: '', message: error.message }];
        details.push(...found.map((d) => ({ path: ['steps', index, d.path].filter((p) => p !== '').join('.'), message: d.message })));
      }
    }
    if (details.length > 0) throw validationError(details);
  }

  async function find(scope: OrgScope, id: string): Promise<WorkflowsTable> {
    const row = await db.selectFrom('workflows').selectAll().where('organization_id', '=', scope.organizationId).where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', `Workflow ${id} not found`);
    return row;
  }

  return {
    async create(scope, input) {
      await checkSteps(scope, input.steps);
      const now = clock.now();
      const row: WorkflowsTable = {
        id: newId('wfl', now),
        organization_id: scope.organizationId,
        name: input.name,
        status: input.status ?? 'active',
        ...triggerColumns(input.trigger),
        steps: JSON.stringify(input.steps),
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('workflows').values(row).execute();
      return toRecord(row);
    },

    async list(scope, page) {
      const rows = await fetchIdPage(db.selectFrom('workflows').selectAll().where('organization_id', '=', scope.organizationId), 'id', page);
      const counts = await countRuns(
        db,
        rows.map((r) => r.id),
      );
      return toPage(rows, page, (row) => toRecord(row, counts.get(row.id)));
    },

    async get(scope, id) {
      const row = await find(scope, id);
      return toRecord(row, (await countRuns(db, [id])).get(id));
    },

    async update(scope, id, input) {
      const row = await find(scope, id);
      if (input.steps !== undefined) await checkSteps(scope, input.steps);
      // Only what the update names is written: a concurrent update of other fields (a pause, say) is not undone.
      const changes: Partial<WorkflowsTable> & { updated_at: number } = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.trigger !== undefined ? triggerColumns(input.trigger) : {}),
        ...(input.steps !== undefined ? { steps: JSON.stringify(input.steps) } : {}),
        updated_at: clock.now(),
      };
      const next: WorkflowsTable = { ...row, ...changes };
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('workflows').set(changes).where('id', '=', id).where('organization_id', '=', scope.organizationId).execute();
        // Every time it is set active, not only when this update saw it paused: a
        // pause and a resume racing each other must never leave runs held.
        if (input.status === 'active') await bringHeldRunsForward(trx, id, next.updated_at);
      });
      return toRecord(next, (await countRuns(db, [id])).get(id));
    },

    async remove(scope, id) {
      await find(scope, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('workflows').where('id', '=', id).where('organization_id', '=', scope.organizationId).execute();
        // Held runs are cancelled now, not at their next hourly look.
        await bringHeldRunsForward(trx, id, clock.now());
      });
      return { object: 'workflow', id, deleted: true };
    },

    async listRuns(scope, id, page) {
      await find(scope, id);
      const rows = await fetchIdPage(db.selectFrom('workflow_runs').selectAll().where('workflow_id', '=', id), 'id', page);
      return toPage(rows, page, toRunRecord);
    },
  };
}
