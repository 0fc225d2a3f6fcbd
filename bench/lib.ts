import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import type { DomainsTable } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How `npm start` runs the server (package.json), so that a bench measures the
 * server as it ships: the compiled tree (`npm run build`, no TypeScript loader)
 * with its node flags (e.g. how its heap grows).
 */
const shippedServer: { flags: readonly string[]; entry: string } = (() => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  // `exec node …`: the shell npm runs the script in becomes node, so that npm's SIGTERM reaches the server.
  const words = pkg.scripts.start
    .replace(/^exec\s+/, '')
    .split(/\s+/)
    .slice(1);
  const entry = words.find((w) => !w.startsWith('--'));
  if (!entry) throw new Error(`no entry point in the start script: ${pkg.scripts.start}`);
  return { flags: words.filter((w) => w.startsWith('--')), entry };
})();

/** The server's node flags; BENCH_SERVER_FLAGS replaces them, to measure what they are worth ('' for none). */
export const serverNodeFlags: readonly string[] =
  process.env.BENCH_SERVER_FLAGS !== undefined ? process.env.BENCH_SERVER_FLAGS.split(/\s+/).filter(Boolean) : shippedServer.flags;

let built = false;
/** Compile the sources as `npm start` does (prestart), once per bench run, so the bench measures this checkout. */
function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  built = true;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Children started here and not stopped yet, and temporary directories: cleaned up whatever way the bench ends. */
const running = new Set<ChildProcess>();
const tempDirs: string[] = [];
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

/** A new directory under the system's temporary directory, removed when the bench exits. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Give up (stop every child, exit 1) if the bench is still running after `ms`; the timer never keeps it alive. */
export function watchdog(ms: number): void {
  setTimeout(() => {
    console.error(`bench still running after ${(ms / 1000).toFixed(0)} s: giving up`);
    void stopAll().finally(() => process.exit(1));
  }, ms).unref();
}

export interface ChildOptions {
  timeoutMs?: number;
  /** Extra node flags before the entry point, e.g. ['--cpu-prof', '--cpu-prof-dir=…']. */
  nodeArgs?: string[];
}

/** Start a TypeScript entry point as a child process and wait until `ready` matches its stdout. */
export async function startChild(entry: string, env: Record<string, string>, ready: RegExp, options: ChildOptions = {}): Promise<ChildProcess> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  // The server runs compiled, as it ships; bench helpers run from their TypeScript.
  const server = entry === 'servers/main.ts';
  if (server) buildServer();
  const args = server ? [...serverNodeFlags, ...(options.nodeArgs ?? []), shippedServer.entry] : [...(options.nodeArgs ?? []), '--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${entry} did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (ready.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${entry} exited with ${code}:\n${out}`));
      });
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  child.removeAllListeners('exit');
  child.once('exit', () => running.delete(child));
  // Keep draining its output (warnings, errors) so a full pipe never blocks it; show what it says on stderr.
  child.stdout!.removeAllListeners('data');
  // BENCH_CHILD_LOG=DIR keeps each child's stdout (e.g. the server's --trace-gc lines) in DIR/<entry>.<pid>.log.
  const logDir = process.env.BENCH_CHILD_LOG;
  if (logDir) {
    fs.mkdirSync(logDir, { recursive: true });
    child.stdout!.pipe(fs.createWriteStream(path.join(logDir, `${path.basename(entry)}.${child.pid}.log`)));
  } else child.stdout!.resume();
  child.stderr!.removeAllListeners('data');
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(`[${path.basename(entry)} ${child.pid}] ${c.toString()}`));
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(child);
    return;
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      running.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stop every child still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

export interface Mailgate {
  child: ChildProcess;
  url: string;
  dataDir: string;
}

/**
 * Start the real server (servers/main.ts) on a free port of 127.0.0.1, SQLite in
 * `dataDir`, no SMTP listener, LOG_LEVEL=warn; `env` adds to or overrides that.
 */
export async function startMailgate(dataDir: string, env: Record<string, string>, options: ChildOptions = {}): Promise<Mailgate> {
  const port = await freePort();
  const child = await startChild(
    'servers/main.ts',
    { HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', INBOUND_SMTP_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    /HTTP listening/,
    options,
  );
  return { child, url: `http://127.0.0.1:${port}`, dataDir };
}

/** Run `mailgate …` (bin/mailgate.mjs) with `env` added and return its JSON output. */
export async function mailgateCli(args: string[], env: Record<string, string>): Promise<unknown> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['bin/mailgate.mjs', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 30_000 }, (error, out, err) =>
      error ? reject(new Error(`mailgate ${args.join(' ')} failed: ${error.message}\n${err}`)) : resolve(out),
    );
  });
  return JSON.parse(stdout);
}

