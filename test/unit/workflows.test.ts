import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enqueueJobs } from '../../src/queue/index.ts';
import {
  eventCreateSchema,
  type ManualClock,
  parseBody,
  parseSendBody,
  subscriberCreateSchema,
  subscriberUpdateSchema,
  tagsBodySchema,
  unsubscribeBodySchema,
  workflowCreateSchema,
  workflowUpdateSchema,
  type Core,
  type WorkflowRecord,
} from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import {
  createWorkflowRunHandler,
  createWorkflowService,
  IN_PROGRESS_RECHECK_MS,
  PAUSED_RECHECK_MS,
  startWorkflowRuns,
  WORKFLOW_RUN_JOB,
  workflowSendKey,
} from '../../src/workflows/index.ts';
import { requestFingerprint } from '../../src/emails/idempotency.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { useTestCore } from '../helpers/core.ts';
import { expectRefusal } from '../helpers/errors.ts';

/**
 * Workflows through createCore, on a real test database, with a ManualClock and
 * the queue worker driven by hand (worker.drain()): triggers, triggerWorkflows:
 * false, the runner walking its steps, waits, idempotent sends, and validation.
 */
const TOKEN = `mailgate_${'w'.repeat(40)}`;
const WFL_ID = /^wfl_[0-9a-hjkmnp-tv-z]{26}$/;
const WFR_ID = /^wfr_[0-9a-hjkmnp-tv-z]{26}$/;
const T0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

const SEND = {
  type: 'send_email',
  from: 'Acme <hello@acme.example>',
  subject: 'Welcome aboard',
  markdown: '# Welcome\n\nGlad you are *here*.',
} as const;
const TRIGGER_MESSAGE = 'must be {type:"event", name} | {type:"tag_added", tag} | {type:"subscriber_created"}';
const STEP_MESSAGE = 'must be a step: send_email, wait, add_tag or remove_tag';

type Options = { triggerWorkflows?: boolean };

