import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { McpMount } from '../../servers/http/mcp-mount.ts';
import { startServer, type RunningServer } from '../../servers/main.ts';
import type { InboundHandlers } from '../../servers/smtp/inbound.ts';
import { loadConfig, type Clock, type Core, type ManualClock, type Transport, type WaitUntil } from '../../src/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { addVerifiedDomain } from './domains.ts';

/**
 * A real Mailgate HTTP server on 127.0.0.1 with an ephemeral port, on a fresh
 * test database, with org `default` (enterprise) and its token.
 */
export interface TestServer {
  url: string;
  token: string;
  core: Core;
  database: TestDatabase;
  /** The inbound listener's port, when the test asked for it (`inbound`). */
  inboundPort: number | null;
  /** fetch against the server with the bearer token and JSON body. */
  api(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string>; token?: string | null; rawBody?: string }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  transport?: Transport;
  /** How delivery waits for its pace (see CoreDeps.waitUntil). */
  waitUntil?: WaitUntil;
  /** How outbound webhooks resolve host names (CoreDeps.lookupHost). */
  lookupHost?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** Start the in-process worker (default true). */
  worker?: boolean;
  /** Sending domains org `default` has verified (with RELAY_URL only these may send). */
  verifiedDomains?: string[];
  /** Told of every route the app registers. */
  onRoute?: (route: { method: string | string[]; url: string; schema?: { response?: Record<string, unknown> } | undefined }) => void;
  /** The HTTP app logs here, at level warn (by default it logs nothing). */
  logStream?: { write(line: string): void };
  /** What answers at /mcp instead of the real MCP endpoint. */
  mcp?: McpMount;
  /**
   * Run the inbound listener (role inbound) on a free port, handing mail to these
   * (`true`: the core's, as `npm start` does), with a certificate generated for
   * this server alone (unless `env` names one).
   */
  inbound?: true | ((core: Core) => InboundHandlers);
  /** The inbound listener's port (default: any free one), for a relay that must know it before the server starts. */
  inboundPort?: number;
}

export const TEST_TOKEN = 'mailgate_test_token_0123456789abcdefghij';

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  // The inbound listener's certificate: generated into a directory of this server's, as no other test server writes there.
  const tlsDir = options.inbound ? await mkdtemp(path.join(os.tmpdir(), 'mailgate-inbound-tls-')) : null;
  const removeTls = () => (tlsDir ? rm(tlsDir, { recursive: true, force: true }) : Promise.resolve());
  const roles = ['http', ...(options.inbound ? ['inbound'] : []), ...(options.worker === false ? [] : ['worker'])];
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SMTP_PORT: '0',
    MAILGATE_ROLES: roles.join(','),
    ...(tlsDir ? { SMTP_TLS_KEY: path.join(tlsDir, 'key.pem'), SMTP_TLS_CERT: path.join(tlsDir, 'cert.pem'), SMTP_HOSTNAME: 'localhost' } : {}),
    DATA_DIR: '/tmp/mailgate-test-unused',
    LOG_LEVEL: 'silent',
    MAILGATE_BOOTSTRAP_TOKEN: TEST_TOKEN,
    // One render thread unless a test asks for more (fair-cpu.test.ts): each thread compiles the TypeScript sources as it starts.
    CPU_THREADS: '1',
    ...options.env,
  });
  // Wired as `npm start` wires it (servers/main.ts), on the test's database and with its seams.
  // PORT=0 (the default here): any free port; a test that needs BASE_URL to be the real address picks the port itself.
  let server: RunningServer;
  try {
    server = await startServer(config, () => {}, {
      db: database.handle,
      deps: { clock: options.clock, transport: options.transport, waitUntil: options.waitUntil, lookupHost: options.lookupHost },
      http: {
        ...(options.mcp ? { mcp: options.mcp } : {}),
        ...(options.logStream ? { logLevel: 'warn', logStream: options.logStream } : { logLevel: false }),
        ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      },
      ...(options.inbound ? { inbound: { ...(options.inbound === true ? {} : { handlers: options.inbound }), port: options.inboundPort ?? 0 } } : {}),
    });
  } catch (error) {
    await database.cleanup();
    await removeTls();
    throw error;
  }
  const { core } = server;
  const url = server.httpUrl!;
  for (const name of options.verifiedDomains ?? []) await addVerifiedDomain(database.handle, name);

  return {
    url,
    token: TEST_TOKEN,
    core,
    database,
    inboundPort: server.inbound?.port ?? null,
    api(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? TEST_TOKEN : init.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (init.rawBody !== undefined) body = init.rawBody;
      else if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      return fetch(url + path, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, ...(body !== undefined ? { body } : {}) });
    },
    async close() {
      await server.stop();
      await database.cleanup();
      await removeTls();
    },
  };
}

/** Poll until `check` returns a value (not undefined), or fail after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** For `waitUntil`: the relay pace's waits (cooling, rate) move the test's clock instead of passing real time. */
export function movingClock(clock: ManualClock): WaitUntil {
  return async (at) => {
    if (at > clock.now()) clock.set(at);
  };
}
