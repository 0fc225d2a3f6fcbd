// compose.yaml (docs/deployment.md) starts Mailgate on PostgreSQL with its roles split.
// Docker is not needed to check what matters most: that every variable it sets, and
// every one it shows commented out, is one Mailgate reads, with a value the config
// accepts on top of the image's own (the Dockerfile's ENV), and that the roles it gives
// each service parse and together run every part of Mailgate; and that
// docs/deployment.md shows the file as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig, type Role } from '../../src/config.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const composeText = read('compose.yaml');

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, unknown>;
  depends_on?: Record<string, { condition?: string }>;
  deploy?: { replicas?: number };
  healthcheck?: unknown;
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };

/** `${NAME:-default}` as Compose reads it with no .env file: the default. A variable without one would be empty. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
    if (fallback === undefined) throw new Error(`${whole}: ${name} has no default, so compose.yaml would need a .env file`);
    return fallback;
  });
}

/** The ENV of the Dockerfile's last stage: what every container has before compose.yaml adds to it. */
function imageEnvironment(): Record<string, string> {
  const lines = read('Dockerfile')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/);
  const lastStage = lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  const env: Record<string, string> = {};
  for (const line of lines.slice(lastStage)) {
    const match = /^ENV\s+(.*)$/i.exec(line);
    if (!match) continue;
    for (const pair of match[1]!.trim().split(/\s+/)) {
      const [name, ...value] = pair.split('=');
      env[name!] = value.join('=');
    }
  }
  return env;
}

/** The services built from the repository's Dockerfile: Mailgate's. */
const mailgateServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

function environmentOf(service: Service): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]));
}

/** `# NAME: value` lines: variables shown commented out, for the operator to set. */
const commentedOut = [...composeText.matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):[ \t]*(\S.*)$/gm)].map((m) => ({
  name: m[1]!,
  value: interpolate(String(parse(`v: ${m[2]!}`).v)),
}));

describe('compose.yaml', () => {
  it('runs the api, worker and inbound services from the Dockerfile, each with an environment', () => {
    expect(mailgateServices.map(([name]) => name).sort()).toEqual(['api', 'inbound', 'worker']);
    expect(imageEnvironment()).toMatchObject({ HOST: '0.0.0.0', PORT: '3000', SMTP_PORT: '2587', INBOUND_SMTP_PORT: '2525', DATA_DIR: '/data' });
  });

  it('sets only variables of the config schema (src/config.ts), commented-out ones included', () => {
    const known = new Set(Object.keys(envSchema.shape));
    for (const [name, service] of mailgateServices) {
      for (const variable of Object.keys(service.environment ?? {})) expect(known.has(variable), `${name}: ${variable}`).toBe(true);
    }
    expect(commentedOut.map((c) => c.name)).toEqual(expect.arrayContaining(['RELAY_URL', 'MAILGATE_BOOTSTRAP_TOKEN']));
    for (const { name } of commentedOut) expect(known.has(name), `commented out: ${name}`).toBe(true);
  });

  it("gives every service a configuration Mailgate accepts on top of the image's, with each commented-out variable set too", () => {
    const extra = Object.fromEntries(commentedOut.map((c) => [c.name, c.value]));
    for (const [, service] of mailgateServices) {
      const env = { ...imageEnvironment(), ...environmentOf(service) };
      expect(() => loadConfig(env)).not.toThrow();
      expect(() => loadConfig({ ...env, ...extra })).not.toThrow();
    }
  });

  it('splits the roles: http and smtp on the api, delivery on the workers, received mail on inbound; every role runs somewhere', () => {
    const roles = (service: string): readonly Role[] => loadConfig({ ...imageEnvironment(), ...environmentOf(compose.services[service]!) }).roles;
    expect(roles('api')).toEqual(['http', 'smtp']);
    expect(roles('worker')).toEqual(['worker']);
    expect(roles('inbound')).toEqual(['inbound']);
    expect(new Set(mailgateServices.flatMap(([name]) => roles(name)))).toEqual(new Set(['http', 'smtp', 'inbound', 'worker']));
    expect(compose.services.api!.deploy?.replicas).toBe(2);
    expect(compose.services.worker!.deploy?.replicas).toBe(2);
  });

  it('puts every service on the one PostgreSQL database, started once it answers, with the same public address', () => {
    const postgres = compose.services.postgres!;
    expect(postgres.image).toMatch(/^postgres:16/);
    expect(postgres.healthcheck).toBeDefined();
    const urls = new Set<string>();
    const baseUrls = new Set<string>();
    for (const [name, service] of mailgateServices) {
      const config = loadConfig({ ...imageEnvironment(), ...environmentOf(service) });
      expect(config.databaseUrl, name).toBeDefined();
      expect(new URL(config.databaseUrl!).hostname, name).toBe('postgres');
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
      urls.add(config.databaseUrl!);
      baseUrls.add(config.baseUrl);
    }
    expect(urls.size).toBe(1);
    expect(baseUrls.size).toBe(1);
  });

  it('is shown as it is in docs/deployment.md', () => {
    const doc = read('docs/deployment.md');
    const section = doc.slice(doc.indexOf('### With Docker Compose'));
    const shown = /```yaml\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(shown).toBe(composeText.trimEnd());
  });
});
