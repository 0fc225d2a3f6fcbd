// A PostgreSQL server of one test's own, for faults that must not touch the
// suite's shared server (other test files use it at the same time): a restart
// under load, a migration lock held on purpose. Debian's binaries
// (/usr/lib/postgresql/<version>/bin: initdb, pg_ctl), a new cluster in a
// directory of the system's temporary directory, listening on 127.0.0.1 at a
// free port with trust authentication, its socket in that directory. PostgreSQL
// refuses to run as root: as root the cluster belongs to the `postgres` user
// (the package makes it) and every command runs through runuser. fsync is off:
// the faults here are processes stopping, never the machine, so what a commit
// wrote to the kernel survives either way. Stopped by stop() or, failing that,
// when this process exits.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** The newest installed version's bin directory with initdb and pg_ctl, or null when none is. */
export function postgresBinDir(): string | null {
  let versions: string[];
  try {
    versions = fs.readdirSync(DEBIAN_POSTGRES);
  } catch {
    return null;
  }
  const usable = versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(DEBIAN_POSTGRES, v, 'bin'))
    .filter((bin) => fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl')));
  return usable[0] ?? null;
}

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /**
   * Stop the server and start it again: `fast` ends every session (clients read
   * 57P01) and shuts down cleanly; `immediate` kills it as a crash would, and it
   * recovers from its log as it starts. `whileDown` runs in between, with nothing
   * listening. Resolves once the server accepts connections again.
   */
  restart(mode: 'fast' | 'immediate', whileDown?: () => Promise<void>): Promise<void>;
  /** The server's log so far, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`no PostgreSQL server binaries under ${DEBIAN_POSTGRES} (Debian's postgresql package)`);
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  // As root, as the postgres user; otherwise as ourselves.
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const pgCtl = async (args: string[]) => {
    const [file, argv] = command('pg_ctl', ['-D', dataDir, '-w', '-t', '30', ...args]);
    await run(file, argv, { timeout: 40_000 });
  };

  const port = await freePort();
  const [initdb, initArgs] = command('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  await run(initdb, initArgs, { timeout: 60_000 });
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=60',
  ].join(' ');
  // The server logs into the file (-l): on pg_ctl's output, the caller would wait for it to end.
  await pgCtl(['-l', logFile, '-o', settings, 'start']);

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      const [file, argv] = command('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      execFileSync(file, argv, { stdio: 'ignore', timeout: 20_000 });
    } catch {
      // Not running any more.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(mode, whileDown) {
      await pgCtl(['-m', mode, 'stop']);
      await whileDown?.();
      await pgCtl(['-l', logFile, '-o', settings, 'start']);
    },
    log: () => {
      try {
        return fs.readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      process.removeListener('exit', stopNow);
      if (stopped) return;
      stopped = true;
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
