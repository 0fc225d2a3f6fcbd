import { Resolver } from 'node:dns/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

function configRefusal(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig: defaults', () => {
  const config = loadConfig({});

  it('uses the documented defaults', () => {
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.smtpPort).toBe(2587);
    // The address the console prints first, so that /docs and OAuth discovery work there.
    expect(config.baseUrl).toBe('http://127.0.0.1:3000');
    expect(config.dataDir).toBe(path.join(process.cwd(), 'data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.roles).toEqual(['http', 'smtp', 'inbound', 'worker']);
    expect(config.inbound).toEqual({ port: 2525, maxMessageBytes: 25 * 1024 * 1024 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.bootstrapToken).toBeUndefined();
    expect(config.dnsServers).toEqual([]);
    expect(config.webhookAllowPrivate).toBe(false);
    expect(config.renderTimeLimitMs).toBe(5000);
    expect(config.delivery).toEqual({ maxAttempts: 8, concurrency: 32, leaseSeconds: 30, ratePerSecond: undefined });
  });

  it('takes RENDER_TIME_LIMIT_SECONDS in seconds, fractions too, and refuses nonsense by name', () => {
    expect(loadConfig({ RENDER_TIME_LIMIT_SECONDS: '0.5' }).renderTimeLimitMs).toBe(500);
    expect(configRefusal({ RENDER_TIME_LIMIT_SECONDS: '0' }).problems.map((p) => p.split(':')[0])).toEqual(['RENDER_TIME_LIMIT_SECONDS']);
    expect(configRefusal({ RENDER_TIME_LIMIT_SECONDS: 'soon' }).problems.map((p) => p.split(':')[0])).toEqual(['RENDER_TIME_LIMIT_SECONDS']);
  });

  it('leaves relayUrl unset (capture transport) when RELAY_URL is not given', () => {
    expect(config.relayUrl).toBeUndefined();
  });

  it('is frozen, roles included', () => {
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.roles)).toBe(true);
    expect(Object.isFrozen(config.delivery)).toBe(true);
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).toEqual(config);
  });
});

describe('loadConfig: overrides', () => {
  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SMTP_PORT: '0',
      BASE_URL: 'https://mail.example.com/',
      DATA_DIR: '/var/lib/mailgate',
      DATABASE_URL: 'postgres://u:p@db:5432/mailgate',
      RELAY_URL: 'smtps://user:pass@relay.example.com:465',
      MAILGATE_ROLES: 'worker, http',
      MAILGATE_BOOTSTRAP_TOKEN: 'mailgate_abcdefghijklmnop',
      DNS_SERVERS: '1.1.1.1, 8.8.8.8:53',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      smtpPort: 0,
      baseUrl: 'https://mail.example.com',
      dataDir: '/var/lib/mailgate',
      databaseUrl: 'postgres://u:p@db:5432/mailgate',
      relayUrl: 'smtps://user:pass@relay.example.com:465',
      roles: ['worker', 'http'],
      bootstrapToken: 'mailgate_abcdefghijklmnop',
      dnsServers: ['1.1.1.1', '8.8.8.8:53'],
      webhookAllowPrivate: true,
    });
  });

  it('derives BASE_URL from PORT when BASE_URL is unset', () => {
    expect(loadConfig({ PORT: '8080' }).baseUrl).toBe('http://127.0.0.1:8080');
  });

  it('keeps an explicit BASE_URL whatever PORT is', () => {
    expect(loadConfig({ PORT: '8080', BASE_URL: 'http://mail.example.com' }).baseUrl).toBe('http://mail.example.com');
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'var/mg' }).dataDir).toBe(path.join(process.cwd(), 'var', 'mg'));
  });

  it('accepts smtp:// as RELAY_URL and postgresql:// as DATABASE_URL', () => {
    const config = loadConfig({ RELAY_URL: 'smtp://relay.example.com:587', DATABASE_URL: 'postgresql://db/mg' });
    expect(config.relayUrl).toBe('smtp://relay.example.com:587');
    expect(config.databaseUrl).toBe('postgresql://db/mg');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads WEBHOOK_ALLOW_PRIVATE=%s as %s', (value, expected) => {
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: value }).webhookAllowPrivate).toBe(expected);
  });
});

