import fs from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addVerifiedDomainTo } from '../helpers/domains.ts';
import {
  apiCall,
  createProcessDatabase,
  freePort,
  openProcessDatabase,
  startHeadlessProcess,
  startMailgateProcess,
  type ProcessDatabase,
  type RunningProcess,
} from '../helpers/process.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

// MAILGATE_ROLES split over real processes on one database: an http-only process
// accepts and never delivers, a worker-only process opens no port and delivers,
// and a worker-only process stopped with SIGTERM mid-delivery gives its job back.

const TOKEN = 'mailgate_roles_token_0123456789abcdefgh';

/** The TCP ports a process listens on, from /proc: its socket inodes, found in LISTEN state (0A) in /proc/net/tcp{,6}. */
async function listeningPorts(pid: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await fs.readdir(`/proc/${pid}/fd`)) {
    const link = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await fs.readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[3] === '0A' && inodes.has(cols[9]!)) ports.push(Number.parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

describe('processes with some of the roles', () => {
  const processes: RunningProcess[] = [];
  let database: ProcessDatabase;
  let sink: SmtpSink;

  beforeEach(async () => {
    database = await createProcessDatabase();
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await sink.close();
    await database.cleanup();
  });

  const env = () => ({
    ...database.env,
    MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
    RELAY_URL: sink.url(),
    // Far longer than the test: a job comes back because its holder gave it back, not because its lease ran out.
    DELIVERY_LEASE_SECONDS: '300',
  });

  async function httpProcess() {
    const proc = await startMailgateProcess({ ...env(), MAILGATE_ROLES: 'http' });
    processes.push(proc);
    return proc;
  }
  async function workerProcess(extra: Record<string, string> = {}) {
    const proc = await startHeadlessProcess({ ...env(), MAILGATE_ROLES: 'worker', ...extra });
    processes.push(proc);
    return proc;
  }
  async function send(url: string, subject: string): Promise<string> {
    const res = await apiCall(url, TOKEN, '/api/v2/emails', { body: { from: 'ops@acme.example', to: 'someone@example.com', subject, html: '<p>hi</p>' } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }
  async function jobs() {
    const handle = await openProcessDatabase(database);
    try {
      return await handle.db.selectFrom('jobs').select(['kind', 'attempts', 'lease_owner']).where('kind', '=', 'deliver_email').execute();
    } finally {
      await handle.close();
    }
  }
  const lastEvent = async (url: string, id: string) =>
    ((await (await apiCall(url, TOKEN, `/api/v2/emails/${id}`)).json()) as { last_event: string }).last_event;

  it('an http-only process accepts and never claims; a worker-only process opens no port and delivers', { timeout: 90_000 }, async () => {
    const http = await httpProcess();
    await addVerifiedDomainTo(database, 'acme.example');
    expect(await (await fetch(`${http.url}/health`)).json()).toEqual({ status: 'ok', roles: ['http'], database: 'ok' });
    expect(await listeningPorts(http.child.pid!)).toEqual([Number(new URL(http.url).port)]);

    const id = await send(http.url, 'Waits for a worker');
    // Several of a worker's polls (250 ms) and scheduler ticks (1 s): nothing claims it.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await jobs()).toEqual([{ kind: 'deliver_email', attempts: 0, lease_owner: null }]);
    expect(await lastEvent(http.url, id)).toBe('queued');
    expect(sink.messages).toHaveLength(0);

    // Every port it could open is named, and free: it opens none of them.
    const ports = { PORT: await freePort(), SMTP_PORT: await freePort(), SMTPS_PORT: await freePort(), INBOUND_SMTP_PORT: await freePort() };
    const worker = await workerProcess(Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])));
    expect(worker.output()).not.toMatch(/listening/i);
    expect(await listeningPorts(worker.child.pid!)).toEqual([]);
    await waitFor(async () => ((await lastEvent(http.url, id)) === 'sent' ? true : undefined), 15_000, 'the worker to deliver');
    expect(sink.messages.map((m) => m.parsed.subject)).toEqual(['Waits for a worker']);
    expect(await listeningPorts(worker.child.pid!)).toEqual([]);
  });

  it('a worker-only process stopped with SIGTERM mid-delivery exits 0 and gives its job back, which the next worker delivers', {
    timeout: 90_000,
  }, async () => {
    let stallNext = true;
    sink.onData = () => {
      if (!stallNext) return 'accept';
      stallNext = false;
      return 'stall';
    };
    const http = await httpProcess();
    await addVerifiedDomainTo(database, 'acme.example');
    const first = await workerProcess({ SHUTDOWN_GRACE_SECONDS: '1' });
    const id = await send(http.url, 'Cut off by SIGTERM');
    await waitFor(async () => (sink.stalled.length === 1 ? true : undefined), 15_000, 'the relay to stall');
    expect((await jobs())[0]!.lease_owner).not.toBeNull();

    const started = Date.now();
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    // One second of grace, then the hand-off is cut off and the job given back: not held until its 300 s lease ends.
    expect(Date.now() - started).toBeLessThan(7_000);
    expect(await jobs()).toEqual([{ kind: 'deliver_email', attempts: 1, lease_owner: null }]);

    await workerProcess();
    await waitFor(async () => ((await lastEvent(http.url, id)) === 'sent' ? true : undefined), 15_000, 'the next worker to deliver');
    expect(sink.messages.map((m) => m.parsed.subject)).toEqual(['Cut off by SIGTERM']);
    expect(await jobs()).toEqual([]);
  });
});
