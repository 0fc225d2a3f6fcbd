// The `mailgate` command: administrative operations over the core, printing JSON.
// Usage errors exit 2 before anything is opened; failures of the operation exit 1.
import { parseArgs } from 'node:util';
import { ConfigError, createCore, loadConfig, migrateToLatest, openConfiguredDatabase, openDatabase, type Config } from '../../src/index.ts';

const USAGE = `Usage:
  mailgate org create --name NAME --plan free|premium|enterprise [--rate-limit REQUESTS_PER_MINUTE]
  mailgate token create --org ORG_ID [--name NAME]
  mailgate migrate`;

type Command =
  | { kind: 'migrate' }
  | { kind: 'org-create'; name: string; plan: string; rateLimit: number | undefined }
  | { kind: 'token-create'; org: string; name: string | undefined };

class UsageError extends Error {}

function parseCommand(argv: string[]): Command {
  const [group, action, ...rest] = argv;
  let values: { name?: string | undefined; plan?: string | undefined; org?: string | undefined; 'rate-limit'?: string | undefined };
  try {
    values = parseArgs({
      args: group === 'migrate' ? argv.slice(1) : rest,
      options: { name: { type: 'string' }, plan: { type: 'string' }, org: { type: 'string' }, 'rate-limit': { type: 'string' } },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (group === 'migrate') return { kind: 'migrate' };
  if (group === 'org' && action === 'create') {
    if (!values.name || !values.plan) throw new UsageError('org create needs --name and --plan');
    const rateLimit = values['rate-limit'];
    if (rateLimit !== undefined && !/^[1-9]\d{0,9}$/.test(rateLimit)) throw new UsageError('--rate-limit must be a positive whole number of requests per minute');
    // The organization service checks the upper bound and answers with a validation error.
    return { kind: 'org-create', name: values.name, plan: values.plan, rateLimit: rateLimit === undefined ? undefined : Number(rateLimit) };
  }
  if (group === 'token' && action === 'create') {
    if (!values.org) throw new UsageError('token create needs --org');
    return { kind: 'token-create', org: values.org, name: values.name };
  }
  throw new UsageError(group ? `unknown command: ${[group, action].filter(Boolean).join(' ')}` : 'no command given');
}

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

async function run(command: Command, config: Config): Promise<void> {
  if (command.kind === 'migrate') {
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseSchema: config.databaseSchema,
      sqlitePath: config.sqlitePath,
    });
    try {
      print({ migrated: await migrateToLatest(handle), dialect: handle.dialect });
    } finally {
      await handle.close();
    }
    return;
  }
  const db = await openConfiguredDatabase(config);
  const core = createCore({ ...config, cpuThreads: 0 }, { db });
  try {
    if (command.kind === 'org-create') {
      const { org, token } = await core.orgs.create({
        name: command.name,
        plan: command.plan,
        ...(command.rateLimit !== undefined ? { rateLimit: command.rateLimit } : {}),
      });
      print({ org, token: token.token });
    } else {
      const token = await core.tokens.create(command.org, command.name ? { name: command.name } : {});
      print({ token: token.token, id: token.id, organization_id: token.organization_id });
    }
  } finally {
    await core.close();
    await db.close();
  }
}

async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  let command: Command;
  let config: Config;
  try {
    command = parseCommand(argv);
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      return 78;
    }
    throw error;
  }
  try {
    await run(command, config);
    return 0;
  } catch (error) {
    const e = error as { kind?: string; message?: string; stack?: string };
    process.stderr.write((e.kind ? `${e.kind}: ${e.message}` : String(e.stack ?? error)) + '\n');
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2), process.env);
