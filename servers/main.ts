// The one process: reads the environment once, opens the database, builds the core,
// and starts the roles named in MAILGATE_ROLES. Shuts down in reverse order of start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import {
  ConfigError,
  createCore,
  listensEverywhere,
  loadConfig,
  localHttpAddress,
  MAILGATE_VERSION,
  openConfiguredDatabase,
  type Config,
  type Core,
  type CoreDeps,
  type DatabaseHandle,
} from '../src/index.ts';
import { CannotListenError, checkListenersCanOpen, EXIT_CANNOT_LISTEN, explainListenError, type ListenerAddress } from './cannot-listen.ts';
import { buildHttpApp, type HttpAppOptions } from './http/app.ts';
import { createMcpEndpoint } from './mcp/endpoint.ts';
import { startInboundServer, type InboundHandlers } from './smtp/inbound.ts';
import { createByteBudget } from './smtp/listener.ts';
import { createMailReader, mailauthResolver } from './smtp/received-mail.ts';
import { parseReport } from './smtp/report-parser.ts';
import { startSmtpServer } from './smtp/server.ts';
import { loadOrCreateTls, type TlsMaterial } from './smtp/tls.ts';

type Stop = () => Promise<void>;

export interface RunningServer {
  core: Core;
  httpUrl: string | null;
  /** The SMTP submission listener's ports, when the smtp role runs. */
  smtp: { port: number; securePort: number | null } | null;
  /** The inbound listener's port (received mail, bounces and reports), when the inbound role runs. */
  inbound: { port: number } | null;
  stop(): Promise<void>;
}

/** The inbound listener's port when it runs (the caller's, or INBOUND_SMTP_PORT), or null. */
function inboundPortOf(config: Config, options: StartOptions): number | null {
  if (!config.roles.includes('inbound')) return null;
  if (options.inbound?.port !== undefined) return options.inbound.port;
  return config.inbound.port === 0 ? null : config.inbound.port;
}

/** How long one DNS lookup of mailauth's may take (the message's lookups together are bounded by the reader). */
const MAILAUTH_LOOKUP_MS = 4_000;

/**
 * What the inbound listener hands mail to: the caller's handlers, or the core's
 * return paths (with the report parser) and receiving domains (with the reader
 * that authenticates and parses received mail, asking DNS_SERVERS).
 */
function inboundHandlersOf(options: StartOptions): (core: Core) => InboundHandlers {
  return (
    options.inbound?.handlers ??
    ((core) => ({
      returns: core.returns,
      parseReport,
      receiving: core.receiving,
      readMail: createMailReader({
        hostname: core.config.smtp.hostname,
        resolver: mailauthResolver(core.config.dnsServers, MAILAUTH_LOOKUP_MS),
      }),
    }))
  );
}

/** The listeners the config asks for, in the order they are opened. */
function listenersOf(config: Config, inboundPort: number | null): ListenerAddress[] {
  const listeners: ListenerAddress[] = [];
  if (config.roles.includes('smtp') && config.smtpPort !== 0) {
    listeners.push({ host: config.host, port: config.smtpPort, label: 'SMTP', portVariable: 'SMTP_PORT' });
    if (config.smtp.securePort !== 0) {
      listeners.push({ host: config.host, port: config.smtp.securePort, label: 'SMTPS', portVariable: 'SMTPS_PORT' });
    }
  }
  if (inboundPort !== null) {
    listeners.push({ host: config.host, port: inboundPort, label: 'inbound SMTP', portVariable: 'INBOUND_SMTP_PORT' });
  }
  if (config.roles.includes('http')) {
    listeners.push({ host: config.host, port: config.port, label: 'HTTP', portVariable: 'PORT' });
  }
  return listeners;
}

/**
 * What startServer takes besides the config. main() gives the database's hook; the
 * test server (test/helpers/server.ts) gives a database of its own and the seams of
 * the core and the HTTP app, so that the parts are joined here only.
 */
