// Postfix as bench:e2e's baseline: the MTA people trust, on this machine, as a
// loopback relay. Clients submit over SMTP (no AUTH, no TLS) to an smtpd on
// 127.0.0.1:PORT, and Postfix relays every message to the bench's sink at
// [127.0.0.1]:SINK. Its queue files are fsynced before each 250, as Postfix
// always does: that is the promise Mailgate is measured against, so nothing here
// turns it off.
//
// Installed from Debian's package when missing (root only; debconf preseeded with
// "No configuration", so nothing asks and nothing starts), then configured from
// scratch on every start: main.cf written by postconf, master.cf from Postfix's
// own prototype with chroot off everywhere, the port-25 listener removed and ours
// added on 127.0.0.1 (postconf -M). Nothing is delivered locally, DNS and TLS are
// off, and deliveries run `concurrency` at once. There is usually no syslog daemon
// here, so logging goes through postlogd into /dev/null (maillog_file): one cheap
// datagram per log line, never a blocked write. The queue is emptied before each
// start, and Postfix is stopped by stop() or, failing that, when this process exits.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './lib.ts';

const run = promisify(execFile);

const CONFIG_DIR = '/etc/postfix';
const QUEUE_DIR = '/var/spool/postfix';
const MASTER_PID = path.join(QUEUE_DIR, 'pid', 'master.pid');
/** The queues a message can wait in (hold only if something puts it there). */
const QUEUES = ['maildrop', 'incoming', 'active', 'deferred', 'hold'];

export interface PostfixRelay {
  /** The smtpd port on 127.0.0.1 that takes submissions (no AUTH). */
  port: number;
  /** CPU seconds (user+system) used so far by Postfix's whole process tree: live processes plus the master's reaped children (cutime/cstime). Read from /proc. */
  cpuSeconds(): number;
  /** Resident memory in bytes summed over Postfix's live processes now. */
  rssBytes(): number;
  /** Messages in Postfix's queue now (all queues: incoming, active, deferred, maildrop, hold), counted as queue files, for backlog. */
  queued(): number;
  /** Delete everything queued (postsuper -d ALL), between runs. */
  flush(): Promise<void>;
  /** Stop Postfix (postfix stop, wait until the master and its children are gone). */
  stop(): Promise<void>;
}

/** The main.cf settings: a relay for loopback clients into the sink, nothing local, no DNS, no TLS, `concurrency` deliveries at once. */
function settings(sinkPort: number, concurrency: number): string[] {
  return [
    'compatibility_level = 3.6',
    'myhostname = postfix.bench.localhost',
    'mydomain = bench.localhost',
    // Nothing is ours: every recipient is relayed, nothing goes to local(8).
    'mydestination =',
    'relay_domains =',
    'local_recipient_maps =',
    'alias_maps =',
    'alias_database =',
    'inet_interfaces = loopback-only',
    'inet_protocols = ipv4',
    'mynetworks = 127.0.0.0/8',
    'smtpd_relay_restrictions = permit_mynetworks, reject',
    `relayhost = [127.0.0.1]:${sinkPort}`,
    'smtp_dns_support_level = disabled',
    'smtpd_peername_lookup = no',
    'smtp_tls_security_level = none',
    'smtpd_tls_security_level = none',
    'message_size_limit = 10240000',
    `default_destination_concurrency_limit = ${concurrency}`,
    `smtp_destination_concurrency_limit = ${concurrency}`,
    `relay_destination_concurrency_limit = ${concurrency}`,
    // Room for an smtpd per client connection and an smtp per delivery, with margin.
    `default_process_limit = ${Math.max(100, concurrency * 4)}`,
    // postlogd drops every line; /dev/null must be allowed as a log file first.
    'maillog_file_prefixes = /var, /dev/stdout, /dev/null',
    'maillog_file = /dev/null',
    'biff = no',
    'notify_classes =',
  ];
}

