import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, loadConfig, ManualClock, type Core, type DatabaseHandle } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';

// The worker's side of a webhook delivery, through createCore: what an attempt
// leaves on its delivery and its job, written in one unsynced commit with the
// outcomes of the attempts that ended with it, and only while this worker still
// holds the job. A receiver on loopback holds every request until told to
// answer, so the test decides when attempts end.

const T = Date.UTC(2026, 5, 1);

/** A webhook receiver that answers 204, but only when `answer` is called: every request held until then. */
async function holdingReceiver() {
  const held: { id: string; response: http.ServerResponse }[] = [];
  const arrived: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      held.push({ id: String(request.headers['webhook-id']), response });
      for (const wake of arrived.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    /** The webhook-id of every request so far. */
    ids: () => held.map((h) => h.id),
    /** Resolves once `n` requests have come in all. */
    async waitFor(n: number) {
      while (held.length < n) await new Promise<void>((resolve) => arrived.push(resolve));
    },
    /** Answer every held request 204, in the same turn. */
    answer() {
      for (const h of held) if (!h.response.headersSent) h.response.writeHead(204).end();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('webhook delivery outcomes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  /**
   * A core whose database counts the unsynced runs (the outcome writer's transactions) and the
   * queries that load deliveries to send, with an `email.received` webhook to `url`.
   */
  async function start(url: string) {
    const database = await createTestDatabase();
    cleanups.push(() => database.cleanup());
    const unsyncedRuns = { count: 0 };
    const loads = { count: 0 };
    const countLoads: KyselyPlugin = {
      transformQuery({ node }) {
        const text = JSON.stringify(node);
        if (node.kind === 'SelectQueryNode' && text.includes('"webhook_deliveries"') && text.includes('"payload"')) loads.count++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const handle: DatabaseHandle = {
      ...database.handle,
      db: database.handle.db.withPlugin(countLoads),
      unsynced: (fn) => {
        unsyncedRuns.count++;
        return database.handle.unsynced(fn);
      },
    };
    const clock = new ManualClock(T);
    const core: Core = createCore(loadConfig({ LOG_LEVEL: 'silent', CPU_THREADS: '0', WEBHOOK_ALLOW_PRIVATE: 'true' }), { db: handle, clock });
    cleanups.push(() => core.close());
    const token = `mailgate_${'w'.repeat(40)}`;
    await core.orgs.bootstrap(token);
    const auth: AuthContext = await core.tokens.authenticate(token);
    await addReceivingDomain(core.db, 'inbox.example');
    await core.webhooks.create(auth, { url, events: ['email.received'] });
    return { core, clock, unsyncedRuns, loads };
  }

  const deliveries = (core: Core) =>
    core.db.db.selectFrom('webhook_deliveries').select(['id', 'status', 'attempts', 'response_status', 'next_attempt_at']).orderBy('id').execute();
  const jobs = (core: Core) => core.db.db.selectFrom('jobs').select(['ref_id', 'lease_owner', 'attempts']).orderBy('ref_id').execute();

  it('loads two deliveries claimed together with one query, and records their outcomes and their jobs’ ends in one commit', async () => {
    const receiver = await holdingReceiver();
    cleanups.push(() => receiver.close());
    const { core, clock, unsyncedRuns, loads } = await start(receiver.url);
    await core.receiving.receive(incomingMail({ subject: 'one' }));
    await core.receiving.receive(incomingMail({ subject: 'two' }));
    const [a, b] = await deliveries(core);

    const drained = core.worker.drain();
    await receiver.waitFor(2);
    expect(receiver.ids().sort()).toEqual([a!.id, b!.id]);
    expect(loads.count).toBe(1);
    const before = unsyncedRuns.count;
    receiver.answer();
    expect(await drained).toBe(2);

    expect(unsyncedRuns.count - before).toBe(1);
    expect(await deliveries(core)).toEqual([
      { id: a!.id, status: 'delivered', attempts: 1, response_status: 204, next_attempt_at: null },
      { id: b!.id, status: 'delivered', attempts: 1, response_status: 204, next_attempt_at: null },
    ]);
    expect(await jobs(core)).toEqual([]);
    // Delivered is delivered: nothing runs again.
    clock.advance(3_600_000);
    expect(await core.worker.drain()).toBe(0);
  });

  it('records nothing for an attempt whose job another worker took meanwhile; that worker sends it again, under the same webhook-id', async () => {
    const receiver = await holdingReceiver();
    cleanups.push(() => receiver.close());
    const { core, clock } = await start(receiver.url);
    await core.receiving.receive(incomingMail({ subject: 'taken over' }));
    const [delivery] = await deliveries(core);

    const drained = core.worker.drain();
    await receiver.waitFor(1);
    // This worker stalled past its lease, and another one claimed the job.
    const leaseUntil = clock.now() + 60_000;
    await core.db.db.updateTable('jobs').set({ lease_owner: 'other-worker', lease_until: leaseUntil }).execute();
    receiver.answer();
    expect(await drained).toBe(1);

    expect(await deliveries(core)).toEqual([{ id: delivery!.id, status: 'pending', attempts: 0, response_status: null, next_attempt_at: T }]);
    expect(await jobs(core)).toEqual([{ ref_id: delivery!.id, lease_owner: 'other-worker', attempts: 1 }]);

    // The other worker is gone too: once its lease ends, the delivery is sent again with the same webhook-id, and recorded.
    clock.set(leaseUntil);
    const again = core.worker.drain();
    await receiver.waitFor(2);
    receiver.answer();
    expect(await again).toBe(1);
    expect(receiver.ids()).toEqual([delivery!.id, delivery!.id]);
    expect(await deliveries(core)).toEqual([{ id: delivery!.id, status: 'delivered', attempts: 2, response_status: 204, next_attempt_at: null }]);
    expect(await jobs(core)).toEqual([]);
  });
});
