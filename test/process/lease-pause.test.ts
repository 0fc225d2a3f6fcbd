import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/index.ts';
import { testDatabaseUrl } from '../helpers/db.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import {
  apiCall,
  createProcessDatabase,
  openProcessDatabase,
  startHeadlessProcess,
  startMailgateProcess,
  type MailgateProcess,
  type ProcessDatabase,
  type RunningProcess,
} from '../helpers/process.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

// A worker process paused (SIGSTOP) past its lease, on PostgreSQL with several
// worker processes: another worker takes the job and delivers it, and the paused
// one, woken (SIGCONT), does not hand it over again — or, when the relay already
// had it from the paused one, the email's events say that the first attempt's
// outcome is unknown. Real processes, a real relay on a socket.

const TOKEN = 'mailgate_lease_pause_token_0123456789ab';
/** A job is another worker's at most this long after its holder last renewed it. */
const LEASE_SECONDS = 2;
/** Three processes starting at once on a busy machine (the rest of the suite beside them) may take a while. */
const START_MS = 60_000;

interface EmailEvent {
  type: string;
  detail: Record<string, unknown> | null;
}

describe.skipIf(!testDatabaseUrl)('a worker paused past its lease', () => {
  const processes: RunningProcess[] = [];
  let sink: SmtpSink;
  let database: ProcessDatabase;
  let db: DatabaseHandle | undefined;
  /** Paused processes are woken before they are killed: a stopped process takes SIGKILL, but its pipes stay open until it runs. */
  const paused = new Set<RunningProcess>();

  beforeEach(async () => {
    [sink, database] = await Promise.all([startSmtpSink(), createProcessDatabase()]);
  });

  afterEach(async () => {
    for (const p of paused) p.child.kill('SIGCONT');
    paused.clear();
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await db?.close();
    db = undefined;
    await sink.close();
    await database.cleanup();
  });

  function env(extra: Record<string, string> = {}): Record<string, string> {
    return { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, RELAY_URL: sink.url(), DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS), ...extra };
  }

  async function startWorker(extra: Record<string, string> = {}): Promise<RunningProcess> {
    const worker = await startHeadlessProcess(env({ MAILGATE_ROLES: 'worker', ...extra }), START_MS);
    processes.push(worker);
    return worker;
  }

  /** The HTTP process, then (with the organization it made) the sending domain, verified. */
  async function startHttp(): Promise<MailgateProcess> {
    const http = await startMailgateProcess(env({ MAILGATE_ROLES: 'http' }), START_MS);
    processes.push(http);
    db = await openProcessDatabase(database);
    await addVerifiedDomain(db, 'acme.example');
    return http;
  }

  function pause(p: RunningProcess): void {
    p.child.kill('SIGSTOP');
    paused.add(p);
  }

  function wake(p: RunningProcess): void {
    p.child.kill('SIGCONT');
    paused.delete(p);
  }

  async function send(http: MailgateProcess, to: string): Promise<string> {
    const res = await apiCall(http.url, TOKEN, '/api/v2/emails', { body: { from: 'ops@acme.example', to, subject: `For ${to}`, html: '<p>hello</p>' } });
    const body = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.id;
  }

  async function eventsOf(http: MailgateProcess, id: string): Promise<{ last_event: string; message_id: string; events: EmailEvent[] }> {
    const res = await apiCall(http.url, TOKEN, `/api/v2/emails/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { last_event: string; message_id: string; events: EmailEvent[] };
  }

  /** The worker process holding the job of this email now. */
  async function holderOf(emailId: string, workers: RunningProcess[]): Promise<RunningProcess> {
    const job = await db!.db.selectFrom('jobs').select('lease_owner').where('ref_id', '=', emailId).executeTakeFirstOrThrow();
    const pid = Number(job.lease_owner?.split(':')[1]);
    const holder = workers.find((w) => w.child.pid === pid);
    if (!holder) throw new Error(`job of ${emailId} is held by ${job.lease_owner}, not by a worker of this test`);
    return holder;
  }

  const copiesOf = (id: string) => sink.messages.filter((m) => m.parsed.headers.get('x-mailgate-email-id') === id);

  it('mid-delivery: another worker delivers the job, and the woken one records nothing more; the email says its first attempt may have gone out', {
    timeout: 90_000,
  }, async () => {
    const [http, ...workers] = await Promise.all([startHttp(), startWorker(), startWorker()]);
    // The relay reads the first message whole and answers it only when the test says so.
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let first = true;
    sink.onData = async () => {
      if (!first) return 'accept' as const;
      first = false;
      await firstAnswered;
      return 'accept' as const;
    };

    const id = await send(http, 'customer@example.com');
    await waitFor(async () => (first ? undefined : true), 10_000, 'the relay to read the message');
    const holder = await holderOf(id, workers);
    const other = workers.find((w) => w !== holder)!;
    pause(holder);

    // The lease runs out; the other worker claims the job and hands the message over again.
    const sent = await waitFor(
      async () => {
        const email = await eventsOf(http, id);
        return email.last_event === 'sent' ? email : undefined;
      },
      15_000,
      'the other worker to deliver the email',
    );
    expect(sent.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'sent']);
    expect(sent.events[1]!.detail).toEqual({
      transport: 'relay',
      attempt: 1,
      unknown_outcome: true,
      response: expect.stringMatching(/^No outcome was recorded for this attempt/),
    });
    expect(sent.events[2]!.detail).toEqual({ transport: 'relay', response: expect.stringMatching(/^250 /), attempt: 2 });
    expect(copiesOf(id)).toHaveLength(1);

    // The relay accepts the first hand-off too, and the paused worker wakes to its answer.
    answerFirst();
    await waitFor(async () => (copiesOf(id).length === 2 ? true : undefined), 5_000, 'the relay to accept the first hand-off');
    wake(holder);
    // It recorded nothing, on the email or the queue, and runs on; the job is gone.
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await eventsOf(http, id);
    expect(after).toEqual(sent);
    // The same message twice, as the events allow.
    expect(copiesOf(id).map((m) => m.parsed.messageId)).toEqual([sent.message_id, sent.message_id]);
    expect(await db!.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect([holder.child.exitCode, other.child.exitCode]).toEqual([null, null]);
  });

  it('before its hand-off: the woken worker finds the job taken and does not hand the message over', { timeout: 90_000 }, async () => {
    // One hand-off every 8 s per process: the second email of the first worker waits for its turn, holding its lease.
    const paced = { DELIVERY_RATE_PER_SECOND: '0.125' };
    const [http, worker] = await Promise.all([startHttp(), startWorker(paced)]);
    const firstId = await send(http, 'first@example.com');
    const secondId = await send(http, 'second@example.com');
    await waitFor(async () => (copiesOf(firstId).length === 1 ? true : undefined), 10_000, 'the first email to reach the relay');
    const firstHandOff = copiesOf(firstId)[0]!.receivedAt;
    await waitFor(
      async () => ((await eventsOf(http, secondId)).last_event === 'queued' && (await holderOf(secondId, [worker])) ? true : undefined),
      5_000,
      'the second email to be held',
    );
    pause(worker);
    expect(Date.now() - firstHandOff, 'paused before the second hand-off was due').toBeLessThan(7_000);

    // A second worker takes the job once the lease runs out, and delivers it.
    const second = await startWorker(paced);
    const sent = await waitFor(
      async () => {
        const email = await eventsOf(http, secondId);
        return email.last_event === 'sent' ? email : undefined;
      },
      15_000,
      'the second worker to deliver the email',
    );
    expect(sent.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'sent']);
    expect(sent.events[2]!.detail).toMatchObject({ attempt: 2 });
    expect(copiesOf(secondId)).toHaveLength(1);

    // The paused worker wakes past its turn: it looks before handing over, and stops.
    await new Promise((r) => setTimeout(r, Math.max(0, firstHandOff + 8_500 - Date.now())));
    wake(worker);
    const gaveUp = () => worker.output().includes(`(delivery of ${secondId}) is no longer held by this worker, which stops here`);
    await waitFor(async () => (gaveUp() || copiesOf(secondId).length > 1 ? true : undefined), 10_000, 'the woken worker to give the job up');
    await new Promise((r) => setTimeout(r, 500));
    expect(copiesOf(secondId)).toHaveLength(1);
    expect(gaveUp()).toBe(true);
    expect(await eventsOf(http, secondId)).toEqual(sent);
    expect(await db!.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect([worker.child.exitCode, second.child.exitCode]).toEqual([null, null]);
  });
});
