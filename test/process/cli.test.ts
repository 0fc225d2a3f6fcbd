import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../helpers/db.ts';
import { waitFor } from '../helpers/server.ts';
import {
  apiCall,
  createProcessDatabase,
  runCli,
  startMailgateProcess,
  type CliResult,
  type MailgateProcess,
  type ProcessDatabase,
} from '../helpers/process.ts';

// The `mailgate` command run as a real child process (compiled; the package's
// bin, `node bin/mailgate.mjs`, which runs the sources through tsx, in the first
// test), and the proof that what it creates is what a server process on the same
// database accepts.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TOKEN = /^mailgate_[A-Za-z0-9_-]{16,}$/;
const USAGE_LINES = [
  'mailgate org create --name NAME --plan free|premium|enterprise',
  'mailgate org list [--json]',
  'mailgate token create --org ORG_ID [--name NAME] [--permission full|read]',
  'mailgate token list --org ORG_ID [--json]',
  'mailgate token revoke TOKEN_ID',
  'mailgate user create --email EMAIL --role admin|member|viewer [--name NAME] [--org ORG_ID]',
  'mailgate migrate',
  'mailgate tools list [--json] [--url URL] [--token TOKEN]',
  'mailgate tools run NAME [--input JSON|@FILE] [--json] [--url URL] [--token TOKEN]',
  'mailgate campaigns send CAMPAIGN_ID [--at ISO_TIME] [--watch] [--yes] [--json] [--url URL] [--token TOKEN]',
  'mailgate campaigns stats CAMPAIGN_ID [--json] [--url URL] [--token TOKEN]',
  'mailgate subscribers import FILE [--map FIELD=HEADER ...] [--tag TAG ...] [--encoding E] [--no-update] [--json] [--url URL] [--token TOKEN]',
  'mailgate subscribers export [--tag TAG] [--status STATUS] [--query TEXT] [--url URL] [--token TOKEN] > FILE.csv',
];

function json(result: CliResult): unknown {
  expect(result, `exit ${result.code}\n${result.stderr}`).toMatchObject({ code: 0, signal: null });
  return JSON.parse(result.stdout);
}

function expectUsage(result: CliResult): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain('Usage:');
  for (const line of USAGE_LINES) expect(result.stderr).toContain(line);
}

