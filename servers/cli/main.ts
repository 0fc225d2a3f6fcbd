// The `mailgate` command (commander): administration over the core on this
// machine's database (org, token, migrate), and the tools and campaigns of a
// running server through its REST API (tools list|run, campaigns send|stats,
// the latter in campaigns.ts). Exit codes tell apart what went
// wrong: 1 the server or the core refused, 2 a usage error (nothing was done),
// 69 the server could not be reached, 78 the configuration is invalid.
import { readFile } from 'node:fs/promises';
import { Command, CommanderError, Option } from 'commander';
import type { Core } from '../../src/index.ts';
import { addCampaignCommands } from './campaigns.ts';
import { addSubscriberCommands } from './subscribers.ts';
import { Refusal, UsageError } from './cli-errors.ts';
import { printJson as print, printTable, printValue } from './output.ts';
import { ApiError, remoteOf, remoteOptions, UnreachableError } from './remote.ts';

export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 69, config: 78 } as const;

const USAGE = `Usage:
  mailgate org create --name NAME --plan free|premium|enterprise [--rate-limit REQUESTS_PER_MINUTE]
  mailgate org list [--json]
  mailgate token create --org ORG_ID [--name NAME] [--permission full|read]
  mailgate token list --org ORG_ID [--json]
  mailgate token revoke TOKEN_ID
  mailgate user create --email EMAIL --role admin|member|viewer [--name NAME] [--org ORG_ID]
  mailgate migrate
  mailgate tools list [--json] [--url URL] [--token TOKEN]
  mailgate tools run NAME [--input JSON|@FILE] [--json] [--url URL] [--token TOKEN]
  mailgate campaigns send CAMPAIGN_ID [--at ISO_TIME] [--watch] [--yes] [--json] [--url URL] [--token TOKEN]
  mailgate campaigns stats CAMPAIGN_ID [--json] [--url URL] [--token TOKEN]
  mailgate subscribers import FILE [--map FIELD=HEADER ...] [--tag TAG ...] [--encoding E] [--no-update] [--json] [--url URL] [--token TOKEN]
  mailgate subscribers export [--tag TAG] [--status STATUS] [--query TEXT] [--url URL] [--token TOKEN] > FILE.csv
  mailgate COMMAND --help`;