describe('loadConfig: empty strings are unset', () => {
  it('falls back to every default when each variable is empty', () => {
    const empty = {
      PORT: '',
      HOST: '',
      SMTP_PORT: '',
      BASE_URL: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      RELAY_URL: '',
      MAILGATE_ROLES: '',
      MAILGATE_BOOTSTRAP_TOKEN: '',
      DNS_SERVERS: '',
      WEBHOOK_ALLOW_PRIVATE: '',
      DELIVERY_RATE_PER_SECOND: '',
    };
    expect(loadConfig(empty)).toEqual(loadConfig({}));
  });

  it('treats undefined values as unset', () => {
    expect(loadConfig({ PORT: undefined, RELAY_URL: undefined })).toEqual(loadConfig({}));
  });
});

describe('loadConfig: problems', () => {
  it('reports several bad values at once in one ConfigError', () => {
    const error = configRefusal({ PORT: 'abc', RELAY_URL: 'http://x', MAILGATE_ROLES: 'http,bogus' });
    expect(error.name).toBe('ConfigError');
    expect(error.problems).toEqual([
      'PORT: must be a port number from 0 to 65535',
      'RELAY_URL: must be an smtp:// or smtps:// URL',
      'MAILGATE_ROLES: unknown role "bogus" (known: http, smtp, inbound, worker)',
    ]);
    expect(error.message).toBe(
      'Invalid configuration:\n' +
        '  - PORT: must be a port number from 0 to 65535\n' +
        '  - RELAY_URL: must be an smtp:// or smtps:// URL\n' +
        '  - MAILGATE_ROLES: unknown role "bogus" (known: http, smtp, inbound, worker)',
    );
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['SMTP_PORT', '65536'],
    ['BASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://db/mg'],
    ['RELAY_URL', 'relay.example.com:587'],
    ['MAILGATE_BOOTSTRAP_TOKEN', 'mailgate_short'],
    ['MAILGATE_BOOTSTRAP_TOKEN', 'other_abcdefghijklmnop'],
    ['WEBHOOK_ALLOW_PRIVATE', 'maybe'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    const error = configRefusal({ [name]: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]!.startsWith(`${name}: `)).toBe(true);
  });

  it('reports one problem per unknown role', () => {
    expect(configRefusal({ MAILGATE_ROLES: 'web,http,cron' }).problems).toEqual([
      'MAILGATE_ROLES: unknown role "web" (known: http, smtp, inbound, worker)',
      'MAILGATE_ROLES: unknown role "cron" (known: http, smtp, inbound, worker)',
    ]);
  });
});

describe('loadConfig: strict values', () => {
  const problemsOf = (env: Record<string, string>): string[] => configRefusal(env).problems;

  it.each([' ', '0x50', '1e3', '-1', '65536'])('refuses PORT=%j instead of reading it loosely', (value) => {
    expect(problemsOf({ PORT: value })).toEqual(['PORT: must be a port number from 0 to 65535']);
  });

  it('refuses an empty role list and keeps each role once', () => {
    expect(problemsOf({ MAILGATE_ROLES: ',' })).toEqual(['MAILGATE_ROLES: must name at least one role (http, smtp, inbound, worker)']);
    expect(loadConfig({ MAILGATE_ROLES: 'http,http,worker' }).roles).toEqual(['http', 'worker']);
  });

  it('accepts only http and https public addresses', () => {
    expect(problemsOf({ BASE_URL: 'ftp://mail.example.com' })).toEqual(['BASE_URL: must be an http:// or https:// URL']);
    expect(loadConfig({ BASE_URL: 'https://mail.example.com/' }).baseUrl).toBe('https://mail.example.com');
  });

  it('refuses a public address with a query, a fragment or credentials: links are built by appending paths to it', () => {
    const rule = 'BASE_URL: must be a plain address (scheme, host, optional port and path): no query, fragment or credentials';
    for (const value of ['https://mail.example.com/?x=1', 'https://mail.example.com/#top', 'https://u:p@mail.example.com']) {
      expect([value, problemsOf({ BASE_URL: value })]).toEqual([value, [rule]]);
    }
  });

  it('keeps the public address normalised, so it goes into links and HTML attributes as it is', () => {
    expect(loadConfig({ BASE_URL: 'https://Mail.Example.com:443/mail gate/"x"/' }).baseUrl).toBe('https://mail.example.com/mail%20gate/%22x%22');
  });

  it('defaults the public address to the one the console prints: http://HOST:PORT, IPv6 in brackets', () => {
    expect(loadConfig({}).baseUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '192.168.1.10', PORT: '8080' }).baseUrl).toBe('http://192.168.1.10:8080');
    expect(loadConfig({ HOST: 'Mail.Internal', PORT: '8080' }).baseUrl).toBe('http://mail.internal:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).baseUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: '0:0:0:0:0:0:0:1' }).baseUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '80' }).baseUrl).toBe('http://127.0.0.1');
  });

  it('names a wildcard HOST (every interface, as in the Docker image) localhost, which reaches it', () => {
    for (const host of ['0.0.0.0', '::', '::0', '0:0:0:0:0:0:0:0']) {
      expect([host, loadConfig({ HOST: host, PORT: '8080' }).baseUrl]).toEqual([host, 'http://localhost:8080']);
    }
  });

  it('asks for BASE_URL when HOST cannot be written in a URL', () => {
    for (const host of ['fe80::1%eth0', 'two words', 'host/path', 'user@host']) {
      expect([host, problemsOf({ HOST: host })]).toEqual([
        host,
        [`HOST: "${host}" cannot be written in a URL, so BASE_URL has no default; set BASE_URL to the address clients open`],
      ]);
      expect(loadConfig({ HOST: host, BASE_URL: 'https://mail.example.com' }).baseUrl).toBe('https://mail.example.com');
    }
  });
});

