import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// One organization's webhooks against a receiver that never answers, or names
// that never resolve, and another organization's transactional mail: through
// the API over fetch, a real receiver on loopback and a real (silent) DNS
// server. The victim's emails keep flowing; the noisy organization's webhooks
// are paused as a whole, bounded per endpoint, capped in number, and delivered
// once their receiver answers again.

/** A webhook receiver that holds every request unanswered until told to answer (204). */
async function startReceiver() {
  let answering = false;
  let open = 0;
  let mostOpen = 0;
  let answered = 0;
  const held = new Set<http.ServerResponse>();
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (answering) {
        answered++;
        response.writeHead(204).end();
        return;
      }
      open++;
      mostOpen = Math.max(mostOpen, open);
      held.add(response);
      response.on('close', () => {
        open--;
        held.delete(response);
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    /** Answer from now on, and what is held now. */
    answer() {
      answering = true;
      for (const response of held) {
        answered++;
        response.writeHead(204).end();
      }
    },
    get open() {
      return open;
    },
    get mostOpen() {
      return mostOpen;
    },
    get answered() {
      return answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const json = async (response: Response) => (await response.json()) as any;

describe("one organization's webhooks do not stall another's mail", () => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  let dns: TestDnsServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let noisyToken = '';
  let sent = 0;

  beforeAll(async () => {
    dns = await startDnsServer();
    receiver = await startReceiver();
    server = await startTestServer({
      clock,
      // Long enough that a delivery slot held by a silent receiver is felt, as the default 10 s would be.
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '5', DNS_SERVERS: dns.address },
    });
    noisyToken = (await server.core.orgs.create({ name: 'Noisy', plan: 'enterprise' })).token.token;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await dns?.close();
  });

  /** Milliseconds from a transactional send to its `delivered`, for the default organization. */
  async function sendAndTime(): Promise<number> {
    const started = performance.now();
    const response = await server.api('/api/v2/emails', {
      body: { from: 'app@quiet.example', to: `reader${sent++}@quiet.example`, subject: 'Your sign-in code', markdown: 'Code: 123456' },
    });
    expect(response.status).toBe(200);
    const { id } = await json(response);
    await waitFor(
      async () => ((await json(await server.api(`/api/v2/emails/${id}`))).last_event === 'delivered' ? true : undefined),
      20_000,
      `email ${id} delivered`,
    );
    return performance.now() - started;
  }

  async function timeSends(n: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(await sendAndTime());
    return times;
  }

  const noisy = (path: string, body?: unknown) => server.api(path, { token: noisyToken, ...(body !== undefined ? { body } : {}) });

  it('caps the webhooks of an organization (WEBHOOKS_PER_ORGANIZATION, 20): the next is a 409 conflict', async () => {
    for (let i = 0; i < 20; i++) {
      const created = await noisy('/api/v2/webhooks', { url: receiver.url(`/crm/${i}`), events: ['subscriber.created'] });
      expect(created.status).toBe(201);
    }
    const refused = await noisy('/api/v2/webhooks', { url: receiver.url('/crm/20'), events: ['subscriber.created'] });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      name: 'conflict',
      message: 'This organization has 20 webhooks, the most it may have; delete one first',
      statusCode: 409,
      code: 'WEBHOOK_LIMIT_REACHED',
      details: { limit: 20 },
    });
  });

  it("delivers the quiet organization's mail while 400 deliveries wait on a receiver that never answers, at most 4 at a time", async () => {
    const quiet = await timeSends(3);
    for (let i = 0; i < 20; i++) expect((await noisy('/api/v2/subscribers', { email: `lead${i}@noisy.example` })).status).toBe(201);
    await waitFor(async () => (receiver.open > 0 ? true : undefined), 10_000, 'the receiver to hold requests');
    const loud = await timeSends(10);
    // Behind one shared line, each email waited for the webhooks claimed before it (seconds each).
    expect(Math.max(...loud)).toBeLessThan(Math.max(1_500, 5 * Math.max(...quiet)));
    // One endpoint (scheme, host, port): WEBHOOK_ENDPOINT_CONCURRENCY at most.
    expect(receiver.mostOpen).toBe(4);
  });

  it("delivers every one of the noisy organization's webhooks once their receiver answers again", async () => {
    receiver.answer();
    const delivered = () =>
      server.core.db.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    await waitFor(
      async () => {
        if ((await delivered()) === 400) return true;
        // Time passes for the paused endpoints and the retries.
        clock.advance(10 * 60_000);
        return undefined;
      },
      30_000,
      'all 400 deliveries',
    );
    const states = await server.core.db.db.selectFrom('webhook_deliveries').select('status').distinct().execute();
    expect(states).toEqual([{ status: 'delivered' }]);
    expect(receiver.answered).toBeGreaterThanOrEqual(400);
    // A success puts the endpoint back to normal.
    expect(
      await server.core.db.db
        .selectFrom('webhooks')
        .select('id')
        .where((eb) => eb.or([eb('failures', '>', 0), eb('paused_until', 'is not', null)]))
        .execute(),
    ).toEqual([]);
  });

  it("delivers the quiet organization's mail while webhooks wait on names whose DNS never answers", async () => {
    const otherToken = (await server.core.orgs.create({ name: 'Unresolvable', plan: 'enterprise' })).token.token;
    for (let i = 0; i < 10; i++) {
      dns.silent.add(`hook${i}.nowhere.test`);
      const created = await server.api('/api/v2/webhooks', {
        token: otherToken,
        body: { url: `http://hook${i}.nowhere.test/in`, events: ['subscriber.created'] },
      });
      expect(created.status).toBe(201);
    }
    for (let i = 0; i < 10; i++) {
      expect((await server.api('/api/v2/subscribers', { token: otherToken, body: { email: `lead${i}@nowhere.example` } })).status).toBe(201);
    }
    await waitFor(async () => (dns.questions.some((q) => q.endsWith('nowhere.test')) ? true : undefined), 10_000, 'the first lookup');
    const loud = await timeSends(10);
    expect(Math.max(...loud)).toBeLessThan(1_500);
    const failed = await waitFor(
      () =>
        server.core.db.db
          .selectFrom('webhook_deliveries')
          .select('response_excerpt')
          .where('organization_id', '!=', server.core.db.db.selectFrom('organizations').select('id').where('name', '=', 'Noisy'))
          .where('attempts', '>', 0)
          .executeTakeFirst(),
      10_000,
      'an attempt on an unresolvable name',
    );
    // The resolver gives up first (4 s), within the attempt's 5 s.
    expect(failed.response_excerpt).toMatch(/^hook\d\.nowhere\.test does not resolve$/);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is paused as a whole after 3 failures in a row: its waiting deliveries are put off unattempted, and a success ends it', async () => {
    const clock = new ManualClock(Date.now());
    let status = 500;
    let requests = 0;
    const failing = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        requests++;
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const server = await startTestServer({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_ENDPOINT_CONCURRENCY: '1' } });
    try {
      const port = (failing.address() as AddressInfo).port;
      const hook = await json(await server.api('/api/v2/webhooks', { body: { url: `http://127.0.0.1:${port}/in`, events: ['subscriber.created'] } }));
      for (let i = 0; i < 10; i++) await server.api('/api/v2/subscribers', { body: { email: `s${i}@example.com` } });
      const row = () => server.core.db.db.selectFrom('webhooks').select(['failures', 'paused_until']).where('id', '=', hook.id).executeTakeFirstOrThrow();
      await waitFor(async () => ((await row()).paused_until !== null ? true : undefined), 10_000, 'the pause');
      // Each of the first three deliveries failed once (then waits 5 s); the seven others were never tried.
      // The worker puts each off to the pause's end when it next claims (as slowly as the machine goes).
      const pauseEnd = new Date(clock.now() + 30_000).toISOString();
      const deliveries = await waitFor(
        async () => {
          const data = (await json(await server.api(`/api/v2/webhooks/${hook.id}/deliveries?limit=100`))).data as any[];
          return data.every((d) => d.next_attempt_at === pauseEnd) ? data : undefined;
        },
        10_000,
        'every delivery put off to the end of the pause',
      );
      expect(requests).toBe(3);
      expect(await row()).toEqual({ failures: 3, paused_until: clock.now() + 30_000 });
      expect(deliveries.map((d: any) => d.attempts).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);

      // Past the pause, the endpoint answers again: everything goes, and the webhook is well again.
      status = 204;
      clock.advance(30_000);
      await waitFor(
        async () => {
          const page = (await json(await server.api(`/api/v2/webhooks/${hook.id}/deliveries?limit=100`))).data;
          return page.every((d: any) => d.status === 'delivered') ? true : undefined;
        },
        10_000,
        'every delivery',
      );
      expect(requests).toBe(13);
      expect(await row()).toEqual({ failures: 0, paused_until: null });
    } finally {
      await server.close();
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});

describe('a webhook attempt has one deadline', () => {
  it('cuts off a receiver that trickles its answer a byte at a time at WEBHOOK_TIMEOUT_SECONDS', async () => {
    const trickler = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => response.write('.'), 100);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
    const server = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '1' } });
    try {
      const port = (trickler.address() as AddressInfo).port;
      const hook = await json(await server.api('/api/v2/webhooks', { body: { url: `http://127.0.0.1:${port}/slow`, events: ['subscriber.created'] } }));
      const started = performance.now();
      await server.api('/api/v2/subscribers', { body: { email: 'someone@example.com' } });
      const delivery = await waitFor(
        async () => {
          const page = await json(await server.api(`/api/v2/webhooks/${hook.id}/deliveries`));
          return page.data.find((d: any) => d.attempts === 1);
        },
        10_000,
        'the first attempt',
      );
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(delivery).toMatchObject({ status: 'pending', response_status: null, response_excerpt: 'no complete answer within 1 s' });
    } finally {
      await server.close();
      trickler.closeAllConnections();
      await new Promise((resolve) => trickler.close(resolve));
    }
  });
});
