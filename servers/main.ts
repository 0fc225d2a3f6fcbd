// The one process: reads the environment once, opens the database, builds the core,
// and starts the roles named in MAILGATE_ROLES. Shuts down in reverse order of start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { ConfigError, createCore, loadConfig, openConfiguredDatabase, type Config, type Core } from '../src/index.ts';
import { buildHttpApp } from './http/app.ts';
import { startSmtpServer } from './smtp/server.ts';
import { loadOrCreateTls } from './smtp/tls.ts';

type Stop = () => Promise<void>;

export interface RunningServer {
  core: Core;
  httpUrl: string | null;
  /** The SMTP submission listener's ports, when the smtp role runs. */
  smtp: { port: number; securePort: number | null } | null;
  stop(): Promise<void>;
}

/** Start everything the config asks for. Used by `npm start` and by tests that need a real process. */
export async function startServer(config: Config, log: (line: string) => void = console.log): Promise<RunningServer> {
  const db = await openConfiguredDatabase(config);
  const stops: Stop[] = [() => db.close()];
  // What the core reports by itself (a job that failed unexpectedly, housekeeping), as JSON lines like the HTTP log.
  const logger = config.logLevel === 'silent' ? undefined : pino({ level: config.logLevel });
  const core = createCore(config, { db }, logger);
  stops.push(() => core.close());

  const boot = await core.orgs.bootstrap(config.bootstrapToken);
  if (boot?.generatedToken) {
    log(`Created organization "default" (${boot.org.id}, plan enterprise).`);
    log(`API token, shown once; keep it: ${boot.generatedToken}`);
  } else if (boot) {
    log(`Created organization "default" (${boot.org.id}) with MAILGATE_BOOTSTRAP_TOKEN.`);
  }

  let httpUrl: string | null = null;
  if (config.roles.includes('worker')) {
    // core.close() stops it: running deliveries get SHUTDOWN_GRACE_SECONDS, then are cut off and released.
    core.worker.start();
  }
  // SMTP first: once /health answers, every door is open.
  let smtp: RunningServer['smtp'] = null;
  if (config.roles.includes('smtp') && config.smtpPort !== 0) {
    const tls = await loadOrCreateTls({
      keyPath: config.smtp.tlsKeyPath,
      certPath: config.smtp.tlsCertPath,
      hostname: config.smtp.hostname,
    });
    if (tls.generated) log(`Generated a self-signed SMTP certificate for ${config.smtp.hostname}: ${config.smtp.tlsCertPath}`);
    const listener = await startSmtpServer(core, {
      host: config.host,
      port: config.smtpPort,
      securePort: config.smtp.securePort === 0 ? null : config.smtp.securePort,
      tls,
    });
    stops.push(() => listener.close());
    smtp = { port: listener.port, securePort: listener.securePort };
    log(
      `Mailgate SMTP submission listening on ${config.host}:${listener.port} (STARTTLS)` +
        (listener.securePort !== null ? ` and ${config.host}:${listener.securePort} (implicit TLS)` : ''),
    );
  }
  if (config.roles.includes('http')) {
    const app = await buildHttpApp(core);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    httpUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    stops.push(() => app.close());
    log(`Mailgate HTTP listening on ${httpUrl} (public address ${config.baseUrl})`);
  }
  log(`Storage: ${db.dialect}; delivery: ${core.transport.name}.`);

  let stopped = false;
  return {
    core,
    httpUrl,
    smtp,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const stop of stops.reverse()) await stop();
    },
  };
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
  const server = await startServer(config);
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
