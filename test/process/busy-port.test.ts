import fs from 'node:fs/promises';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers/db.ts';
import { createProcessDatabase, freePort, runMailgateToExit, type ProcessDatabase } from '../helpers/process.ts';

// `npm start` when one of its ports is taken: one line on stderr that names the
// address, the listener and the variable to change, exit 75, and nothing else:
// no stack trace, no line saying another listener is ready, and nothing created
// (no database, no organization whose token would be shown once to nobody, no certificate).

/** Something else listening on a port of 127.0.0.1, as another program would. */
async function occupy(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// The ports are checked before the database is opened (servers/main.ts, startServer), and
// nothing here asserts on the database: the run on PostgreSQL would repeat the one on SQLite.
describe.skipIf(Boolean(testDatabaseUrl))('a Mailgate process whose port is taken', () => {
  let database: ProcessDatabase | undefined;
  let taken: { close(): Promise<void> } | undefined;
  afterEach(async () => {
    await taken?.close();
    await database?.cleanup();
    taken = database = undefined;
  });

  async function startOn(ports: (busy: number) => Promise<Record<string, string>>) {
    database = await createProcessDatabase();
    const busy = await occupy();
    taken = busy;
    const env = await ports(busy.port);
    const result = await runMailgateToExit({ ...database.env, LOG_LEVEL: 'info', ...env }, 30_000);
    return { ...result, busy: busy.port, files: await fs.readdir(database.env.DATA_DIR!) };
  }

  /** The refused start every case expects: exit 75, the one line naming the listener and its variable, nothing on stdout. */
  function expectOneLine(result: Awaited<ReturnType<typeof startOn>>, listener: string, variable: string) {
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 75, signal: null });
    expect(result.stderr).toBe(
      `mailgate: cannot listen on 127.0.0.1:${result.busy} (${listener}): the address is already in use; set ${variable} to another port\n`,
    );
    expect(result.stdout).toBe('');
  }

  it('HTTP: says so in one line, exits 75, opens no SMTP listener and creates nothing', { timeout: 40_000 }, async () => {
    const result = await startOn(async (busy) => ({ PORT: String(busy), SMTP_PORT: String(await freePort()) }));
    expectOneLine(result, 'HTTP', 'PORT');
    expect(result.files).toEqual([]);
  });

  it('SMTP: says so in one line, exits 75, and neither HTTP nor SMTP claims to listen', { timeout: 40_000 }, async () => {
    const result = await startOn(async (busy) => ({ PORT: String(await freePort()), SMTP_PORT: String(busy) }));
    expectOneLine(result, 'SMTP', 'SMTP_PORT');
    expect(result.files).toEqual([]);
  });

  it('SMTPS: names SMTPS_PORT, not SMTP_PORT', { timeout: 40_000 }, async () => {
    const result = await startOn(async (busy) => ({
      PORT: String(await freePort()),
      SMTP_PORT: String(await freePort()),
      SMTPS_PORT: String(busy),
    }));
    expectOneLine(result, 'SMTPS', 'SMTPS_PORT');
  });

  it('two listeners given one port: the second is reported, before anything is created', { timeout: 40_000 }, async () => {
    const result = await startOn(async () => {
      const port = String(await freePort());
      return { PORT: port, SMTP_PORT: port };
    });
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 75, signal: null });
    expect(result.stderr).toMatch(/^mailgate: cannot listen on 127\.0\.0\.1:\d+ \(HTTP\): the address is already in use; set PORT to another port\n$/);
    expect(result.stdout).toBe('');
    expect(result.files).toEqual([]);
  });
});
