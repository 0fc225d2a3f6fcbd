// Postfix on this machine as a loopback relay: the MTA people trust, for
// bench:e2e's baseline and as the relay of the return-path test and bench.
// Clients submit over SMTP (no AUTH, no TLS) to an smtpd on 127.0.0.1:PORT, and
// Postfix relays every message to a sink at [127.0.0.1]:SINK. Its queue files are
// fsynced before each 250, as Postfix always does: that is the promise Mailgate
// is measured against, so nothing here turns it off.
//
// Installed from Debian's package when missing (root only; debconf preseeded with
// "No configuration", so nothing asks and nothing starts). Each start is an
// instance of its own in a new directory (postfix -c DIR): its main.cf written by
// postconf, its master.cf from Postfix's own prototype with chroot off everywhere,
// the port-25 listener removed and ours added on 127.0.0.1 (postconf -M), its own
// queue and data directories. /etc/postfix is only read, so two runs (two test
// suites, a test and a bench) never share a queue or stop each other's Postfix.
// Nothing is delivered locally, DNS and TLS are off, and deliveries run
// `concurrency` at once. There is usually no syslog daemon here, so logging goes
// through postlogd into /dev/null (maillog_file), or with `log` into a file of the
// instance: one cheap datagram per log line, never a blocked write. Postfix is
// stopped by stop() or, failing that, when this process exits; an instance whose
// process died without stopping it is stopped and removed by the next start.
//
// With `returnPath`, Postfix is the relay of a sender that hears its own bounces:
// a next hop (the sink) that refuses or defers a recipient makes Postfix's bounce
// daemon write a DSN (its own text, nothing customized here) to the message's
// envelope sender, and mail for the return-path domains goes to Mailgate's inbound
// listener instead of the sink (transport_maps). Delays and retries are cut to
// seconds so that a delayed DSN and a failed one after retries come within a test.
//
// With `dkim`, Postfix signs as a real sending MTA does: Debian's opendkim as a
// milter (installed the same way when missing), run by this module as a child in
// the foreground with its own opendkim.conf and key in a private directory
// (OPENDKIM_DIR), listening on 127.0.0.1:PORT, signing (mode s only) every message
// whose From is the domain. Postfix's smtpd and cleanup talk to it per message;
// if it is unreachable Postfix tempfails (milter_default_action), so a broken
// signer shows as failed sends, never as unsigned mail. Its CPU and memory count
// as Postfix's, and it stops with Postfix.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, greetsWith220 } from './free-port.ts';

const run = promisify(execFile);

/** Debian's configuration directory: only its master.cf prototype is read, never written. */
const SYSTEM_CONFIG_DIR = '/etc/postfix';
/** Each instance lives in a new directory of the system's temporary directory named so. */
const INSTANCE_PREFIX = 'mailgate-postfix-';
/** The queues a message can wait in (hold only if something puts it there). */
const QUEUES = ['maildrop', 'incoming', 'active', 'deferred', 'hold'];
const OPENDKIM = '/usr/sbin/opendkim';
/**
 * The opendkim this module runs keeps its configuration, key, stderr and pid
 * here, made afresh (0700) on each start and removed on stop. Not under /tmp:
 * opendkim refuses a configuration or key file on a path others can write to.
 * The pid lets the next start stop an opendkim whose run died without stopping it.
 */
const OPENDKIM_DIR = '/run/mailgate-bench-opendkim';
const OPENDKIM_PID = path.join(OPENDKIM_DIR, 'opendkim.pid');

/** What the milter signs with: d= and s= of the DKIM-Signature, and the private RSA key (PKCS#8 or PKCS#1 PEM). */
export interface DkimSigning {
  domain: string;
  selector: string;
  privateKeyPem: string;
}