export interface StartOptions extends NonNullable<Parameters<typeof openConfiguredDatabase>[1]> {
  /** An open, migrated database that stays the caller's to close; by default the configured one, closed by stop(). */
  db?: DatabaseHandle;
  /** The core's other dependencies (clock, transport, how delivery waits, how webhooks resolve names); defaults otherwise. */
  deps?: Omit<CoreDeps, 'db'>;
  /** The HTTP app's options (its logger, a route listener); its `mcp` answers at /mcp instead of the MCP endpoint. */
  http?: HttpAppOptions;
  /**
   * The inbound listener's seams: what it hands mail to (the core's return paths and
   * the report parser), and `port` to listen on instead of INBOUND_SMTP_PORT (0: any
   * free port; tests). The role must still be in MAILGATE_ROLES.
   */
  inbound?: { handlers?: (core: Core) => InboundHandlers; port?: number };
}

/**
 * Start everything the config asks for. Used by `npm start`, by the test server and by tests that need a real process.
 * Nothing is reported as listening until every listener is; when one cannot be opened, what was
 * opened is closed again and a CannotListenError says which and why. `options.onSyncFailure` is told
 * when the database's log could not be synced (main() stops the process then: stopAtOnce).
 */
export async function startServer(config: Config, log: (line: string) => void = console.log, options: StartOptions = {}): Promise<RunningServer> {
  const inboundPort = inboundPortOf(config, options);
  const inboundHandlers = inboundPort === null ? null : inboundHandlersOf(options);
  const listeners = listenersOf(config, inboundPort);
  // Before anything is created: a busy port must not leave a database, an organization
  // whose token was shown once to nobody, or a certificate behind.
  await checkListenersCanOpen(listeners);

  const db = options.db ?? (await openConfiguredDatabase(config, options));
  const stops: Stop[] = options.db ? [] : [() => db.close()];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    // What the core reports by itself (a job that failed unexpectedly, housekeeping), as JSON lines like the HTTP log.
    const logger = config.logLevel === 'silent' ? undefined : pino({ level: config.logLevel });
    const core = createCore(config, { ...options.deps, db }, logger);
    stops.push(() => core.close());

    const boot = await core.orgs.bootstrap(config.bootstrapToken);
    if (boot?.generatedToken) {
      log(`Created organization "default" (${boot.org.id}, plan enterprise).`);
      log(`API token, shown once; keep it: ${boot.generatedToken}`);
    } else if (boot) {
      log(`Created organization "default" (${boot.org.id}) with MAILGATE_BOOTSTRAP_TOKEN.`);
    }
    if (boot) {
      // The first person: whoever opens this link names the address and becomes admin (else: mailgate user create).
      const invitation = await core.users.createInvitation(boot.org.id, { role: 'admin' });
      log(`First admin, one-time link (for 7 days): ${invitation.link}`);
    }

    // Said once every listener is listening, so that no line claims a door is open when the next may fail.
    const listening: string[] = [];
    const listener = (label: ListenerAddress['label']) => listeners.find((l) => l.label === label)!;
    // Both SMTP listeners use one certificate, and share the memory messages may take.
    const submissionOn = config.roles.includes('smtp') && config.smtpPort !== 0;
    let tls: TlsMaterial | null = null;
    if (submissionOn || inboundHandlers) {
      tls = await loadOrCreateTls({ keyPath: config.smtp.tlsKeyPath, certPath: config.smtp.tlsCertPath, hostname: config.smtp.hostname });
      if (tls.generated) log(`Generated a self-signed SMTP certificate for ${config.smtp.hostname}: ${config.smtp.tlsCertPath}`);
    }
    const budget = createByteBudget(config.smtp.maxBufferedBytes);
    // SMTP first: once /health answers, every door is open.
    let smtp: RunningServer['smtp'] = null;
    if (submissionOn && tls) {
      let smtpListener: Awaited<ReturnType<typeof startSmtpServer>>;
      try {
        smtpListener = await startSmtpServer(core, {
          host: config.host,
          port: config.smtpPort,
          securePort: config.smtp.securePort === 0 ? null : config.smtp.securePort,
          tls,
          budget,
        });
      } catch (error) {
        // startSmtpServer closes the STARTTLS listener itself when the implicit-TLS one fails.
        const failed = (error as { port?: unknown }).port === config.smtp.securePort && config.smtp.securePort !== 0;
        throw explainListenError(error, listener(failed ? 'SMTPS' : 'SMTP'));
      }
      stops.push(() => smtpListener.close());
      smtp = { port: smtpListener.port, securePort: smtpListener.securePort };
      listening.push(
        `Mailgate SMTP submission listening on ${config.host}:${smtpListener.port} (STARTTLS)` +
          (smtpListener.securePort !== null ? ` and ${config.host}:${smtpListener.securePort} (implicit TLS)` : ''),
      );
    }
    let inbound: RunningServer['inbound'] = null;
    if (inboundPort !== null && inboundHandlers && tls) {
      let inboundListener: Awaited<ReturnType<typeof startInboundServer>>;
      try {
        inboundListener = await startInboundServer(core, { host: config.host, port: inboundPort, tls, budget, ...inboundHandlers(core) });
      } catch (error) {
        throw explainListenError(error, listener('inbound SMTP'));
      }
      stops.push(() => inboundListener.close());
      inbound = { port: inboundListener.port };
      listening.push(`Mailgate inbound SMTP (received mail, bounces and reports) listening on ${config.host}:${inboundListener.port} (STARTTLS)`);
    }
    let httpUrl: string | null = null;
    if (config.roles.includes('http')) {
      let mcp = options.http?.mcp;
      if (!mcp) {
        const endpoint = createMcpEndpoint(core, { version: MAILGATE_VERSION });
        stops.push(() => endpoint.close());
        mcp = endpoint;
      }
      const app = await buildHttpApp(core, { ...options.http, mcp });
      stops.push(() => app.close());
      try {
        await app.listen({ port: config.port, host: config.host });
      } catch (error) {
        throw explainListenError(error, listener('HTTP'));
      }
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      // The address to open first: BASE_URL's default is the same one (config.ts), so a client given it
      // finds the OAuth resource, the issuer and /openapi.json's servers naming that very address.
      const bound = `${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
      httpUrl = localHttpAddress(config.host, port) ?? `http://${bound}`;
      const notes = [
        ...(listensEverywhere(config.host) ? [`on every interface, ${bound}`] : []),
        ...(config.baseUrl !== httpUrl ? [`public address ${config.baseUrl}`] : []),
      ];
      listening.push(`Mailgate HTTP listening on ${httpUrl}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
      listening.push(`Dashboard: ${config.baseUrl}/app`);
    }
    if (config.roles.includes('worker')) {
      // Only once every door is open: a process about to exit for a busy port delivers nothing.
      // core.close() stops it: running deliveries get SHUTDOWN_GRACE_SECONDS, then are cut off and released.
      core.worker.start();
      // Periodic tasks go with the worker: each runs in one worker process at a time.
      core.scheduler.start();
    }
    for (const line of listening) log(line);
    log(`Storage: ${db.dialect}; delivery: ${core.transport.name}.`);

    let stopped = false;
    return {
      core,
      httpUrl,
      smtp,
      inbound,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopAll();
      },
    };
  } catch (error) {
    // Close what was opened, in reverse order, and report the first failure, not a failure to close.
    await stopAll().catch(() => {});
    throw error;
  }
}

/** sysexits' EX_IOERR: the database's log could not be synced to disk. */
const EXIT_SYNC_FAILED = 74;

/**
 * A sync of the database's log failed (SQLite, DURABILITY=fsync). Every answer
 * already given is on disk; the commits since are not known to be, and nothing
 * can be answered as durable again. So, as PostgreSQL does after a failed fsync,
 * stop at once and write nothing more (no graceful close: closing checkpoints
 * the log into the database). A restart recovers the database from what is on
 * disk; clients retry what they were never answered.
 */
function stopAtOnce(error: Error): void {
  console.error(`mailgate: ${error.message}; stopping at once, so that a restart recovers the database from what is on disk`);
  process.exit(EXIT_SYNC_FAILED);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  let server: RunningServer;
  try {
    server = await startServer(config, console.log, { onSyncFailure: stopAtOnce });
  } catch (error) {
    if (error instanceof CannotListenError) {
      console.error(error.message);
      process.exit(EXIT_CANNOT_LISTEN);
    }
    throw error;
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    server.stop().then(
      () => process.exit(0),
      (error) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

const invokedDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (invokedDirectly) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
