import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GET /health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers 200 with the roles this process runs and database "ok", without authentication', async () => {
    const res = await server.api('/health', { token: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', roles: ['http', 'worker'], database: 'ok' });
  });

  it('answers 503 "unavailable" within a second when the database does not answer, and 200 again once it does', async () => {
    // Every connection of the pool held by a transaction that waits (SQLite has one): a query waits for a connection.
    const held: (() => void)[] = [];
    const transactions = Array.from({ length: 4 }, () =>
      server.database.handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('organizations').select('id').execute();
        await new Promise<void>((resolve) => held.push(resolve));
      }),
    );
    try {
      // The first transaction has its connection (on SQLite the others wait for the one connection, too).
      while (held.length === 0) await new Promise((r) => setTimeout(r, 5));
      const started = performance.now();
      const res = await server.api('/health', { token: null });
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', roles: ['http', 'worker'], database: 'unreachable' });
    } finally {
      // Released as they come: on SQLite each waits for the one before it.
      const release = setInterval(() => {
        for (const r of held.splice(0)) r();
      }, 5);
      await Promise.all(transactions);
      clearInterval(release);
    }
    const res = await server.api('/health', { token: null });
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', roles: ['http', 'worker'], database: 'ok' }]);
  });
});

describe('GET /health of a process with other roles', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false, inbound: true });
  });
  afterAll(async () => server.close());

  it('lists its roles in a fixed order', async () => {
    const res = await server.api('/health', { token: null });
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', roles: ['http', 'inbound'], database: 'ok' }]);
  });
});