export interface PostfixRelay {
  /** The smtpd port on 127.0.0.1 that takes submissions (no AUTH). */
  port: number;
  /** CPU seconds (user+system) used so far by Postfix's whole process tree: live processes plus the master's reaped children (cutime/cstime), and opendkim's when it signs. Read from /proc. */
  cpuSeconds(): number;
  /** Resident memory in bytes summed over Postfix's live processes now, and opendkim's when it signs. */
  rssBytes(): number;
  /** Messages in Postfix's queue now (all queues: incoming, active, deferred, maildrop, hold), counted as queue files, for backlog. */
  queued(): number;
  /** Delete everything queued (postsuper -d ALL), between runs. */
  flush(): Promise<void>;
  /** Postfix's log so far (with `log`; '' without): when a test waits in vain, what Postfix did. */
  log(): string;
  /** Stop Postfix (postfix stop, wait until the master and its children are gone) and remove its instance, then opendkim if it signs. */
  stop(): Promise<void>;
}

/**
 * Where an instance keeps everything: `etc` (main.cf, master.cf; postfix -c),
 * `spool` (queue_directory, with pid/master.pid), `data` (data_directory),
 * `owner` (the pid of the process that started it) and `maillog` (with `log`).
 */
interface Instance {
  dir: string;
  config: string;
  spool: string;
  data: string;
  owner: string;
  maillog: string;
}

function instanceAt(dir: string): Instance {
  const at = (name: string) => path.join(dir, name);
  return { dir, config: at('etc'), spool: at('spool'), data: at('data'), owner: at('owner'), maillog: at('maillog') };
}

export interface ReturnPathOptions {
  /** Domains whose mail Postfix hands to Mailgate's inbound listener rather than to the sink: the return-path domains its DSNs are addressed to. */
  domains: string[];
  /** The inbound listener's port on 127.0.0.1. */
  inboundPort: number;
  /** delay_warning_time in seconds: a deferred message's delayed DSN goes out once it has waited this long. 1 (the default) sends it at the first deferral. */
  delayWarningSeconds?: number;
  /**
   * maximal_queue_lifetime in seconds (default 4): a message still deferred after
   * this long is returned with a failed DSN carrying the last 4.x.x status. 0 tries
   * each message once (no delayed DSN then: it fails at its first deferral).
   */
  queueLifetimeSeconds?: number;
  /** bounce_queue_lifetime in seconds: how long a DSN the inbound listener defers is retried (default 60). */
  bounceLifetimeSeconds?: number;
}

export interface PostfixOptions {
  /** Postfix relays every message to [127.0.0.1]:sinkPort (relayhost), return-path domains apart. */
  sinkPort: number;
  /** Deliveries at once per destination (default 20). */
  concurrency?: number;
  dkim?: DkimSigning;
  returnPath?: ReturnPathOptions;
  /** Keep Postfix's log in a file of the instance (read with log()) rather than dropping it. */
  log?: boolean;
}

/** The main.cf settings: a relay for loopback clients into the sink, nothing local, no DNS, no TLS, `concurrency` deliveries at once. */
function settings(instance: Instance, sinkPort: number, concurrency: number, log: boolean): string[] {
  return [
    'compatibility_level = 3.6',
    `queue_directory = ${instance.spool}`,
    `data_directory = ${instance.data}`,
    'syslog_name = postfix-mailgate',
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
    // postlogd drops every line or keeps them in the instance; either must be allowed as a log file first.
    `maillog_file_prefixes = /dev/null, ${instance.dir}`,
    `maillog_file = ${log ? instance.maillog : '/dev/null'}`,
    'biff = no',
    // The postmaster gets no copies (of bounces, delays, errors): DSNs go to the envelope sender alone.
    'notify_classes =',
  ];
}

/**
 * The main.cf settings of the return path: mail for its domains goes over SMTP to
 * the inbound listener; a deferred message gets its delayed DSN at once and is
 * retried every second or so until its (short) lifetime ends in a failed DSN. These
 * are about the smallest values Postfix takes: its times count in whole seconds, a
 * delay_warning_time of 0 sends no delayed DSN, and qmgr refuses to start with a
 * queue_run_delay below 1 s. qmgr sends the delay warning when a deferred message
 * leaves the active queue within a second of its warning time, so 1 s (or 2 s)
 * sends it at the first deferral; 5 s sent it about 4.9 s after the 250.
 *
 * The backoff is 2 s, not 1 s, yet retries still come about a second apart:
 * qmgr takes a deferred file whose time stamp is at most a second ahead. With
 * 1 s a file it had just deferred was due at once, so a queue scan could pick
 * it up while the smtp process that reported the deferral still held its lock
 * ("skipped, still being delivered"); qmgr then puts the message aside for
 * 60 s, far past its lifetime, and its failed DSN came a minute late. With 2 s
 * it is due from the next second on, when that process has long let go.
 */
