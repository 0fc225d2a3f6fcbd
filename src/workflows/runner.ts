import { createHash } from 'node:crypto';
import type { AudienceService } from '../audience/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { WorkflowRunsTable } from '../db/schema.ts';
import { completeJob, deferJob, jobHeldBy, JobLeaseLost, postponeJob, wakeJobs, type Job } from '../queue/index.ts';
import type { EmailService } from '../emails/index.ts';
import { parseSendBody } from '../emails/send-request.ts';
import { IDEMPOTENCY_CODES, isRecipientSuppressed } from '../emails/index.ts';
import { isAppError } from '../errors.ts';
import type { WorkflowStep } from './workflow-input.ts';

/**
 * The idempotency key of a run's send step. The step's own content is part of
 * it: a step edited while the run was at it is a different send, not a
 * conflicting replay of the old one.
 */
export function workflowSendKey(runId: string, index: number, step: WorkflowStep): string {
  return `workflow:${runId}:${index}:${createHash('sha256').update(JSON.stringify(step)).digest('hex').slice(0, 16)}`;
}

/** A run whose steps keep failing unexpectedly gives up after this many attempts of its job. */
const MAX_ATTEMPTS = 8;

/**
 * How often a run held by a paused workflow looks again by itself. Resuming the
 * workflow brings its held runs forward at once, so this is only a safety net,
 * and long: a paused workflow holding many runs costs next to nothing.
 */
export const PAUSED_RECHECK_MS = 60 * 60_000;
/** How soon a step whose send is still claimed by a stopped run looks again (the claim goes stale after IN_FLIGHT_STALE_MS). */
export const IN_PROGRESS_RECHECK_MS = 5_000;

export interface WorkflowRunnerDeps {
  db: DatabaseHandle;
  clock: Clock;
  emails: EmailService;
  audience: AudienceService;
  owner: string;
}

/**
 * Runs a workflow run (a job on the delivery queue) from the step it reached.
 * Every finished step is recorded before the next begins, so a run resumes after
 * a restart; a send step carries an idempotency key of the run and step, so a
 * step repeated after a crash replays its send instead of sending again. A wait
 * gives the job back to the queue until the wait is over. A run of a paused
 * workflow is held where it is (status `paused`, its step and any wait kept)
 * and goes on from there once the workflow is active again.
 */