/** Create an organization with the CLI in `dataDir` (the server may be running on it). */
export async function createOrg(
  dataDir: string,
  org: { name: string; plan: 'free' | 'premium' | 'enterprise'; rateLimit?: number },
): Promise<{ id: string; token: string; rateLimit: number | null }> {
  const args = ['org', 'create', '--name', org.name, '--plan', org.plan];
  if (org.rateLimit !== undefined) args.push('--rate-limit', String(org.rateLimit));
  const out = (await mailgateCli(args, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' })) as { org: { id: string; rate_limit?: number }; token: string };
  return { id: out.org.id, token: out.token, rateLimit: out.org.rate_limit ?? null };
}

/**
 * A sending domain as verified for the organization, with a DKIM key made here
 * (rsa, 2048 bits), so Mailgate signs every message as it would in production.
 * `receiving`: the organization receives the domain's mail too (receiving_name set).
 */
export function verifiedDomainRow(organizationId: string, domain: string, options: { receiving?: boolean } = {}): DomainsTable {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const now = Date.now();
  return {
    id: newId('dom', now),
    organization_id: organizationId,
    name: domain,
    status: 'verified',
    dkim_selector: `mg${randomBytes(4).toString('hex')}`,
    dkim_private_key: privateKey,
    dkim_public_key: publicKey.toString('base64'),
    checks: null,
    receiving_name: options.receiving ? domain : null,
    created_at: now,
    updated_at: now,
    verified_at: now,
    // Checked now, as far as the scheduled re-checks know: none looks its DNS up during a bench.
    checked_at: now,
    failing_since: null,
  };
}

/**
 * With a relay only a verified domain may send: write `domain` into the server's
 * SQLite file as verified for the organization (verifiedDomainRow). The key is also
 * written to DATA_DIR/dkim-private.pem, for baselines that sign with the same one.
 */
export function insertVerifiedDomain(
  dataDir: string,
  organizationId: string,
  domain: string,
  options: { receiving?: boolean } = {},
): { keyFile: string; selector: string; domain: string; privateKey: string } {
  const row = verifiedDomainRow(organizationId, domain, options);
  const db = new Database(path.join(dataDir, 'mailgate.db'));
  try {
    db.prepare(
      `insert into domains (id, organization_id, name, status, dkim_selector, dkim_private_key, dkim_public_key, checks, receiving_name, created_at, updated_at, verified_at, checked_at, failing_since)
       values (@id, @organization_id, @name, @status, @dkim_selector, @dkim_private_key, @dkim_public_key, @checks, @receiving_name, @created_at, @updated_at, @verified_at, @checked_at, @failing_since)`,
    ).run(row);
  } finally {
    db.close();
  }
  const keyFile = path.join(dataDir, 'dkim-private.pem');
  fs.writeFileSync(keyFile, row.dkim_private_key);
  return { keyFile, selector: row.dkim_selector, domain, privateKey: row.dkim_private_key };
}

/** Open the server's SQLite file read-only for one query (WAL readers do not block the writer). */
export function readDb<T>(dataDir: string, query: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'mailgate.db'), { readonly: true, fileMustExist: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

/** An organization's quota counters as the database holds them: window start → count. */
export function quotaWindows(dataDir: string, organizationId: string): Map<number, number> {
  const rows = readDb(dataDir, (db) => db.prepare('select window_start, count from quota_windows where organization_id = ?').all(organizationId)) as {
    window_start: number;
    count: number;
  }[];
  return new Map(rows.map((r) => [Number(r.window_start), Number(r.count)]));
}

/**
 * The requests the database has counted for an organization over a whole run.
 * Housekeeping drops a window a minute after it ends, so sample() at least once
 * a minute (every round does) and the latest count of each window is kept.
 */
export function quotaTally(dataDir: string, organizationId: string): { sample(): void; total(): number; windows(): number } {
  const seen = new Map<number, number>();
  const sample = () => {
    for (const [start, count] of quotaWindows(dataDir, organizationId)) seen.set(start, Math.max(count, seen.get(start) ?? 0));
  };
  return {
    sample,
    total() {
      sample();
      return [...seen.values()].reduce((a, b) => a + b, 0);
    },
    windows: () => seen.size,
  };
}

/** The median item by `key` (the upper one of an even count). */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface LoadResult {
  /** Responses received. */
  requests: number;
  /** Requests sent, including those still in flight when the run stopped. */
  sent: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Status codes other than 2xx and how often, e.g. "429×1520", when there were any. */
  statuses: string;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return {
    requests: result.requests.total,
    sent: result.requests.sent,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `${code}×${stat.count ?? 0}`)
      .join(', '),
  };
}

export function describe(label: string, r: LoadResult): string {
  return `${label.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  (${r.requests} requests, ${r.non2xx} non-2xx${r.statuses ? ` [${r.statuses}]` : ''}, ${r.errors} errors)`;
}

export interface SelfTime {
  functionName: string;
  url: string;
  /** 1-based. */
  line: number;
  selfMs: number;
}

/** Self time per function of a V8 .cpuprofile (node --cpu-prof), most first. */
export function topSelfTime(file: string): { totalMs: number; busyMs: number; entries: SelfTime[] } {
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: Node[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Each sample's node ran until the next sample came.
  for (let i = 0; i < profile.samples.length; i++) {
    const next = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + next);
  }
  const merged = new Map<string, SelfTime>();
  let idle = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') idle += us;
    const key = `${functionName}\u0000${url}\u0000${lineNumber}`;
    const entry = merged.get(key) ?? { functionName, url, line: lineNumber + 1, selfMs: 0 };
    entry.selfMs += us / 1000;
    merged.set(key, entry);
  }
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  return {
    totalMs,
    busyMs: totalMs - idle / 1000,
    entries: [...merged.values()].sort((a, b) => b.selfMs - a.selfMs),
  };
}

const CLOCK_TICKS = 100;

/** CPU seconds used so far by a process's main thread and by the whole process (Linux /proc). */
export function cpuSeconds(pid: number): { mainThread: number; process: number } | null {
  try {
    const read = (file: string) => {
      const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    };
    return { mainThread: read(`/proc/${pid}/task/${pid}/stat`), process: read(`/proc/${pid}/stat`) };
  } catch {
    return null;
  }
}
