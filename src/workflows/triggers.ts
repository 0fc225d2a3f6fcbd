import type { Kysely, Transaction } from 'kysely';
import type { EventTriggers, RecordedEvent } from '../audience/index.ts';
import type { Database } from '../db/schema.ts';
import { enqueueJobs } from '../queue/index.ts';
import { newId } from '../ids.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const WORKFLOW_RUN_JOB = 'workflow_run';

/** How many workflows deep one trigger may lead (a run whose tag step starts a run whose tag step …). */
export const MAX_CHAIN_DEPTH = 3;

/** The platform events the non-`event` triggers wait for. */
const TAG_ADDED = 'tag_added';
const SUBSCRIBER_CREATED = 'subscriber_created';

/**
 * Start the active workflows these events trigger, in the transaction that
 * records the events: one run per workflow and triggering event (a unique key),
 * each a job on the durable queue. Audience calls it through its EventTriggers
 * port (wired by createCore), only when the write asked for workflows
 * (triggerWorkflows is not false).
 */
export async function startWorkflowRuns(trx: Db, events: readonly RecordedEvent[], now: number, depth = 0): Promise<number> {
  // Workflows may start workflows (a tag step), but not endlessly: a chain stops here.
  if (events.length === 0 || depth > MAX_CHAIN_DEPTH) return 0;
  const byOrg = new Map<string, RecordedEvent[]>();
  for (const e of events) byOrg.set(e.organizationId, [...(byOrg.get(e.organizationId) ?? []), e]);
  const runs: { id: string; organization_id: string; workflow_id: string; subscriber_id: string; trigger_event_id: string }[] = [];
  for (const [organizationId, list] of byOrg) {
    const names = [...new Set(list.map((e) => e.name))];
    const tags = [...new Set(list.filter((e) => e.name === TAG_ADDED && typeof e.properties.tag === 'string').map((e) => e.properties.tag as string))];
    const workflows = await trx
      .selectFrom('workflows')
      .select(['id', 'trigger_type', 'trigger_value'])
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb.and([eb('trigger_type', '=', 'event'), eb('trigger_value', 'in', names)]),
          ...(tags.length > 0 ? [eb.and([eb('trigger_type', '=', 'tag_added'), eb('trigger_value', 'in', tags)])] : []),
          ...(names.includes(SUBSCRIBER_CREATED) ? [eb('trigger_type', '=', 'subscriber_created')] : []),
        ]),
      )
      .orderBy('id')
      .execute();
    for (const e of list) {
      for (const w of workflows) {
        const matches =
          (w.trigger_type === 'event' && w.trigger_value === e.name) ||
          (w.trigger_type === 'tag_added' && e.name === TAG_ADDED && w.trigger_value === e.properties.tag) ||
          (w.trigger_type === 'subscriber_created' && e.name === SUBSCRIBER_CREATED);
        if (matches) {
          runs.push({ id: newId('wfr', now), organization_id: organizationId, workflow_id: w.id, subscriber_id: e.subscriberId, trigger_event_id: e.id });
        }
      }
    }
  }
  if (runs.length === 0) return 0;
  const inserted = await trx
    .insertInto('workflow_runs')
    .values(runs.map((r) => ({ ...r, depth, step_index: 0, status: 'running' as const, wake_at: null, last_error: null, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.columns(['workflow_id', 'trigger_event_id']).doNothing())
    .returning(['id', 'organization_id'])
    .execute();
  await enqueueJobs(
    trx,
    inserted.map((r) => ({ kind: WORKFLOW_RUN_JOB, refId: r.id, runAt: now, organizationId: r.organization_id })),
    now,
  );
  return inserted.length;
}

/**
 * Workflows' side of audience's EventTriggers port: the events audience records
 * (and the delivery outcomes it records on subscribers) start the workflows they
 * trigger, in the same transaction. createCore wires it into audience and delivery.
 */
export const workflowTriggers: EventTriggers = {
  async onEvents(trx, events, now, depth) {
    await startWorkflowRuns(trx, events, now, depth);
  },
};
