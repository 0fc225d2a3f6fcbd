import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// `mailgate subscribers import|export` as a child process against a listening
// server, through the REST API.

describe('mailgate subscribers (remote)', () => {
  let server: TestServer;
  let env: Record<string, string>;
  let dir = '';

  beforeAll(async () => {
    server = await startTestServer();
    env = { MAILGATE_URL: server.url, MAILGATE_TOKEN: server.token };
    dir = await mkdtemp(path.join(os.tmpdir(), 'mailgate-cli-import-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('import follows the import to its end, then prints the summary and the rows it reported; export writes the CSV to stdout', async () => {
    const file = path.join(dir, 'people.csv');
    await writeFile(file, 'Mail,Name,Plan,Other\nada@cli.test,Ada,pro,x\nnot-an-email,Bad,,\nbob@cli.test,Bob,=1+1,y\n');
    const result = await runCli(
      ['subscribers', 'import', file, '--map', 'email=Mail', '--map', 'first_name=Name', '--map', 'attributes.plan=Plan', '--tag', 'cli', '--tag', 'cli2'],
      env,
    );
    expect(result, result.stderr).toMatchObject({ code: 0, signal: null });
    const [summary, ...table] = result.stdout.trimEnd().split('\n');
    expect(summary).toMatch(/^Import imp_[0-9a-z]{26} completed: 3 rows; 2 created, 0 updated, 0 skipped, 1 failed$/);
    expect(table.join('\n')).toMatch(/2 +│ not-an-email +│ email must be a valid email address/);
    expect(result.stderr).toMatch(/^imp_[0-9a-z]{26} (queued|running|completed): \d\/3 rows$/m);
    const ada = await (await server.api('/api/v2/subscribers/ada@cli.test')).json();
    expect(ada).toMatchObject({ first_name: 'Ada', attributes: { plan: 'pro' }, tags: ['cli', 'cli2'] });

    const exported = await runCli(['subscribers', 'export', '--tag', 'cli'], env);
    expect(exported, exported.stderr).toMatchObject({ code: 0 });
    const rows = parse(exported.stdout.replace('\ufeff', '')) as string[][];
    expect(rows.map((r) => [r[0], r[1], r[6]])).toEqual([
      ['email', 'first_name', 'plan'],
      ['bob@cli.test', 'Bob', "'=1+1"],
      ['ada@cli.test', 'Ada', 'pro'],
    ]);
  });

  it("refuses a mapping it cannot read (exit 2) and answers the server's refusal of a bad file (exit 1)", async () => {
    const file = path.join(dir, 'bad.csv');
    await writeFile(file, 'name\nAda\n');
    const usage = await runCli(['subscribers', 'import', file, '--map', 'nickname=Name'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--map nickname=Name: the field is one of email, first_name, last_name, status, tags or attributes\.KEY/);
    const refused = await runCli(['subscribers', 'import', file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has no email column/);
    const badExport = await runCli(['subscribers', 'export', '--status', 'gone'], env);
    expect(badExport.code).toBe(1);
    expect(badExport.stderr).toMatch(/status/);
  });
});
