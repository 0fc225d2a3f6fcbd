import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runCli, type CliResult } from '../helpers/process.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// `mailgate campaigns send|stats` as a child process against listening servers,
// through the REST API: one with its worker (fixture addresses are delivered at
// once), one without (a send stays `sending` until the test cancels it).

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ZERO = { recipients: 0, skipped: 0, suppressed: 0, sent: 0, delivered: 0, bounced: 0, complained: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 };

async function body(res: Response, status = 200): Promise<any> {
  const parsed = await res.json();
  expect(res.status, JSON.stringify(parsed)).toBe(status);
  return parsed;
}

async function createCampaign(server: TestServer, name: string, tag: string): Promise<string> {
  const created = await body(
    await server.api('/api/v2/campaigns', {
      body: { name, from: 'Acme <news@acme.example>', subject: 'Hi {{first_name | "there"}}', markdown: 'Hello', audience: { tags: [tag] } },
    }),
    201,
  );
  return created.id;
}

const campaign = async (server: TestServer, id: string) => body(await server.api(`/api/v2/campaigns/${id}`));

describe('mailgate campaigns (remote)', () => {
  let server: TestServer;
  let idle: TestServer;
  let env: Record<string, string>;
  let watched = '';
  let untouched = '';

  beforeAll(async () => {
    [server, idle] = await Promise.all([startTestServer(), startTestServer({ worker: false })]);
    env = { MAILGATE_URL: server.url, MAILGATE_TOKEN: server.token };
    const members = [
      ...[1, 2, 3, 4, 5].map((n) => ({ email: `delivered+${n}@mailgate.test`, first_name: `D${n}` })),
      { email: 'bounced+1@mailgate.test' },
      { email: 'complained+1@mailgate.test' },
      { email: 'delivered+gone@mailgate.test', status: 'unsubscribed' },
    ];
    for (const m of members) expect([200, 201]).toContain((await server.api('/api/v2/subscribers', { body: { ...m, tags: ['cli'] } })).status);
    [watched, untouched] = await Promise.all([createCampaign(server, 'Watched', 'cli'), createCampaign(server, 'Untouched', 'cli')]);
  });
  afterAll(async () => {
    await server?.close();
    await idle?.close();
  });

  it('send --yes --watch states the count, shows progress on stderr and ends sent with a summary of the counts (exit 0)', async () => {
    const result = await runCli(['campaigns', 'send', watched, '--yes', '--watch'], env);
    expect(result, result.stderr).toMatchObject({ code: 0, signal: null });
    expect(result.stdout).toMatch(
      new RegExp(`^Campaign ${watched} sent in \\d+(\\.\\d)?s: 7 recipients \\(1 skipped\\); 7 sent, 5 delivered, 1 bounced, 1 complained, 0 failed\\n$`),
    );
    const [statement, ...progress] = result.stderr.trimEnd().split('\n');
    expect(statement).toBe(`Campaign ${watched} "Watched" (draft): 7 recipients, the subscribed members of its audience now.`);
    // Not a terminal: plain lines (the first at least), never a redrawn bar.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    for (const line of progress) expect(line).toMatch(new RegExp(`^${watched} sending: \\d+/7 emails, (–|[\\d.]+/s), ETA (–|[\\dhms. ]+), \\d+ failures?$`));
    expect(result.stderr).not.toContain('\r');

    const done = await campaign(server, watched);
    expect(done).toMatchObject({ status: 'sent', stats: { ...ZERO, recipients: 7, skipped: 1, sent: 7, delivered: 5, bounced: 1, complained: 1 } });
  });

  it('stats prints status, counts and rates: JSON with --json, else a table', async () => {
    const [json, table] = await Promise.all([runCli(['campaigns', 'stats', watched, '--json'], env), runCli(['campaigns', 'stats', watched], env)]);
    expect(json, json.stderr).toMatchObject({ code: 0, stderr: '' });
    const report = JSON.parse(json.stdout);
    expect(report).toEqual({
      id: watched,
      name: 'Watched',
      status: 'sent',
      scheduled_at: null,
      sent_at: expect.stringMatching(ISO),
      stats: { recipients: 7, skipped: 1, suppressed: 0, sent: 7, delivered: 5, bounced: 1, complained: 1, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
      percent_of_sent: { delivered: 71.4, opened: 0, clicked: 0, unsubscribed: 0 },
    });

    expect(table, table.stderr).toMatchObject({ code: 0, stderr: '' });
    const lines = table.stdout.split('\n');
    expect(lines[0]).toBe(`Campaign ${watched} "Watched": sent at ${report.sent_at}`);
    expect(table.stdout).toMatch(/│\s+│ count │ % of sent │/);
    expect(table.stdout).toMatch(/│ recipients\s+│ 7\s+│\s+│/);
    expect(table.stdout).toMatch(/│ delivered\s+│ 5\s+│ 71\.4%\s+│/);
    expect(table.stdout).toMatch(/│ bounced\s+│ 1\s+│\s+│/);
    expect(table.stdout).toMatch(/│ opened\s+│ 0\s+│ 0\.0%\s+│/);
  });

  // The bounced and the complained member of the audience are no longer subscribed: 5 of the 8 now.
  it('without --yes and without a terminal it refuses (exit 2) and sends nothing; --watch is not for --at', async () => {
    const [refused, watchAt] = await Promise.all([
      runCli(['campaigns', 'send', untouched], env),
      runCli(['campaigns', 'send', untouched, '--yes', '--watch', '--at', '2099-01-01T00:00:00Z'], env),
    ]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(
      new RegExp(
        `^Campaign ${untouched} "Untouched" \\(draft\\): 5 recipients, the subscribed members of its audience now\\.\\n` +
          'not sent: sending emails 5 recipients and nobody is at a terminal to agree; pass --yes to send without asking\\nUsage:',
      ),
    );
    expect(refused.stderr).toContain('mailgate campaigns send CAMPAIGN_ID [--at ISO_TIME] [--watch] [--yes] [--json] [--url URL] [--token TOKEN]');
    expect(watchAt).toMatchObject({ code: 2, stdout: '' });
    expect(watchAt.stderr).toMatch(/^--watch follows a send that starts now: not with --at\n/);

    expect(await campaign(server, untouched)).toMatchObject({ status: 'draft', stats: ZERO });
  });

  it('send --yes --at schedules it and prints the answer (JSON with --json)', async () => {
    const scheduled = await createCampaign(server, 'Later', 'cli');
    const at = '2099-06-01T09:00:00.000Z';
    const [result, human] = await Promise.all([
      runCli(['campaigns', 'send', scheduled, '--yes', '--at', at, '--json'], env),
      runCli(['campaigns', 'send', untouched, '--yes', '--at', at], env),
    ]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(result.stdout)).toMatchObject({ object: 'campaign', id: scheduled, status: 'scheduled', scheduled_at: at, recipient_count: 5 });
    expect(human, human.stderr).toMatchObject({ code: 0, stdout: `Scheduled ${untouched} for ${at} (5 recipients now).\n` });
    for (const id of [scheduled, untouched]) await body(await server.api(`/api/v2/campaigns/${id}/cancel`, { method: 'POST' }));
  });

  it('--watch ends with exit 1 when the campaign is cancelled', async () => {
    await body(await idle.api('/api/v2/subscribers', { body: { email: 'delivered+idle@mailgate.test', tags: ['idle'] } }), 201);
    const id = await createCampaign(idle, 'Stopped', 'idle');
    const watching = runCli(['campaigns', 'send', id, '--yes', '--watch'], { MAILGATE_URL: idle.url, MAILGATE_TOKEN: idle.token });
    // No worker here: the send stays `sending` until it is cancelled.
    await waitFor(async () => ((await campaign(idle, id)).status === 'sending' ? true : undefined), 10_000, 'the send');
    await body(await idle.api(`/api/v2/campaigns/${id}/cancel`, { method: 'POST' }));
    const result: CliResult = await watching;
    expect(result).toMatchObject({ code: 1 });
    expect(result.stdout).toMatch(
      new RegExp(`^Campaign ${id} cancelled after \\d+(\\.\\d)?s: 0 recipients \\(0 skipped\\); 0 sent, 0 delivered, 0 bounced, 0 complained, 0 failed\\n$`),
    );
    expect(result.stderr).toContain(`${id} sending: 0/1 emails, –, ETA –, 0 failures\n`);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`campaign ${id} was cancelled`);
  });

  it("an unknown campaign exits 1 with the server's message; an unreachable server 69", async () => {
    const missing = 'cmp_00000000000000000000000000';
    const closed = await freePort();
    const [stats, send, unreachable] = await Promise.all([
      runCli(['campaigns', 'stats', missing], env),
      runCli(['campaigns', 'send', missing, '--yes', '--watch'], env),
      runCli(['campaigns', 'send', watched, '--yes', '--watch', '--url', `http://127.0.0.1:${closed}`], env),
    ]);
    for (const r of [stats, send]) expect(r).toMatchObject({ code: 1, stdout: '', stderr: `not_found: Campaign ${missing} not found\n` });
    expect(unreachable).toMatchObject({ code: 69, stdout: '', stderr: `cannot reach http://127.0.0.1:${closed}/api/v2/campaigns/${watched}: ECONNREFUSED\n` });
  });
});