function returnPathSettings(options: ReturnPathOptions): string[] {
  const routes = options.domains.map((domain) => `${domain}=smtp:[127.0.0.1]:${options.inboundPort}`);
  return [
    `transport_maps = inline:{ ${routes.join(', ')} }`,
    `delay_warning_time = ${options.delayWarningSeconds ?? 1}s`,
    `maximal_queue_lifetime = ${options.queueLifetimeSeconds ?? 4}s`,
    `bounce_queue_lifetime = ${options.bounceLifetimeSeconds ?? 60}s`,
    // The deferred queue is scanned every second, and a deferred message is due again from the next second on.
    'queue_run_delay = 1s',
    'minimal_backoff_time = 2s',
    'maximal_backoff_time = 2s',
  ];
}

/** The main.cf settings that put opendkim on 127.0.0.1:port in front of every message, SMTP-submitted or not. */
function milterSettings(port: number): string[] {
  return [
    `smtpd_milters = inet:127.0.0.1:${port}`,
    `non_smtpd_milters = inet:127.0.0.1:${port}`,
    // A milter that cannot be reached fails the message (4xx), so unsigned mail never passes for signed.
    'milter_default_action = tempfail',
    'milter_protocol = 6',
  ];
}

/**
 * opendkim.conf(5) for one signing domain: sign only (no verifying, so no DNS),
 * relaxed/relaxed rsa-sha256 with From oversigned (as Debian's own opendkim.conf
 * does), nothing logged. Only mail from InternalHosts is signed; the clients are
 * all on 127.0.0.1 (also opendkim's default, listed so that it is plain). Nothing
 * is ever rejected: verifying outcomes are accepted, and a message that cannot
 * be signed is tempfailed (4xx) rather than passed on unsigned.
 */
function opendkimConf(dkim: DkimSigning, keyFile: string, port: number, user: string | null): string {
  return [
    'Background no',
    'Mode s',
    `Domain ${dkim.domain}`,
    `Selector ${dkim.selector}`,
    `KeyFile ${keyFile}`,
    'Canonicalization relaxed/relaxed',
    'SignatureAlgorithm rsa-sha256',
    'OversignHeaders From',
    `Socket inet:${port}@127.0.0.1`,
    'InternalHosts 127.0.0.1',
    ...(user ? [`UserID ${user}`] : []),
    'Syslog no',
    'SyslogSuccess no',
    'LogWhy no',
    'On-Default accept',
    'On-BadSignature accept',
    'On-DNSError accept',
    'On-KeyNotFound accept',
    'On-NoSignature accept',
    'On-Security accept',
    'On-SignatureError tempfail',
    'On-InternalError tempfail',
    '',
  ].join('\n');
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
  return ['/usr/sbin/postfix', '/usr/sbin/postconf', path.join(SYSTEM_CONFIG_DIR, 'master.cf.proto')].every((file) => fs.existsSync(file));
}

