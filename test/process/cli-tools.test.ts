import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runCli } from '../helpers/process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** `mailgate tools …` as a child process against a listening server, through its REST API. */
describe('mailgate tools (remote)', () => {
  let server: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    env = { MAILGATE_URL: server.url, MAILGATE_TOKEN: server.token };
  });
  afterAll(async () => server?.close());

  const ok = (result: { code: number | null; stdout: string; stderr: string }) => {
    expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    return result.stdout;
  };

  it('tools list: a table by default, JSON with --json, the same tools MCP lists', async () => {
    const [table, json] = await Promise.all([runCli(['tools', 'list'], env), runCli(['tools', 'list', '--json'], env)]);
    const listed = JSON.parse(ok(json)) as { name: string; annotations: { readOnlyHint: boolean } }[];
    expect(listed).toEqual(((await (await server.api('/api/v2/tools')).json()) as { data: unknown[] }).data);
    const rows = ok(table);
    expect(rows).toMatch(/name\s+│\s+title\s+│\s+behaviour/);
    expect(rows).toMatch(/send_email\s+│\s+Send one transactional email\s+│\s+writes, sends mail/);
    expect(rows).toMatch(/get_email\s+│.*│\s+read-only, idempotent/);

    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(listed.map((t) => t.name));
    } finally {
      await client.close();
    }
  });

  it('tools run NAME --input JSON (or @file) runs it; --json prints the answer as is', async () => {
    const created = JSON.parse(ok(await runCli(['tools', 'run', 'create_tag', '--input', '{"name":"from-cli"}', '--json'], env)));
    expect(created).toMatchObject({ object: 'tag', name: 'from-cli', subscriber_count: 0 });

    const dir = mkdtempSync(path.join(tmpdir(), 'mailgate-cli-'));
    const file = path.join(dir, 'send.json');
    writeFileSync(file, JSON.stringify({ from: 'a@example.com', to: 'delivered+cli@mailgate.test', subject: 'From the CLI', markdown: 'Hi' }));
    const sent = ok(await runCli(['tools', 'run', 'send_email', '--input', `@${file}`], env));
    const id = /eml_[0-9a-z]{26}/.exec(sent)?.[0];
    expect(sent).toMatch(/│ id\s+│ eml_[0-9a-z]{26} │/);
    const email = await server.api(`/api/v2/emails/${id}`);
    expect(((await email.json()) as { subject: string }).subject).toBe('From the CLI');

    const listed = ok(await runCli(['tools', 'run', 'list_tags'], env));
    expect(listed).toMatch(/from-cli/);
  });

  it('a refusal exits 1 with the error and every problem; a usage error 2; an unreachable server 69', async () => {
    const refused = await runCli(['tools', 'run', 'send_email', '--input', '{"from":"a@example.com","subject":""}'], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'validation_error: exactly one of html, markdown or tiptap must be given (and 2 more problems)\n' +
        '  exactly one of html, markdown or tiptap must be given\n  to is required\n  subject must not be empty\n',
    );
    const unknown = await runCli(['tools', 'run', 'no_such_tool'], env);
    expect(unknown).toMatchObject({ code: 1, stderr: 'not_found: No tool named no_such_tool\n' });

    const badJson = await runCli(['tools', 'run', 'send_email', '--input', '{nope'], env);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/^--input is not JSON/);
    const noToken = await runCli(['tools', 'list'], { MAILGATE_URL: server.url });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/^an API token is needed: --token TOKEN or MAILGATE_TOKEN/);

    // A port nothing listens on.
    const closed = await freePort();
    const unreachable = await runCli(['tools', 'list', '--url', `http://127.0.0.1:${closed}`], env);
    expect(unreachable.code).toBe(69);
    expect(unreachable.stderr).toBe(`cannot reach http://127.0.0.1:${closed}/api/v2/tools: ECONNREFUSED\n`);
  });

  it('tools run NAME --help shows the tool and its input fields', async () => {
    const help = ok(await runCli(['tools', 'run', 'send_email', '--help'], env));
    expect(help).toMatch(/^Usage: mailgate tools run send_email --input JSON\n\nSend one transactional email \(writes, sends mail\)\n/);
    expect(help).toContain('  from (required): string — Sender:');
    expect(help).toContain('  idempotency_key: string — ');
    expect(help).not.toContain('contentType');
  });
});
