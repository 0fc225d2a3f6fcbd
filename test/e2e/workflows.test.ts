import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * Workflows over the REST door, through fetch on a real socket with the worker
 * running (capture transport): CRUD with exact shapes and codes, and each kind of
 * trigger starting a run that sends through the common pipeline — or not, when
 * the write passes triggerWorkflows: false.
 */
const WFL_ID = /^wfl_[0-9a-hjkmnp-tv-z]{26}$/;
const WFR_ID = /^wfr_[0-9a-hjkmnp-tv-z]{26}$/;
const EML_ID = /^eml_[0-9a-hjkmnp-tv-z]{26}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const SEND = { type: 'send_email', from: 'Acme <hello@acme.example>', subject: 'Welcome to Acme', markdown: '# Welcome\n\nGlad you are *here*.' };

interface Run {
  object: 'workflow_run';
  id: string;
  workflow_id: string;
  subscriber_id: string;
  trigger_event_id: string;
  status: string;
  step_index: number;
  wake_at: string | null;
  last_error: string | null;
}

let server: TestServer;

/** A server of its own for each test of the enclosing describe. */
function freshServerForEachTest(): void {
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => server.close());
}

async function json(res: Response): Promise<any> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

async function ok(res: Response, status: number): Promise<any> {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const createWorkflow = async (body: Record<string, unknown>) => ok(await server.api('/api/v2/workflows', { body }), 201);
const runsOf = async (workflowId: string): Promise<Run[]> => (await ok(await server.api(`/api/v2/workflows/${workflowId}/runs?limit=100`), 200)).data.reverse();
const subscriber = async (ref: string) => ok(await server.api(`/api/v2/subscribers/${encodeURIComponent(ref)}`), 200);
const eventsOf = async (ref: string): Promise<{ id: string; name: string; properties: Record<string, unknown> }[]> =>
  (await ok(await server.api(`/api/v2/subscribers/${encodeURIComponent(ref)}/events?limit=100`), 200)).data.reverse();
const emails = async (): Promise<{ id: string; to: string[]; subject: string; last_event: string }[]> =>
  (await ok(await server.api('/api/v2/emails?limit=100'), 200)).data;

/** Wait until every run of the workflow has finished, and that there are `count` of them. */
async function finishedRuns(workflowId: string, count: number): Promise<Run[]> {
  return waitFor(
    async () => {
      const runs = await runsOf(workflowId);
      return runs.length === count && runs.every((r) => ['completed', 'failed', 'cancelled'].includes(r.status)) ? runs : undefined;
    },
    10_000,
    `${count} finished runs of ${workflowId}`,
  );
}

describe('workflow refusals', () => {
  // Nothing is created here, so the tests share one server (and each checks that nothing was).
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('refuses a NUL character in a workflow body with 422 naming where it is, and creates nothing', async () => {
    const before = (await ok(await server.api('/api/v2/workflows?limit=100'), 200)).data.length;
    const res = await server.api('/api/v2/workflows', { body: { name: 'W\u0000', trigger: { type: 'subscriber_created' }, steps: [SEND] } });
    expect(await ok(res, 422)).toEqual({
      name: 'validation_error',
      message: 'name must not contain the NUL character (U+0000)',
      statusCode: 422,
      details: [{ path: 'name', message: 'must not contain the NUL character (U+0000)' }],
    });
    expect((await ok(await server.api('/api/v2/workflows?limit=100'), 200)).data.length).toBe(before);
  });

  it('refuses a request without a token: 401', async () => {
    const res = await server.api('/api/v2/workflows', { token: null });
    expect(res.status).toBe(401);
    expect((await json(res)).name).toBe('missing_api_key');
  });

  it.each([
    [
      'a send step with to',
      { name: 'W', trigger: { type: 'subscriber_created' }, steps: [{ ...SEND, to: 'x@example.com' }] },
      [{ path: 'steps.0.to', message: 'is not allowed: a workflow sends to the subscriber it runs for' }],
    ],
    [
      'a wait of 0 seconds',
      { name: 'W', trigger: { type: 'subscriber_created' }, steps: [{ type: 'wait', seconds: 0 }] },
      [{ path: 'steps.0.seconds', message: 'must be at least 1' }],
    ],
    [
      'an unknown step',
      { name: 'W', trigger: { type: 'subscriber_created' }, steps: [{ type: 'sms', text: 'hi' }] },
      [{ path: 'steps.0.type', message: 'must be a step: send_email, wait, add_tag or remove_tag' }],
    ],
    [
      'two content fields',
      { name: 'W', trigger: { type: 'subscriber_created' }, steps: [{ ...SEND, html: '<p>x</p>' }] },
      [{ path: 'steps.0', message: 'exactly one of html, markdown or tiptap must be given, not html and markdown' }],
    ],
    ['no steps', { name: 'W', trigger: { type: 'subscriber_created' }, steps: [] }, [{ path: 'steps', message: 'must hold at least one step' }]],
    [
      'an unknown trigger',
      { name: 'W', trigger: { type: 'email_opened' }, steps: [{ type: 'add_tag', tag: 'x' }] },
      [{ path: 'trigger.type', message: 'must be {type:"event", name} | {type:"tag_added", tag} | {type:"subscriber_created"}' }],
    ],
    [
      'an event trigger without a name',
      { name: 'W', trigger: { type: 'event' }, steps: [{ type: 'add_tag', tag: 'x' }] },
      [{ path: 'trigger.name', message: 'is required' }],
    ],
    ['a missing name', { trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] }, [{ path: 'name', message: 'is required' }]],
  ])('POST refuses %s: 422 with details', async (_what, body, details) => {
    const res = await server.api('/api/v2/workflows', { body });
    expect(await ok(res, 422)).toEqual({ name: 'validation_error', message: `${details[0]!.path} ${details[0]!.message}`, statusCode: 422, details });
    expect((await ok(await server.api('/api/v2/workflows'), 200)).data).toEqual([]);
  });

  it('refuses a body that is not JSON (400) and a bad page request (422)', async () => {
    const res = await server.api('/api/v2/workflows', { rawBody: '{"name":', method: 'POST' });
    expect(res.status).toBe(400);
    expect((await json(res)).name).toBe('invalid_json');
    expect(await ok(await server.api('/api/v2/workflows?limit=0'), 422)).toEqual({
      name: 'validation_error',
      message: 'limit must be an integer from 1 to 100',
      statusCode: 422,
      details: [{ path: 'limit', message: 'must be an integer from 1 to 100' }],
    });
  });
});

