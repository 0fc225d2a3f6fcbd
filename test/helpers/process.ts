import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/index.ts';
import { dropSchema, newSchemaName, testDatabaseUrl } from './db.ts';
import { freePort } from './free-port.ts';

export { freePort };

/**
 * Real Mailgate processes for the process tier (test/process): the server and the
 * `mailgate` CLI run with `node` from the repository root, on a database of
 * their own (a temp DATA_DIR for SQLite, or a fresh schema on TEST_DATABASE_URL).
 * They run the run's one compiled build of the sources (test/helpers/compiled-build.ts),
 * as `npm start` runs the server: no TypeScript is compiled as a child starts.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A file of the compiled build, e.g. `servers/main.js`. */
export function compiledFile(file: string): string {
  const dir = inject('compiledDir');
  if (!dir) throw new Error('no compiled build: a test that starts processes belongs in test/process, whose globalSetup builds one');
  return path.join(dir, file);
}

/** The server's entry point, compiled (the `servers/main.ts` of the sources). */
export const compiledServer = () => compiledFile('servers/main.js');

/** Where a process keeps its data: the env naming it, and its removal. */
export interface ProcessDatabase {
  env: Record<string, string>;
  dialect: 'sqlite' | 'postgres';
  cleanup(): Promise<void>;
}

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailgate-e2e-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (testDatabaseUrl) {
    const url = testDatabaseUrl;
    const schema = newSchemaName();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema },
      dialect: 'postgres',
      async cleanup() {
        await dropSchema(url, schema);
        await removeDir();
      },
    };
  }
  return { env: { DATA_DIR: dataDir }, dialect: 'sqlite', cleanup: removeDir };
}

/**
 * A connection of the test's own to a process database, for assertions the API
 * cannot make without changing what is asserted (counting rows past a used-up quota).
 * Does not migrate: a process or the CLI has done that.
 */
export async function openProcessDatabase(database: ProcessDatabase): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATABASE_SCHEMA, DATA_DIR } = database.env;
  if (DATABASE_URL) return openDatabase({ databaseUrl: DATABASE_URL, databaseSchema: DATABASE_SCHEMA, poolSize: 2 });
  return openDatabase({ sqlitePath: path.join(DATA_DIR!, 'mailgate.db') });
}

/** Only what node needs, so nothing from the test runner's environment leaks into the config. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningProcess {
  child: ChildProcess;
  /** stdout and stderr so far, for assertions and failure messages. */
  output(): string;
  /** Resolves when the process has exited (at once if it already has). */
  exited(): Promise<ExitStatus>;
  /** Send a signal and wait for the exit, SIGKILL-ing after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitStatus>;
}

function track(child: ChildProcess): RunningProcess {
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  let status: ExitStatus | null = null;
  const exit = new Promise<ExitStatus>((resolve) => {
    // 'close' rather than 'exit': stdout and stderr are fully read by then.
    child.once('close', (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
  });
  return {
    child,
    output: () => out,
    exited: () => exit,
    async stop(signal = 'SIGKILL', timeoutMs = 10_000) {
      if (status) return status;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exit;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export interface MailgateProcess extends RunningProcess {
  url: string;
}

/**
 * Spawn the compiled server with node (or `node ...command`, or `executable ...command`)
 * on a free port and wait until `GET /health` answers 200. Both SMTP listeners are off unless `env` says otherwise.
 * 30 s by default: two processes starting at once on PostgreSQL, beside a full
 * suite's other worker, once took longer than 15 s to migrate and answer.
 */
export async function startMailgateProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
  command: readonly string[] = [compiledServer()],
  executable = process.execPath,
): Promise<MailgateProcess> {
  const port = await freePort();
  const child = spawn(executable, command, {
    cwd: REPO_ROOT,
    // One render thread unless a test asks for more: suites start many processes.
    env: { ...baseEnv(), HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', INBOUND_SMTP_PORT: '0', LOG_LEVEL: 'warn', CPU_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void running.exited().then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`mailgate exited before it was ready:\n${running.output()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await running.stop('SIGKILL');
      throw new Error(`mailgate was not ready within ${timeoutMs} ms:\n${running.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ...running, url };
}

/**
 * Spawn the compiled server for a process without the http role (MAILGATE_ROLES=worker, say), which has no
 * /health to ask: ready once it prints its storage line, the last thing it says when started. The ports
 * it would listen on are off unless `env` names them, as for startMailgateProcess.
 */
export async function startHeadlessProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [compiledServer()], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', INBOUND_SMTP_PORT: '0', LOG_LEVEL: 'warn', CPU_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void running.exited().then(() => (exited = true));
  while (!/^Storage: /m.test(running.output())) {
    if (exited) throw new Error(`mailgate exited before it was ready:\n${running.output()}`);
    if (Date.now() > deadline) {
      await running.stop('SIGKILL');
      throw new Error(`mailgate was not ready within ${timeoutMs} ms:\n${running.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return running;
}

export interface CliResult extends ExitStatus {
  stdout: string;
  stderr: string;
}

/**
 * Run the `mailgate` CLI to completion (killed after `timeoutMs`): the compiled one
 * (servers/cli/main.ts), or with `bin` the package's bin, `node bin/mailgate.mjs`,
 * which runs the TypeScript sources through tsx.
 */
export function runCli(args: string[], env: Record<string, string>, timeoutMs = 15_000, { bin = false } = {}): Promise<CliResult> {
  return runToExit([bin ? 'bin/mailgate.mjs' : compiledFile('servers/cli/main.js'), ...args], { ...baseEnv(), ...env }, timeoutMs);
}

/**
 * Run the compiled server as startMailgateProcess does (a free port, both SMTP listeners off unless
 * `env` says otherwise) and wait for it to exit by itself, for a start it must refuse.
 * A process that starts after all is SIGKILLed after `timeoutMs`: `signal` tells.
 */
export async function runMailgateToExit(env: Record<string, string>, timeoutMs = 15_000): Promise<CliResult> {
  const port = await freePort();
  return runToExit(
    [compiledServer()],
    { ...baseEnv(), HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', INBOUND_SMTP_PORT: '0', LOG_LEVEL: 'warn', ...env },
    timeoutMs,
  );
}

async function runToExit(args: string[], env: Record<string, string>, timeoutMs: number): Promise<CliResult> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const status = await new Promise<ExitStatus>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  clearTimeout(timer);
  return { ...status, stdout, stderr };
}

/** fetch with a bearer token and a JSON body. */
export function apiCall(baseUrl: string, token: string, urlPath: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(baseUrl + urlPath, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}