describe('mailgate CLI', () => {
  let database: ProcessDatabase;
  let server: MailgateProcess | undefined;
  // On PostgreSQL, another migrated schema in the same database: the CLI must
  // migrate its own schema regardless (Kysely looks for its tables in every schema).
  let neighbour: TestDatabase | null = null;
  const run = (...args: string[]) => runCli(args, database.env);
  const runBin = (...args: string[]) => runCli(args, database.env, 15_000, { bin: true });
  // Filled in as the tests go: they run in order on one database.
  let org: { id: string; name: string; plan: string; created_at: string } | undefined;
  let orgToken = '';
  let extraToken = '';
  let readToken = '';
  // Usage and --help are answered before the core is loaded (servers/cli/main.ts opens the
  // database in the commands that need it): the same on either engine, so SQLite's pass only.
  const onPostgres = Boolean(testDatabaseUrl);

  beforeAll(async () => {
    if (testDatabaseUrl) neighbour = await createTestDatabase();
    database = await createProcessDatabase();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.cleanup();
    await neighbour?.cleanup();
  });

  it("migrate (through the package's bin) prints the applied migrations as JSON, and none the second time", async () => {
    const all = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(all.length).toBeGreaterThan(0);
    expect(json(await runBin('migrate'))).toEqual({ migrated: all, dialect: database.dialect });
    expect(json(await runBin('migrate'))).toEqual({ migrated: [], dialect: database.dialect });
  });

  it('org create --name Acme --plan premium prints {org, token}', async () => {
    const result = await run('org', 'create', '--name', 'Acme', '--plan', 'premium');
    expect(result.stderr).toBe('');
    const body = json(result) as { org: NonNullable<typeof org>; token: string };
    expect(body).toEqual({
      org: { id: expect.stringMatching(/^org_[0-9a-z]{26}$/), name: 'Acme', plan: 'premium', created_at: expect.stringMatching(ISO) },
      token: expect.stringMatching(TOKEN),
    });
    org = body.org;
    orgToken = body.token;
  });

  it('token create --org <id> prints {token, id, organization_id, permission}; --permission read makes a read-only one', async () => {
    expect(org).toBeDefined();
    const body = json(await run('token', 'create', '--org', org!.id)) as { token: string };
    expect(body).toEqual({
      token: expect.stringMatching(TOKEN),
      id: expect.stringMatching(/^tok_[0-9a-z]{26}$/),
      organization_id: org!.id,
      permission: 'full',
    });
    expect(body.token).not.toBe(orgToken);
    extraToken = body.token;
    const reader = json(await run('token', 'create', '--org', org!.id, '--name', 'dashboard', '--permission', 'read')) as { token: string };
    expect(reader).toEqual({
      token: expect.stringMatching(TOKEN),
      id: expect.stringMatching(/^tok_[0-9a-z]{26}$/),
      organization_id: org!.id,
      permission: 'read',
    });
    readToken = reader.token;
    // Another permission is a usage error naming the choices; nothing is created.
    const bad = await run('token', 'create', '--org', org!.id, '--permission', 'admin');
    expectUsage(bad);
    expect(bad.stderr).toContain("option '--permission <permission>' argument 'admin' is invalid. Allowed choices are full, read.");
  });

  it('refuses a bad plan and an unknown organization with a clear message and a non-zero exit', async () => {
    const [badPlan, unknownOrg] = await Promise.all([
      run('org', 'create', '--name', 'Acme', '--plan', 'gold'),
      run('token', 'create', '--org', 'org_00000000000000000000000000'),
    ]);
    expect(badPlan).toMatchObject({ code: 1, stdout: '' });
    expect(badPlan.stderr.trim()).toBe('validation_error: plan must be one of free, premium, enterprise');
    expect(unknownOrg).toMatchObject({ code: 1, stdout: '' });
    expect(unknownOrg.stderr.trim()).toBe('not_found: Organization org_00000000000000000000000000 not found');
  });

  it.skipIf(onPostgres)('prints usage and exits 2 when arguments are missing', async () => {
    const [none, noPlan, noOrg] = await Promise.all([run(), run('org', 'create', '--name', 'Acme'), run('token', 'create')]);
    expectUsage(none);
    expectUsage(noPlan);
    expect(noPlan.stderr).toContain('org create needs --name and --plan');
    expectUsage(noOrg);
    expect(noOrg.stderr).toContain('token create needs --org');
  });

  it.skipIf(onPostgres)('fails on an unknown command or option', async () => {
    const [unknownCommand, unknownOption] = await Promise.all([run('frobnicate'), run('org', 'create', '--nme', 'Acme', '--plan', 'free')]);
    expectUsage(unknownCommand);
    // An unknown option is a usage error too, naming the option.
    expectUsage(unknownOption);
    expect(unknownOption.stderr).toContain("unknown option '--nme'");
  });

  it('its tokens work against a server process on the same database', { timeout: 60_000 }, async () => {
    expect(orgToken).toMatch(TOKEN);
    expect(extraToken).toMatch(TOKEN);
    server = await startMailgateProcess(database.env);
    // The database was not empty: no bootstrap organization, no generated token.
    expect(server.output()).not.toContain('Created organization');

    const empty = await apiCall(server.url, extraToken, '/api/v2/emails');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ object: 'list', data: [], has_more: false });

    const unknown = await apiCall(server.url, 'mailgate_not_a_real_token_0123456789', '/api/v2/emails');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ name: 'invalid_api_key', message: 'API key is invalid', statusCode: 401 });

    // The premium org's first token sends; delivery is the default capture transport.
    const sent = await apiCall(server.url, orgToken, '/api/v2/emails', {
      body: { from: 'Acme <hello@acme.example>', to: 'customer@example.com', subject: 'Made by the CLI', markdown: 'Hello **there**' },
    });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    expect(id).toMatch(/^eml_[0-9a-z]{26}$/);

    const email = await waitFor(
      async () => {
        const res = await apiCall(server!.url, extraToken, `/api/v2/emails/${id}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { last_event: string; events: { type: string }[]; raw: string | null };
        return body.last_event === 'delivered' ? body : undefined;
      },
      10_000,
      'capture delivery',
    );
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'sent', 'delivered']);
    expect(email.raw).toContain('Subject: Made by the CLI');

    // Both tokens are the same organization: the other one lists the email.
    const listed = await apiCall(server.url, extraToken, '/api/v2/emails');
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as { object: string; data: { id: string; last_event: string }[]; has_more: boolean };
    expect(page.object).toBe('list');
    expect(page.has_more).toBe(false);
    expect(page.data.map((e) => [e.id, e.last_event])).toEqual([[id, 'delivered']]);

    // An organization created by the CLI while the server runs is usable at once and sees only its own.
    const other = json(await run('org', 'create', '--name', 'Other', '--plan', 'free')) as { org: { id: string; plan: string }; token: string };
    expect(other.org.plan).toBe('free');
    const otherList = await apiCall(server.url, other.token, '/api/v2/emails');
    expect(otherList.status).toBe(200);
    expect(await otherList.json()).toEqual({ object: 'list', data: [], has_more: false });
    const otherGet = await apiCall(server.url, other.token, `/api/v2/emails/${id}`);
    expect(otherGet.status).toBe(404);
    expect(await otherGet.json()).toEqual({ name: 'not_found', message: `Email ${id} not found`, statusCode: 404 });
  });

  it('org list and token list show what was created; token revoke ends a token', { timeout: 60_000 }, async () => {
    const orgs = json(await run('org', 'list', '--json')) as { id: string; name: string; plan: string }[];
    expect(orgs.map((o) => [o.name, o.plan])).toEqual(expect.arrayContaining([['Acme', 'premium']]));
    const table = await run('org', 'list');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/id\s+│\s+name\s+│\s+plan/);
    expect(table.stdout).toContain(org!.id);

    type Listed = { id: string; name: string; hint: string; permission: string; last_used_at: string | null; revoked_at: string | null };
    const tokens = json(await run('token', 'list', '--org', org!.id, '--json')) as Listed[];
    expect(tokens).toHaveLength(3);
    for (const t of tokens) expect(t.hint).toMatch(/^mailgate_…[A-Za-z0-9_-]{4}$/);
    expect(JSON.stringify(tokens)).not.toContain(orgToken.slice(10));
    expect(tokens.map((t) => [t.hint.slice(-4), t.permission])).toEqual([
      [orgToken.slice(-4), 'full'],
      [extraToken.slice(-4), 'full'],
      [readToken.slice(-4), 'read'],
    ]);
    // The first two sent requests to the server process in the test before; the read-only one none yet.
    expect(tokens.map((t) => t.last_used_at !== null)).toEqual([true, true, false]);
    expect(tokens[0]!.last_used_at).toMatch(ISO);
    const tokenTable = await run('token', 'list', '--org', org!.id);
    expect(tokenTable.stdout).toMatch(/id\s+│\s+name\s+│\s+token\s+│\s+permission\s+│\s+created\s+│\s+last used\s+│\s+revoked/);

    // The read-only token, made by the CLI: the server process lets it read and refuses it a write.
    expect((await apiCall(server!.url, readToken, '/api/v2/emails')).status).toBe(200);
    const write = await apiCall(server!.url, readToken, '/api/v2/tags', { body: { name: 'nope' } });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ name: 'forbidden', code: 'read_only_token' });

    // A revocation by the CLI (another process, on the same database) holds in the server process from its next request.
    expect((await apiCall(server!.url, extraToken, '/api/v2/emails')).status).toBe(200);
    const revoked = json(await run('token', 'revoke', tokens[1]!.id)) as { id: string; revoked_at: string };
    expect(revoked).toMatchObject({ id: tokens[1]!.id, revoked_at: expect.stringMatching(ISO) });
    const refused = await apiCall(server!.url, extraToken, '/api/v2/emails');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ name: 'invalid_api_key', message: 'API key is invalid', statusCode: 401 });
    const after = json(await run('token', 'list', '--org', org!.id, '--json')) as Listed[];
    expect(after.map((t) => t.revoked_at !== null)).toEqual([false, true, false]);

    const unknown = await run('token', 'revoke', 'tok_00000000000000000000000000');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr.trim()).toBe('not_found: Token tok_00000000000000000000000000 not found');
  });

  it('user create prints an invited user and a one-time link, which the server process accepts', { timeout: 60_000 }, async () => {
    const created = json(await run('user', 'create', '--email', 'ada@example.com', '--role', 'admin', '--org', org!.id)) as {
      user: { id: string; status: string; role: string };
      link: string;
      expires_at: string;
    };
    expect(created).toEqual({
      user: expect.objectContaining({ object: 'user', email: 'ada@example.com', role: 'admin', status: 'invited' }),
      link: expect.stringMatching(/\/app\/accept-invitation#token=[A-Za-z0-9_-]{43}$/),
      expires_at: expect.stringMatching(ISO),
    });
    const accepted = await fetch(`${server!.url}/api/v2/auth/accept-invitation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: created.link.split('#token=')[1], password: 'a good long password' }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ id: created.user.id, status: 'active' });

    const again = await run('user', 'create', '--email', 'ADA@example.com', '--role', 'member', '--org', org!.id);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr.trim()).toBe('conflict: ADA@example.com already has a user in this organization');
  });

  it.skipIf(onPostgres)("--help on every command: exit 0 and the command's usage on stdout", async () => {
    const commands = [
      [],
      ['org'],
      ['org', 'create'],
      ['org', 'list'],
      ['token'],
      ['token', 'create'],
      ['token', 'list'],
      ['token', 'revoke'],
      ['migrate'],
      ['tools'],
      ['tools', 'list'],
      ['tools', 'run'],
      ['campaigns'],
      ['campaigns', 'send'],
      ['campaigns', 'stats'],
      ['user'],
      ['user', 'create'],
    ];
    const results = await Promise.all(commands.map((c) => run(...c, '--help')));
    results.forEach((result, i) => {
      expect(result, commands[i]!.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(new RegExp(`^Usage: mailgate${commands[i]!.length ? ' ' + commands[i]!.join(' ') : ''}`));
    });
  });
});
