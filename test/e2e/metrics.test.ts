import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MAILGATE_VERSION } from '../../src/index.ts';
import { claimDueJobs, enqueueJobs } from '../../src/queue/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// GET /metrics scraped over fetch from a listening server, and parsed as
// Prometheus's text format: the exact samples for a queue state the test made.

const SECOND = 1000;
const T = Date.UTC(2026, 0, 1);

interface Scrape {
  contentType: string | null;
  /** `name{labels}` → value, labels as written. */
  samples: Map<string, number>;
  /** Each family's `# TYPE`. */
  types: Map<string, string>;
  text: string;
}

/** Parse the text exposition format (0.0.4): HELP and TYPE comments, then one `name{label="value",…} number` per line. */
function parse(text: string): Omit<Scrape, 'contentType'> {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  const helped = new Set<string>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') types.set(comment[2]!, comment[3]!);
      else helped.add(comment[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/.exec(line);
    expect(sample, line).not.toBeNull();
    const [, name, labels = '', value] = sample!;
    expect(types.get(name!), `${name} has a TYPE before its samples`).toBe('gauge');
    expect(helped.has(name!), `${name} has a HELP`).toBe(true);
    expect(Number.isFinite(Number(value)), line).toBe(true);
    samples.set(`${name}${labels}`, Number(value));
  }
  return { samples, types, text };
}

async function scrape(server: TestServer, headers: Record<string, string> = {}): Promise<Scrape & { status: number }> {
  const res = await fetch(`${server.url}/metrics`, { headers });
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    ...(res.status === 200 ? parse(text) : { samples: new Map(), types: new Map(), text }),
  };
}

describe('GET /metrics', () => {
  let server: TestServer;
  const clock = new ManualClock(T - 90 * SECOND);

  beforeAll(async () => {
    // No worker: the jobs stay as the test puts them.
    server = await startTestServer({ clock, worker: false });
    const handle = server.database.handle;
    const org = (await handle.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
    // Two emails due since T-90 s, one since T-30 s; a worker takes the first.
    await enqueueJobs(
      handle.db,
      ['eml_a', 'eml_b'].map((refId) => ({ kind: 'deliver_email', refId, runAt: clock.now(), organizationId: org })),
      clock.now(),
    );
    clock.set(T - 30 * SECOND);
    await enqueueJobs(handle.db, [{ kind: 'deliver_email', refId: 'eml_c', runAt: clock.now(), organizationId: org }], clock.now());
    // A workflow run whose worker died: its lease ran out a second ago, so it is due again (since T-10 s).
    clock.set(T - 10 * SECOND);
    await enqueueJobs(handle.db, [{ kind: 'workflow_run', refId: 'wfr_a', runAt: clock.now(), organizationId: org }], clock.now());
    const died = await claimDueJobs(handle, { now: clock.now(), lanes: [{ kind: 'workflow_run', room: 1 }], leaseMs: 9 * SECOND, owner: 'elsewhere:1:dead' });
    expect(died.map((j) => j.refId)).toEqual(['wfr_a']);
    clock.set(T);
    const live = await claimDueJobs(handle, { now: T, lanes: [{ kind: 'deliver_email', room: 1 }], leaseMs: 60 * SECOND, owner: 'elsewhere:2:live' });
    expect(live.map((j) => j.refId)).toEqual(['eml_a']);
    // Waiting for later: a webhook's retry in an hour, a campaign's schedule tomorrow; and a kind this version does not know, due now.
    await enqueueJobs(
      handle.db,
      [
        { kind: 'webhook_delivery', refId: 'whd_a', runAt: T + 3600 * SECOND, organizationId: org },
        { kind: 'campaign_send', refId: 'cmp_a', runAt: T + 86_400 * SECOND, organizationId: org },
        { kind: 'from_a_newer_version', refId: 'x', runAt: T, organizationId: org },
      ],
      T,
    );
    // The scheduled tasks run once, at T.
    expect(await server.core.scheduler.runDue()).toEqual(['retention', 'domain_rechecks']);
  });
  afterAll(async () => server?.close());

  it('answers the fleet-wide queue counts in the text format, open without a token', async () => {
    const got = await scrape(server);
    expect(got.status).toBe(200);
    expect(got.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    const kinds = ['deliver_email', 'webhook_delivery', 'workflow_run', 'campaign_send', 'subscriber_import', 'from_a_newer_version'];
    const byKind = (name: string, values: number[]) => kinds.map((kind, i) => [`${name}{kind="${kind}"}`, values[i]!] as const);
    expect(Object.fromEntries(got.samples)).toEqual(
      Object.fromEntries([
        [`mailgate_build_info{version="${MAILGATE_VERSION}"}`, 1],
        ['mailgate_role{role="http"}', 1],
        ['mailgate_database_up', 1],
        ...byKind('mailgate_queue_depth', [2, 0, 1, 0, 0, 1]),
        ...byKind('mailgate_queue_scheduled', [0, 1, 0, 1, 0, 0]),
        ...byKind('mailgate_queue_running', [1, 0, 0, 0, 0, 0]),
        ...byKind('mailgate_queue_oldest_age_seconds', [90, 0, 10, 0, 0, 0]),
        ['mailgate_scheduled_task_last_run_timestamp_seconds{task="retention"}', T / 1000],
        ['mailgate_scheduled_task_last_run_timestamp_seconds{task="domain_rechecks"}', T / 1000],
      ]),
    );
    // Counts only: no organization, email or job is named.
    expect(got.text).not.toMatch(/org_|eml_|wfr_|elsewhere/);
  });

  it('follows the queue as time passes: the campaign comes due', async () => {
    clock.set(T + 86_400 * SECOND + 5 * SECOND);
    const got = await scrape(server);
    expect(got.samples.get('mailgate_queue_depth{kind="campaign_send"}')).toBe(1);
    expect(got.samples.get('mailgate_queue_scheduled{kind="campaign_send"}')).toBe(0);
    expect(got.samples.get('mailgate_queue_oldest_age_seconds{kind="campaign_send"}')).toBe(5);
    // The live lease ran out a day ago: its job is due again, since T-90 s.
    expect(got.samples.get('mailgate_queue_running{kind="deliver_email"}')).toBe(0);
    expect(got.samples.get('mailgate_queue_depth{kind="deliver_email"}')).toBe(3);
    expect(got.samples.get('mailgate_queue_oldest_age_seconds{kind="deliver_email"}')).toBe(86_400 + 95);
    clock.set(T);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  const token = 'metrics-0123456789abcdef';
  beforeAll(async () => {
    server = await startTestServer({ worker: false, env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => server?.close());

  it('asks for the token: 401 without it or with another (an API token is not it), 200 with it', async () => {
    const without = await scrape(server);
    expect([without.status, JSON.parse(without.text)]).toEqual([
      401,
      { name: 'missing_api_key', statusCode: 401, message: 'GET /metrics asks for the header "Authorization: Bearer <METRICS_TOKEN>"' },
    ]);
    for (const other of [`${token}x`, server.token]) {
      const wrong = await scrape(server, { authorization: `Bearer ${other}` });
      expect([wrong.status, JSON.parse(wrong.text)]).toEqual([401, { name: 'invalid_api_key', statusCode: 401, message: 'The metrics token is not valid' }]);
    }
    const right = await scrape(server, { authorization: `Bearer ${token}` });
    expect(right.status).toBe(200);
    expect(right.samples.get('mailgate_database_up')).toBe(1);
    expect(right.samples.get('mailgate_queue_depth{kind="deliver_email"}')).toBe(0);
  });
});