/** apt-get install a Debian package without questions; the package lists are refreshed only if the first attempt fails. */
async function aptInstall(pkg: string): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const args = ['install', '-y', '-q', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=60', '-o', 'Dpkg::Options::=--force-confold', pkg];
  try {
    await run('apt-get', args, { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
  } catch {
    await run('apt-get', ['update', '-q'], { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    await run('apt-get', args, { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
  }
}

/** Debian's package, with debconf preseeded with "No configuration" (no main.cf, no start). */
async function install(): Promise<void> {
  await run('sh', ['-c', "echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections"], { timeout: 30_000 });
  await aptInstall('postfix');
  if (!installed()) throw new Error('apt-get install postfix left no /usr/sbin/postfix');
}

/**
 * Debian's opendkim package. Where services may start (no policy-rc.d denying
 * them), it also starts its own daemon on /run/opendkim/opendkim.sock as a
 * verifier with no key: idle, not ours, and left alone.
 */
async function installOpendkim(): Promise<void> {
  await aptInstall('opendkim');
  if (!fs.existsSync(OPENDKIM)) throw new Error(`apt-get install opendkim left no ${OPENDKIM}`);
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

/** An instance's running master's pid (its master.pid, checked against /proc), or null. */
function masterPid(instance: Instance): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(instance.spool, 'pid', 'master.pid'), 'utf8').trim());
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

/** postfix stop, then wait until the master and the children it had are gone (SIGKILL after 20 s); then the instance's directory goes. */
async function stopPostfix(instance: Instance): Promise<void> {
  const master = masterPid(instance);
  if (master !== null) {
    const pids = tree(master);
    await run('postfix', ['-c', instance.config, 'stop'], { timeout: 30_000 }).catch(() => undefined);
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
  instances.delete(instance);
  fs.rmSync(instance.dir, { recursive: true, force: true });
}

/**
 * Instances left by runs that died without stopping them (their owner process is
 * gone): stopped and removed. Another live run's instances are left alone; a
 * directory with no owner file yet is one being made, unless it is a minute old.
 */
async function stopAbandoned(): Promise<void> {
  const base = os.tmpdir();
  for (const name of fs.readdirSync(base)) {
    if (!name.startsWith(INSTANCE_PREFIX)) continue;
    const instance = instanceAt(path.join(base, name));
    let owner: number | null = null;
    try {
      owner = Number(fs.readFileSync(instance.owner, 'utf8').trim());
    } catch {
      try {
        if (Date.now() - fs.statSync(instance.dir).mtimeMs < 60_000) continue;
      } catch {
        continue;
      }
    }
    if (owner !== null && owner > 0 && alive(owner)) continue;
    await stopPostfix(instance);
  }
}

/** An opendkim this module runs: the child, and the directory with its key and configuration. */
interface Signer {
  child: ChildProcess;
  pid: number;
  dir: string;
}

/** Whether the child has exited (or been killed) and been reaped. */
function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** The uid and gid of a system user (opendkim's package creates `opendkim`), or null when there is none. */
function systemUser(name: string): { uid: number; gid: number } | null {
  for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

/** An opendkim left running by a run that died before stopping it (its pid file, checked against /proc): SIGKILL, it serves nobody. Then its directory goes. */
function killStaleSigner(): void {
  try {
    const pid = Number(fs.readFileSync(OPENDKIM_PID, 'utf8').trim());
    if (pid > 0 && fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'opendkim') process.kill(pid, 'SIGKILL');
  } catch {
    // no pid file, or no such process
  }
  fs.rmSync(OPENDKIM_DIR, { recursive: true, force: true });
}

/** Whether 127.0.0.1:port accepts a TCP connection. */
async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Start opendkim (opendkim.conf above) on a free port of 127.0.0.1 and wait until
 * it accepts connections. Its key and configuration go into OPENDKIM_DIR, owned
 * by the user it runs as (it reads the key as root at start, but as that user on
 * a reload); its stderr (start-up errors: Syslog is off) into a file there. It
 * runs in the foreground as this process's child, unref'd so that it never keeps
 * this process alive.
 */
async function startSigner(dkim: DkimSigning): Promise<{ signer: Signer; port: number }> {
  // A key opendkim cannot use would only show as failed sends: check it here.
  let type: string | undefined;
  try {
    type = createPrivateKey(dkim.privateKeyPem).asymmetricKeyType;
  } catch (error) {
    throw new Error(`the DKIM private key does not parse: ${firstLine(error)}`);
  }
  if (type !== 'rsa') throw new Error(`the DKIM private key is ${type ?? 'of no known type'}, not RSA (rsa-sha256)`);
  killStaleSigner();
  const user = systemUser('opendkim');
  const dir = OPENDKIM_DIR;
  fs.mkdirSync(dir, { mode: 0o700 });
  const keyFile = path.join(dir, 'private.pem');
  fs.writeFileSync(keyFile, dkim.privateKeyPem, { mode: 0o600 });
  if (user) {
    fs.chownSync(dir, user.uid, user.gid);
    fs.chownSync(keyFile, user.uid, user.gid);
  }
  const port = await freePort();
  const conf = path.join(dir, 'opendkim.conf');
  fs.writeFileSync(conf, opendkimConf(dkim, keyFile, port, user ? 'opendkim' : null));
  const log = path.join(dir, 'stderr.log');
  const fd = fs.openSync(log, 'w');
  let child: ChildProcess;
  try {
    child = spawn(OPENDKIM, ['-f', '-x', conf], { stdio: ['ignore', fd, fd] });
  } finally {
    fs.closeSync(fd);
  }
  child.unref();
  child.once('error', () => undefined);
  const pid = child.pid;
  if (pid === undefined) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not run ${OPENDKIM}`);
  }
  const signer = { child, pid, dir };
  fs.writeFileSync(OPENDKIM_PID, `${pid}\n`);
  running = signer;
  hookExit();
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    const said = () => fs.readFileSync(log, 'utf8').trim().split('\n').at(-1) ?? '';
    if (exited(child)) throw new Error(`opendkim exited with ${child.exitCode ?? child.signalCode} (${said()})`);
    if (Date.now() > deadline) throw new Error(`opendkim: nothing listening on 127.0.0.1:${port} within 10 s (${said()})`);
    await sleep(50);
  }
  return { signer, port };
}

/**
 * SIGTERM to opendkim, SIGKILL after 1 s; then its key and configuration are
 * removed. libmilter notices SIGTERM only when its listener's poll times out
 * (some 4 s), and with Postfix stopped first no message is in flight and
 * opendkim keeps nothing on disk, so there is nothing to wait for.
 */
async function stopSigner(): Promise<void> {
  const signer = running;
  if (signer === null) return;
  const { child, dir } = signer;
  if (!exited(child)) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    // Held again while it stops: unref'd, nothing would keep this process alive
    // until its exit is heard once the SIGKILL timer has fired, and the process
    // would end silently here, before the bench's summary.
    child.ref();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 1_000);
    await gone;
    clearTimeout(timer);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  running = null;
}

/**
 * The instances this process runs, their masters stopped with SIGTERM (what
 * postfix stop sends) if it exits first, and their directories removed once the
 * masters are gone (otherwise by the next start, as abandoned); and the opendkim
 * it runs, killed (see stopSigner: SIGTERM would leave it running seconds after
 * this process is gone), with its key.
 */
const instances = new Set<Instance>();
let running: Signer | null = null;
let exitHook = false;
function hookExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    const masters: number[] = [];
    for (const instance of instances) {
      const master = masterPid(instance);
      if (master === null) continue;
      masters.push(master);
      try {
        process.kill(master, 'SIGTERM');
      } catch {
        // gone meanwhile
      }
    }
    // No awaiting in an exit handler: wait (up to 2 s) by blocking, then remove what is no longer in use.
    const deadline = Date.now() + 2_000;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (masters.some(alive) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
    if (!masters.some(alive)) for (const instance of instances) fs.rmSync(instance.dir, { recursive: true, force: true });
    if (running !== null) {
      if (!exited(running.child)) running.child.kill('SIGKILL');
      fs.rmSync(running.dir, { recursive: true, force: true });
    }
  });
}

/**
 * Install Postfix from Debian's package if missing, configure an instance of its
 * own as a loopback relay into 127.0.0.1:sinkPort (with `returnPath`, also writing
 * DSNs quickly and routing the return-path domains to the inbound listener),
 * start it and wait until its port answers 220. With `dkim`, opendkim (installed
 * too if missing) signs every message from that domain as Postfix takes it (one
 * signer per process: a second start with `dkim` replaces the first's).
 * { skipped } with a one-line reason when it cannot be (not root, apt fails,
 * Postfix or opendkim does not start); never throws for those.
 */
export async function startPostfix(options: PostfixOptions): Promise<PostfixRelay | { skipped: string }> {
  const concurrency = options.concurrency ?? 20;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return { skipped: 'Postfix needs root on Linux to install and run, and this is not root' };
  if (!installed()) {
    console.log("postfix: not installed; installing Debian's package (apt-get install postfix)…");
    try {
      await install();
    } catch (error) {
      return { skipped: `could not install Debian's postfix package: ${firstLine(error)}` };
    }
  }
  if (options.dkim && !fs.existsSync(OPENDKIM)) {
    console.log("postfix: opendkim not installed; installing Debian's package (apt-get install opendkim)…");
    try {
      await installOpendkim();
    } catch (error) {
      return { skipped: `could not install Debian's opendkim package: ${firstLine(error)}` };
    }
  }
  let instance: Instance | null = null;
  try {
    await stopAbandoned();
    // An opendkim still running from an earlier start would be a second signer.
    if (options.dkim) await stopSigner();
    const signing = options.dkim ? await startSigner(options.dkim) : null;
    const signer = signing?.signer ?? null;
    const made = instanceAt(fs.mkdtempSync(path.join(os.tmpdir(), INSTANCE_PREFIX)));
    instance = made;
    fs.writeFileSync(made.owner, `${process.pid}\n`);
    instances.add(made);
    hookExit();
    // Postfix's daemons run as the postfix user: they must reach the queue (root's, made by Postfix on its first start) and write the data directory.
    fs.chmodSync(made.dir, 0o755);
    fs.mkdirSync(made.config);
    fs.mkdirSync(made.spool, { mode: 0o755 });
    fs.mkdirSync(made.data);
    const user = systemUser('postfix');
    if (user) fs.chownSync(made.data, user.uid, user.gid);
    const port = await freePort();
    fs.writeFileSync(path.join(made.config, 'main.cf'), '');
    fs.copyFileSync(path.join(SYSTEM_CONFIG_DIR, 'master.cf.proto'), path.join(made.config, 'master.cf'));
    const postconf = (...args: string[]) => run('postconf', ['-c', made.config, ...args], { timeout: 30_000 });
    await postconf(
      '-e',
      ...settings(made, options.sinkPort, concurrency, options.log ?? false),
      ...(options.returnPath ? returnPathSettings(options.returnPath) : []),
      ...(signing ? milterSettings(signing.port) : []),
    );
    await postconf('-MX', 'smtp/inet');
    await postconf('-F', '*/*/chroot = n');
    await postconf('-M', `127.0.0.1:${port}/inet = 127.0.0.1:${port} inet n - n - - smtpd`);
    await run('postfix', ['-c', made.config, 'start'], { timeout: 60_000 });
    const deadline = Date.now() + 20_000;
    while (!(await greetsWith220(port))) {
      if (Date.now() > deadline) throw new Error(`no 220 on 127.0.0.1:${port} within 20 s`);
      await sleep(100);
    }
    const master = masterPid(made);
    if (master === null) throw new Error(`no master process (${made.spool}/pid/master.pid)`);
    const ticks = clockTicks();
    /** opendkim's CPU ticks when last read: all its threads' (live and ended), which is all it used once it has exited. */
    let signerTicks = 0;
    const signerPids = () => (signer && !exited(signer.child) ? [signer.pid] : []);
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
        for (const pid of signerPids()) {
          const fields = stat(pid);
          if (fields) signerTicks = Number(fields[11]) + Number(fields[12]);
        }
        return (used + signerTicks) / ticks;
      },
      rssBytes() {
        let bytes = 0;
        for (const pid of [...tree(master), ...signerPids()]) {
          try {
            const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
            if (match) bytes += Number(match[1]) * 1024;
          } catch {
            // gone meanwhile
          }
        }
        return bytes;
      },
      queued: () => QUEUES.reduce((n, queue) => n + queueFiles(path.join(made.spool, queue)), 0),
      async flush() {
        await run('postsuper', ['-c', made.config, '-d', 'ALL'], { timeout: 60_000 });
      },
      log() {
        try {
          return fs.readFileSync(made.maillog, 'utf8');
        } catch {
          return '';
        }
      },
      async stop() {
        await stopPostfix(made);
        if (signer !== null && running === signer) await stopSigner();
      },
    };
  } catch (error) {
    if (instance !== null) await stopPostfix(instance).catch(() => undefined);
    if (options.dkim) await stopSigner().catch(() => undefined);
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