export function createWorkflowRunHandler(deps: WorkflowRunnerDeps): (job: Job) => Promise<void> {
  const { clock, emails, audience, owner } = deps;
  const db = deps.db.db;

  return async function runWorkflow(job) {
    /**
     * Record the run's progress, only while this worker still holds its job: a
     * worker that stalled past its lease stops here (after at most the step it
     * was in, which is idempotent), and never writes over the progress of the
     * worker that has the run now.
     */
    async function save(runId: string, changes: Partial<Pick<WorkflowRunsTable, 'step_index' | 'status' | 'wake_at' | 'last_error'>>) {
      const result = await db
        .updateTable('workflow_runs')
        .set({ ...changes, updated_at: clock.now() })
        .where('id', '=', runId)
        .where((eb) => jobHeldBy(eb, job.id, owner))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new JobLeaseLost(job.id, `workflow run ${runId}`);
    }

    const run = await db.selectFrom('workflow_runs').selectAll().where('id', '=', job.refId).executeTakeFirst();
    if (!run || run.status === 'completed' || run.status === 'failed' || run.status === 'cancelled') {
      await completeJob(db, job.id, owner);
      return;
    }
    const finish = async (status: 'completed' | 'failed' | 'cancelled', error: string | null = null) => {
      await save(run.id, { status, wake_at: null, last_error: error });
      await completeJob(db, job.id, owner);
    };
    /** The workflow's status now; undefined once it is deleted. */
    const workflowStatus = async () => (await db.selectFrom('workflows').select('status').where('id', '=', run.workflow_id).executeTakeFirst())?.status;
    /** Hold the run where it is while its workflow is paused. */
    const hold = async (current: WorkflowRunsTable['status']) => {
      if (current !== 'paused') await save(run.id, { status: 'paused' });
      await deferJob(db, job.id, owner, clock.now() + PAUSED_RECHECK_MS, 'the workflow is paused');
      // A resume (or delete) that came while this worker held the job could not
      // bring it forward; one that comes after this read finds the run paused and
      // its job free, and does.
      if ((await workflowStatus()) !== 'paused') await wakeJobs(db, job.kind, [run.id], clock.now());
    };
    const workflow = await db.selectFrom('workflows').select(['steps', 'status']).where('id', '=', run.workflow_id).executeTakeFirst();
    if (!workflow) return finish('cancelled', 'the workflow was deleted');
    if (workflow.status === 'paused') return hold(run.status);
    if (run.status === 'paused') await save(run.id, { status: run.wake_at === null ? 'running' : 'waiting' });

    const steps = JSON.parse(workflow.steps) as WorkflowStep[];
    const scope = { organizationId: run.organization_id };
    let index = run.step_index;
    let wakeAt = run.wake_at === null ? null : Number(run.wake_at);
    try {
      while (index < steps.length) {
        const step = steps[index]!;
        const subscriber = await db
          .selectFrom('subscribers')
          .select(['id', 'email', 'status', 'first_name', 'last_name', 'attributes'])
          .where('id', '=', run.subscriber_id)
          .executeTakeFirst();
        if (!subscriber) return finish('cancelled', 'the subscriber was deleted');
        const now = clock.now();
        if (step.type === 'wait') {
          if (wakeAt === null) {
            wakeAt = now + step.seconds * 1000;
            await save(run.id, { status: 'waiting', wake_at: wakeAt });
          }
          if (now < wakeAt) {
            await deferJob(db, job.id, owner, wakeAt, `waiting until ${new Date(wakeAt).toISOString()}`);
            return;
          }
        } else if (step.type === 'send_email') {
          // Automations mail subscribed people only; an unsubscribed, bounced or complained subscriber is skipped.
          if (subscriber.status === 'subscribed') {
            const { type: _type, ...body } = step;
            const personalization = {
              first_name: subscriber.first_name,
              last_name: subscriber.last_name,
              email: subscriber.email,
              attributes: JSON.parse(subscriber.attributes) as Record<string, unknown>,
            };
            try {
              await emails.send(
                scope,
                { ...parseSendBody({ ...body, to: subscriber.email }), personalization },
                {
                  source: 'workflow',
                  idempotencyKey: workflowSendKey(run.id, index, step),
                },
              );
            } catch (error) {
              // An address on the suppression list is skipped like an unsubscribed subscriber: the run goes on.
              if (!isRecipientSuppressed(error)) throw error;
            }
          }
        } else if (step.type === 'add_tag') {
          await audience.addTags(scope, subscriber.id, [step.tag], { chainDepth: Number(run.depth) + 1 });
        } else {
          await audience.removeTags(scope, subscriber.id, [step.tag], { chainDepth: Number(run.depth) + 1 });
        }
        // A wake time belongs to the wait it was set for, never to a later step
        // (the steps may have been edited while the run waited).
        wakeAt = null;
        index++;
        await save(run.id, { step_index: index, status: 'running', wake_at: null });
        if (index < steps.length) {
          // Paused or deleted while this run was at a step: it stops at the next one.
          const status = await workflowStatus();
          if (status === undefined) return finish('cancelled', 'the workflow was deleted');
          if (status === 'paused') return hold('running');
        }
      }
      await finish('completed');
    } catch (error) {
      // The step's send is still claimed by a run that stopped mid-way (a crash
      // between claiming its idempotency key and committing): the claim goes
      // stale within a minute and this run takes it over then. Not a failure:
      // look again shortly, without counting an attempt.
      if (isAppError(error) && error.kind === 'idempotency_conflict' && error.code === IDEMPOTENCY_CODES.inProgress) {
        await postponeJob(db, job.id, owner, clock.now() + IN_PROGRESS_RECHECK_MS);
        return;
      }
      // A step the rules refuse (a send that no longer validates, or from a domain
      // that may not send) will not pass on retry.
      if (isAppError(error) && (error.kind === 'validation_error' || error.kind === 'forbidden')) return finish('failed', `step ${index}: ${error.message}`);
      if (job.attempts >= MAX_ATTEMPTS) return finish('failed', `step ${index}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  };
}
