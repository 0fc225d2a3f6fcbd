import { isIP, isIPv4, isIPv6 } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { RENDER_TIME_LIMIT_MS } from './threads/time-limits.ts';

/**
 * The environment, parsed once into a frozen, typed config. Nothing else in the
 * code base reads `process.env`; every problem is reported at once.
 */
const roles = ['http', 'smtp', 'inbound', 'worker'] as const;
export type Role = (typeof roles)[number];
/** The roles a process may run (MAILGATE_ROLES), in the order /health lists them. */
export const PROCESS_ROLES: readonly Role[] = roles;

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

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

/** An address, bare or in angle brackets after a name; the send pipeline checks it fully. */
const SYSTEM_FROM_SHAPE = /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export const envSchema = z.object({
  PORT: port.default(3000).describe('HTTP port: the REST API, `/mcp`, OAuth, `/docs` and `/health`'),
  HOST: z.string().min(1).default('127.0.0.1').describe('bind address of every listener, HTTP and SMTP (the Docker image sets `0.0.0.0`)'),
  SMTP_PORT: port.default(2587).describe('SMTP submission port, STARTTLS; `0` turns SMTP off'),
  SMTPS_PORT: port
    .optional()
    .describe('SMTP submission with implicit TLS (RFC 8314; 465 is the usual port), beside `SMTP_PORT`; refused when `SMTP_PORT=0`. ' + 'Unset: off'),
  SMTP_HOSTNAME: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a host name')
    .optional()
    .describe("the name the SMTP listener greets with, and the name in its generated certificate. Unset: the machine's host name"),
  SMTP_TLS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'PEM key of the SMTP listener. Unset: `$DATA_DIR/tls/smtp-key.pem`. When key and certificate are both absent at start, ' +
        'a self-signed pair is generated there',
    ),
  SMTP_TLS_CERT: z
    .string()
    .min(1)
    .optional()
    .describe('PEM certificate of the SMTP listener. Unset: `$DATA_DIR/tls/smtp-cert.pem` (generated with the key, as for ' + '`SMTP_TLS_KEY`)'),
  SMTP_ALLOW_INSECURE_AUTH: bool.default(false).describe('`true` allows and advertises AUTH before STARTTLS (loopback tests, trusted networks only)'),
  SMTP_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024)
    .describe('largest message, advertised as `SIZE`; a larger one gets `552 5.3.4`'),
  SMTP_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(10_000).default(100).describe('recipients per message; the next `RCPT TO` gets `452 4.5.3`'),
  SMTP_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024 * 1024)
    .describe(
      'bytes of messages all sessions together, submission and inbound, may hold while they are received and accepted (at ' +
        'least `SMTP_MAX_MESSAGE_BYTES` and `INBOUND_MAX_BYTES`); past it a message gets `452 4.3.1` and its client tries again later. Parsing a message ' +
        'takes two to three times its size for a moment, so leave that much room',
    ),
  SMTP_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(256)
    .describe(
      'open SMTP connections, all addresses and both ports together. When full, a client from an address holding less than ' +
        'its share takes the place of the oldest unauthenticated connection of the busiest address; authenticated sessions are ' +
        'never closed',
    ),
  SMTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(20)
    .describe(
      'open SMTP connections one client address may hold, both ports together; the next gets `421 4.7.0` at connect. Raise it ' +
        'for many senders behind one NAT address',
    ),
  SMTP_AUTH_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(30)
    .describe('from connect to a successful AUTH, whatever the client sends meanwhile; then `421 4.7.0`'),
  SMTP_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe("between complete commands (bytes that never make a command do not count; waiting for Mailgate's answer does not " + 'either); then `421 4.4.2`'),
  SMTP_DATA_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(300)
    .describe('from `DATA` to the final dot; then `421 4.4.2`, and nothing of the message is kept'),
  SMTP_MAX_AUTH_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(3)
    .describe('failed AUTH attempts per connection; the last one is answered `421 4.7.0` and the connection closed'),
  SMTP_MAX_AUTH_FAILURES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(30)
    .describe(
      'failed AUTH attempts one address may make in 10 minutes; past it its AUTH and new connections get `421 4.7.0` until ' +
        'the oldest failure is 10 minutes old',
    ),
  INBOUND_SMTP_PORT: port
    .default(2525)
    .describe(
      'the inbound SMTP listener (role `inbound`), where bounces and complaint reports come back: no AUTH, STARTTLS with the ' +
        'SMTP certificate, only recipients that are return paths of this server; 25 in production; `0` turns it off',
    ),
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024)
    .describe(
      'largest message the inbound listener takes, advertised as `SIZE`; a larger one gets `552 5.3.4`. Its connections ' +
        'follow the `SMTP_MAX_CONNECTIONS*` caps and `SMTP_*_TIMEOUT_SECONDS` deadlines, counted apart from submission',
    ),
  BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((v) => {
      // Not a URL at all is the check above's to report.
      if (!URL.canParse(v)) return true;
      const url = new URL(v);
      return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    }, 'must be a plain address (scheme, host, optional port and path): no query, fragment or credentials')
    .optional()
    .describe(
      'the public address: tracking, unsubscribe and confirmation links, the rate-limit docs link, the OAuth issuer and the ' +
        'MCP resource (`$BASE_URL/mcp`), `servers` in `/openapi.json`; clients must be given this very address. Unset: the ' +
        'address the console prints, `http://$HOST:$PORT` (`http://localhost:$PORT` when `HOST` is `0.0.0.0` or `::`)',
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('where SQLite keeps `mailgate.db`, and the SMTP listener its generated TLS key and certificate (`tls/`)'),
  DURABILITY: z
    .enum(['fsync', 'process'])
    .default('fsync')
    .describe(
      'what an accepted email (REST `200`, SMTP `250`) survives: `fsync`, a crash of the machine; `process`, only a killed ' +
        'Mailgate (docs/deployment.md, Durability)',
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('`postgres://…` selects PostgreSQL. Unset: SQLite in `DATA_DIR`'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
    .optional()
    .describe(
      "PostgreSQL schema to use, created if absent, so several Mailgates can share one database. Unset: the server's " + '`search_path` (normally `public`)',
    ),
  RELAY_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe(
      '`smtp://user:pass@host:port` or `smtps://…`: real delivery through that relay, and mail only from verified domains. ' +
        'Unset: the capture transport (nothing leaves the machine)',
    ),
  RETURN_PATH_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/, 'must be a domain name, such as bounces.example.com')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(
      'the domain of return paths (the envelope sender, `bounce+…@` it, where relays send bounces) for mail from a domain without ' +
        'its own: a verified sending domain whose `bounces.<domain>` MX record was found at its last check uses that. Its MX must ' +
        'reach this server. Unset: `INBOUND_MX_HOST`',
    ),
  INBOUND_MX_HOST: z
    .string()
    .refine((v) => isIP(v.replace(/^\[(.*)\]$/, '$1')) !== 0 || /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(v), 'must be a host name or an IP address')
    .transform((v) => v.replace(/^\[(.*)\]$/, '$1').toLowerCase())
    .optional()
    .describe(
      "the host relays send bounces to: the exchange of each sending domain's `bounces.<domain>` MX record, and the domain of " +
        'return paths when `RETURN_PATH_DOMAIN` is unset (an IP address as an address literal, `[127.0.0.1]`). Unset: the host ' +
        'of `BASE_URL`',
    ),
  MAILGATE_ROLES: z
    .string()
    .default('http,smtp,inbound,worker')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      for (const r of list) {
        if (!(roles as readonly string[]).includes(r)) {
          ctx.addIssue({ code: 'custom', message: `unknown role "${r}" (known: ${roles.join(', ')})` });
        }
      }
      if (list.length === 0) ctx.addIssue({ code: 'custom', message: `must name at least one role (${roles.join(', ')})` });
      return [...new Set(list)] as Role[];
    })
    .describe('the parts this process runs, comma-separated: `http`, `smtp` (submission), `inbound` (received mail, bounces and reports), `worker`'),
  MAILGATE_BOOTSTRAP_TOKEN: z
    .string()
    .regex(/^mailgate_[A-Za-z0-9_-]{16,}$/, 'must look like mailgate_ followed by at least 16 characters')
    .optional()
    .describe(
      'on an empty database, create the organization `default` (plan enterprise) with exactly this token (`mailgate_` and at ' + 'least 16 more characters)',
    ),
  DNS_SERVERS: z
    .string()
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const entry of list) {
        if (!isDnsServer(entry)) ctx.addIssue({ code: 'custom', message: `${DNS_SERVERS_RULE} ("${entry}" is not)` });
      }
      return list;
    })
    .optional()
    .describe(
      'comma-separated IP addresses with optional ports (`1.1.1.1`, `1.1.1.1:53`, `::1`, `[::1]:53`: an IPv6 address takes a ' +
        'port only in brackets) for address verification, domain checks, and the hosts of webhooks and OAuth client metadata; a ' +
        "host name or a bad port is refused at start; each lookup is bounded (4 s). Unset: the system's resolver",
    ),
  SYSTEM_FROM: z
    .string()
    .trim()
    .regex(SYSTEM_FROM_SHAPE, 'must be an address, or a name and an address: `Mailgate <mailgate@example.com>`')
    .optional()
    .describe(
      "who Mailgate's own emails (invitations to an organization's team) come from; sent without the check that the organization " +
        "verified its domain, as the operator chose it. Unset: `Mailgate <mailgate@HOST>`, HOST being `BASE_URL`'s host name, or " +
        '`mailgate.localhost` when that is an IP address or a single label',
    ),
  FORMS_CONFIRM_FROM: z.string().trim().min(3).optional().describe('who double opt-in confirmation emails come from, unless the form sends `confirm_from`'),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false).describe('`true` lets outbound webhooks target loopback and private addresses (tests, trusted networks)'),
  WEBHOOKS_PER_ORGANIZATION: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(20)
    .describe('webhooks one organization may have (each event goes to every one subscribed); the next is `409 conflict`, `code: ' + '"WEBHOOK_LIMIT_REACHED"`'),
  WEBHOOK_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(16)
    .describe("webhook deliveries in flight per worker, all organizations together; they never take email delivery's slots"),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(4)
    .describe('webhook deliveries in flight per worker to one endpoint (scheme, host and port); the rest wait their turn'),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(1)
    .max(60)
    .default(10)
    .describe('one webhook attempt, from resolving the host to the end of the answer, however the receiver trickles it'),
  OAUTH_ALLOW_PRIVATE_CLIENTS: bool
    .default(false)
    .describe(
      "`true` lets OAuth clients' metadata documents be fetched over http and from loopback and private addresses (tests, " +
        'trusted networks); otherwise only https to public addresses',
    ),
  OAUTH_REGISTRATIONS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(10)
    .describe('OAuth client registrations (`/oauth/register`) one client address may make in any hour; the next gets `429` with ' + '`Retry-After`'),
  OAUTH_MAX_CLIENTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(10_000)
    .describe('registered OAuth clients kept at most; past it registration gets `503 temporarily_unavailable` until some expire'),
  OAUTH_UNUSED_CLIENT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24)
    .describe('a registered OAuth client that never completed an authorization is deleted this long after registering'),
  OAUTH_IDLE_CLIENT_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe('a registered OAuth client not used (no authorization, code exchange or refresh) for this long is deleted'),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024)
    .describe('largest HTTP request body; a larger one is `413 payload_too_large`'),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024)
    .describe('largest CSV file a subscriber import takes (REST accepts a body big enough for its base64); a larger one is `413 payload_too_large`'),
  IMPORT_MAX_ROWS: z.coerce
    .number()
    .int()
    .positive()
    .default(100_000)
    .describe('most data rows a subscriber import takes; a file with more is refused (`422`)'),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(10)
    .describe(
      "from connect (or the previous request) to the end of a request's headers; then `408 request_timeout` and the " +
        'connection is closed (at most `HTTP_REQUEST_TIMEOUT_SECONDS`)',
    ),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe('from the start of a request to the end of its body; then `408 request_timeout` (a slow upload holds its own ' + 'connection, never the server)'),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(5)
    .describe("a kept-alive connection with no request in it is closed after this; behind a load balancer set it above the balancer's " + 'idle timeout'),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(512)
    .describe(
      'open HTTP connections one peer address may hold; the next is answered `429 rate_limit_exceeded` (`Retry-After: 1`) and ' +
        'closed. Behind a proxy every connection comes from the proxy: raise it there',
    ),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8).describe('attempts before a temporarily failing email is `failed`'),
  DELIVERY_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(32)
    .describe('email deliveries in flight per worker; webhooks, workflows and campaign fan-outs have slots of their own'),
  DELIVERY_RATE_PER_SECOND: rate
    .optional()
    .describe(
      'at most this many hand-offs to the transport per second from this process (a positive number, fractions allowed: `0.5` ' +
        'is one every 2 s), for relays with a published limit; each process keeps its own pace, so N workers send up to N × ' +
        'this. Concurrency is unchanged, and fixture addresses are not counted. Unset: no cap',
    ),
  CPU_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .optional()
    .describe(
      'threads that render content and build MIME messages, shared fairly between organizations; with 2 or more, one is kept ' +
        'for organizations whose content renders quickly; `0` does it on the main thread. Unset: cores − 1, at least 2, at most ' +
        '4',
    ),
  RENDER_TIME_LIMIT_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(600)
    .default(RENDER_TIME_LIMIT_MS / 1000)
    .describe(
      'content that takes longer to render is refused (`422`, or `550 5.6.0` over SMTP) and its thread replaced: some ' +
        'markdown makes the renderer quadratic (120 KB of `_a` took 18 s). With `CPU_THREADS=0` nothing can stop a render, so ' +
        'there is no limit',
    ),
  DELIVERY_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(30)
    .describe(
      'how long a worker holds a job before another may take it; the holder renews it every third of that while the job runs. ' +
        'A worker whose process is gone from this host (a crash, `kill -9`) has its jobs taken back within 10 s by any worker ' +
        'on the host, a restarted one included; a holder on another host keeps them until its lease ends',
    ),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(300)
    .default(8)
    .describe('on `SIGTERM`, how long running deliveries may finish before they are cut off and returned to the queue'),
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/,\s]+$/, 'must be a comma-separated list of proxy addresses or CIDR ranges')
    .optional()
    .describe(
      'comma-separated addresses or CIDR ranges of reverse proxies whose `X-Forwarded-For` is believed, so the per-IP rate ' +
        'counts clients rather than the proxy',
    ),
  RATE_LIMITS: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      '`off` switches off the organization quota and the per-IP rate (not the recipient guard) for private deployments; no ' + 'RateLimit headers then',
    ),
  IP_RATE_LIMIT: z.coerce.number().int().min(1).default(500).describe('requests per second per client address (an IPv6 client counts by its /64)'),
  BOUNCE_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60)
    .describe('how long a mailbox that bounced softly (or unreadably) is refused transactional sends (`0` = no cooldown); a hard bounce suppresses it'),
  RECEIVED_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe('how many days received mail (at receiving domains) and reports that came back to a return path (bounces, complaints, unmatched mail) are kept'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters, without spaces')
    .optional()
    .describe(
      '`GET /metrics` (Prometheus text format: fleet-wide queue counts, nothing per organization) asks for ' +
        '`Authorization: Bearer <METRICS_TOKEN>`. Unset: `/metrics` answers anyone who reaches the HTTP port',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace`, or `silent`'),
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
    /** Bytes of messages being received, all sessions of both listeners together; past it a message gets 452 4.3.1. */
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
  /** The inbound listener, where reports come back to return paths (role `inbound`). */
  readonly inbound: {
    /** 0 = off. */
    readonly port: number;
    /** Advertised as SIZE; a larger message gets 552 5.3.4. */
    readonly maxMessageBytes: number;
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
  /** The domain of return paths for mail from a domain without its own `bounces.<domain>` (RETURN_PATH_DOMAIN); undefined: inboundMxHost's. */
  readonly returnPathDomain: string | undefined;
  /** The host relays send bounces to (INBOUND_MX_HOST, else BASE_URL's host): a lower-case name, or an IP address without brackets. */
  readonly inboundMxHost: string;
  readonly roles: readonly Role[];
  readonly bootstrapToken: string | undefined;
  readonly dnsServers: readonly string[];
  /** Who Mailgate's own emails (invitations) come from (SYSTEM_FROM, else mailgate@ BASE_URL's host). */
  readonly systemFrom: string;
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
  /** Subscriber imports (CSV): the largest file and the most data rows one may hold. */
  readonly imports: { readonly maxBytes: number; readonly maxRows: number };
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
  /** How long received mail, and mail that came back (reports, unmatched messages), is kept. */
  readonly receivedRetentionDays: number;
  /** The Bearer token GET /metrics asks for; undefined: /metrics is open. */
  readonly metricsToken: string | undefined;
  readonly logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse an environment (normally `process.env`, read by the caller) into a Config. */
/** mailgate@ BASE_URL's host, when that is a name an address may have (not an IP address, not one label like localhost). */
function defaultSystemFrom(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  return `Mailgate <mailgate@${isIP(host) === 0 && host.includes('.') ? host : 'mailgate.localhost'}>`;
}

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
  const inbound = envSchema.pick({ INBOUND_SMTP_PORT: true, INBOUND_MAX_BYTES: true, SMTP_MAX_BUFFERED_BYTES: true, MAILGATE_ROLES: true }).safeParse(cleaned);
  const inboundOn = inbound.success && inbound.data.MAILGATE_ROLES.includes('inbound') && inbound.data.INBOUND_SMTP_PORT !== 0;
  if (inboundOn && inbound.data.SMTP_MAX_BUFFERED_BYTES < inbound.data.INBOUND_MAX_BYTES) {
    problems.push(
      `SMTP_MAX_BUFFERED_BYTES: must be at least INBOUND_MAX_BYTES (${inbound.data.INBOUND_MAX_BYTES}) while the inbound listener runs, or no inbound message of the largest size could ever be received`,
    );
  }
  const ports = envSchema.pick({ SMTP_PORT: true, SMTPS_PORT: true }).safeParse(cleaned);
  if (ports.success && ports.data.SMTP_PORT === 0 && ports.data.SMTPS_PORT !== undefined && ports.data.SMTPS_PORT !== 0) {
    problems.push('SMTPS_PORT: SMTP is off (SMTP_PORT=0), so no SMTP port would be opened; set SMTP_PORT too, or leave SMTPS_PORT unset');
  }
  const http = envSchema.pick({ HTTP_HEADERS_TIMEOUT_SECONDS: true, HTTP_REQUEST_TIMEOUT_SECONDS: true }).safeParse(cleaned);
  if (http.success && http.data.HTTP_HEADERS_TIMEOUT_SECONDS > http.data.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_SECONDS: must be at most HTTP_REQUEST_TIMEOUT_SECONDS (${http.data.HTTP_REQUEST_TIMEOUT_SECONDS}): the headers are part of the request`,
    );
  }
  const address = envSchema.pick({ HOST: true, PORT: true, BASE_URL: true }).safeParse(cleaned);
  if (address.success && address.data.BASE_URL === undefined && localHttpAddress(address.data.HOST, address.data.PORT) === undefined) {
    problems.push(`HOST: "${address.data.HOST}" cannot be written in a URL, so BASE_URL has no default; set BASE_URL to the address clients open`);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  // Normalised (percent-encoded), so it can go into links and HTML attributes as it is.
  const baseUrl = e.BASE_URL === undefined ? localHttpAddress(e.HOST, e.PORT)! : new URL(e.BASE_URL).href.replace(/\/+$/, '');
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
    inbound: Object.freeze({ port: e.INBOUND_SMTP_PORT, maxMessageBytes: e.INBOUND_MAX_BYTES }),
    baseUrl,
    dataDir: path.resolve(e.DATA_DIR),
    sqlitePath: path.join(path.resolve(e.DATA_DIR), 'mailgate.db'),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    durability: e.DURABILITY,
    relayUrl: e.RELAY_URL,
    returnPathDomain: e.RETURN_PATH_DOMAIN,
    inboundMxHost: e.INBOUND_MX_HOST ?? new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1'),
    roles: Object.freeze([...e.MAILGATE_ROLES]),
    bootstrapToken: e.MAILGATE_BOOTSTRAP_TOKEN,
    dnsServers: Object.freeze([...(e.DNS_SERVERS ?? [])]),
    formsConfirmFrom: e.FORMS_CONFIRM_FROM,
    systemFrom: e.SYSTEM_FROM ?? defaultSystemFrom(baseUrl),
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
    imports: Object.freeze({ maxBytes: e.IMPORT_MAX_BYTES, maxRows: e.IMPORT_MAX_ROWS }),
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
    trustedProxies: Object.freeze(
      e.TRUST_PROXY
        ? e.TRUST_PROXY.split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
    limits: Object.freeze({
      enabled: e.RATE_LIMITS === 'on',
      perIpPerSecond: e.IP_RATE_LIMIT,
      bounceCooldownSeconds: e.BOUNCE_COOLDOWN_SECONDS,
    }),
    receivedRetentionDays: e.RECEIVED_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
  });
}
