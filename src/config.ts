import { isIP, isIPv4, isIPv6 } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { RENDER_TIME_LIMIT_MS } from './threads/time-limits.ts';

/**
 * The environment, parsed once into a frozen, typed config. Nothing else in the
 * code base reads `process.env`; every problem is reported at once.
 */
const roles = ['http', 'smtp', 'worker'] as const;
export type Role = (typeof roles)[number];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
  .transform(Number)
  .pipe(z.number().max(65535, 'must be a port number from 0 to 65535'));

const RATE_RULE = 'must be a positive number of hand-offs per second, such as 20 or 0.5 (unset: no cap)';
/** A plain decimal above 0: no sign, exponent or hex, so a typo is refused rather than read loosely. */
const rate = z
  .string()
  .regex(/^(\d+(\.\d*)?|\.\d+)$/, RATE_RULE)
  .transform(Number)
  .pipe(z.number().positive(RATE_RULE));

const DNS_SERVERS_RULE = 'must be a comma-separated list of IP addresses with optional ports, such as 1.2.3.4, 1.2.3.4:53, ::1 or [::1]:53';

/**
 * One entry as dns.setServers takes it: an IP address, IPv4 with `:port`, IPv6
 * in brackets with `:port`. Checked here because setServers throws at startup
 * on anything else (and aborts the process on port 0); a host name cannot be
 * one, as finding it would need DNS.
 */
function isDnsServer(entry: string): boolean {
  const isPort = (p: string | undefined) => p === undefined || (Number(p) >= 1 && Number(p) <= 65535);
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed) return isIPv6(bracketed[1]!) && isPort(bracketed[2]);
  const v4WithPort = /^([\d.]+):(\d{1,5})$/.exec(entry);
  if (v4WithPort) return isIPv4(v4WithPort[1]!) && isPort(v4WithPort[2]);
  return isIP(entry) !== 0;
}

/**
 * Render and compose threads when CPU_THREADS is unset: one per core but one
 * (the main thread's), at least two, so the pool can keep one free for short
 * renders while a tenant's slow content holds the other (threads/fair-queue.ts),
 * and at most four.
 */
function defaultCpuThreads(): number {
  return Math.max(2, Math.min(4, os.availableParallelism() - 1));
}

/** 0.0.0.0, or IPv6's unspecified address in any of its spellings (::, 0:0:0:0:0:0:0:0, ::0). */
function isWildcardHost(host: string): boolean {
  if (host === '0.0.0.0') return true;
  return isIPv6(host) && URL.canParse(`http://[${host}]`) && new URL(`http://[${host}]`).hostname === '[::]';
}

/**
 * The address to open for an HTTP listener on HOST and a port: what the console
 * prints first, and what BASE_URL defaults to, so that the OAuth resource, the
 * issuer and /openapi.json's servers name the address a client was given.
 * IPv6 goes in brackets; a wildcard HOST (0.0.0.0, ::, as in the Docker image)
 * is opened as localhost, which reaches it from this machine (and from the host
 * of a container whose port is published). Undefined when HOST cannot be written
 * in a URL (an IPv6 zone such as fe80::1%eth0).
 */
export function localHttpAddress(host: string, port: number): string | undefined {
  const name = isWildcardHost(host) ? 'localhost' : isIPv6(host) ? `[${host}]` : host;
  const address = `http://${name}:${port}`;
  if (!URL.canParse(address)) return undefined;
  const url = new URL(address);
  // Only a host: a HOST with a path, query or credentials in it is not one. The origin is normalised
  // as an explicit BASE_URL is (lower case, shortest IPv6, no default port), so both compare as strings.
  return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' ? url.origin : undefined;
}