describe('loadConfig: DNS_SERVERS', () => {
  const rule = 'DNS_SERVERS: must be a comma-separated list of IP addresses with optional ports, such as 1.2.3.4, 1.2.3.4:53, ::1 or [::1]:53';

  it('reads IPv4 and IPv6 addresses, with or without a port, and node:dns takes each as it is', () => {
    const servers = loadConfig({ DNS_SERVERS: '1.1.1.1, 8.8.8.8:53,::1,[2606:4700:4700::1111]:53 , [::1]' }).dnsServers;
    expect(servers).toEqual(['1.1.1.1', '8.8.8.8:53', '::1', '[2606:4700:4700::1111]:53', '[::1]']);
    // The config's rule and the resolver's agree: what passes here cannot make createCore throw.
    for (const server of servers) expect(() => new Resolver().setServers([server]), server).not.toThrow();
  });

  it.each([
    'dns.example.com',
    '1.2.3.4:notaport',
    '1.2.3.4:0',
    '1.2.3.4:70000',
    '[::1]:0',
    '1.2.3',
    '01.2.3.4',
    '[1.2.3.4]:53',
    '[dns.example.com]:53',
    '1.2.3.4:',
    'udp://1.2.3.4',
  ])('refuses %j by name, saying what it wants', (value) => {
    expect(configRefusal({ DNS_SERVERS: value }).problems).toEqual([`${rule} ("${value}" is not)`]);
  });

  it('names each bad entry of a list, and reports them with the other problems', () => {
    expect(configRefusal({ PORT: 'x', DNS_SERVERS: '1.1.1.1, resolver.local, 8.8.8.8:dns' }).problems).toEqual([
      'PORT: must be a port number from 0 to 65535',
      `${rule} ("resolver.local" is not)`,
      `${rule} ("8.8.8.8:dns" is not)`,
    ]);
  });
});

