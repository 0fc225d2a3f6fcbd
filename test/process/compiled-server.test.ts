import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVerifiedDomainTo } from '../helpers/domains.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { apiCall, createProcessDatabase, freePort, REPO_ROOT, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// The server as `npm start` runs it: compiled to plain JavaScript by its prestart
// script (`npm run build`, scripts/build.mjs, into dist/), with no TypeScript loader,
// under npm itself. The CPU thread (which composes each message) must start from the
// compiled tree, the files found relative to the code (package.json for the version,
// docs/) must be there, and a signal to npm must reach the server: npm forwards
// SIGTERM and SIGINT to its script's shell, which passes them on only because the
// start script execs node (a shell that waits for node does not; node kept running).

const TOKEN = 'mailgate_compiled_server_token_0123456789';

/** npm without its update check against the registry. */
const NPM_ENV = { npm_config_update_notifier: 'false' };

/** Nothing listens on 127.0.0.1:port any more. */
async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

describe('the compiled server (npm start)', () => {
  const outDir = path.join(REPO_ROOT, 'dist');
  let sink: SmtpSink;
  let database: ProcessDatabase;
  let proc: MailgateProcess;
  let smtpPort: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createProcessDatabase();
    smtpPort = await freePort();
    proc = await startMailgateProcess(
      { ...database.env, ...NPM_ENV, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, RELAY_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_PORT: String(smtpPort) },
      60_000,
      ['start'],
      'npm',
    );
    await addVerifiedDomainTo(database, 'example.com');
  }, 90_000);

  afterAll(async () => {
    await proc?.stop('SIGKILL');
    await sink?.close();
    await database?.cleanup();
  });

  it('compiles every source file, and no TypeScript is left to load', async () => {
    const files = await fs.readdir(outDir, { recursive: true });
    expect(files).toContain(path.join('servers', 'main.js'));
    expect(files).toContain(path.join('src', 'threads', 'thread.js'));
    expect(files).toContain(path.join('docs', 'rate-limits.md'));
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    const main = await fs.readFile(path.join(outDir, 'servers', 'main.js'), 'utf8');
    expect(main).not.toMatch(/from "[^"]+\.ts"/);
  });

  it('renders, composes on its CPU thread and relays a message', async () => {
    const res = await apiCall(proc.url, TOKEN, '/api/v2/emails', {
      body: { from: 'Team <team@example.com>', to: 'reader@example.net', subject: 'Built', markdown: '# Hello **reader**' },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const message = await waitFor(async () => sink.messages.find((m) => m.envelope.rcptTo.includes('reader@example.net')), 15_000, 'the relayed message');
    expect(message.parsed.subject).toBe('Built');
    expect(message.parsed.html).toContain('<strong>reader</strong>');
    expect(message.parsed.headers.get('x-mailgate-email-id')).toBe(id);
  });

  it('serves its version and the documents it reads from disk', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const openapi = (await (await fetch(`${proc.url}/openapi.json`)).json()) as { info: { version: string } };
    expect(openapi.info.version).toBe(pkg.version);
    const doc = await fetch(`${proc.url}/docs/rate-limits`);
    expect(doc.status).toBe(200);
    expect(await doc.text()).toContain('<h1>Rate limits</h1>');
  });

  it('stops cleanly when npm is sent SIGTERM: the server stops, exits 0 and frees its ports', async () => {
    const status = await proc.stop('SIGTERM', 15_000);
    expect(status).toEqual({ code: 0, signal: null });
    expect(proc.output()).toContain('SIGTERM: stopping…\n');
    const httpPort = Number(new URL(proc.url).port);
    expect([await portIsFree(httpPort), await portIsFree(smtpPort)]).toEqual([true, true]);
  });

  it('stops cleanly when npm is sent SIGINT (Ctrl-C) too', async () => {
    // dist/ is built: --ignore-scripts skips prestart's build.
    const env = { ...database.env, ...NPM_ENV, MAILGATE_ROLES: 'http', CPU_THREADS: '0' };
    const again = await startMailgateProcess(env, 30_000, ['start', '--ignore-scripts'], 'npm');
    try {
      expect(await again.stop('SIGINT', 15_000)).toEqual({ code: 0, signal: null });
      expect(again.output()).toContain('SIGINT: stopping…\n');
      expect(await portIsFree(Number(new URL(again.url).port))).toBe(true);
    } finally {
      await again.stop('SIGKILL');
    }
  });
});