/** The clock ticks per second that /proc/PID/stat counts in (USER_HZ, 100 on Linux almost everywhere). */
function clockTicks(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

function installed(): boolean {
  return ['/usr/sbin/postfix', '/usr/sbin/postconf', path.join(CONFIG_DIR, 'master.cf.proto')].every((file) => fs.existsSync(file));
}

/**
 * Debian's package, without questions: debconf is preseeded with "No
 * configuration" (no main.cf, no start), and the package lists are refreshed
 * only if the first attempt fails.
 */
async function install(): Promise<void> {
  await run('sh', ['-c', "echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections"], { timeout: 30_000 });
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const args = ['install', '-y', '-q', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=60', '-o', 'Dpkg::Options::=--force-confold', 'postfix'];
  try {
    await run('apt-get', args, { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
  } catch {
    await run('apt-get', ['update', '-q'], { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    await run('apt-get', args, { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
  }
  if (!installed()) throw new Error('apt-get install postfix left no /usr/sbin/postfix');
}

/** Fields of /proc/PID/stat after the command name: [1] is the parent, [11..14] utime, stime, cutime, cstime (in clock ticks). */
function stat(pid: number): string[] | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  return fs.existsSync(`/proc/${pid}`);
}

/** The running master's pid (master.pid, checked against /proc), or null. */
function masterPid(): number | null {
  try {
    const pid = Number(fs.readFileSync(MASTER_PID, 'utf8').trim());
    if (!(pid > 0)) return null;
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'master' ? pid : null;
  } catch {
    return null;
  }
}

/** The master and its live children (every Postfix daemon is one: smtpd, cleanup, qmgr, smtp…). */
function tree(master: number): number[] {
  const pids = [master];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = stat(Number(entry));
    if (fields && Number(fields[1]) === master) pids.push(Number(entry));
  }
  return pids;
}

/** Regular files under a queue directory (deferred is hashed into subdirectories): one per message. */
function queueFiles(dir: string): number {
  try {
    return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether 127.0.0.1:port greets with 220 within 2 s. */
async function answers220(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(2000);
    socket.once('data', (chunk) => {
      socket.end('QUIT\r\n');
      resolve(chunk.toString().startsWith('220'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** postfix stop, then wait until the master and the children it had are gone (SIGKILL after 20 s). */
async function stopPostfix(): Promise<void> {
  const master = masterPid();
  if (master === null) return;
  const pids = tree(master);
  await run('postfix', ['stop'], { timeout: 30_000 }).catch(() => undefined);
  const deadline = Date.now() + 20_000;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  for (const pid of pids.filter(alive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** The master this module started, stopped with SIGTERM (what postfix stop sends) if this process exits first. */
let started: number | null = null;
let exitHook = false;
function stopOnExit(master: number): void {
  started = master;
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    if (started === null || masterPid() !== started) return;
    try {
      process.kill(started, 'SIGTERM');
    } catch {
      // gone meanwhile
    }
  });
}

/**
 * Install Postfix from Debian's package if missing, configure it as a loopback
 * relay into 127.0.0.1:sinkPort, start it with an empty queue and wait until its
 * port answers 220. { skipped } with a one-line reason when it cannot be (not
 * root, apt fails, Postfix does not start); never throws for those.
 */
export async function startPostfix(options: { sinkPort: number; concurrency?: number }): Promise<PostfixRelay | { skipped: string }> {
  const concurrency = options.concurrency ?? 20;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return { skipped: 'Postfix needs root on Linux to install and run, and the bench is not root' };
  if (!installed()) {
    console.log("postfix: not installed; installing Debian's package (apt-get install postfix)…");
    try {
      await install();
    } catch (error) {
      return { skipped: `could not install Debian's postfix package: ${firstLine(error)}` };
    }
  }
  try {
    // A master left running by an earlier run would hold the queue.
    await stopPostfix();
    const port = await freePort();
    fs.writeFileSync(path.join(CONFIG_DIR, 'main.cf'), '');
    fs.copyFileSync(path.join(CONFIG_DIR, 'master.cf.proto'), path.join(CONFIG_DIR, 'master.cf'));
    const postconf = (...args: string[]) => run('postconf', args, { timeout: 30_000 });
    await postconf('-e', ...settings(options.sinkPort, concurrency));
    await postconf('-MX', 'smtp/inet');
    await postconf('-F', '*/*/chroot = n');
    await postconf('-M', `127.0.0.1:${port}/inet = 127.0.0.1:${port} inet n - n - - smtpd`);
    // A queue left by an earlier run would be relayed into this run's sink. (Until
    // Postfix's first start some queue directories do not exist, and nothing is queued.)
    if (QUEUES.every((queue) => fs.existsSync(path.join(QUEUE_DIR, queue)))) await run('postsuper', ['-d', 'ALL'], { timeout: 60_000 });
    await run('postfix', ['start'], { timeout: 60_000 });
    const deadline = Date.now() + 20_000;
    while (!(await answers220(port))) {
      if (Date.now() > deadline) throw new Error(`no 220 on 127.0.0.1:${port} within 20 s`);
      await sleep(100);
    }
    const master = masterPid();
    if (master === null) throw new Error(`no master process (${MASTER_PID})`);
    stopOnExit(master);
    const ticks = clockTicks();
    return {
      port,
      cpuSeconds() {
        let used = 0;
        for (const pid of tree(master)) {
          const fields = stat(pid);
          if (!fields) continue;
          used += Number(fields[11]) + Number(fields[12]);
          if (pid === master) used += Number(fields[13]) + Number(fields[14]);
        }
        return used / ticks;
      },
      rssBytes() {
        let bytes = 0;
        for (const pid of tree(master)) {
          try {
            const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
            if (match) bytes += Number(match[1]) * 1024;
          } catch {
            // gone meanwhile
          }
        }
        return bytes;
      },
      queued: () => QUEUES.reduce((n, queue) => n + queueFiles(path.join(QUEUE_DIR, queue)), 0),
      async flush() {
        await run('postsuper', ['-d', 'ALL'], { timeout: 60_000 });
      },
      stop: stopPostfix,
    };
  } catch (error) {
    await stopPostfix().catch(() => undefined);
    return { skipped: `Postfix did not start as a loopback relay: ${firstLine(error)}` };
  }
}

/** One line for a skip reason: the error's first line, and for a failed command the last line it wrote to stderr. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const head = text.split('\n')[0] ?? text;
  const stderr = (error as { stderr?: unknown }).stderr;
  const last = typeof stderr === 'string' ? stderr.trim().split('\n').at(-1) : undefined;
  return last ? `${head} (${last.trim()})` : head;
}