/** HOST is the wildcard: the listener answers on every interface, and localHttpAddress names it as localhost. */
export function listensEverywhere(host: string): boolean {
  return isWildcardHost(host);
}

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: port.default(2587),
  SMTPS_PORT: port.optional(),
  SMTP_HOSTNAME: z.string().regex(/^[A-Za-z0-9.-]+$/, 'must be a host name').optional(),
  SMTP_TLS_KEY: z.string().min(1).optional(),
  SMTP_TLS_CERT: z.string().min(1).optional(),
  SMTP_ALLOW_INSECURE_AUTH: bool.default(false),
  SMTP_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  SMTP_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(10_000).default(100),
  SMTP_MAX_BUFFERED_BYTES: z.coerce.number().int().min(1024).default(256 * 1024 * 1024),
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(256),
  SMTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  SMTP_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SMTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMTP_DATA_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  SMTP_MAX_AUTH_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  SMTP_MAX_AUTH_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((v) => {
      // Not a URL at all is the check above's to report.
      if (!URL.canParse(v)) return true;
      const url = new URL(v);
      return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    }, 'must be a plain address (scheme, host, optional port and path): no query, fragment or credentials')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DURABILITY: z.enum(['fsync', 'process']).default('fsync'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
    .optional(),
  RELAY_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAILGATE_ROLES: z
    .string()
    .default('http,smtp,worker')
    .transform((v, ctx) => {
      const list = v.split(',').map((r) => r.trim()).filter(Boolean);
      for (const r of list) {
        if (!(roles as readonly string[]).includes(r)) {
          ctx.addIssue({ code: 'custom', message: `unknown role "${r}" (known: ${roles.join(', ')})` });
        }
      }
      if (list.length === 0) ctx.addIssue({ code: 'custom', message: `must name at least one role (${roles.join(', ')})` });
      return [...new Set(list)] as Role[];
    }),
  MAILGATE_BOOTSTRAP_TOKEN: z
    .string()
    .regex(/^mailgate_[A-Za-z0-9_-]{16,}$/, 'must look like mailgate_ followed by at least 16 characters')
    .optional(),
  DNS_SERVERS: z
    .string()
    .transform((v, ctx) => {
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      for (const entry of list) {
        if (!isDnsServer(entry)) ctx.addIssue({ code: 'custom', message: `${DNS_SERVERS_RULE} ("${entry}" is not)` });
      }
      return list;
    })
    .optional(),
  FORMS_CONFIRM_FROM: z.string().trim().min(3).optional(),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOKS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(10_000).default(20),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  OAUTH_ALLOW_PRIVATE_CLIENTS: bool.default(false),
  OAUTH_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  OAUTH_MAX_CLIENTS: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  OAUTH_UNUSED_CLIENT_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24),
  OAUTH_IDLE_CLIENT_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(512),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  DELIVERY_RATE_PER_SECOND: rate.optional(),
  CPU_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  RENDER_TIME_LIMIT_SECONDS: z.coerce.number().min(0.1).max(600).default(RENDER_TIME_LIMIT_MS / 1000),
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(8),
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/,\s]+$/, 'must be a comma-separated list of proxy addresses or CIDR ranges')
    .optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  IP_RATE_LIMIT: z.coerce.number().int().min(1).default(500),
  BOUNCE_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(24 * 60 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly smtpPort: number;
  readonly smtp: {
    /** Implicit-TLS submission port (RFC 8314); 0 = off. */
    readonly securePort: number;
    /** The name the listener greets with and its generated certificate names. */
    readonly hostname: string;
    /** PEM files; generated self-signed at first start when both are absent. */
    readonly tlsKeyPath: string;
    readonly tlsCertPath: string;
    /** Allow AUTH before STARTTLS (tests, trusted networks). Never on a public port. */
    readonly allowInsecureAuth: boolean;
    /** Advertised as SIZE and enforced on DATA. */
    readonly maxMessageBytes: number;
    /** RCPT TO beyond this in one transaction gets 452 4.5.3. */
    readonly maxRecipients: number;
    /** Bytes of messages being received, all sessions together; past it a message gets 452 4.3.1. */
    readonly maxBufferedBytes: number;
    /**
     * Open connections, all addresses and both ports together. When full, a client
     * from an address holding less than its share takes the place of the oldest
     * unauthenticated connection of the busiest address; otherwise 421 4.7.0.
     */
    readonly maxConnections: number;
    /** Open connections one client address may hold (both ports together); past it 421 4.7.0 at connect. */
    readonly maxConnectionsPerAddress: number;
    /** From connect to a successful AUTH, whatever the client trickles in; then 421 4.7.0. */
    readonly authTimeoutMs: number;
    /** Between complete commands (bytes that never make a line do not count); then 421 4.4.2. */
    readonly idleTimeoutMs: number;
    /** From DATA to the final dot; then 421 4.4.2 and nothing is kept. */
    readonly dataTimeoutMs: number;
    /** Failed AUTH attempts one connection may make; the last is answered 421 4.7.0 and the connection closed. */
    readonly maxAuthFailures: number;
    /** Failed AUTH attempts one address may make in 10 minutes; past it AUTH and new connections from it get 421 4.7.0. */
    readonly maxAuthFailuresPerAddress: number;
  };
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The embedded database file, in DATA_DIR. */
  readonly sqlitePath: string;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  /** What an accepted email survives: `fsync`, a crash of the machine; `process`, only a killed process (db/connect.ts). */
  readonly durability: 'fsync' | 'process';
  readonly relayUrl: string | undefined;
  readonly roles: readonly Role[];
  readonly bootstrapToken: string | undefined;
  readonly dnsServers: readonly string[];
  /** Who double opt-in confirmation emails come from, unless a form names a sender (FORMS_CONFIRM_FROM). */
  readonly formsConfirmFrom: string | undefined;
  readonly webhookAllowPrivate: boolean;
  readonly webhooks: {
    /** Webhooks one organization may have: each event fans out to every one subscribed. */
    readonly maxPerOrganization: number;
    /** Deliveries this process runs at once, all organizations together (apart from email delivery's slots). */
    readonly concurrency: number;
    /** Deliveries this process runs at once to one endpoint (scheme, host and port); more wait their turn. */
    readonly endpointConcurrency: number;
    /** One attempt, from resolving the host to the end of the answer. */
    readonly timeoutMs: number;
  };
  /** OAuth clients' metadata documents may be fetched over http from loopback and private addresses (tests, trusted networks). */
  readonly oauthAllowPrivateClients: boolean;
  /** What strangers may leave behind through dynamic client registration (/oauth/register). */
  readonly oauthClients: {
    /** Registrations one client address (an IPv6 address by its /64) may make in any hour; past it 429. */
    readonly registrationsPerAddressPerHour: number;
    /** Registered clients kept at most; past it registration is refused until some expire. */
    readonly maxRegistered: number;
    /** A registered client that never completed an authorization is deleted this long after registering. */
    readonly unusedTtlMs: number;
    /** A registered client not used (no authorization, token or refresh) for this long is deleted. */
    readonly idleTtlMs: number;
  };
  readonly maxBodyBytes: number;
  /** How long an HTTP client may take (a slow client holds a connection, not the server). */
  readonly http: {
    /** From connect (or the previous request) to the end of a request's headers; then 408. */
    readonly headersTimeoutMs: number;
    /** From the start of a request to the end of its body; then 408. */
    readonly requestTimeoutMs: number;
    /** A kept-alive connection with no request in it is closed after this. */
    readonly idleTimeoutMs: number;
    /** Open connections one peer address may hold; the next is answered 429 and closed. */
    readonly maxConnectionsPerAddress: number;
  };
  readonly delivery: {
    readonly maxAttempts: number;
    readonly concurrency: number;
    readonly leaseSeconds: number;
    /**
     * Hand-offs to the transport per second, at most, from this process (each
     * process keeps its own pace); undefined: no cap. Fixtures are not counted.
     */
    readonly ratePerSecond: number | undefined;
  };
  /** Threads that render content and build MIME messages; 0 does it on the main thread. */
  readonly cpuThreads: number;
  /** Content that takes longer to render is refused as bad input (a validation_error). */
  readonly renderTimeLimitMs: number;
  /** On SIGTERM, how long running deliveries may take before they are cut off and retried later. */
  readonly shutdownGraceSeconds: number;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges):
   * behind them, the per-IP limit counts the client, not the proxy.
   */
  readonly trustedProxies: readonly string[];
  readonly limits: {
    /** `RATE_LIMITS=off` switches off the organization quota and the per-IP limit (not the recipient guard). */
    readonly enabled: boolean;
    /** Requests per second per client IP address. */
    readonly perIpPerSecond: number;
    /** How long a mailbox that bounced is refused for transactional sends. */
    readonly bounceCooldownSeconds: number;
  };
  readonly logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse an environment (normally `process.env`, read by the caller) into a Config. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Rules between variables, checked whenever the variables they name are valid, so they are reported with the rest.
  const sizes = envSchema.pick({ SMTP_MAX_MESSAGE_BYTES: true, SMTP_MAX_BUFFERED_BYTES: true }).safeParse(cleaned);
  if (sizes.success && sizes.data.SMTP_MAX_BUFFERED_BYTES < sizes.data.SMTP_MAX_MESSAGE_BYTES) {
    problems.push(
      `SMTP_MAX_BUFFERED_BYTES: must be at least SMTP_MAX_MESSAGE_BYTES (${sizes.data.SMTP_MAX_MESSAGE_BYTES}), or no message of the largest size could ever be received`,
    );
  }
  const ports = envSchema.pick({ SMTP_PORT: true, SMTPS_PORT: true }).safeParse(cleaned);
  if (ports.success && ports.data.SMTP_PORT === 0 && ports.data.SMTPS_PORT !== undefined && ports.data.SMTPS_PORT !== 0) {
    problems.push('SMTPS_PORT: SMTP is off (SMTP_PORT=0), so no SMTP port would be opened; set SMTP_PORT too, or leave SMTPS_PORT unset');
  }
  const http = envSchema.pick({ HTTP_HEADERS_TIMEOUT_SECONDS: true, HTTP_REQUEST_TIMEOUT_SECONDS: true }).safeParse(cleaned);
  if (http.success && http.data.HTTP_HEADERS_TIMEOUT_SECONDS > http.data.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push(`HTTP_HEADERS_TIMEOUT_SECONDS: must be at most HTTP_REQUEST_TIMEOUT_SECONDS (${http.data.HTTP_REQUEST_TIMEOUT_SECONDS}): the headers are part of the request`);
  }
  const address = envSchema.pick({ HOST: true, PORT: true, BASE_URL: true }).safeParse(cleaned);
  if (address.success && address.data.BASE_URL === undefined && localHttpAddress(address.data.HOST, address.data.PORT) === undefined) {
    problems.push(`HOST: "${address.data.HOST}" cannot be written in a URL, so BASE_URL has no default; set BASE_URL to the address clients open`);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    smtpPort: e.SMTP_PORT,
    smtp: Object.freeze({
      securePort: e.SMTPS_PORT ?? 0,
      hostname: e.SMTP_HOSTNAME ?? os.hostname(),
      tlsKeyPath: path.resolve(e.SMTP_TLS_KEY ?? path.join(e.DATA_DIR, 'tls', 'smtp-key.pem')),
      tlsCertPath: path.resolve(e.SMTP_TLS_CERT ?? path.join(e.DATA_DIR, 'tls', 'smtp-cert.pem')),
      allowInsecureAuth: e.SMTP_ALLOW_INSECURE_AUTH,
      maxMessageBytes: e.SMTP_MAX_MESSAGE_BYTES,
      maxRecipients: e.SMTP_MAX_RECIPIENTS,
      maxBufferedBytes: e.SMTP_MAX_BUFFERED_BYTES,
      maxConnections: e.SMTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.SMTP_MAX_CONNECTIONS_PER_ADDRESS,
      authTimeoutMs: e.SMTP_AUTH_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.SMTP_IDLE_TIMEOUT_SECONDS * 1000,
      dataTimeoutMs: e.SMTP_DATA_TIMEOUT_SECONDS * 1000,
      maxAuthFailures: e.SMTP_MAX_AUTH_FAILURES,
      maxAuthFailuresPerAddress: e.SMTP_MAX_AUTH_FAILURES_PER_ADDRESS,
    }),
    // Normalised (percent-encoded), so it can go into links and HTML attributes as it is.
    baseUrl: e.BASE_URL === undefined ? localHttpAddress(e.HOST, e.PORT)! : new URL(e.BASE_URL).href.replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    sqlitePath: path.join(path.resolve(e.DATA_DIR), 'mailgate.db'),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    durability: e.DURABILITY,
    relayUrl: e.RELAY_URL,
    roles: Object.freeze([...e.MAILGATE_ROLES]),
    bootstrapToken: e.MAILGATE_BOOTSTRAP_TOKEN,
    dnsServers: Object.freeze([...(e.DNS_SERVERS ?? [])]),
    formsConfirmFrom: e.FORMS_CONFIRM_FROM,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhooks: Object.freeze({
      maxPerOrganization: e.WEBHOOKS_PER_ORGANIZATION,
      concurrency: e.WEBHOOK_CONCURRENCY,
      endpointConcurrency: e.WEBHOOK_ENDPOINT_CONCURRENCY,
      timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
    }),
    oauthAllowPrivateClients: e.OAUTH_ALLOW_PRIVATE_CLIENTS,
    oauthClients: Object.freeze({
      registrationsPerAddressPerHour: e.OAUTH_REGISTRATIONS_PER_HOUR,
      maxRegistered: e.OAUTH_MAX_CLIENTS,
      unusedTtlMs: e.OAUTH_UNUSED_CLIENT_HOURS * 60 * 60 * 1000,
      idleTtlMs: e.OAUTH_IDLE_CLIENT_DAYS * 24 * 60 * 60 * 1000,
    }),
    maxBodyBytes: e.MAX_BODY_BYTES,
    http: Object.freeze({
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    }),
    delivery: Object.freeze({
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      concurrency: e.DELIVERY_CONCURRENCY,
      leaseSeconds: e.DELIVERY_LEASE_SECONDS,
      ratePerSecond: e.DELIVERY_RATE_PER_SECOND,
    }),
    cpuThreads: e.CPU_THREADS ?? defaultCpuThreads(),
    renderTimeLimitMs: Math.round(e.RENDER_TIME_LIMIT_SECONDS * 1000),
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    trustedProxies: Object.freeze(e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((s) => s.trim()).filter(Boolean) : []),
    limits: Object.freeze({
      enabled: e.RATE_LIMITS === 'on',
      perIpPerSecond: e.IP_RATE_LIMIT,
      bounceCooldownSeconds: e.BOUNCE_COOLDOWN_SECONDS,
    }),
    logLevel: e.LOG_LEVEL,
  });
}