interface ToolDescription {
  name: string;
  title: string;
  description: string;
  input_schema: { properties?: Record<string, { type?: unknown; description?: string; anyOf?: unknown[] }>; required?: string[] };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

type CoreModule = typeof import('../../src/index.ts');
let coreModule: CoreModule | undefined;

/**
 * The core, loaded only by the commands on this machine's database: loading it
 * takes over a second, which --help and the remote commands do without.
 */
async function loadCore(): Promise<CoreModule> {
  return (coreModule ??= await import('../../src/index.ts'));
}

/** Run `work` on the core over this machine's database (its config read from `env`), closing both after. */
async function withCore<T>(env: Record<string, string | undefined>, work: (core: Core) => Promise<T>): Promise<T> {
  const { createCore, loadConfig, openConfiguredDatabase } = await loadCore();
  const config = loadConfig(env);
  const db = await openConfiguredDatabase(config);
  const core = createCore({ ...config, cpuThreads: 0 }, { db });
  try {
    return await work(core);
  } finally {
    await core.close();
    await db.close();
  }
}

/** `--input '{"a":1}'` or `--input @file.json`: a JSON object. */
async function readInput(raw: string | undefined): Promise<Record<string, unknown>> {
  if (raw === undefined) return {};
  let text = raw;
  if (raw.startsWith('@')) {
    try {
      text = await readFile(raw.slice(1), 'utf8');
    } catch (error) {
      throw new UsageError(`--input ${raw}: ${(error as Error).message}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--input is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--input must be a JSON object');
  return value as Record<string, unknown>;
}

function hints(tool: ToolDescription): string {
  const a = tool.annotations;
  return [a.readOnlyHint ? 'read-only' : 'writes', a.destructiveHint && 'destructive', a.idempotentHint && 'idempotent', a.openWorldHint && 'sends mail']
    .filter(Boolean)
    .join(', ');
}

/** `mailgate tools run NAME --help`: what the tool does and every field of its input. */
function printToolHelp(tool: ToolDescription): void {
  const required = new Set(tool.input_schema.required ?? []);
  const lines = [`Usage: mailgate tools run ${tool.name} --input JSON`, '', `${tool.title} (${hints(tool)})`, '', tool.description, '', 'Input fields:'];
  for (const [name, field] of Object.entries(tool.input_schema.properties ?? {})) {
    const type = field.type ? String(field.type) : field.anyOf ? 'one of several forms' : 'any JSON';
    lines.push(`  ${name}${required.has(name) ? ' (required)' : ''}: ${type}${field.description ? ` — ${field.description}` : ''}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}

function buildProgram(env: Record<string, string | undefined>): Command {
  const program = new Command('mailgate')
    .description('Mailgate: administer organizations and tokens on this machine, and run tools and send campaigns on a Mailgate server.')
    .exitOverride()
    .configureOutput({ writeErr: () => {} })
    .action(() => {
      throw new UsageError('no command given');
    });

  const org = program
    .command('org')
    .description("organizations (on this machine's database)")
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
  org
    .command('create')
    .description('create an organization and its first API token; prints {org, token}')
    .option('--name <name>', 'its name')
    .option('--plan <plan>', 'free, premium or enterprise')
    .option('--rate-limit <n>', 'a custom quota: requests per minute')
    .action(async (options: { name?: string; plan?: string; rateLimit?: string }) => {
      if (!options.name || !options.plan) throw new UsageError('org create needs --name and --plan');
      const rateLimit = options.rateLimit;
      if (rateLimit !== undefined && !/^[1-9]\d{0,9}$/.test(rateLimit))
        throw new UsageError('--rate-limit must be a positive whole number of requests per minute');
      const { org: created, token } = await withCore(env, (core) =>
        core.orgs.create({ name: options.name!, plan: options.plan!, ...(rateLimit !== undefined ? { rateLimit: Number(rateLimit) } : {}) }),
      );
      print({ org: created, token: token.token });
    });
  org
    .command('list')
    .description('list the organizations')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const orgs = await withCore(env, (core) => core.orgs.list());
      if (options.json) print(orgs);
      else
        printTable(
          ['id', 'name', 'plan', 'rate limit', 'created'],
          orgs.map((o) => [o.id, o.name, o.plan, o.rate_limit ?? '', o.created_at]),
        );
    });

  const token = program
    .command('token')
    .description("API tokens (on this machine's database)")
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
  token
    .command('create')
    .description('issue an API token for an organization; prints {token, id, organization_id, permission} (the secret is shown once)')
    .option('--org <id>', 'the organization')
    .option('--name <name>', 'a name to tell it apart')
    .addOption(
      new Option('--permission <permission>', 'full: everything; read: only reads (every write refused, no SMTP submission)')
        .choices(['full', 'read'])
        .default('full'),
    )
    .action(async (options: { org?: string; name?: string; permission: 'full' | 'read' }) => {
      if (!options.org) throw new UsageError('token create needs --org');
      const issued = await withCore(env, (core) =>
        core.tokens.create(options.org!, { permission: options.permission, ...(options.name ? { name: options.name } : {}) }),
      );
      print({ token: issued.token, id: issued.id, organization_id: issued.organization_id, permission: issued.permission });
    });
  token
    .command('list')
    .description("list an organization's tokens (never their secrets)")
    .option('--org <id>', 'the organization')
    .option('--json', 'print JSON')
    .action(async (options: { org?: string; json?: boolean }) => {
      if (!options.org) throw new UsageError('token list needs --org');
      const tokens = await withCore(env, (core) => core.tokens.list(options.org!));
      if (options.json) print(tokens);
      else
        printTable(
          ['id', 'name', 'token', 'permission', 'created', 'last used', 'revoked'],
          tokens.map((t) => [t.id, t.name, t.hint, t.permission, t.created_at, t.last_used_at ?? '', t.revoked_at ?? '']),
        );
    });
  token
    .command('revoke')
    .description('revoke a token: requests with it are refused from then on')
    .argument('<id>', 'the token id (tok_…)')
    .action(async (id: string) => {
      print(await withCore(env, (core) => core.tokens.revoke(id)));
    });

  const user = program
    .command('user')
    .description("the people of an organization (on this machine's database)")
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
  user
    .command('create')
    .description('add a user with an invitation, and print {user, link, expires_at}: whoever opens the link within 7 days sets the password')
    .option('--email <email>', 'their address')
    .addOption(new Option('--role <role>', 'admin, member or viewer').choices(['admin', 'member', 'viewer']))
    .option('--name <name>', 'their name')
    .option('--org <id>', 'the organization (default: the only one)')
    .action(async (options: { email?: string; role?: 'admin' | 'member' | 'viewer'; name?: string; org?: string }) => {
      if (!options.email || !options.role) throw new UsageError('user create needs --email and --role');
      const created = await withCore(env, async (core) => {
        let orgId = options.org;
        if (!orgId) {
          const orgs = await core.orgs.list();
          if (orgs.length !== 1) throw new UsageError(`user create needs --org: this database has ${orgs.length} organizations (mailgate org list)`);
          orgId = orgs[0]!.id;
        }
        return core.users.createInvitation(orgId, { email: options.email!, role: options.role!, ...(options.name ? { name: options.name } : {}) });
      });
      print(created);
    });

  program
    .command('migrate')
    .description('bring the database up to date (prints the migrations applied)')
    .action(async () => {
      const { loadConfig, migrateToLatest, openDatabase } = await loadCore();
      const c = loadConfig(env);
      const handle = await openDatabase({ databaseUrl: c.databaseUrl, databaseSchema: c.databaseSchema, sqlitePath: c.sqlitePath, durability: c.durability });
      try {
        print({ migrated: await migrateToLatest(handle), dialect: handle.dialect });
      } finally {
        await handle.close();
      }
    });

  const tools = program
    .command('tools')
    .description("the tools of a running Mailgate server (its REST API's /api/v2/tools)")
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
  remoteOptions(tools.command('list').description('list the tools').option('--json', 'print JSON')).action(
    async (options: { url: string; token?: string; json?: boolean }) => {
      const listed = await remoteOf(options).get<{ data: ToolDescription[] }>('/api/v2/tools');
      if (options.json) print(listed.data);
      else
        printTable(
          ['name', 'title', 'behaviour'],
          listed.data.map((t) => [t.name, t.title, hints(t)]),
        );
    },
  );
  const run = remoteOptions(
    tools
      .command('run')
      .description("run a tool; NAME --help shows the tool's input")
      .argument('[name]', 'the tool (see tools list)')
      .option('--input <json>', 'the input: a JSON object, or @FILE holding one')
      .option('--json', 'print JSON')
      .helpOption(false)
      .option('-h, --help', 'show help (with NAME: the tool and its input)'),
  );
  run.action(async (name: string | undefined, options: { url: string; token?: string; input?: string; json?: boolean; help?: boolean }) => {
    if (options.help) {
      if (!name) {
        process.stdout.write(run.helpInformation());
        return;
      }
      printToolHelp(await remoteOf(options).get<ToolDescription>(`/api/v2/tools/${encodeURIComponent(name)}`));
      return;
    }
    if (!name) throw new UsageError("tools run needs the tool's NAME (see mailgate tools list)");
    const input = await readInput(options.input);
    const { data } = await remoteOf(options).post<{ data: unknown }>(`/api/v2/tools/${encodeURIComponent(name)}`, input);
    if (options.json) print(data);
    else printValue(data);
  });
  addCampaignCommands(program);
  addSubscriberCommands(program);
  for (const command of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) {
    command.exitOverride().configureOutput({ writeErr: () => {} });
  }
  return program;
}

function describeRefusal(error: unknown): string {
  if (error instanceof ApiError) {
    const details = Array.isArray(error.body.details)
      ? (error.body.details as { path: string; message: string }[]).map((d) => `\n  ${d.path ? `${d.path} ` : ''}${d.message}`).join('')
      : '';
    return `${error.body.name ?? `HTTP ${error.status}`}: ${error.message}${details}`;
  }
  if (coreModule?.isAppError(error)) return `${error.kind}: ${error.message}`;
  if (error instanceof Refusal) return error.message;
  return String((error as Error)?.stack ?? error);
}

async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const program = buildProgram(env);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version') return EXIT.ok;
      process.stderr.write(`${error.message.replace(/^error: /, '')}\n${USAGE}\n`);
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return EXIT.usage;
    }
    // Only the core throws these, so it is loaded when one is thrown.
    if (coreModule && error instanceof coreModule.ConfigError) {
      process.stderr.write(error.message + '\n');
      return EXIT.config;
    }
    if (error instanceof UnreachableError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.unreachable;
    }
    process.stderr.write(describeRefusal(error) + '\n');
    return EXIT.refused;
  }
}

process.exitCode = await main(process.argv.slice(2), process.env);
