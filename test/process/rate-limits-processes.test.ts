import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/index.ts';
import {
  apiCall,
  createProcessDatabase,
  openProcessDatabase,
  runCli,
  startMailgateProcess,
  type MailgateProcess,
  type ProcessDatabase,
} from '../helpers/process.ts';

// The organization quota is counted in the database, so several
// processes on one database share it exactly. Two real `servers/main.ts`
// processes (one also running the worker), one database (a shared PostgreSQL
// schema with TEST_DATABASE_URL, else one SQLite file in a shared DATA_DIR), an
// organization created with the CLI, and 300 concurrent sends spread over both.

const MINUTE = 60_000;
/** The burst must not straddle a quota window (aligned to the minute): fire only with this much of the minute left. */
const MIN_WINDOW_LEFT_MS = 12_000;
/** Org `default` (enterprise, 2000 a minute): room for the recipient-guard check. */
const BOOTSTRAP_TOKEN = 'mailgate_rate_limit_processes_0123456789';

describe('the organization quota across two processes on one database', () => {
  let database: ProcessDatabase;
  const processes: MailgateProcess[] = [];
  let check: DatabaseHandle | undefined;

  beforeAll(async () => {
    database = await createProcessDatabase();
    // Both start at once: migration and bootstrap are serialized across processes.
    const started = await Promise.allSettled([
      startMailgateProcess({ ...database.env, MAILGATE_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN, MAILGATE_ROLES: 'http,worker' }),
      startMailgateProcess({ ...database.env, MAILGATE_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN, MAILGATE_ROLES: 'http' }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 70_000);

  afterAll(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await check?.close();
    await database?.cleanup();
  });

  it('admits exactly 100 of 300 concurrent requests of a free organization, whichever process serves them', { timeout: 60_000 }, async () => {
    const [a, b] = processes as [MailgateProcess, MailgateProcess];
    const created = await runCli(['org', 'create', '--name', 'Shared', '--plan', 'free'], database.env);
    expect(created, `exit ${created.code}\n${created.stderr}`).toMatchObject({ code: 0, signal: null });
    const { org, token } = JSON.parse(created.stdout) as { org: { id: string; plan: string }; token: string };
    expect(org.plan).toBe('free');

    // Both processes warm (compiled, connections open) before the burst: a cold one under a loaded suite
    // answered nothing until the other had admitted all 100.
    for (const p of [a, b]) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          apiCall(p.url, BOOTSTRAP_TOKEN, '/api/v2/emails', {
            body: { from: 'Warm <hello@shared.example>', to: `warm+${i}@example.com`, subject: 'Warm-up', html: '<p>warm</p>' },
          }).then((r) => expect(r.status).toBe(200)),
        ),
      );
    }

    const left = MINUTE - (Date.now() % MINUTE);
    if (left < MIN_WINDOW_LEFT_MS) await new Promise((r) => setTimeout(r, left + 250));

    const started = Date.now();
    const send = (i: number) =>
      apiCall((i % 2 === 0 ? a : b).url, token, '/api/v2/emails', {
        body: { from: 'Shared <hello@shared.example>', to: `reader+${i}@example.com`, subject: `Burst ${i}`, html: '<p>burst</p>' },
      });
    // Ten from each process first, one process at a time, so both admit some whatever the load (a cold,
    // descheduled process could otherwise answer nothing until the other had admitted all 100); then
    // the remaining 280 at once over both, where the race for the last places happens.
    const even = await Promise.all([0, 2, 4, 6, 8, 10, 12, 14, 16, 18].map(send));
    const odd = await Promise.all([1, 3, 5, 7, 9, 11, 13, 15, 17, 19].map(send));
    const burst = await Promise.all(Array.from({ length: 280 }, (_, k) => send(20 + k)));
    const responses = [...even.flatMap((r, k) => [r, odd[k]!]), ...burst];
    const elapsed = Date.now() - started;
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as any[];
    const within = Date.now() % MINUTE >= started % MINUTE;
    expect(within, `the burst (${elapsed} ms) crossed a minute boundary`).toBe(true);

    const statuses = responses.map((r) => r.status);
    const byStatus = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    expect(byStatus, `${elapsed} ms\n${a.output()}\n${b.output()}`).toEqual({ 200: 100, 429: 200 });

    // Both processes admitted their first ten, and together they handed out each place in the count once.
    const admitted = responses.map((r, i) => ({ r, i })).filter(({ r }) => r.status === 200);
    expect(responses.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(admitted.map(({ r }) => Number(r.headers.get('ratelimit-remaining'))).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const [i, r] of responses.entries()) {
      expect(r.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=100;w=60');
      if (r.status === 200) expect(bodies[i]).toEqual({ id: expect.stringMatching(/^eml_[0-9a-z]{26}$/) });
      else {
        expect(r.headers.get('ratelimit-remaining')).toBe('0');
        const retryAfter = Number(r.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        // The message names the free quota and the same wait the Retry-After header gives.
        expect(bodies[i]).toStrictEqual({
          name: 'rate_limit_exceeded',
          message: `Too many requests: this organization's quota of 100 requests per minute is used up; retry after ${retryAfter} s`,
          statusCode: 429,
        });
      }
    }

    // Exactly the admitted emails are stored (counted in the database: the API would answer 429 now).
    check = await openProcessDatabase(database);
    const row = await check.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(100);
  });

  it('shares the recipient guard too: 5 of 20 concurrent sends to one mailbox pass, over both processes', async () => {
    const [a, b] = processes as [MailgateProcess, MailgateProcess];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apiCall((i % 2 === 0 ? a : b).url, BOOTSTRAP_TOKEN, '/api/v2/emails', {
          body: { from: 'hello@shared.example', to: i % 3 ? 'One@Example.com' : 'one@example.com', subject: `Guard ${i}`, html: '<p>guard</p>' },
        }),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as any[];
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(15);
    for (const [i, r] of responses.entries()) {
      if (r.status !== 429) continue;
      expect(bodies[i]).toMatchObject({
        name: 'recipient_rate_limited',
        code: 'RECIPIENT_RATE_LIMITED',
        details: { reason: 'short_window', recipient: 'one@example.com' },
      });
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    check ??= await openProcessDatabase(database);
    const row = await check.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', 'in', (eb) => eb.selectFrom('organizations').select('id').where('name', '=', 'default'))
      .where('subject', 'like', 'Guard %')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(5);
  });
});
