// The `mailgate` command: administrative operations over the core, printing JSON.
import { parseArgs } from 'node:util';
import { ConfigError, createCore, loadConfig, migrateToLatest, openConfiguredDatabase, openDatabase } from '../../src/index.ts';
import path from 'node:path';

const USAGE = `Usage:
  mailgate org create --name NAME --plan free|premium|enterprise
  mailgate token create --org ORG_ID [--name NAME]
  mailgate migrate`;

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function fail(message: string, code = 2): never {
  process.stderr.write(message + '\n');
  process.exit(code);
}

export async function runCli(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  const [group, action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { name: { type: 'string' }, plan: { type: 'string' }, org: { type: 'string' } },
    allowPositionals: false,
  });
  const config = loadConfig(env);

  if (group === 'migrate' && action === undefined) {
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseSchema: config.databaseSchema,
      sqlitePath: path.join(config.dataDir, 'mailgate.db'),
    });
    try {
      const applied = await migrateToLatest(handle);
      print({ migrated: applied, dialect: handle.dialect });
    } finally {
      await handle.close();
    }
    return;
  }

  const db = await openConfiguredDatabase(config);
  const core = createCore(config, { db });
  try {
    if (group === 'org' && action === 'create') {
      if (!values.name || !values.plan) fail(`org create needs --name and --plan\n${USAGE}`);
      const { org, token } = await core.orgs.create({ name: values.name, plan: values.plan });
      print({ org, token: token.token });
    } else if (group === 'token' && action === 'create') {
      if (!values.org) fail(`token create needs --org\n${USAGE}`);
      const token = await core.tokens.create(values.org, values.name ? { name: values.name } : {});
      print({ token: token.token, id: token.id, organization_id: token.organization_id });
    } else {
      fail(USAGE);
    }
  } finally {
    await core.close();
    await db.close();
  }
}

runCli(process.argv.slice(2), process.env).catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message, 78);
  const e = error as { kind?: string; message?: string };
  fail(e.kind ? `${e.kind}: ${e.message}` : String((error as Error)?.stack ?? error), 1);
});