describe('loadConfig: return paths (RETURN_PATH_DOMAIN, INBOUND_MX_HOST)', () => {
  it("defaults INBOUND_MX_HOST to BASE_URL's host, and leaves RETURN_PATH_DOMAIN unset", () => {
    expect(loadConfig({})).toMatchObject({ inboundMxHost: '127.0.0.1', returnPathDomain: undefined });
    expect(loadConfig({ BASE_URL: 'https://Mail.Example.COM/mailgate' }).inboundMxHost).toBe('mail.example.com');
    expect(loadConfig({ BASE_URL: 'http://[::1]:3000' }).inboundMxHost).toBe('::1');
    expect(loadConfig({ HOST: '0.0.0.0' }).inboundMxHost).toBe('localhost');
  });

  it('reads both, in lower case; an IP address in brackets or not', () => {
    expect(loadConfig({ RETURN_PATH_DOMAIN: 'Bounces.Example.com', INBOUND_MX_HOST: 'MX.example.com' })).toMatchObject({
      returnPathDomain: 'bounces.example.com',
      inboundMxHost: 'mx.example.com',
    });
    expect(loadConfig({ INBOUND_MX_HOST: '[2001:db8::1]' }).inboundMxHost).toBe('2001:db8::1');
    expect(loadConfig({ INBOUND_MX_HOST: '192.0.2.1' }).inboundMxHost).toBe('192.0.2.1');
  });

  it('refuses what is not a domain or a host by name', () => {
    expect(configRefusal({ RETURN_PATH_DOMAIN: 'bounce@example.com', INBOUND_MX_HOST: 'mx.example.com:25' }).problems).toEqual([
      'RETURN_PATH_DOMAIN: must be a domain name, such as bounces.example.com',
      'INBOUND_MX_HOST: must be a host name or an IP address',
    ]);
    expect(configRefusal({ RETURN_PATH_DOMAIN: '[127.0.0.1]', INBOUND_MX_HOST: '-mx.example.com' }).problems.map((p) => p.split(':')[0])).toEqual([
      'RETURN_PATH_DOMAIN',
      'INBOUND_MX_HOST',
    ]);
  });
});

describe('loadConfig: DELIVERY_RATE_PER_SECOND', () => {
  it.each([
    ['20', 20],
    ['0.5', 0.5],
    ['.25', 0.25],
    ['1000', 1000],
  ])('reads %s as %s hand-offs per second', (value, expected) => {
    expect(loadConfig({ DELIVERY_RATE_PER_SECOND: value }).delivery.ratePerSecond).toBe(expected);
  });

  it.each(['0', '0.0', '-5', 'fast', '1e3', '0x10', ' ', 'Infinity', '20/s'])('refuses %j by name, with what it wants', (value) => {
    expect(configRefusal({ DELIVERY_RATE_PER_SECOND: value }).problems).toEqual([
      'DELIVERY_RATE_PER_SECOND: must be a positive number of hand-offs per second, such as 20 or 0.5 (unset: no cap)',
    ]);
  });
});

