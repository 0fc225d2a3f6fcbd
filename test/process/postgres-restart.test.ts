import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/index.ts';
import { testDatabaseUrl } from '../helpers/db.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { apiCall, startHeadlessProcess, startMailgateProcess, type RunningProcess } from '../helpers/process.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

// PostgreSQL restarted while sends flow: an HTTP process and a worker process on a
// PostgreSQL server of the test's own (the suite's shared one serves other test
// files meanwhile), restarted twice under load — once shutting down cleanly
// (`fast`: every session ended), once killed as by a crash (`immediate`). The
// processes live through it and reconnect; every send is answered 200 or a clean
// 503 (Retry-After: the client sends again), and every email answered 200 reaches the relay exactly once.

const TOKEN = 'mailgate_postgres_restart_token_0123456789';
/** Sends in flight at once, each client sending again as soon as it is answered. */
const CLIENTS = 4;
/** Emails answered 200 before a restart, and after it before the next step. */
const ANSWERED_BETWEEN = 40;
/** How long the server stays down once the relay has answered what it held. */
const DOWN_AFTER_ANSWERS_MS = 500;
/** Two processes starting at once on a busy machine (the rest of the suite beside them) may take a while. */
const START_MS = 60_000;

interface Answer {
  n: number;
  status: number;
  body: { id?: string; name?: string; message?: string };
  retryAfter: string | null;
  /** After which restart it was answered (0: before the first). */
  after: number;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe('PostgreSQL restarted under load', () => {
  let pg: PrivatePostgres | undefined;
  let sink: SmtpSink | undefined;
  let dataDir: string | undefined;
  const processes: RunningProcess[] = [];

  beforeAll(async () => {
    if (!testDatabaseUrl) return;
    [pg, sink, dataDir] = await Promise.all([startPrivatePostgres(), startSmtpSink(), fs.mkdtemp(path.join(os.tmpdir(), 'mailgate-pg-restart-'))]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await sink?.close();
    await pg?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** The test's own connection, opened only while the server is up (closed before each restart). */
  async function withDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl: pg!.url, poolSize: 2 });
    try {
      return await fn(handle);
    } finally {
      await handle.close();
    }
  }

  it.skipIf(!testDatabaseUrl)(
    'the processes reconnect after a clean and a crash restart; every send is answered 200 or 503, and each 200 is delivered exactly once',
    { timeout: 90_000 },
    async () => {
      const env = {
        DATA_DIR: dataDir!,
        DATABASE_URL: pg!.url,
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
        RELAY_URL: sink!.url(),
        // The clients send faster than any plan's quota admits: the quota is not what is tested.
        RATE_LIMITS: 'off',
        // A job whose outcome could not be written is taken again once its lease runs out.
        DELIVERY_LEASE_SECONDS: '3',
      };
      const [http, worker] = await Promise.all([
        startMailgateProcess({ ...env, MAILGATE_ROLES: 'http' }, START_MS),
        startHeadlessProcess({ ...env, MAILGATE_ROLES: 'worker' }, START_MS),
      ]);
      processes.push(http, worker);
      await withDatabase((handle) => addVerifiedDomain(handle, 'acme.example'));

      const answers: Answer[] = [];
      const failures: { n: number; error: string }[] = [];
      let restarts = 0;
      let next = 0;
      let stop = false;
      const client = async () => {
        while (!stop) {
          const n = next++;
          const after = restarts;
          try {
            const res = await apiCall(http.url, TOKEN, '/api/v2/emails', {
              body: { from: 'ops@acme.example', to: `reader${n}@example.com`, subject: `Load ${n}`, html: `<p>email ${n}</p>` },
            });
            answers.push({ n, status: res.status, body: (await res.json()) as Answer['body'], retryAfter: res.headers.get('retry-after'), after });
          } catch (error) {
            failures.push({ n, error: String(error) });
            // The process is gone: no point asking it again at once.
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      const log = () => `http:\n${http.output().slice(-3000)}\nworker:\n${worker.output().slice(-3000)}\npostgres:\n${pg!.log().slice(-3000)}`;
      const summary = () =>
        JSON.stringify({
          answers: countBy(answers, (a) => `${a.after}:${a.status}`),
          failures: failures.length,
        });
      const answeredAfter = (restart: number) => answers.filter((a) => a.after === restart && a.status === 200).length;
      // Before each restart the relay sits on its answers until the server is down: the
      // hand-offs it then accepts have their outcomes to record while nothing listens.
      let hold: Promise<void> | null = null;
      let release = () => {};
      const heldIds: string[] = [];
      sink!.onData = async (message) => {
        if (hold) {
          heldIds.push(message.parsed.headers.get('x-mailgate-email-id') as string);
          await hold;
        }
        return 'accept' as const;
      };
      // While the server is down, the other doors of the HTTP process answer in their own terms: an OAuth
      // token request (the code is looked up) and an MCP request (its Bearer token is looked up).
      let otherDoors: { oauth: unknown; mcp: unknown } | undefined;
      const askOtherDoors = async () => {
        const token = await fetch(`${http.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=authorization_code&code=x&client_id=y&redirect_uri=z&code_verifier=v&resource=${encodeURIComponent(`${http.url}/mcp`)}`,
        });
        const mcp = await fetch(`${http.url}/mcp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
        otherDoors = {
          oauth: { status: token.status, retryAfter: token.headers.get('retry-after'), body: await token.json() },
          mcp: { status: mcp.status, retryAfter: mcp.headers.get('retry-after'), body: await mcp.json() },
        };
      };
      const flowing = Array.from({ length: CLIENTS }, client);
      try {
        for (const mode of ['fast', 'immediate'] as const) {
          await waitFor(async () => (answeredAfter(restarts) >= ANSWERED_BETWEEN ? true : undefined), 15_000, `${ANSWERED_BETWEEN} sends answered 200`);
          const before = heldIds.length;
          hold = new Promise((resolve) => (release = resolve));
          await waitFor(async () => (heldIds.length > before ? true : undefined), 10_000, 'a hand-off to wait for its answer');
          await pg!.restart(mode, async () => {
            hold = null;
            release();
            await Promise.all([new Promise((r) => setTimeout(r, DOWN_AFTER_ANSWERS_MS)), mode === 'fast' ? askOtherDoors() : undefined]);
          });
          restarts++;
        }
        await waitFor(
          async () => (answeredAfter(restarts) >= ANSWERED_BETWEEN ? true : undefined),
          15_000,
          `${ANSWERED_BETWEEN} sends answered 200 after the last restart`,
        );
      } catch (error) {
        throw new Error(`${String(error)} after ${restarts} restart(s): ${summary()}\n${log()}`);
      } finally {
        stop = true;
        await Promise.all(flowing);
      }

      // Nobody was left without an answer, and both processes are still running.
      expect(failures, log()).toEqual([]);
      expect(otherDoors).toEqual({
        oauth: { status: 503, retryAfter: '1', body: { error: 'temporarily_unavailable', error_description: expect.any(String) } },
        mcp: { status: 503, retryAfter: '1', body: { jsonrpc: '2.0', id: null, error: { code: -32603, message: expect.stringMatching(/^Internal error: /) } } },
      });
      expect([http.child.exitCode, worker.child.exitCode]).toEqual([null, null]);
      // A send is accepted (200) or refused as the database's moment away: 503 with Retry-After, which a client sends again.
      const byStatus = countBy(answers, (a) => String(a.status));
      // Sends arrived while the server was down: the refusal below is not vacuous.
      expect(byStatus['503'] ?? 0, JSON.stringify(byStatus)).toBeGreaterThan(0);
      for (const a of answers) {
        if (a.status === 200) expect(a.body).toEqual({ id: expect.stringMatching(/^eml_[0-9a-z]{26}$/) });
        else
          expect({ status: a.status, name: a.body.name, retryAfter: a.retryAfter }, JSON.stringify(byStatus)).toEqual({
            status: 503,
            name: 'service_unavailable',
            retryAfter: '1',
          });
      }
      const accepted = answers.filter((a) => a.status === 200).map((a) => a.body.id!);

      // Every accepted email is delivered, and no job is left.
      await waitFor(
        () =>
          withDatabase(async (handle) => {
            const queued = await handle.db.selectFrom('emails').select('id').where('last_event', '=', 'queued').execute();
            const jobs = await handle.db.selectFrom('jobs').select('id').execute();
            return queued.length === 0 && jobs.length === 0 ? true : undefined;
          }),
        30_000,
        'every accepted email to be delivered',
      );

      const received = new Map<string, number>();
      for (const m of sink!.messages) {
        const id = m.parsed.headers.get('x-mailgate-email-id') as string;
        received.set(id, (received.get(id) ?? 0) + 1);
      }
      const stored = await withDatabase((handle) => handle.db.selectFrom('emails').select(['id', 'last_event']).execute());
      const lastEvent = new Map(stored.map((e) => [e.id, e.last_event]));
      const events = await withDatabase((handle) => handle.db.selectFrom('email_events').select(['email_id', 'type', 'detail']).orderBy('id').execute());
      /** An email's story, for a failure's message. */
      const story = (id: string) =>
        `${id}: received ${received.get(id) ?? 0}, ${events
          .filter((e) => e.email_id === id)
          .map((e) => `${e.type} ${e.detail ?? ''}`)
          .join('; ')}`;
      // The outcomes of what the relay answered while the server was down were recorded once it was back.
      expect(heldIds.length).toBeGreaterThanOrEqual(2);
      expect(heldIds.filter((id) => lastEvent.get(id) !== 'sent' || received.get(id) !== 1).map(story), log()).toEqual([]);
      // Each email answered 200 is stored, was sent, and reached the relay once.
      expect(accepted.filter((id) => lastEvent.get(id) !== 'sent')).toEqual([]);
      expect(accepted.filter((id) => received.get(id) !== 1).map(story), `${JSON.stringify(byStatus)}\n${log()}`).toEqual([]);
      // Nothing reached the relay that is not an email (one answered 503 may have been committed all the same, its COMMIT's answer lost).
      expect([...received.keys()].filter((id) => !lastEvent.has(id))).toEqual([]);
      expect([...received.values()].filter((n) => n !== 1)).toEqual([]);
    },
  );
});
