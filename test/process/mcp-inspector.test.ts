import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTool, OPERATIONS } from '../../src/index.ts';
import { DROPPED_V1_FIELDS } from '../../src/emails/send-request.ts';
import { REPO_ROOT } from '../helpers/process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * /mcp through the MCP Inspector's command line (`@modelcontextprotocol/inspector`,
 * pinned in devDependencies: its CLI runs on Node 20 although its package asks
 * for 22), as someone trying the server would run it: tools/list with its
 * --strict tool-schema portability check, and a read-only tool called with an
 * API token as the Bearer credential.
 */
const INSPECTOR = path.join(REPO_ROOT, 'node_modules', '.bin', 'mcp-inspector');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the MCP Inspector CLI against /mcp', () => {
  let server: TestServer;
  let home: string;

  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    // The inspector keeps a catalog and client settings under HOME: a directory of this test's own.
    home = await fs.mkdtemp(path.join(os.tmpdir(), 'mailgate-inspector-'));
  });
  afterAll(async () => {
    await server?.close();
    if (home) await fs.rm(home, { recursive: true, force: true });
  });

  function inspect(args: string[], token = server.token): Promise<Run> {
    const argv = ['--cli', `${server.url}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, '--format', 'json', ...args];
    return new Promise((resolve) => {
      execFile(process.execPath, [INSPECTOR, ...argv], { env: { PATH: process.env.PATH ?? '', HOME: home }, timeout: 20_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  it('tools/list lists every tool on either protocol era, and --strict finds no portability problem', async () => {
    const runs = await Promise.all(['legacy', 'modern'].map((era) => inspect(['--method', 'tools/list', '--strict', '--protocol-era', era])));
    for (const run of runs) {
      expect(run.stderr).not.toMatch(/portability|Warning|Error/);
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as { result: { tools: { name: string; inputSchema: Record<string, unknown> }[] }; schemaFindings?: unknown };
      // --strict puts every finding, errors and warnings, in schemaFindings: none.
      expect(out.schemaFindings).toBeUndefined();
      expect(out.result.tools.map((t) => t.name)).toEqual(OPERATIONS.map((o) => o.name));
      const send = out.result.tools.find((t) => t.name === 'send_email')!;
      expect(send.inputSchema).toEqual(describeTool(OPERATIONS.find((o) => o.name === 'send_email')!).input_schema);
      const fields = Object.keys(send.inputSchema.properties as object);
      expect(fields).toEqual(['from', 'to', 'subject', 'html', 'markdown', 'tiptap', 'reply_to', 'preview', 'in_reply_to', 'tags', 'idempotency_key']);
      expect(fields.filter((f) => f in DROPPED_V1_FIELDS)).toEqual([]);
    }
  });

  it('tools/call runs a read-only tool with the token, answering what the REST API answers', async () => {
    expect((await server.api('/api/v2/tags', { body: { name: 'inspected' } })).status).toBe(201);
    const run = await inspect(['--method', 'tools/call', '--tool-name', 'get_tag', '--tool-args-json', '{"tag":"inspected"}']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { result: { isError?: boolean; structuredContent: unknown; content: { type: string; text: string }[] } };
    const rest = await (await server.api('/api/v2/tags/inspected')).json();
    expect(out.result.isError).toBeUndefined();
    expect(out.result.structuredContent).toEqual(rest);
    expect(JSON.parse(out.result.content[0]!.text)).toEqual(rest);
  });

  it("tools/call with arguments the tool refuses exits non-zero with the REST API's message", async () => {
    const run = await inspect(['--method', 'tools/call', '--tool-name', 'list_tags', '--tool-args-json', '{"after":""}']);
    expect(run.code).not.toBe(0);
    const out = JSON.parse(run.stdout) as { result: { isError: boolean; content: { text: string }[] } };
    expect(out.result.isError).toBe(true);
    expect(out.result.content[0]!.text.split('\n')[0]).toBe('after must be an id starting with tag_');
  });
});