describe('loadConfig: SMTP submission', () => {
  it('defaults: STARTTLS only, certificate in DATA_DIR/tls, 10 MB, 100 recipients, 256 MB held at once, no AUTH before TLS', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/mailgate' });
    expect(config.smtp).toMatchObject({
      securePort: 0,
      tlsKeyPath: '/var/lib/mailgate/tls/smtp-key.pem',
      tlsCertPath: '/var/lib/mailgate/tls/smtp-cert.pem',
      allowInsecureAuth: false,
      maxMessageBytes: 10 * 1024 * 1024,
      maxRecipients: 100,
      maxBufferedBytes: 256 * 1024 * 1024,
    });
    expect(config.smtp.hostname).toBe(os.hostname());
  });

  it('reads every SMTP_ variable', () => {
    const config = loadConfig({
      SMTPS_PORT: '465',
      SMTP_HOSTNAME: 'mail.example.com',
      SMTP_TLS_KEY: '/etc/ssl/mail.key',
      SMTP_TLS_CERT: '/etc/ssl/mail.crt',
      SMTP_ALLOW_INSECURE_AUTH: 'true',
      SMTP_MAX_MESSAGE_BYTES: '2048',
      SMTP_MAX_RECIPIENTS: '5',
      SMTP_MAX_BUFFERED_BYTES: '4096',
      SMTP_MAX_CONNECTIONS: '300',
      SMTP_MAX_CONNECTIONS_PER_ADDRESS: '7',
      SMTP_AUTH_TIMEOUT_SECONDS: '11',
      SMTP_IDLE_TIMEOUT_SECONDS: '12',
      SMTP_DATA_TIMEOUT_SECONDS: '13',
      SMTP_MAX_AUTH_FAILURES: '2',
      SMTP_MAX_AUTH_FAILURES_PER_ADDRESS: '9',
      INBOUND_MAX_BYTES: '4096',
    });
    expect(config.smtp).toEqual({
      securePort: 465,
      hostname: 'mail.example.com',
      tlsKeyPath: '/etc/ssl/mail.key',
      tlsCertPath: '/etc/ssl/mail.crt',
      allowInsecureAuth: true,
      maxMessageBytes: 2048,
      maxRecipients: 5,
      maxBufferedBytes: 4096,
      maxConnections: 300,
      maxConnectionsPerAddress: 7,
      authTimeoutMs: 11_000,
      idleTimeoutMs: 12_000,
      dataTimeoutMs: 13_000,
      maxAuthFailures: 2,
      maxAuthFailuresPerAddress: 9,
    });
  });

  it('reads the HTTP bounds, with their documented defaults, and refuses headers that may take longer than the request', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, idleTimeoutMs: 5_000, maxConnectionsPerAddress: 512 });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_SECONDS: '3',
        HTTP_REQUEST_TIMEOUT_SECONDS: '4',
        HTTP_IDLE_TIMEOUT_SECONDS: '65',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '9',
      }).http,
    ).toEqual({ headersTimeoutMs: 3_000, requestTimeoutMs: 4_000, idleTimeoutMs: 65_000, maxConnectionsPerAddress: 9 });
    expect(configRefusal({ HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '20' }).problems).toEqual([
      'HTTP_HEADERS_TIMEOUT_SECONDS: must be at most HTTP_REQUEST_TIMEOUT_SECONDS (20): the headers are part of the request',
    ]);
    const problems = configRefusal({
      HTTP_HEADERS_TIMEOUT_SECONDS: '0',
      HTTP_REQUEST_TIMEOUT_SECONDS: 'x',
      HTTP_IDLE_TIMEOUT_SECONDS: '-2',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    }).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'HTTP_HEADERS_TIMEOUT_SECONDS',
      'HTTP_IDLE_TIMEOUT_SECONDS',
      'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
      'HTTP_REQUEST_TIMEOUT_SECONDS',
    ]);
  });

  it('gives the SMTP slot limits and deadlines their documented defaults, and refuses bad ones by name', () => {
    expect(loadConfig({}).smtp).toMatchObject({
      maxConnections: 256,
      maxConnectionsPerAddress: 20,
      authTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      dataTimeoutMs: 300_000,
      maxAuthFailures: 3,
      maxAuthFailuresPerAddress: 30,
    });
    const problems = configRefusal({
      SMTP_MAX_CONNECTIONS: '0',
      SMTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      SMTP_AUTH_TIMEOUT_SECONDS: 'soon',
      SMTP_IDLE_TIMEOUT_SECONDS: '-1',
      SMTP_DATA_TIMEOUT_SECONDS: '1.5',
      SMTP_MAX_AUTH_FAILURES: '0',
      SMTP_MAX_AUTH_FAILURES_PER_ADDRESS: 'x',
    }).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'SMTP_AUTH_TIMEOUT_SECONDS',
      'SMTP_DATA_TIMEOUT_SECONDS',
      'SMTP_IDLE_TIMEOUT_SECONDS',
      'SMTP_MAX_AUTH_FAILURES',
      'SMTP_MAX_AUTH_FAILURES_PER_ADDRESS',
      'SMTP_MAX_CONNECTIONS',
      'SMTP_MAX_CONNECTIONS_PER_ADDRESS',
    ]);
  });

  it('refuses bad SMTP values, each by name', () => {
    const problems = configRefusal({
      SMTPS_PORT: 'x',
      SMTP_HOSTNAME: 'bad host',
      SMTP_MAX_MESSAGE_BYTES: '10',
      SMTP_MAX_RECIPIENTS: '0',
      SMTP_ALLOW_INSECURE_AUTH: 'maybe',
    }).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'SMTPS_PORT',
      'SMTP_ALLOW_INSECURE_AUTH',
      'SMTP_HOSTNAME',
      'SMTP_MAX_MESSAGE_BYTES',
      'SMTP_MAX_RECIPIENTS',
    ]);
  });

  it('refuses a buffer budget smaller than one message of the largest size', () => {
    expect(configRefusal({ SMTP_MAX_MESSAGE_BYTES: '8192', SMTP_MAX_BUFFERED_BYTES: '4096', INBOUND_SMTP_PORT: '0' }).problems).toEqual([
      'SMTP_MAX_BUFFERED_BYTES: must be at least SMTP_MAX_MESSAGE_BYTES (8192), or no message of the largest size could ever be received',
    ]);
    expect(configRefusal({ SMTP_MAX_BUFFERED_BYTES: '1' }).problems.map((p) => p.split(':')[0])).toEqual(['SMTP_MAX_BUFFERED_BYTES']);
  });

  it('refuses SMTPS_PORT while SMTP is off, rather than opening no port without a word', () => {
    expect(configRefusal({ SMTP_PORT: '0', SMTPS_PORT: '465' }).problems).toEqual([
      'SMTPS_PORT: SMTP is off (SMTP_PORT=0), so no SMTP port would be opened; set SMTP_PORT too, or leave SMTPS_PORT unset',
    ]);
    expect(loadConfig({ SMTP_PORT: '0' }).smtp.securePort).toBe(0);
  });

  it('reports the budget rule together with the other problems, not only when the rest is valid', () => {
    const problems = configRefusal({ PORT: 'x', SMTP_MAX_MESSAGE_BYTES: '8192', SMTP_MAX_BUFFERED_BYTES: '4096', INBOUND_SMTP_PORT: '0' }).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'SMTP_MAX_BUFFERED_BYTES']);
  });

  it('reads the inbound listener: INBOUND_SMTP_PORT (0 = off) and INBOUND_MAX_BYTES, and refuses nonsense by name', () => {
    expect(loadConfig({ INBOUND_SMTP_PORT: '25', INBOUND_MAX_BYTES: '1048576' }).inbound).toEqual({ port: 25, maxMessageBytes: 1048576 });
    expect(loadConfig({ INBOUND_SMTP_PORT: '0' }).inbound.port).toBe(0);
    expect(configRefusal({ INBOUND_SMTP_PORT: '70000', INBOUND_MAX_BYTES: '10' }).problems.map((p) => p.split(':')[0])).toEqual([
      'INBOUND_SMTP_PORT',
      'INBOUND_MAX_BYTES',
    ]);
  });

  it('refuses a buffer budget smaller than the largest inbound message, while the inbound listener runs', () => {
    expect(configRefusal({ INBOUND_MAX_BYTES: '8192', SMTP_MAX_BUFFERED_BYTES: '4096', SMTP_MAX_MESSAGE_BYTES: '2048' }).problems).toEqual([
      'SMTP_MAX_BUFFERED_BYTES: must be at least INBOUND_MAX_BYTES (8192) while the inbound listener runs, or no inbound message of the largest size could ever be received',
    ]);
    const off = { INBOUND_MAX_BYTES: '8192', SMTP_MAX_BUFFERED_BYTES: '4096', SMTP_MAX_MESSAGE_BYTES: '2048' };
    expect(loadConfig({ ...off, INBOUND_SMTP_PORT: '0' }).smtp.maxBufferedBytes).toBe(4096);
    expect(loadConfig({ ...off, MAILGATE_ROLES: 'http,smtp,worker' }).smtp.maxBufferedBytes).toBe(4096);
  });
});

