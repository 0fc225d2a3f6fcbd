import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addVerifiedDomainTo } from '../helpers/domains.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { apiCall, createProcessDatabase, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// Real `servers/main.ts` processes, killed and restarted on one database, with a
// real SMTP relay on a socket: "a process killed mid-delivery loses nothing".

const TOKEN = 'mailgate_crash_recovery_token_0123456789';

interface Email {
  id: string;
  last_event: string;
  message_id: string;
  events: { type: string; detail: Record<string, unknown> | null }[];
}

async function getEmail(proc: MailgateProcess, id: string): Promise<Email> {
  const res = await apiCall(proc.url, TOKEN, `/api/v2/emails/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Email;
}

/** The relay reads the first message whole and never answers it; later ones are accepted. */
function stallFirstMessage(relay: SmtpSink): SmtpSink {
  let stallNext = true;
  relay.onData = () => {
    if (!stallNext) return 'accept';
    stallNext = false;
    return 'stall';
  };
  return relay;
}

describe('a Mailgate process killed mid-delivery', () => {
  const processes: MailgateProcess[] = [];
  let sink: SmtpSink | undefined;
  let database: ProcessDatabase | undefined;

  beforeEach(async () => {
    sink = await startSmtpSink();
    database = await createProcessDatabase();
  });

  // Whatever happened: no child outlives its test, then the database and relay go.
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await sink?.close();
    await database?.cleanup();
    sink = undefined;
    database = undefined;
  });
  afterAll(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
  });

  function env(): Record<string, string> {
    return {
      ...database!.env,
      MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
      RELAY_URL: sink!.url(),
      // Far longer than any wait below: a killed process's jobs are taken back because it is gone, not because its lease ran out.
      DELIVERY_LEASE_SECONDS: '60',
    };
  }

  async function start(): Promise<MailgateProcess> {
    const proc = await startMailgateProcess(env());
    processes.push(proc);
    // With a relay only a verified domain may send: added once the first process has made the organization.
    if (processes.length === 1) await addVerifiedDomainTo(database!, 'acme.example');
    return proc;
  }

  it('loses nothing: after SIGKILL a new process takes the job back at once (not at lease expiry) and delivers the email', { timeout: 60_000 }, async () => {
    const relay = stallFirstMessage(sink!);

    const first = await start();
    const res = await apiCall(first.url, TOKEN, '/api/v2/emails', {
      body: { from: 'ops@acme.example', to: 'customer@example.com', subject: 'Survives a crash', html: '<p>still here</p>' },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^eml_[0-9a-z]{26}$/);

    // The relay has the whole message and is sitting on its answer.
    await waitFor(async () => (relay.stalled.length === 1 ? true : undefined), 30_000, 'the relay to receive the first message');
    expect(relay.messages).toHaveLength(0);
    const stalled = relay.stalled[0]!;
    expect(stalled.parsed.headers.get('x-mailgate-email-id')).toBe(id);
    expect((await getEmail(first, id)).last_event).toBe('queued');

    const exit = await first.stop('SIGKILL');
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });

    // Same database, new process, new port. The relay accepts from now on.
    const second = await start();
    const list = await apiCall(second.url, TOKEN, '/api/v2/emails');
    expect(list.status).toBe(200);
    const page = (await list.json()) as { object: string; data: { id: string; subject: string }[]; has_more: boolean };
    expect(page).toMatchObject({ object: 'list', has_more: false });
    expect(page.data.map((e) => e.id)).toEqual([id]);
    expect(page.data[0]!.subject).toBe('Survives a crash');

    const email = await waitFor(
      async () => {
        const e = await getEmail(second, id);
        return e.last_event === 'queued' ? undefined : e;
      },
      30_000,
      'the second process to deliver the email',
    );
    expect(email.last_event).toBe('sent');
    // The killed attempt is told as one whose outcome is unknown (the relay had it), then the second is sent.
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'sent']);
    expect(email.events[1]!.detail).toEqual({
      transport: 'relay',
      attempt: 1,
      unknown_outcome: true,
      response: expect.stringMatching(/^No outcome was recorded for this attempt/),
    });
    expect(email.events[2]!.detail).toEqual({ transport: 'relay', response: expect.stringMatching(/^250 /), attempt: 2 });

    expect(relay.messages).toHaveLength(1);
    const delivered = relay.messages[0]!;
    // The envelope sender is the email's return path, at BASE_URL's host (127.0.0.1) as no other is set.
    expect(delivered.envelope).toEqual({
      mailFrom: expect.stringMatching(new RegExp(`^bounce\\+${id.slice(4)}-[0-9a-z]{16}@\\[127\\.0\\.0\\.1\\]$`)),
      rcptTo: ['customer@example.com'],
    });
    expect(delivered.parsed.messageId).toBe(email.message_id);
    expect(delivered.parsed.messageId).toBe(stalled.parsed.messageId);
    expect(delivered.parsed.subject).toBe('Survives a crash');

    // Nothing runs twice once it is done.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(relay.messages).toHaveLength(1);
    expect(relay.stalled).toHaveLength(1);
  });

  it('exits 0 on SIGTERM with the worker running', { timeout: 60_000 }, async () => {
    const proc = await start();
    // The worker is live: a send goes out through the relay.
    const res = await apiCall(proc.url, TOKEN, '/api/v2/emails', {
      body: { from: 'ops@acme.example', to: 'someone@example.com', subject: 'Before shutdown', html: '<p>bye</p>' },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await waitFor(async () => ((await getEmail(proc, id)).last_event === 'sent' ? true : undefined), 30_000, 'delivery');
    expect(sink!.messages).toHaveLength(1);

    const started = Date.now();
    const exit = await proc.stop('SIGTERM');
    expect(exit, proc.output()).toEqual({ code: 0, signal: null });
    // At once, not after the 8 s grace a stuck hand-off would get (with room for a loaded machine).
    expect(Date.now() - started).toBeLessThan(7_000);
    expect(proc.output()).toContain('SIGTERM: stopping');
    // It stopped accepting: the port is closed.
    await expect(fetch(`${proc.url}/health`)).rejects.toThrow();
  });

  it('exits 0 on SIGTERM within the grace period while a relay stalls, and the next process delivers', { timeout: 60_000 }, async () => {
    const relay = stallFirstMessage(sink!);
    const first = await startMailgateProcess({ ...env(), SHUTDOWN_GRACE_SECONDS: '1' });
    processes.push(first);
    await addVerifiedDomainTo(database!, 'acme.example');
    const res = await apiCall(first.url, TOKEN, '/api/v2/emails', {
      body: { from: 'ops@acme.example', to: 'late@example.com', subject: 'Stuck at shutdown', html: '<p>later</p>' },
    });
    const { id } = (await res.json()) as { id: string };
    await waitFor(async () => (relay.stalled.length === 1 ? true : undefined), 30_000, 'the relay to stall');

    const started = Date.now();
    const exit = await first.stop('SIGTERM');
    expect(exit, first.output()).toEqual({ code: 0, signal: null });
    // One second of grace, then the transport is closed and the lease released: not the
    // default 8 s, and far from the 60 s lease (with room for a loaded machine).
    expect(Date.now() - started).toBeLessThan(7_000);

    const second = await start();
    const email = await waitFor(
      async () => {
        const e = await getEmail(second, id);
        return e.last_event === 'sent' ? e : undefined;
      },
      30_000,
      'the next process to deliver the email',
    );
    // The cut-off attempt had handed the whole message over (the relay sat on its answer): its
    // outcome is unknown and the email says so, then the next attempt is sent with no backoff.
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'sent']);
    expect(email.events[1]!.detail).toMatchObject({ attempt: 1, unknown_outcome: true });
    expect(email.events[2]!.detail).toMatchObject({ attempt: 2 });
    expect(relay.messages).toHaveLength(1);
  });
});