describe('workflows through createCore', () => {
  let testDb: TestDatabase;
  let clock: ManualClock;
  let core: Core;
  let auth: AuthContext;
  useTestCore({ now: T0, token: TOKEN }, (started) => ({ core, clock, auth, database: testDb } = started));

  // Inputs go through the schemas the doors use.
  const createWorkflow = (body: Record<string, unknown>, as: AuthContext = auth) => core.workflows.create(as, parseBody(workflowCreateSchema, body));
  const updateWorkflow = (id: string, body: Record<string, unknown>) => core.workflows.update(auth, id, parseBody(workflowUpdateSchema, body));
  const upsert = async (body: Record<string, unknown>) => (await core.audience.upsertSubscriber(auth, parseBody(subscriberCreateSchema, body))).subscriber;
  const update = (ref: string, body: Record<string, unknown>) => core.audience.updateSubscriber(auth, ref, parseBody(subscriberUpdateSchema, body));
  const tagsArgs = (body: Record<string, unknown>): [string[], Options] => {
    const { tags, triggerWorkflows } = parseBody(tagsBodySchema, body);
    return [tags, triggerWorkflows === undefined ? {} : { triggerWorkflows }];
  };
  const addTags = (ref: string, tags: string[], options: Options = {}) => core.audience.addTags(auth, ref, ...tagsArgs({ tags, ...options }));
  const removeTags = (ref: string, tags: string[], options: Options = {}) => core.audience.removeTags(auth, ref, ...tagsArgs({ tags, ...options }));
  const unsubscribe = (ref: string, options: Options = {}) => core.audience.unsubscribe(auth, ref, parseBody(unsubscribeBodySchema, options));
  const recordEvent = (body: Record<string, unknown>) => core.audience.recordEvent(auth, parseBody(eventCreateSchema, body));

  const db = () => testDb.handle.db;
  /** A workflow's runs, oldest first. */
  const runsOf = async (workflow: WorkflowRecord) => (await core.workflows.listRuns(auth, workflow.id, { limit: 100 })).data.reverse();
  const runRows = () => db().selectFrom('workflow_runs').selectAll().orderBy('id').execute();
  const runRow = async (id: string) => await db().selectFrom('workflow_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const workflowJobs = () => db().selectFrom('jobs').selectAll().where('kind', '=', WORKFLOW_RUN_JOB).execute();
  const emailRows = () => db().selectFrom('emails').selectAll().orderBy('id').execute();
  /** The subscriber's events, oldest first. */
  const eventsOf = async (ref: string) => (await core.audience.listSubscriberEvents(auth, ref, { limit: 100 })).data.reverse();
  const eventNames = async (ref: string) => (await eventsOf(ref)).map((e) => e.name);
  const tagsOf = async (ref: string) => (await core.audience.getSubscriber(auth, ref)).tags;

  describe('triggers', () => {
    it('subscriber_created: creating a subscriber starts one run, queued as a job; an upsert of an existing one does not', async () => {
      const welcome = await createWorkflow({ name: 'Welcome', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'welcomed' }] });
      const other = await createWorkflow({ name: 'VIP', trigger: { type: 'tag_added', tag: 'vip' }, steps: [{ type: 'add_tag', tag: 'x' }] });

      const ann = await upsert({ email: 'ann@example.com' });
      const [created] = await eventsOf(ann.id);
      expect(created!.name).toBe('subscriber_created');
      const runs = await runsOf(welcome);
      expect(runs).toEqual([
        {
          object: 'workflow_run',
          id: expect.stringMatching(WFR_ID),
          workflow_id: welcome.id,
          subscriber_id: ann.id,
          trigger_event_id: created!.id,
          status: 'running',
          step_index: 0,
          wake_at: null,
          last_error: null,
          created_at: iso(T0),
          updated_at: iso(T0),
        },
      ]);
      expect(await runsOf(other)).toEqual([]);
      const jobs = await workflowJobs();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ ref_id: runs[0]!.id, run_at: T0, lease_owner: null });

      // The same person again: an update, not a creation.
      await upsert({ email: 'ANN@example.com', first_name: 'Ann' });
      expect(await runsOf(welcome)).toHaveLength(1);
      expect(await workflowJobs()).toHaveLength(1);
    });

    it('tag_added: attaching the tag starts a run; attaching it again, or another tag, does not', async () => {
      const vip = await createWorkflow({ name: 'VIP', trigger: { type: 'tag_added', tag: 'vip' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const ann = await upsert({ email: 'ann@example.com' });

      await addTags(ann.id, ['vip', 'early']);
      const tagAdded = (await eventsOf(ann.id)).find((e) => e.name === 'tag_added' && e.properties.tag === 'vip')!;
      const runs = await runsOf(vip);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ subscriber_id: ann.id, trigger_event_id: tagAdded.id, status: 'running' });

      await addTags(ann.id, ['vip']);
      await addTags(ann.id, ['other']);
      expect(await runsOf(vip)).toHaveLength(1);

      // Tags given on an upsert count as attached too.
      const bob = await upsert({ email: 'bob@example.com', tags: ['vip'] });
      expect((await runsOf(vip)).map((r) => r.subscriber_id)).toEqual([ann.id, bob.id]);
    });

    it('event: recording an event of that name starts a run; another name does not; a new subscriber also starts subscriber_created', async () => {
      const purchased = await createWorkflow({ name: 'Thanks', trigger: { type: 'event', name: 'purchased' }, steps: [{ type: 'add_tag', tag: 'buyer' }] });
      const welcome = await createWorkflow({ name: 'Welcome', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'new' }] });
      const ann = await upsert({ email: 'ann@example.com', triggerWorkflows: false });

      const event = await recordEvent({ email: 'ann@example.com', name: 'purchased', properties: { sku: 'A1' } });
      await recordEvent({ email: 'ann@example.com', name: 'browsed' });
      expect(await runsOf(purchased)).toEqual([expect.objectContaining({ subscriber_id: ann.id, trigger_event_id: event.id, status: 'running' })]);
      expect(await runsOf(welcome)).toEqual([]);

      // An event for an unknown email creates the subscriber: both workflows start for it.
      const first = await recordEvent({ email: 'new@example.com', name: 'purchased' });
      expect((await runsOf(purchased)).map((r) => r.trigger_event_id)).toEqual([event.id, first.id]);
      expect((await runsOf(welcome)).map((r) => r.subscriber_id)).toEqual([first.subscriber_id]);
    });

    it('a paused workflow starts no run; once active again it starts runs for later events only', async () => {
      const wf = await createWorkflow({ name: 'W', status: 'paused', trigger: { type: 'event', name: 'go' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      expect(wf.status).toBe('paused');
      await recordEvent({ email: 'ann@example.com', name: 'go' });
      expect(await runsOf(wf)).toEqual([]);
      expect(await workflowJobs()).toEqual([]);

      await updateWorkflow(wf.id, { status: 'active' });
      expect(await runsOf(wf)).toEqual([]);
      const later = await recordEvent({ email: 'ann@example.com', name: 'go' });
      expect((await runsOf(wf)).map((r) => r.trigger_event_id)).toEqual([later.id]);
    });

    it("another organization's events start none of this organization's workflows", async () => {
      const wf = await createWorkflow({ name: 'Welcome', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const { token } = await core.orgs.create({ name: 'Other', plan: 'free' });
      const other = await core.tokens.authenticate(token.token);
      await core.audience.upsertSubscriber(other, parseBody(subscriberCreateSchema, { email: 'ann@example.com' }));
      expect(await runsOf(wf)).toEqual([]);
      expect(await runRows()).toEqual([]);
    });
  });

  describe('triggerWorkflows: false', () => {
    // Each write, done once with triggerWorkflows: false and once without the option,
    // on a subscriber of its own: the event is recorded both times, a run starts only the second.
    const writes: { what: string; workflow: string; event: string; act: (email: string, options: Options) => Promise<unknown> }[] = [
      { what: 'upsert creating a subscriber', workflow: 'welcome', event: 'subscriber_created', act: (email, o) => upsert({ email, ...o }) },
      {
        what: 'upsert attaching tags',
        workflow: 'vip',
        event: 'tag_added',
        act: async (email, o) => {
          await upsert({ email, triggerWorkflows: false });
          await upsert({ email, tags: ['vip'], ...o });
        },
      },
      {
        what: 'PATCH changing the status',
        workflow: 'left',
        event: 'unsubscribed',
        act: async (email, o) => {
          await upsert({ email, triggerWorkflows: false });
          await update(email, { status: 'unsubscribed', ...o });
        },
      },
      {
        what: 'POST tags',
        workflow: 'vip',
        event: 'tag_added',
        act: async (email, o) => {
          await upsert({ email, triggerWorkflows: false });
          await addTags(email, ['vip'], o);
        },
      },
      {
        what: 'DELETE tags',
        workflow: 'untagged',
        event: 'tag_removed',
        act: async (email, o) => {
          await upsert({ email, tags: ['vip'], triggerWorkflows: false });
          await removeTags(email, ['vip'], o);
        },
      },
      {
        what: 'unsubscribe',
        workflow: 'left',
        event: 'unsubscribed',
        act: async (email, o) => {
          await upsert({ email, triggerWorkflows: false });
          await unsubscribe(email, o);
        },
      },
      {
        what: 'events',
        workflow: 'purchased',
        event: 'purchased',
        act: async (email, o) => {
          await upsert({ email, triggerWorkflows: false });
          await recordEvent({ email, name: 'purchased', ...o });
        },
      },
      {
        what: 'an event creating its subscriber',
        workflow: 'purchased',
        event: 'purchased',
        act: (email, o) => recordEvent({ email, name: 'purchased', ...o }),
      },
    ];

    it.each(writes.map((w, i) => [w.what, i] as const))('%s: false starts nothing, the default starts the workflow', async (_what, i) => {
      const write = writes[i]!;
      const step = [{ type: 'add_tag', tag: 'touched' }];
      const workflows: Record<string, WorkflowRecord> = {
        welcome: await createWorkflow({ name: 'welcome', trigger: { type: 'subscriber_created' }, steps: step }),
        vip: await createWorkflow({ name: 'vip', trigger: { type: 'tag_added', tag: 'vip' }, steps: step }),
        left: await createWorkflow({ name: 'left', trigger: { type: 'event', name: 'unsubscribed' }, steps: step }),
        untagged: await createWorkflow({ name: 'untagged', trigger: { type: 'event', name: 'tag_removed' }, steps: step }),
        purchased: await createWorkflow({ name: 'purchased', trigger: { type: 'event', name: 'purchased' }, steps: step }),
      };

      await write.act('off@example.com', { triggerWorkflows: false });
      const off = await core.audience.getSubscriber(auth, 'off@example.com');
      expect(await eventNames(off.id)).toContain(write.event);
      expect(await runRows()).toEqual([]);
      expect(await workflowJobs()).toEqual([]);

      await write.act('on@example.com', {});
      const on = await core.audience.getSubscriber(auth, 'on@example.com');
      expect(await eventNames(on.id)).toContain(write.event);
      const runs = await runsOf(workflows[write.workflow]!);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.subscriber_id).toBe(on.id);
      // An event that creates its subscriber also starts the welcome workflow; nothing else starts.
      const expected = write.what === 'an event creating its subscriber' ? 2 : 1;
      expect((await runRows()).filter((r) => r.subscriber_id === on.id)).toHaveLength(expected);
      expect((await runRows()).filter((r) => r.subscriber_id === off.id)).toEqual([]);

      // Explicit true behaves as the default.
      await write.act('yes@example.com', { triggerWorkflows: true });
      const yes = await core.audience.getSubscriber(auth, 'yes@example.com');
      expect((await runsOf(workflows[write.workflow]!)).map((r) => r.subscriber_id)).toEqual([on.id, yes.id]);

      // The worker has nothing to do for the subscriber written without workflows.
      await core.worker.drain();
      expect(await tagsOf(off.id)).not.toContain('touched');
      expect(await tagsOf(on.id)).toContain('touched');
    });
  });

  describe('running', () => {
    it('walks send_email → wait → add_tag: the send goes through the pipeline, the wait holds until the clock passes it', async () => {
      const wf = await createWorkflow({
        name: 'Onboarding',
        trigger: { type: 'subscriber_created' },
        steps: [SEND, { type: 'wait', seconds: 3600 }, { type: 'add_tag', tag: 'welcomed' }],
      });
      const ann = await upsert({ email: 'Ann@Example.com', first_name: 'Ann' });

      // The run (sends, reaches the wait and gives its job back) and the delivery of its email.
      expect(await core.worker.drain()).toBe(2);
      const [run] = await runsOf(wf);
      expect(run).toMatchObject({ status: 'waiting', step_index: 1, wake_at: iso(T0 + 3_600_000), last_error: null, updated_at: iso(T0) });
      const jobs = await workflowJobs();
      expect(jobs).toEqual([expect.objectContaining({ ref_id: run!.id, run_at: T0 + 3_600_000, lease_owner: null })]);

      // One email through the common pipeline: rendered, addressed to the subscriber (domain lower-cased as for any send), delivered.
      const rows = await emailRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        source: 'workflow',
        to_address: 'Ann@example.com',
        from_address: 'Acme <hello@acme.example>',
        subject: 'Welcome aboard',
      });
      const email = await core.emails.get(auth, rows[0]!.id);
      expect(email).toMatchObject({ to: ['Ann@example.com'], subject: 'Welcome aboard', last_event: 'delivered' });
      expect(email.html).toContain('<h1>Welcome</h1>');
      expect(email.html).toContain('<em>here</em>');
      expect(email.text).toContain('Glad you are here.');
      expect(email.raw).toContain('Subject: Welcome aboard');
      expect(await tagsOf(ann.id)).toEqual([]);
      expect(await eventNames(ann.id)).toEqual(['subscriber_created', 'email_delivered']);

      // Nothing happens before wake_at.
      clock.advance(3_600_000 - 1);
      expect(await core.worker.drain()).toBe(0);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'waiting', step_index: 1, updated_at: iso(T0) });
      expect(await tagsOf(ann.id)).toEqual([]);

      clock.advance(1);
      expect(await core.worker.drain()).toBe(1);
      expect(await runsOf(wf)).toEqual([
        {
          object: 'workflow_run',
          id: run!.id,
          workflow_id: wf.id,
          subscriber_id: ann.id,
          trigger_event_id: run!.trigger_event_id,
          status: 'completed',
          step_index: 3,
          wake_at: null,
          last_error: null,
          created_at: iso(T0),
          updated_at: iso(T0 + 3_600_000),
        },
      ]);
      expect(await tagsOf(ann.id)).toEqual(['welcomed']);
      expect(await eventNames(ann.id)).toEqual(['subscriber_created', 'email_delivered', 'tag_added']);
      expect(await workflowJobs()).toEqual([]);
      expect(await emailRows()).toHaveLength(1);
      expect(await core.worker.drain()).toBe(0);
    });

    /**
     * Run the one workflow job as a worker that holds it and whose first read of
     * the workflow saw `status` (what it was a moment before it changed).
     */
    async function runAfterReading(status: 'active' | 'paused'): Promise<void> {
      const [row] = await workflowJobs();
      await db()
        .updateTable('jobs')
        .set({ lease_owner: 'w', lease_until: clock.now() + 60_000 })
        .where('id', '=', row!.id)
        .execute();
      let read = false;
      const readBefore: KyselyPlugin = {
        transformQuery: (args) => args.node,
        async transformResult(args) {
          const first = args.result.rows[0] as { steps?: unknown } | undefined;
          if (read || first?.steps === undefined) return args.result;
          read = true;
          return { ...args.result, rows: [{ ...first, status }] as typeof args.result.rows };
        },
      };
      const handle = { ...testDb.handle, db: testDb.handle.db.withPlugin(readBefore) };
      await createWorkflowRunHandler({ db: handle, clock, emails: core.emails, audience: core.audience, owner: 'w' })({
        id: row!.id,
        kind: WORKFLOW_RUN_JOB,
        refId: row!.ref_id,
        attempts: 1,
        runAt: Number(row!.run_at),
        claimedAt: clock.now(),
      });
      expect(read).toBe(true);
    }

    it('pausing holds a waiting run where it is, even past its wait; resuming lets it go on at once', async () => {
      const wf = await createWorkflow({
        name: 'Hold',
        trigger: { type: 'subscriber_created' },
        steps: [
          { type: 'wait', seconds: 3600 },
          { type: 'add_tag', tag: 'after' },
        ],
      });
      const ann = await upsert({ email: 'ann@example.com' });
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'waiting', step_index: 0, wake_at: iso(T0 + 3_600_000) });

      await updateWorkflow(wf.id, { status: 'paused' });
      clock.advance(3_600_000);
      expect(await core.worker.drain()).toBe(1);
      // Held: the step and the wait are kept, and the run looks again later.
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'paused', step_index: 0, wake_at: iso(T0 + 3_600_000) });
      expect(await workflowJobs()).toEqual([expect.objectContaining({ run_at: clock.now() + PAUSED_RECHECK_MS, lease_owner: null })]);
      clock.advance(PAUSED_RECHECK_MS);
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'paused', step_index: 0 });
      expect(await tagsOf(ann.id)).toEqual([]);

      // Resuming: the held run goes on at once, not at its next look.
      await updateWorkflow(wf.id, { status: 'active' });
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'completed', step_index: 2, wake_at: null });
      expect(await tagsOf(ann.id)).toEqual(['after']);
      expect(await workflowJobs()).toEqual([]);
    });

    it('a resume that comes while a worker is holding a run still lets the run go on at once', async () => {
      const wf = await createWorkflow({ name: 'Race', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const ann = await upsert({ email: 'ann@example.com' });
      await updateWorkflow(wf.id, { status: 'paused' });
      const [run] = await runsOf(wf);
      // The workflow is resumed while a worker holds the run's job, just after the
      // worker read it as paused: the resume finds no held run to bring forward.
      await updateWorkflow(wf.id, { status: 'active' });
      await runAfterReading('paused');
      expect(await runRow(run!.id)).toMatchObject({ status: 'paused', step_index: 0 });
      expect(await workflowJobs()).toEqual([expect.objectContaining({ run_at: clock.now(), lease_owner: null })]);
      expect(await core.worker.drain()).toBe(1);
      expect(await runRow(run!.id)).toMatchObject({ status: 'completed', step_index: 1 });
      expect(await tagsOf(ann.id)).toEqual(['x']);
    });

    it('a run already at its steps when the workflow is paused stops at the next step', async () => {
      const wf = await createWorkflow({
        name: 'Mid',
        trigger: { type: 'subscriber_created' },
        steps: [
          { type: 'add_tag', tag: 'one' },
          { type: 'add_tag', tag: 'two' },
        ],
      });
      const ann = await upsert({ email: 'ann@example.com' });
      await updateWorkflow(wf.id, { status: 'paused' });
      const [run] = await runsOf(wf);
      // The worker read the workflow just before it was paused, and went on to its first step.
      await runAfterReading('active');
      expect(await runRow(run!.id)).toMatchObject({ status: 'paused', step_index: 1 });
      expect(await tagsOf(ann.id)).toEqual(['one']);
      expect(await workflowJobs()).toEqual([expect.objectContaining({ run_at: clock.now() + PAUSED_RECHECK_MS, lease_owner: null })]);

      await updateWorkflow(wf.id, { status: 'active' });
      expect(await core.worker.drain()).toBe(1);
      expect(await runRow(run!.id)).toMatchObject({ status: 'completed', step_index: 2 });
      expect((await tagsOf(ann.id)).sort()).toEqual(['one', 'two']);
    });

    it('a held run whose wait is not over is waiting again once resumed, until the wait ends', async () => {
      const wf = await createWorkflow({
        name: 'Long wait',
        trigger: { type: 'subscriber_created' },
        steps: [
          { type: 'wait', seconds: 7200 },
          { type: 'add_tag', tag: 'after' },
        ],
      });
      const ann = await upsert({ email: 'ann@example.com' });
      expect(await core.worker.drain()).toBe(1);
      await updateWorkflow(wf.id, { status: 'paused' });
      // The run looks early (as on an hourly recheck) while the workflow is paused: held, its wait kept.
      await db().updateTable('jobs').set({ run_at: clock.now() }).where('kind', '=', WORKFLOW_RUN_JOB).execute();
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'paused', step_index: 0, wake_at: iso(T0 + 7_200_000) });

      clock.advance(60_000);
      await updateWorkflow(wf.id, { status: 'active' });
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'waiting', step_index: 0, wake_at: iso(T0 + 7_200_000) });
      expect(await workflowJobs()).toEqual([expect.objectContaining({ run_at: T0 + 7_200_000 })]);
      clock.advance(7_200_000);
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'completed' });
      expect(await tagsOf(ann.id)).toEqual(['after']);
    });

    it('setting a workflow active brings held runs forward even when it already reads active', async () => {
      const wf = await createWorkflow({ name: 'Race', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const ann = await upsert({ email: 'ann@example.com' });
      await updateWorkflow(wf.id, { status: 'paused' });
      expect(await core.worker.drain()).toBe(1);
      // A resume that set the status but never brought the runs forward (it raced a pause, or the process died).
      await db().updateTable('workflows').set({ status: 'active' }).where('id', '=', wf.id).execute();
      expect(await core.worker.drain()).toBe(0);
      await updateWorkflow(wf.id, { status: 'active' });
      expect(await core.worker.drain()).toBe(1);
      expect(await tagsOf(ann.id)).toEqual(['x']);
    });

    it('an update writes only what it names, so it never undoes a pause it did not see', async () => {
      const wf = await createWorkflow({ name: 'Old', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      await updateWorkflow(wf.id, { status: 'paused' });
      // An update (of another process, say) that read the workflow just before the pause.
      const readBeforePause: KyselyPlugin = {
        transformQuery: (args) => args.node,
        async transformResult(args) {
          const rows = args.result.rows as { trigger_type?: unknown; status?: string }[];
          return rows[0]?.trigger_type === undefined
            ? args.result
            : { ...args.result, rows: rows.map((r) => ({ ...r, status: 'active' })) as typeof args.result.rows };
        },
      };
      const stale = createWorkflowService({ ...testDb.handle, db: testDb.handle.db.withPlugin(readBeforePause) }, clock, core.emails);
      expect(await stale.update(auth, wf.id, parseBody(workflowUpdateSchema, { name: 'New' }))).toMatchObject({ name: 'New' });
      expect(await core.workflows.get(auth, wf.id)).toMatchObject({ name: 'New', status: 'paused' });
    });

    it('deleting a workflow cancels its held runs at once', async () => {
      const wf = await createWorkflow({ name: 'Gone', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const ann = await upsert({ email: 'ann@example.com' });
      await updateWorkflow(wf.id, { status: 'paused' });
      expect(await core.worker.drain()).toBe(1);
      const [run] = await runRows();
      await core.workflows.remove(auth, wf.id);
      expect(await core.worker.drain()).toBe(1);
      expect(await runRow(run!.id)).toMatchObject({ status: 'cancelled', last_error: 'the workflow was deleted' });
      expect(await tagsOf(ann.id)).toEqual([]);
      expect(await workflowJobs()).toEqual([]);
    });

    it('a run held before its first step starts from it when resumed, and a wait it then reaches still holds', async () => {
      const wf = await createWorkflow({
        name: 'Hold early',
        trigger: { type: 'subscriber_created' },
        steps: [
          { type: 'add_tag', tag: 'before' },
          { type: 'wait', seconds: 600 },
          { type: 'add_tag', tag: 'after' },
        ],
      });
      const ann = await upsert({ email: 'ann@example.com' });
      await updateWorkflow(wf.id, { status: 'paused' });
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'paused', step_index: 0, wake_at: null });
      expect(await tagsOf(ann.id)).toEqual([]);

      clock.advance(1000);
      await updateWorkflow(wf.id, { status: 'active' });
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'waiting', step_index: 1, wake_at: iso(T0 + 1000 + 600_000) });
      expect(await tagsOf(ann.id)).toEqual(['before']);
      // Pausing and resuming again before the wait is over changes nothing about it.
      await updateWorkflow(wf.id, { status: 'paused' });
      await updateWorkflow(wf.id, { status: 'active' });
      expect(await core.worker.drain()).toBe(0);
      clock.advance(600_000);
      expect(await core.worker.drain()).toBe(1);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'completed', step_index: 3 });
      expect((await tagsOf(ann.id)).sort()).toEqual(['after', 'before']);
    });

    it('a remove_tag step detaches the tag; a tag the workflow adds can start another workflow', async () => {
      const first = await createWorkflow({
        name: 'first',
        trigger: { type: 'event', name: 'go' },
        steps: [
          { type: 'remove_tag', tag: 'lead' },
          { type: 'add_tag', tag: 'customer' },
        ],
      });
      const second = await createWorkflow({ name: 'second', trigger: { type: 'tag_added', tag: 'customer' }, steps: [{ type: 'add_tag', tag: 'onboarded' }] });
      const ann = await upsert({ email: 'ann@example.com', tags: ['lead'], triggerWorkflows: false });
      await recordEvent({ email: ann.email, name: 'go' });
      expect(await core.worker.drain()).toBe(2);
      expect((await runsOf(first)).map((r) => r.status)).toEqual(['completed']);
      expect((await runsOf(second)).map((r) => r.status)).toEqual(['completed']);
      expect(await tagsOf(ann.id)).toEqual(['customer', 'onboarded']);
    });

    it('workflow sends are not held by the recipient guard', async () => {
      // Six sends to one mailbox at one instant: a transactional send would be refused after five.
      const wf = await createWorkflow({
        name: 'Ping',
        trigger: { type: 'event', name: 'ping' },
        steps: [{ type: 'send_email', from: 'hello@acme.example', subject: 'Ping', html: '<p>ping</p>' }],
      });
      for (let i = 0; i < 6; i++) await recordEvent({ email: 'ann@example.com', name: 'ping' });
      await core.worker.drain();
      expect((await runsOf(wf)).map((r) => r.status)).toEqual(Array(6).fill('completed'));
      const rows = await emailRows();
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((r) => r.to_address))).toEqual(new Set(['ann@example.com']));
    });

    it('the same triggering event never produces two runs', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      // Recorded without workflows, then started by hand, twice, as a retried transaction would.
      const event = await recordEvent({ email: 'ann@example.com', name: 'go', triggerWorkflows: false });
      const recorded = { id: event.id, organizationId: auth.organizationId, subscriberId: event.subscriber_id, name: 'go', properties: {} };
      expect(await startWorkflowRuns(db(), [recorded], clock.now())).toBe(1);
      expect(await startWorkflowRuns(db(), [recorded], clock.now())).toBe(0);
      // And twice at once.
      const both = await Promise.all([startWorkflowRuns(db(), [recorded], clock.now()), startWorkflowRuns(db(), [recorded], clock.now())]);
      expect(both).toEqual([0, 0]);
      expect((await runsOf(wf)).map((r) => r.trigger_event_id)).toEqual([event.id]);
      expect(await workflowJobs()).toHaveLength(1);

      await core.worker.drain();
      expect(await startWorkflowRuns(db(), [recorded], clock.now())).toBe(0);
      expect(await workflowJobs()).toEqual([]);
      expect((await runsOf(wf)).map((r) => r.status)).toEqual(['completed']);
    });

    it('one new event started twice at once makes one run and one job', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const event = await recordEvent({ email: 'ann@example.com', name: 'go', triggerWorkflows: false });
      const recorded = { id: event.id, organizationId: auth.organizationId, subscriberId: event.subscriber_id, name: 'go', properties: {} };
      const started = await Promise.all([startWorkflowRuns(db(), [recorded], clock.now()), startWorkflowRuns(db(), [recorded], clock.now())]);
      expect(started.sort()).toEqual([0, 1]);
      expect(await runsOf(wf)).toHaveLength(1);
      expect(await workflowJobs()).toHaveLength(1);
    });

    it('two new events at once start one run each', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const a = await recordEvent({ email: 'ann@example.com', name: 'go', triggerWorkflows: false });
      const b = await recordEvent({ email: 'ann@example.com', name: 'go', triggerWorkflows: false });
      const started = await Promise.all(
        [a, b].map((e) =>
          startWorkflowRuns(db(), [{ id: e.id, organizationId: auth.organizationId, subscriberId: e.subscriber_id, name: 'go', properties: {} }], clock.now()),
        ),
      );
      expect(started).toEqual([1, 1]);
      expect((await runsOf(wf)).map((r) => r.trigger_event_id).sort()).toEqual([a.id, b.id].sort());
    });

    it('a run executed again after its progress was lost (a crash) does not send twice', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [SEND, { type: 'add_tag', tag: 'sent' }] });
      await recordEvent({ email: 'ann@example.com', name: 'go' });
      await core.worker.drain();
      const [run] = await runsOf(wf);
      expect(run).toMatchObject({ status: 'completed', step_index: 2 });
      const [email] = await emailRows();

      // As if the process died after the send committed but before the run recorded it:
      // the run is back at step 0 and its job runs again.
      clock.advance(5_000);
      await db().updateTable('workflow_runs').set({ step_index: 0, status: 'running' }).where('id', '=', run!.id).execute();
      await enqueueJobs(db(), [{ kind: WORKFLOW_RUN_JOB, refId: run!.id, runAt: clock.now() }], clock.now());
      expect(await core.worker.drain()).toBe(1);

      expect(await runRow(run!.id)).toMatchObject({ status: 'completed', step_index: 2, last_error: null });
      // The send replayed its first answer (same key: run, step 0 and its content): still one email, one delivery.
      expect((await emailRows()).map((e) => e.id)).toEqual([email!.id]);
      const [firstStep] = (await core.workflows.get(auth, run!.workflow_id)).steps;
      const key = await db()
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('key', '=', workflowSendKey(run!.id, 0, firstStep!))
        .executeTakeFirstOrThrow();
      expect(key).toMatchObject({ state: 'completed', organization_id: auth.organizationId });
      expect(JSON.parse(key.response!)).toEqual({ id: email!.id });
      const events = await eventsOf('ann@example.com');
      expect(events.filter((e) => e.name === 'email_delivered')).toHaveLength(1);
      expect(events.filter((e) => e.name === 'tag_added')).toHaveLength(1);
      expect(await tagsOf('ann@example.com')).toEqual(['sent']);
    });

    it("a worker that lost its run's job (a stall past the lease) stops without writing over the run", async () => {
      const wf = await createWorkflow({
        name: 'W',
        trigger: { type: 'event', name: 'go' },
        steps: [
          { type: 'add_tag', tag: 'one' },
          { type: 'add_tag', tag: 'two' },
        ],
      });
      await recordEvent({ email: 'ann@example.com', name: 'go' });
      const [run] = await runsOf(wf);
      const [row] = await workflowJobs();
      // Another worker holds the job now; the stale one still runs it.
      await db()
        .updateTable('jobs')
        .set({ lease_owner: 'current', lease_until: clock.now() + 60_000, attempts: 2 })
        .where('id', '=', row!.id)
        .execute();
      const job = { id: row!.id, kind: WORKFLOW_RUN_JOB, refId: run!.id, attempts: 1, runAt: Number(row!.run_at), claimedAt: clock.now() };
      const runner = (owner: string) => createWorkflowRunHandler({ db: testDb.handle, clock, emails: core.emails, audience: core.audience, owner });

      await expect(runner('stale')(job)).rejects.toThrow(/is no longer held by this worker/);
      expect(await runRow(run!.id)).toMatchObject({ step_index: 0, status: run!.status });
      expect(await workflowJobs()).toEqual([expect.objectContaining({ lease_owner: 'current' })]);

      // The holder goes on from the recorded step: the one step the stale worker did is idempotent.
      await runner('current')({ ...job, attempts: 2 });
      expect(await runRow(run!.id)).toMatchObject({ step_index: 2, status: 'completed' });
      expect((await tagsOf('ann@example.com')).sort()).toEqual(['one', 'two']);
      expect(await workflowJobs()).toEqual([]);
    });

    it('a run whose workflow was deleted is cancelled at its next step', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'subscriber_created' }, steps: [{ type: 'wait', seconds: 60 }, SEND] });
      await upsert({ email: 'ann@example.com' });
      await core.worker.drain();
      const [run] = await runsOf(wf);
      expect(run).toMatchObject({ status: 'waiting', wake_at: iso(T0 + 60_000) });

      expect(await core.workflows.remove(auth, wf.id)).toEqual({ object: 'workflow', id: wf.id, deleted: true });
      await expectRefusal(core.workflows.get(auth, wf.id), { kind: 'not_found', message: `Workflow ${wf.id} not found` });
      await expectRefusal(core.workflows.listRuns(auth, wf.id, { limit: 20 }), { kind: 'not_found', message: `Workflow ${wf.id} not found` });

      clock.advance(60_000);
      expect(await core.worker.drain()).toBe(1);
      expect(await runRow(run!.id)).toMatchObject({ status: 'cancelled', wake_at: null, last_error: 'the workflow was deleted', updated_at: T0 + 60_000 });
      expect(await emailRows()).toEqual([]);
      expect(await workflowJobs()).toEqual([]);
    });

    it('a run started just before its workflow is deleted is cancelled without running a step', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'subscriber_created' }, steps: [SEND] });
      await upsert({ email: 'ann@example.com' });
      const [run] = await runsOf(wf);
      await core.workflows.remove(auth, wf.id);
      await core.worker.drain();
      expect(await runRow(run!.id)).toMatchObject({ status: 'cancelled', last_error: 'the workflow was deleted' });
      expect(await emailRows()).toEqual([]);
    });

    it('skips the send for an unsubscribed subscriber and completes the run', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [SEND, { type: 'add_tag', tag: 'done' }] });
      await upsert({ email: 'gone@example.com', status: 'unsubscribed', triggerWorkflows: false });
      await recordEvent({ email: 'gone@example.com', name: 'go' });
      await core.worker.drain();
      expect(await runsOf(wf)).toEqual([expect.objectContaining({ status: 'completed', step_index: 2, last_error: null })]);
      expect(await emailRows()).toEqual([]);
      expect(await tagsOf('gone@example.com')).toEqual(['done']);
    });

    it('skips the send for a subscribed subscriber whose address is suppressed, and completes the run', async () => {
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [SEND, { type: 'add_tag', tag: 'done' }] });
      await core.suppressions.add(auth, { emails: ['Blocked@example.com'], expiresAt: null });
      await upsert({ email: 'blocked@example.com', triggerWorkflows: false });
      await recordEvent({ email: 'blocked@example.com', name: 'go' });
      await core.worker.drain();
      expect(await runsOf(wf)).toEqual([expect.objectContaining({ status: 'completed', step_index: 2, last_error: null })]);
      expect(await emailRows()).toEqual([]);
      expect(await tagsOf('blocked@example.com')).toEqual(['done']);
    });

    it('skips the send for a subscriber who unsubscribed during a wait', async () => {
      const wf = await createWorkflow({
        name: 'W',
        trigger: { type: 'subscriber_created' },
        steps: [{ type: 'wait', seconds: 60 }, SEND, { type: 'add_tag', tag: 'done' }],
      });
      await upsert({ email: 'ann@example.com' });
      await core.worker.drain();
      await unsubscribe('ann@example.com');
      clock.advance(60_000);
      await core.worker.drain();
      expect(await runsOf(wf)).toEqual([expect.objectContaining({ status: 'completed', step_index: 3 })]);
      expect(await emailRows()).toEqual([]);
      expect(await tagsOf('ann@example.com')).toEqual(['done']);
    });

    it('refuses, at creation and update, a send step that cannot be rendered', async () => {
      const unrenderable = { type: 'send_email', from: 'hello@acme.example', subject: 'Hi', tiptap: { type: 'doc', content: [{ type: 'notARealNode' }] } };
      const cannot = 'document cannot be rendered: Unknown node type: notARealNode';
      await expectRefusal(
        Promise.resolve().then(() =>
          createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [{ type: 'wait', seconds: 5 }, unrenderable] }),
        ),
        { kind: 'validation_error', message: `steps.1.tiptap ${cannot}`, details: [{ path: 'steps.1.tiptap', message: cannot }] },
      );
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [SEND] });
      await expectRefusal(
        Promise.resolve().then(() => updateWorkflow(wf.id, { steps: [unrenderable] })),
        {
          kind: 'validation_error',
          message: `steps.0.tiptap ${cannot}`,
          details: [{ path: 'steps.0.tiptap', message: cannot }],
        },
      );
      expect((await core.workflows.get(auth, wf.id)).steps).toEqual([SEND]);
    });

    it('a send step that cannot be rendered when it runs fails the run at once, without retries', async () => {
      // Stored before rendering was checked at creation (or by an older renderer): the run still ends cleanly.
      const wf = await createWorkflow({ name: 'W', trigger: { type: 'event', name: 'go' }, steps: [SEND] });
      const unrenderable = { type: 'send_email', from: 'hello@acme.example', subject: 'Hi', tiptap: { type: 'doc', content: [{ type: 'notARealNode' }] } };
      await db()
        .updateTable('workflows')
        .set({ steps: JSON.stringify([unrenderable]) })
        .where('id', '=', wf.id)
        .execute();
      await recordEvent({ email: 'ann@example.com', name: 'go' });
      expect(await core.worker.drain()).toBe(1);
      const [run] = await runsOf(wf);
      expect(run).toMatchObject({ status: 'failed', step_index: 0 });
      expect(run!.last_error).toMatch(/^step 0: tiptap/);
      expect(await workflowJobs()).toEqual([]);
      expect(await emailRows()).toEqual([]);
    });
  });

  describe('loops and impersonation (found in review)', () => {
    it("a workflow's own email, once delivered, does not start the workflow it came from again", async () => {
      const echo = await createWorkflow({ name: 'Echo', trigger: { type: 'event', name: 'email_delivered' }, steps: [SEND] });
      await upsert({ email: 'echo@example.com' });
      // A transactional email delivered to the subscriber starts the workflow once…
      await core.emails.send(auth, parseSendBody({ from: 'a@acme.example', to: 'echo@example.com', subject: 's', html: '<p>x</p>' }), { source: 'api' });
      await core.worker.drain();
      await core.worker.drain();
      await core.worker.drain();
      // …and the workflow's own email, delivered too, starts nothing more.
      expect((await runsOf(echo)).map((r) => r.status)).toEqual(['completed']);
      expect((await emailRows()).map((e) => e.source)).toEqual(['api', 'workflow']);
      expect((await eventNames('echo@example.com')).filter((n) => n === 'email_delivered')).toHaveLength(2);
    });

    it('workflows that start each other through tags stop after a few links', async () => {
      const ping = await createWorkflow({
        name: 'Ping',
        trigger: { type: 'tag_added', tag: 'ping' },
        steps: [
          { type: 'remove_tag', tag: 'pong' },
          { type: 'add_tag', tag: 'pong' },
        ],
      });
      const pong = await createWorkflow({
        name: 'Pong',
        trigger: { type: 'tag_added', tag: 'pong' },
        steps: [
          { type: 'remove_tag', tag: 'ping' },
          { type: 'add_tag', tag: 'ping' },
        ],
      });
      await upsert({ email: 'loop@example.com', tags: ['ping'] });
      for (let i = 0; i < 10; i++) await core.worker.drain();
      const runs = [...(await runsOf(ping)), ...(await runsOf(pong))];
      expect(runs.length).toBe(4); // depths 0..3, then the chain stops
      expect(runs.every((r) => r.status === 'completed')).toBe(true);
      expect(await workflowJobs()).toEqual([]);
    });

    it("refuses custom events named like the platform's own, which non-event triggers wait for", async () => {
      for (const name of ['subscriber_created', 'tag_added', 'tag_removed', 'unsubscribed', 'email_bounced']) {
        const message = 'is the name of an event the platform records itself; choose another name';
        await expectRefusal(
          Promise.resolve().then(() => recordEvent({ email: 'fake@example.com', name })),
          {
            kind: 'validation_error',
            message: `name ${message}`,
            details: [{ path: 'name', message }],
          },
        );
      }
    });
  });

  // Regressions of bugs found in review: waits counted as failed attempts, and a stale wake time.
  describe('waits', () => {
    it('a run that went through waits still gets retries for a transient error (job attempts count every wake-up)', async () => {
      // The same transient failure (the send's idempotency key held in flight by a live request)
      // hits a run with no waits and a run that went through 8 waits.
      const steps = (n: number) => [
        ...Array(n).fill({ type: 'wait', seconds: 1 }),
        { type: 'send_email', from: 'hello@acme.example', subject: 'Hi', html: '<p>x</p>' },
      ];
      const plain = await createWorkflow({ name: 'plain', trigger: { type: 'event', name: 'plain' }, steps: steps(0) });
      const waity = await createWorkflow({ name: 'waity', trigger: { type: 'event', name: 'waity' }, steps: steps(8) });
      await recordEvent({ email: 'ann@example.com', name: 'plain' });
      await recordEvent({ email: 'ann@example.com', name: 'waity' });
      const [plainRun] = await runsOf(plain);
      const [waityRun] = await runsOf(waity);
      const request = parseSendBody({ from: 'hello@acme.example', subject: 'Hi', html: '<p>x</p>', to: 'ann@example.com' });
      for (const [run, index] of [
        [plainRun!, 0],
        [waityRun!, 8],
      ] as const) {
        const step = (await core.workflows.get(auth, run.workflow_id)).steps[index]!;
        await db()
          .insertInto('idempotency_keys')
          .values({
            organization_id: auth.organizationId,
            key: workflowSendKey(run.id, index, step),
            fingerprint: requestFingerprint('emails.send', request),
            claim_token: 'someone-else',
            state: 'in_flight',
            response: null,
            created_at: T0 + 8_000,
            expires_at: T0 + 86_400_000,
          })
          .execute();
      }
      for (let i = 0; i <= 8; i++) {
        await core.worker.drain();
        clock.advance(1_000);
      }
      // The run without waits is retried (still running, its job queued again).
      expect(await runRow(plainRun!.id)).toMatchObject({ status: 'running', step_index: 0 });
      // Expected the same for the run with waits; actual: failed at once, because its job's
      // attempts (9: one per wake-up) are past MAX_ATTEMPTS (runner.ts).
      expect(await runRow(waityRun!.id)).toMatchObject({ status: 'running', step_index: 8 });
    });

    it('a send step still claimed by a run that stopped mid-way waits quietly, then takes the stale claim over and sends once', async () => {
      const wf = await createWorkflow({
        name: 'crashy',
        trigger: { type: 'event', name: 'crashy' },
        steps: [{ type: 'send_email', from: 'hello@acme.example', subject: 'Hi', html: '<p>x</p>' }],
      });
      await recordEvent({ email: 'ann@example.com', name: 'crashy' });
      const [run] = await runsOf(wf);
      const step = (await core.workflows.get(auth, wf.id)).steps[0]!;
      const request = parseSendBody({ from: 'hello@acme.example', subject: 'Hi', html: '<p>x</p>', to: 'ann@example.com' });
      // What a process killed between claiming the step's key and committing its send leaves.
      await db()
        .insertInto('idempotency_keys')
        .values({
          organization_id: auth.organizationId,
          key: workflowSendKey(run!.id, 0, step),
          fingerprint: requestFingerprint('emails.send', request),
          claim_token: 'a-process-that-died',
          state: 'in_flight',
          response: null,
          created_at: T0,
          expires_at: T0 + 86_400_000,
        })
        .execute();
      await core.worker.drain();
      // Put off a few seconds, not failed and not counted as an attempt, with no error noted.
      expect(await runRow(run!.id)).toMatchObject({ status: 'running', step_index: 0 });
      expect(await workflowJobs()).toEqual([
        expect.objectContaining({ ref_id: run!.id, attempts: 0, run_at: T0 + IN_PROGRESS_RECHECK_MS, last_error: null, lease_owner: null }),
      ]);
      expect(await emailRows()).toEqual([]);
      // The claim is stale after a minute: the run takes it over and sends, once.
      for (let i = 0; i < 13; i++) {
        clock.advance(IN_PROGRESS_RECHECK_MS);
        await core.worker.drain();
      }
      expect(await runRow(run!.id)).toMatchObject({ status: 'completed' });
      expect((await emailRows()).map((r) => r.source)).toEqual(['workflow']);
    });

    it('editing the steps during a wait does not make a later wait pass at once (stale wake_at in the runner)', async () => {
      const wf = await createWorkflow({
        name: 'W',
        trigger: { type: 'event', name: 'go' },
        steps: [
          { type: 'wait', seconds: 60 },
          { type: 'add_tag', tag: 'a' },
        ],
      });
      await recordEvent({ email: 'ann@example.com', name: 'go' });
      await core.worker.drain();
      await updateWorkflow(wf.id, {
        steps: [
          { type: 'add_tag', tag: 'b' },
          { type: 'wait', seconds: 3600 },
          { type: 'add_tag', tag: 'c' },
        ],
      });
      clock.advance(60_000);
      await core.worker.drain();
      // Expected: b added, then a fresh one-hour wait. Actual: the old wake_at (already past) is
      // kept in the runner's local wakeAt through the add_tag step and ends the new wait at once.
      expect(await tagsOf('ann@example.com')).toEqual(['b']);
      expect((await runsOf(wf))[0]).toMatchObject({ status: 'waiting', step_index: 1, wake_at: iso(T0 + 60_000 + 3_600_000) });
    });
  });

  describe('the workflow records', () => {
    it("counts each workflow's runs by where they stand, on get, list and update", async () => {
      const welcome = await createWorkflow({ name: 'Welcome', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
      const vip = await createWorkflow({ name: 'VIP', trigger: { type: 'tag_added', tag: 'vip' }, steps: [{ type: 'add_tag', tag: 'y' }] });
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com', 'f@example.com', 'g@example.com'])
        await upsert({ email });
      await addTags('a@example.com', ['vip']);
      const runs = await runsOf(welcome);
      const statuses = ['running', 'waiting', 'paused', 'completed', 'completed', 'failed', 'cancelled'] as const;
      for (const [i, status] of statuses.entries()) await db().updateTable('workflow_runs').set({ status }).where('id', '=', runs[i]!.id).execute();

      const welcomeRuns = { total: 7, in_progress: 3, completed: 2, failed: 1, cancelled: 1 };
      const vipRuns = { total: 1, in_progress: 1, completed: 0, failed: 0, cancelled: 0 };
      expect((await core.workflows.get(auth, welcome.id)).runs).toEqual(welcomeRuns);
      expect((await core.workflows.list(auth, { limit: 10 })).data.map((w) => [w.name, w.runs])).toEqual([
        ['VIP', vipRuns],
        ['Welcome', welcomeRuns],
      ]);
      expect((await updateWorkflow(vip.id, { status: 'paused' })).runs).toEqual(vipRuns);
    });

    it('create, get, list, update and remove, scoped to the organization', async () => {
      const created = await createWorkflow({ name: '  Welcome  ', trigger: { type: 'subscriber_created' }, steps: [SEND, { type: 'wait', seconds: 60 }] });
      expect(created).toEqual({
        object: 'workflow',
        id: expect.stringMatching(WFL_ID),
        name: 'Welcome',
        status: 'active',
        trigger: { type: 'subscriber_created' },
        steps: [SEND, { type: 'wait', seconds: 60 }],
        runs: { total: 0, in_progress: 0, completed: 0, failed: 0, cancelled: 0 },
        created_at: iso(T0),
        updated_at: iso(T0),
      });
      expect(await core.workflows.get(auth, created.id)).toEqual(created);

      clock.advance(1_000);
      const updated = await updateWorkflow(created.id, { name: 'Hello', status: 'paused', trigger: { type: 'tag_added', tag: 'vip' } });
      expect(updated).toEqual({ ...created, name: 'Hello', status: 'paused', trigger: { type: 'tag_added', tag: 'vip' }, updated_at: iso(T0 + 1_000) });
      expect(await core.workflows.get(auth, created.id)).toEqual(updated);
      const stepsOnly = await updateWorkflow(created.id, { steps: [{ type: 'remove_tag', tag: 'vip' }] });
      expect(stepsOnly).toEqual({ ...updated, steps: [{ type: 'remove_tag', tag: 'vip' }] });

      const second = await createWorkflow({ name: 'Second', trigger: { type: 'event', name: 'x' }, steps: [{ type: 'add_tag', tag: 'y' }] });
      const page = await core.workflows.list(auth, { limit: 20 });
      expect(page).toEqual({ object: 'list', data: [second, stepsOnly], has_more: false });
      expect(await core.workflows.list(auth, { limit: 1 })).toEqual({ object: 'list', data: [second], has_more: true });
      expect(await core.workflows.list(auth, { limit: 20, after: second.id })).toEqual({ object: 'list', data: [stepsOnly], has_more: false });

      const { token } = await core.orgs.create({ name: 'Other', plan: 'free' });
      const other = await core.tokens.authenticate(token.token);
      expect((await core.workflows.list(other, { limit: 20 })).data).toEqual([]);
      // One at a time: a promise made early would reject unobserved while another is awaited.
      for (const attempt of [
        () => core.workflows.get(other, created.id),
        () => core.workflows.update(other, created.id, {}),
        () => core.workflows.remove(other, created.id),
        () => core.workflows.listRuns(other, created.id, { limit: 20 }),
      ]) {
        await expectRefusal(attempt(), { kind: 'not_found', message: `Workflow ${created.id} not found` });
      }
      expect(await core.workflows.get(auth, created.id)).toEqual(stepsOnly);

      expect(await core.workflows.remove(auth, created.id)).toEqual({ object: 'workflow', id: created.id, deleted: true });
      await expectRefusal(core.workflows.remove(auth, created.id), { kind: 'not_found', message: `Workflow ${created.id} not found` });
      expect((await core.workflows.list(auth, { limit: 20 })).data).toEqual([second]);
    });
  });

  describe('validation', () => {
    const base = { name: 'W', trigger: { type: 'subscriber_created' }, steps: [SEND] };
    /** Expect `schema` to refuse `body` with a validation_error carrying `expected`. */
    const refused = (
      body: Record<string, unknown>,
      expected: { message: string; details: unknown },
      schema: typeof workflowCreateSchema | typeof workflowUpdateSchema = workflowCreateSchema,
    ) => expectRefusal(() => parseBody(schema, body), { kind: 'validation_error', ...expected });
    const one = (path: string, message: string) => ({ message: `${path} ${message}`, details: [{ path, message }] });

    it.each([
      [
        'a send step with to',
        { steps: [{ ...SEND, to: 'someone@example.com' }] },
        one('steps.0.to', 'is not allowed: a workflow sends to the subscriber it runs for'),
      ],
      ['a wait of 0 seconds', { steps: [{ type: 'wait', seconds: 0 }] }, one('steps.0.seconds', 'must be at least 1')],
      ['a wait of 1.5 seconds', { steps: [{ type: 'wait', seconds: 1.5 }] }, one('steps.0.seconds', 'must be a whole number')],
      ['a wait as a string', { steps: [{ type: 'wait', seconds: '5' }] }, one('steps.0.seconds', 'must be a number of seconds')],
      ['a wait past a year', { steps: [{ type: 'wait', seconds: 366 * 86_400 + 1 }] }, one('steps.0.seconds', 'must be at most 31622400')],
      ['an unknown step type', { steps: [{ type: 'webhook', url: 'https://example.com' }] }, one('steps.0.type', STEP_MESSAGE)],
      ['a step without a type', { steps: [{ seconds: 5 }] }, one('steps.0.type', STEP_MESSAGE)],
      ['a bad second step', { steps: [SEND, { type: 'wait', seconds: -1 }] }, one('steps.1.seconds', 'must be at least 1')],
      [
        'two content fields',
        { steps: [{ ...SEND, html: '<p>x</p>' }] },
        one('steps.0', 'exactly one of html, markdown or tiptap must be given, not html and markdown'),
      ],
      [
        'no content field',
        { steps: [{ type: 'send_email', from: 'a@acme.example', subject: 'S' }] },
        one('steps.0', 'exactly one of html, markdown or tiptap must be given'),
      ],
      [
        'a bad from',
        { steps: [{ ...SEND, from: 'nope' }] },
        one('steps.0.from', 'must be a valid email address ("name@example.com" or "Name <name@example.com>")'),
      ],
      ['an unknown send field', { steps: [{ ...SEND, cc: 'x@example.com' }] }, one('steps.0.cc', 'is not a known field')],
      ['a v1 send field', { steps: [{ ...SEND, replyTo: 'x@example.com' }] }, one('steps.0.replyTo', 'is a v1 field that v2 does not accept; use reply_to')],
      ['an empty subject', { steps: [{ ...SEND, subject: '' }] }, one('steps.0.subject', 'must not be empty')],
      ['an add_tag without a tag', { steps: [{ type: 'add_tag' }] }, one('steps.0.tag', 'is required')],
      ['a remove_tag with an empty tag', { steps: [{ type: 'remove_tag', tag: ' ' }] }, one('steps.0.tag', 'must not be empty')],
      ['an add_tag with an unknown field', { steps: [{ type: 'add_tag', tag: 'x', seconds: 1 }] }, one('steps.0.seconds', 'is not a known field')],
      ['empty steps', { steps: [] }, one('steps', 'must hold at least one step')],
      ['steps not an array', { steps: {} }, one('steps', 'must be an array of steps')],
      ['51 steps', { steps: Array(51).fill({ type: 'wait', seconds: 1 }) }, one('steps', 'must hold at most 50 steps')],
      ['an unknown trigger type', { trigger: { type: 'opened' } }, one('trigger.type', TRIGGER_MESSAGE)],
      ['a trigger as a string', { trigger: 'subscriber_created' }, one('trigger', TRIGGER_MESSAGE)],
      ['an event trigger without a name', { trigger: { type: 'event' } }, one('trigger.name', 'is required')],
      ['an event trigger with a blank name', { trigger: { type: 'event', name: '  ' } }, one('trigger.name', 'must not be empty')],
      ['a tag_added trigger without a tag', { trigger: { type: 'tag_added' } }, one('trigger.tag', 'is required')],
      ['a tag_added trigger with a name', { trigger: { type: 'tag_added', tag: 'x', name: 'y' } }, one('trigger.name', 'is not a known field')],
      ['a subscriber_created trigger with a tag', { trigger: { type: 'subscriber_created', tag: 'x' } }, one('trigger.tag', 'is not a known field')],
      ['no trigger', { trigger: undefined }, one('trigger', 'is required')],
      ['no name', { name: undefined }, one('name', 'is required')],
      ['a blank name', { name: '   ' }, one('name', 'must not be empty')],
      ['an unknown status', { status: 'on' }, one('status', 'must be active or paused')],
      ['an unknown field', { foo: 1 }, one('foo', 'is not a known field')],
    ])('refuses %s', async (_what, change, expected) => {
      refused({ ...base, ...change }, expected);
    });

    it('reports every problem at once', async () => {
      refused(
        { name: '', trigger: { type: 'event' }, steps: [{ type: 'wait', seconds: 0 }, { type: 'nope' }] },
        {
          message: 'name must not be empty (and 3 more problems)',
          details: [
            { path: 'name', message: 'must not be empty' },
            { path: 'trigger.name', message: 'is required' },
            { path: 'steps.0.seconds', message: 'must be at least 1' },
            { path: 'steps.1.type', message: STEP_MESSAGE },
          ],
        },
      );
    });

    it('an update takes any subset, with the same rules', async () => {
      expect(parseBody(workflowUpdateSchema, {})).toEqual({});
      refused({ steps: [] }, one('steps', 'must hold at least one step'), workflowUpdateSchema);
      refused({ trigger: null }, one('trigger', TRIGGER_MESSAGE), workflowUpdateSchema);
      refused({ name: null }, one('name', 'must be a string'), workflowUpdateSchema);
      refused(
        { steps: [{ ...SEND, to: 'x@example.com' }] },
        one('steps.0.to', 'is not allowed: a workflow sends to the subscriber it runs for'),
        workflowUpdateSchema,
      );
    });
  });
});