describe('workflow CRUD', () => {
  freshServerForEachTest();

  it('creates, reads, lists, updates and deletes a workflow with exact shapes and codes', async () => {
    const body = {
      name: 'Welcome series',
      trigger: { type: 'subscriber_created' },
      steps: [SEND, { type: 'wait', seconds: 86_400 }, { type: 'add_tag', tag: 'onboarded' }, { type: 'remove_tag', tag: 'lead' }],
    };
    const created = await createWorkflow(body);
    expect(created).toEqual({
      object: 'workflow',
      id: expect.stringMatching(WFL_ID),
      name: 'Welcome series',
      status: 'active',
      trigger: { type: 'subscriber_created' },
      steps: body.steps,
      runs: { total: 0, in_progress: 0, completed: 0, failed: 0, cancelled: 0 },
      created_at: expect.stringMatching(ISO),
      updated_at: created.created_at,
    });

    expect(await ok(await server.api(`/api/v2/workflows/${created.id}`), 200)).toEqual(created);
    expect(await ok(await server.api('/api/v2/workflows'), 200)).toEqual({ object: 'list', data: [created], has_more: false });
    expect(await ok(await server.api(`/api/v2/workflows/${created.id}/runs`), 200)).toEqual({ object: 'list', data: [], has_more: false });

    const second = await createWorkflow({
      name: 'On purchase',
      status: 'paused',
      trigger: { type: 'event', name: 'purchased' },
      steps: [{ type: 'add_tag', tag: 'buyer' }],
    });
    expect(second).toMatchObject({ status: 'paused', trigger: { type: 'event', name: 'purchased' } });
    expect(await ok(await server.api('/api/v2/workflows'), 200)).toEqual({ object: 'list', data: [second, created], has_more: false });
    expect(await ok(await server.api('/api/v2/workflows?limit=1'), 200)).toEqual({ object: 'list', data: [second], has_more: true });
    expect(await ok(await server.api(`/api/v2/workflows?after=${second.id}`), 200)).toEqual({ object: 'list', data: [created], has_more: false });

    await new Promise((r) => setTimeout(r, 5));
    const patched = await ok(
      await server.api(`/api/v2/workflows/${created.id}`, {
        method: 'PATCH',
        body: { name: 'Renamed', status: 'paused', trigger: { type: 'tag_added', tag: 'vip' } },
      }),
      200,
    );
    expect(patched).toEqual({
      ...created,
      name: 'Renamed',
      status: 'paused',
      trigger: { type: 'tag_added', tag: 'vip' },
      updated_at: expect.stringMatching(ISO),
    });
    expect(Date.parse(patched.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(await ok(await server.api(`/api/v2/workflows/${created.id}`), 200)).toEqual(patched);
    // An empty PATCH changes nothing but the time.
    const untouched = await ok(await server.api(`/api/v2/workflows/${created.id}`, { method: 'PATCH', body: {} }), 200);
    expect({ ...untouched, updated_at: patched.updated_at }).toEqual(patched);

    expect(await ok(await server.api(`/api/v2/workflows/${created.id}`, { method: 'DELETE' }), 200)).toEqual({
      object: 'workflow',
      id: created.id,
      deleted: true,
    });
    const notFound = { name: 'not_found', message: `Workflow ${created.id} not found`, statusCode: 404 };
    expect(await ok(await server.api(`/api/v2/workflows/${created.id}`), 404)).toEqual(notFound);
    expect(await ok(await server.api(`/api/v2/workflows/${created.id}`, { method: 'DELETE' }), 404)).toEqual(notFound);
    expect(await ok(await server.api(`/api/v2/workflows/${created.id}/runs`), 404)).toEqual(notFound);
    expect(await ok(await server.api(`/api/v2/workflows/${created.id}`, { method: 'PATCH', body: { name: 'x' } }), 404)).toEqual(notFound);
    expect(await ok(await server.api('/api/v2/workflows'), 200)).toEqual({ object: 'list', data: [second], has_more: false });
  });

  it("answers 404 for another organization's workflow, and lists none of them", async () => {
    const mine = await createWorkflow({ name: 'Mine', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
    const { token } = await server.core.orgs.create({ name: 'Other', plan: 'premium' });
    const other = { token: token.token };
    const notFound = { name: 'not_found', message: `Workflow ${mine.id} not found`, statusCode: 404 };
    expect(await ok(await server.api(`/api/v2/workflows/${mine.id}`, other), 404)).toEqual(notFound);
    expect(await ok(await server.api(`/api/v2/workflows/${mine.id}`, { ...other, method: 'PATCH', body: { status: 'paused' } }), 404)).toEqual(notFound);
    expect(await ok(await server.api(`/api/v2/workflows/${mine.id}`, { ...other, method: 'DELETE' }), 404)).toEqual(notFound);
    expect(await ok(await server.api(`/api/v2/workflows/${mine.id}/runs`, other), 404)).toEqual(notFound);
    expect(await ok(await server.api('/api/v2/workflows', other), 200)).toEqual({ object: 'list', data: [], has_more: false });
    // Untouched for its owner.
    expect(await ok(await server.api(`/api/v2/workflows/${mine.id}`), 200)).toEqual(mine);

    // The other organization's subscribers start none of this organization's workflows.
    const theirs = await ok(await server.api('/api/v2/subscribers', { ...other, body: { email: 'ann@example.com' } }), 201);
    expect(theirs.email).toBe('ann@example.com');
    // A subscriber of ours, created after theirs, is run for; theirs never is.
    await ok(await server.api('/api/v2/subscribers', { body: { email: 'bob@example.com' } }), 201);
    const runs = await finishedRuns(mine.id, 1);
    expect(runs[0]!.subscriber_id).not.toBe(theirs.id);
  });

  it('PATCH refuses invalid changes with 422 and leaves the workflow as it was', async () => {
    const wf = await createWorkflow({ name: 'W', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'x' }] });
    for (const [body, details] of [
      [{ steps: [] }, [{ path: 'steps', message: 'must hold at least one step' }]],
      [{ status: 'stopped' }, [{ path: 'status', message: 'must be active or paused' }]],
      [{ steps: [{ type: 'wait', seconds: 2.5 }] }, [{ path: 'steps.0.seconds', message: 'must be a whole number' }]],
      [{ id: 'wfl_x' }, [{ path: 'id', message: 'is not a known field' }]],
    ] as const) {
      const res = await server.api(`/api/v2/workflows/${wf.id}`, { method: 'PATCH', body });
      expect(await ok(res, 422)).toEqual({ name: 'validation_error', message: `${details[0].path} ${details[0].message}`, statusCode: 422, details });
    }
    expect(await ok(await server.api(`/api/v2/workflows/${wf.id}`), 200)).toEqual(wf);
  });
});

describe('workflows started over HTTP', () => {
  freshServerForEachTest();

  it('subscriber_created: a new subscriber gets the welcome email and the tag; triggerWorkflows: false starts nothing', async () => {
    const wf = await createWorkflow({ name: 'Welcome', trigger: { type: 'subscriber_created' }, steps: [SEND, { type: 'add_tag', tag: 'welcomed' }] });

    const quiet = await ok(await server.api('/api/v2/subscribers', { body: { email: 'quiet@example.com', triggerWorkflows: false } }), 201);
    const ann = await ok(await server.api('/api/v2/subscribers', { body: { email: 'ann@example.com', first_name: 'Ann' } }), 201);

    // The run for Ann finishes; by then the worker has long had its chance at anything queued before it.
    const [run] = await finishedRuns(wf.id, 1);
    expect(run).toEqual({
      object: 'workflow_run',
      id: expect.stringMatching(WFR_ID),
      workflow_id: wf.id,
      subscriber_id: ann.id,
      trigger_event_id: (await eventsOf(ann.id)).find((e) => e.name === 'subscriber_created')!.id,
      status: 'completed',
      step_index: 2,
      wake_at: null,
      last_error: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect((await subscriber(ann.id)).tags).toEqual(['welcomed']);

    // The welcome email went through the pipeline: listed, rendered, delivered by the capture transport.
    const sent = await waitFor(async () => {
      const list = await emails();
      return list.length === 1 && list[0]!.last_event === 'delivered' ? list : undefined;
    });
    expect(sent[0]).toMatchObject({ id: expect.stringMatching(EML_ID), to: ['ann@example.com'], subject: 'Welcome to Acme', last_event: 'delivered' });
    const email = await ok(await server.api(`/api/v2/emails/${sent[0]!.id}`), 200);
    expect(email).toMatchObject({ from: 'Acme <hello@acme.example>', to: ['ann@example.com'], subject: 'Welcome to Acme', last_event: 'delivered' });
    expect(email.html).toContain('<h1>Welcome</h1>');
    expect(email.text).toContain('Glad you are here.');
    expect(email.events.map((e: { type: string }) => e.type)).toEqual(['queued', 'sent', 'delivered']);
    expect(email.raw).toContain('To: ann@example.com');
    expect(email.raw).toContain('Subject: Welcome to Acme');
    const row = await server.core.db.db.selectFrom('emails').select('source').where('id', '=', sent[0]!.id).executeTakeFirstOrThrow();
    expect(row.source).toBe('workflow');

    // The subscriber written with triggerWorkflows: false: created, but no run, no email, no tag.
    expect(quiet).toMatchObject({ email: 'quiet@example.com', tags: [] });
    expect((await eventsOf(quiet.id)).map((e) => e.name)).toEqual(['subscriber_created']);
    expect((await subscriber(quiet.id)).tags).toEqual([]);
    expect((await runsOf(wf.id)).map((r) => r.subscriber_id)).toEqual([ann.id]);
    expect((await emails()).map((e) => e.to)).toEqual([['ann@example.com']]);

    // An upsert of an existing subscriber is not a creation.
    await ok(await server.api('/api/v2/subscribers', { body: { email: 'ann@example.com', last_name: 'Lee' } }), 200);
    await ok(await server.api('/api/v2/subscribers', { body: { email: 'bob@example.com' } }), 201);
    expect((await finishedRuns(wf.id, 2)).map((r) => r.subscriber_id)).not.toContain(quiet.id);
  });

  it('tag_added via POST …/tags starts the workflow; the same with triggerWorkflows: false does not', async () => {
    const wf = await createWorkflow({
      name: 'VIP',
      trigger: { type: 'tag_added', tag: 'vip' },
      steps: [
        { ...SEND, subject: 'You are a VIP' },
        { type: 'add_tag', tag: 'vip-welcomed' },
      ],
    });
    const ann = await ok(await server.api('/api/v2/subscribers', { body: { email: 'ann@example.com' } }), 201);
    const bob = await ok(await server.api('/api/v2/subscribers', { body: { email: 'bob@example.com' } }), 201);

    const quiet = await ok(await server.api(`/api/v2/subscribers/${bob.id}/tags`, { body: { tags: ['vip'], triggerWorkflows: false } }), 200);
    expect(quiet.tags).toEqual(['vip']);
    const loud = await ok(await server.api(`/api/v2/subscribers/${ann.id}/tags`, { body: { tags: ['vip', 'early'] } }), 200);
    expect(loud.tags).toEqual(['early', 'vip']);

    const [run] = await finishedRuns(wf.id, 1);
    const tagEvent = (await eventsOf(ann.id)).find((e) => e.name === 'tag_added' && e.properties.tag === 'vip')!;
    expect(run).toMatchObject({ subscriber_id: ann.id, trigger_event_id: tagEvent.id, status: 'completed', step_index: 2 });
    expect((await subscriber(ann.id)).tags).toEqual(['early', 'vip', 'vip-welcomed']);
    expect((await subscriber(bob.id)).tags).toEqual(['vip']);
    const sent = await waitFor(async () => {
      const list = await emails();
      return list.length === 1 && list[0]!.last_event === 'delivered' ? list : undefined;
    });
    expect(sent.map((e) => [e.to, e.subject])).toEqual([[['ann@example.com'], 'You are a VIP']]);

    // Attaching a tag the subscriber already has starts nothing.
    await ok(await server.api(`/api/v2/subscribers/${ann.id}/tags`, { body: { tags: ['vip'] } }), 200);
    // Attaching it to a third subscriber does: once it finishes, Ann still has her one run.
    const cy = await ok(await server.api('/api/v2/subscribers', { body: { email: 'cy@example.com', tags: ['vip'] } }), 201);
    expect((await finishedRuns(wf.id, 2)).map((r) => r.subscriber_id)).toEqual([ann.id, cy.id]);
  });

  it('event via POST /api/v2/events starts the workflow; the same with triggerWorkflows: false does not', async () => {
    const wf = await createWorkflow({
      name: 'Thanks',
      trigger: { type: 'event', name: 'purchased' },
      steps: [{ type: 'send_email', from: 'shop@acme.example', subject: 'Thanks for your order', html: '<p>Thank you!</p>' }],
    });
    const quiet = await ok(
      await server.api('/api/v2/events', { body: { email: 'quiet@example.com', name: 'purchased', properties: { sku: 'A1' }, triggerWorkflows: false } }),
      201,
    );
    const event = await ok(await server.api('/api/v2/events', { body: { email: 'ann@example.com', name: 'purchased', properties: { sku: 'B2' } } }), 201);
    await ok(await server.api('/api/v2/events', { body: { email: 'ann@example.com', name: 'browsed' } }), 201);

    const [run] = await finishedRuns(wf.id, 1);
    expect(run).toMatchObject({ subscriber_id: event.subscriber_id, trigger_event_id: event.id, status: 'completed', step_index: 1 });
    const sent = await waitFor(async () => {
      const list = await emails();
      return list.length === 1 && list[0]!.last_event === 'delivered' ? list : undefined;
    });
    expect(sent[0]).toMatchObject({ to: ['ann@example.com'], subject: 'Thanks for your order' });
    const email = await ok(await server.api(`/api/v2/emails/${sent[0]!.id}`), 200);
    expect(email.html).toContain('<p>Thank you!</p>');

    // The quiet event was recorded (and created its subscriber) but started nothing.
    expect((await eventsOf(quiet.subscriber_id)).map((e) => e.name)).toEqual(['subscriber_created', 'purchased']);
    expect((await runsOf(wf.id)).map((r) => r.subscriber_id)).toEqual([event.subscriber_id]);
  });

  it("personalizes its sends with the subscriber's values, escaped in HTML, and refuses a malformed placeholder when saved", async () => {
    const bad = await server.api('/api/v2/workflows', {
      body: { name: 'Bad', trigger: { type: 'subscriber_created' }, steps: [{ ...SEND, subject: 'Hi {{first_name | friend}}' }] },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).details).toEqual([{ path: 'steps.0.subject', message: expect.stringContaining('a default must be quoted') }]);
    await createWorkflow({
      name: 'Welcome',
      trigger: { type: 'subscriber_created' },
      steps: [
        { ...SEND, subject: 'Welcome, {{first_name | "friend"}}', html: '<p>Plan: {{attributes.plan | "free"}}, {{last_name}}</p>', markdown: undefined },
      ],
    });
    await ok(
      await server.api('/api/v2/subscribers', {
        body: { email: 'ada@example.com', first_name: 'Ada', last_name: '<Lovelace & Co>', attributes: { plan: 'pro' } },
      }),
      201,
    );
    await ok(await server.api('/api/v2/subscribers', { body: { email: 'bo@example.com' } }), 201);
    const sent = await waitFor(async () => {
      const list = await emails();
      return list.length === 2 ? list : undefined;
    });
    const byTo = Object.fromEntries(sent.map((e) => [e.to[0], e]));
    expect(byTo['ada@example.com']!.subject).toBe('Welcome, Ada');
    expect(byTo['bo@example.com']!.subject).toBe('Welcome, friend');
    const ada = await ok(await server.api(`/api/v2/emails/${byTo['ada@example.com']!.id}`), 200);
    expect(ada.html).toContain('<p>Plan: pro, &lt;Lovelace &amp; Co&gt;</p>');
    expect(ada.text).toContain('Plan: pro, <Lovelace & Co>');
    const bo = await ok(await server.api(`/api/v2/emails/${byTo['bo@example.com']!.id}`), 200);
    expect(bo.html).toContain('<p>Plan: free, </p>');
  });

  it('PATCH and unsubscribe with triggerWorkflows: false start nothing; without it they do', async () => {
    const wf = await createWorkflow({ name: 'Goodbye', trigger: { type: 'event', name: 'unsubscribed' }, steps: [{ type: 'add_tag', tag: 'churned' }] });
    const ids: Record<string, string> = {};
    for (const email of ['p-off', 'p-on', 'u-off', 'u-on']) {
      ids[email] = (await ok(await server.api('/api/v2/subscribers', { body: { email: `${email}@example.com` } }), 201)).id;
    }
    await ok(await server.api(`/api/v2/subscribers/${ids['p-off']}`, { method: 'PATCH', body: { status: 'unsubscribed', triggerWorkflows: false } }), 200);
    await ok(await server.api(`/api/v2/subscribers/${ids['u-off']}/unsubscribe`, { body: { triggerWorkflows: false } }), 200);
    await ok(await server.api(`/api/v2/subscribers/${ids['p-on']}`, { method: 'PATCH', body: { status: 'unsubscribed' } }), 200);
    await ok(await server.api(`/api/v2/subscribers/${ids['u-on']}/unsubscribe`, { body: {} }), 200);

    const runs = await finishedRuns(wf.id, 2);
    expect(runs.map((r) => r.subscriber_id)).toEqual([ids['p-on'], ids['u-on']]);
    for (const key of ['p-off', 'u-off']) {
      const s = await subscriber(ids[key]!);
      expect(s).toMatchObject({ status: 'unsubscribed', tags: [] });
      expect((await eventsOf(s.id)).map((e) => e.name)).toEqual(['subscriber_created', 'unsubscribed']);
    }
    for (const key of ['p-on', 'u-on']) expect((await subscriber(ids[key]!)).tags).toEqual(['churned']);
  });
});

describe('pausing a workflow over HTTP', () => {
  freshServerForEachTest();

  it('PATCH paused holds a run at its next step (run status paused); PATCH active lets it finish at once', async () => {
    const wf = await createWorkflow({
      name: 'Drip',
      trigger: { type: 'subscriber_created' },
      steps: [
        { type: 'add_tag', tag: 'one' },
        { type: 'wait', seconds: 1 },
        { type: 'add_tag', tag: 'two' },
      ],
    });
    const ann = await ok(await server.api('/api/v2/subscribers', { body: { email: 'ann@example.com' } }), 201);
    const waiting = await waitFor(async () => {
      const [run] = await runsOf(wf.id);
      return run?.status === 'waiting' ? run : undefined;
    });
    expect(waiting).toMatchObject({ step_index: 1, wake_at: expect.stringMatching(ISO), last_error: null });

    expect(await ok(await server.api(`/api/v2/workflows/${wf.id}`, { method: 'PATCH', body: { status: 'paused' } }), 200)).toMatchObject({
      id: wf.id,
      status: 'paused',
    });
    // The wait ends while the workflow is paused: the run is held there, its wait kept, the last step not taken.
    const held = await waitFor(async () => {
      const [run] = await runsOf(wf.id);
      return run?.status === 'paused' ? run : undefined;
    });
    expect(held).toMatchObject({ id: waiting.id, step_index: 1, wake_at: waiting.wake_at, last_error: null });
    expect((await subscriber(ann.id)).tags).toEqual(['one']);

    expect(await ok(await server.api(`/api/v2/workflows/${wf.id}`, { method: 'PATCH', body: { status: 'active' } }), 200)).toMatchObject({ status: 'active' });
    // Within finishedRuns' 10 s: at once, not at the held run's own hourly look.
    const [done] = await finishedRuns(wf.id, 1);
    expect(done).toMatchObject({ id: waiting.id, status: 'completed', step_index: 3, wake_at: null, last_error: null });
    expect((await subscriber(ann.id)).tags.sort()).toEqual(['one', 'two']);
  });
});