describe('loadConfig: OAuth client registration', () => {
  it('bounds what strangers may register by default: 10 an hour per address, 10 000 in all, unused ones kept 24 h, idle ones 90 days', () => {
    expect(loadConfig({}).oauthClients).toEqual({
      registrationsPerAddressPerHour: 10,
      maxRegistered: 10_000,
      unusedTtlMs: 24 * 60 * 60 * 1000,
      idleTtlMs: 90 * 24 * 60 * 60 * 1000,
    });
    expect(Object.isFrozen(loadConfig({}).oauthClients)).toBe(true);
  });

  it('reads every OAUTH_ client variable, and refuses bad ones by name', () => {
    const env = { OAUTH_REGISTRATIONS_PER_HOUR: '3', OAUTH_MAX_CLIENTS: '50', OAUTH_UNUSED_CLIENT_HOURS: '2', OAUTH_IDLE_CLIENT_DAYS: '7' };
    expect(loadConfig(env).oauthClients).toEqual({
      registrationsPerAddressPerHour: 3,
      maxRegistered: 50,
      unusedTtlMs: 2 * 60 * 60 * 1000,
      idleTtlMs: 7 * 24 * 60 * 60 * 1000,
    });
    const bad = { OAUTH_REGISTRATIONS_PER_HOUR: '0', OAUTH_MAX_CLIENTS: 'many', OAUTH_UNUSED_CLIENT_HOURS: '1.5', OAUTH_IDLE_CLIENT_DAYS: '-1' };
    expect(
      configRefusal(bad)
        .problems.map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(Object.keys(bad).sort());
  });
});
