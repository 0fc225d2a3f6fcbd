import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_SEND_JOB } from '../../src/campaigns/index.ts';
import { createCampaignCompiler } from '../../src/campaigns/campaign-compiler.ts';
import { createCampaignSendHandler } from '../../src/campaigns/fan-out.ts';
import { createUnsubscribeLinks } from '../../src/campaigns/unsubscribe-links.ts';
import cpuTasks from '../../src/delivery/cpu-tasks.ts';
import { claimDueJobs, type Job } from '../../src/queue/index.ts';
import { createThreadPool } from '../../src/threads/index.ts';
import { invoke, startTestCore, type TestCore } from '../helpers/core.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import { insertSubscribers } from '../helpers/subscribers.ts';

// A campaign's fan-out, its send job's handler driven by hand: when its worker
// stops it puts its job back after the page it is writing, and the next run
// resumes at its cursor, mailing every subscriber once across the two.

const OWNER = 'fan-out-under-test';
const SUBSCRIBERS = 400;
const PAGE = 50;

describe("a campaign's fan-out", () => {
  let started: TestCore;
  let pool: ReturnType<typeof createThreadPool>;
  let campaignId: string;

  beforeEach(async () => {
    started = await startTestCore();
    pool = createThreadPool({ threads: 0, tasks: cpuTasks });
    const { handle } = started.database;
    const org = started.auth.organizationId;
    await addVerifiedDomain(handle, 'acme.example', org);
    await insertSubscribers(
      handle,
      org,
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `reader${String(i).padStart(4, '0')}@example.com` })),
      ['news'],
    );
    const created = await invoke(started, 'create_campaign', {
      name: 'November',
      from: 'News <news@acme.example>',
      subject: 'Hello {{first_name | "reader"}}',
      markdown: 'Our news.',
      audience: { tags: ['news'] },
    });
    campaignId = created.id;
    await invoke(started, 'send_campaign', { id: campaignId });
  });

  afterEach(async () => {
    await pool.close();
    await started.close();
  });

  function handler() {
    const { handle } = started.database;
    return createCampaignSendHandler({
      db: handle,
      clock: started.clock,
      emails: started.core.emails,
      owner: OWNER,
      links: createUnsubscribeLinks(handle.db, 'https://mail.acme.example', () => started.clock.now()),
      compile: createCampaignCompiler(pool).compileRow,
      pageSize: PAGE,
    });
  }

  async function claim(): Promise<Job> {
    const jobs = await claimDueJobs(started.database.handle, {
      now: started.clock.now(),
      leaseMs: 60_000,
      owner: OWNER,
      lanes: [{ kind: CAMPAIGN_SEND_JOB, room: 1 }],
    });
    expect(jobs).toHaveLength(1);
    return jobs[0]!;
  }

  /** Until the fan-out has written at least `n` recipients (its pages yield to the event loop between them). */
  async function waitForRecipients(n: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Number((await campaign()).stat_recipients) < n) {
      if (Date.now() > deadline) throw new Error(`the fan-out did not reach ${n} recipients`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const campaign = () =>
    started.database.handle.db
      .selectFrom('campaigns')
      .select(['status', 'fanout_done', 'stat_recipients'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();

  it('puts its job back when its worker stops, and the next run resumes at its cursor', async () => {
    const { db } = started.database.handle;

    // The worker stops once two pages are written: the page under way commits, then the job goes back, due now.
    const stop = new AbortController();
    const first = handler();
    const job = await claim();
    const running = first(job, { stopping: stop.signal });
    await waitForRecipients(2 * PAGE);
    stop.abort();
    await running;
    const stopped = await campaign();
    expect(stopped).toMatchObject({ status: 'sending', fanout_done: 0 });
    expect(Number(stopped.stat_recipients) % PAGE).toBe(0);
    expect(Number(stopped.stat_recipients)).toBeLessThan(SUBSCRIBERS);
    const parked = await db.selectFrom('jobs').select(['run_at', 'lease_owner']).where('kind', '=', CAMPAIGN_SEND_JOB).execute();
    expect(parked.map((j) => ({ runAt: Number(j.run_at), owner: j.lease_owner }))).toEqual([{ runAt: started.clock.now(), owner: null }]);

    await handler()(await claim(), { stopping: new AbortController().signal });
    expect(await campaign()).toMatchObject({ fanout_done: 1, stat_recipients: SUBSCRIBERS });
    expect(await db.selectFrom('jobs').select('id').where('kind', '=', CAMPAIGN_SEND_JOB).execute()).toEqual([]);

    // Every subscriber once, across the two runs: one recipient row and one email each.
    const recipients = await db.selectFrom('campaign_recipients').select(['subscriber_id', 'email_id']).where('campaign_id', '=', campaignId).execute();
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect(new Set(recipients.map((r) => r.subscriber_id)).size).toBe(SUBSCRIBERS);
    expect(recipients.every((r) => r.email_id !== null)).toBe(true);
    const emails = await db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(emails.n)).toBe(SUBSCRIBERS);
  });
});
