import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVerifiedDomainTo } from '../helpers/domains.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { apiCall, createProcessDatabase, REPO_ROOT, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// The server as `npm start` runs it: compiled to plain JavaScript by
// `npm run build` (scripts/build.mjs), with no TypeScript loader. Built here into
// a temporary directory beside dist/, then run: the CPU thread (which composes each message)
// must start from the compiled tree, the files found relative to the code
// (package.json for the version, docs/) must be there, and SIGTERM must end it cleanly.

const TOKEN = 'mailgate_compiled_server_token_0123456789';
const run = promisify(execFile);

describe('the compiled server (npm run build, npm start)', () => {
  let outDir: string;
  let sink: SmtpSink;
  let database: ProcessDatabase;
  let proc: MailgateProcess;

  beforeAll(async () => {
    // Inside the repository, where its packages (node_modules) resolve, as dist/ does.
    outDir = await fs.mkdtemp(path.join(REPO_ROOT, 'dist-test-'));
    await run(process.execPath, ['scripts/build.mjs', outDir], { cwd: REPO_ROOT, timeout: 60_000 });
    sink = await startSmtpSink();
    database = await createProcessDatabase();
    proc = await startMailgateProcess(
      { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, RELAY_URL: `smtp://127.0.0.1:${sink.port}`, CPU_THREADS: '1' },
      30_000,
      [path.join(outDir, 'servers', 'main.js')],
    );
    await addVerifiedDomainTo(database, 'example.com');
  }, 90_000);

  afterAll(async () => {
    await proc?.stop('SIGKILL');
    await sink?.close();
    await database?.cleanup();
    if (outDir) await fs.rm(outDir, { recursive: true, force: true });
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

  it('stops cleanly on SIGTERM', async () => {
    const status = await proc.stop('SIGTERM', 15_000);
    expect(status).toEqual({ code: 0, signal: null });
  });
});
