import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { describeTool, ManualClock, OPERATIONS } from '../../src/index.ts';
import { NOT_TOOLS } from '../../servers/mcp/tools.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * The MCP door at /mcp through real clients over Streamable HTTP: the SDK's v2
 * client pinned to 2026-07-28 (server/discover, no session), the same client
 * on the 2025 handshake, and the old SDK's client (a real 2025-era client).
 */
type ToolResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
interface AnyClient {
  listTools(): Promise<{ tools: { name: string; title?: string; description?: string; inputSchema: unknown; annotations?: unknown }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

const ERAS = ['2026-07-28', '2025 handshake (v2 client)', '2025 handshake (v1 SDK client)'] as const;
type Era = (typeof ERAS)[number];

async function connect(server: TestServer, era: Era, token = server.token): Promise<AnyClient> {
  const url = new URL(`${server.url}/mcp`);
  const requestInit = { headers: { authorization: `Bearer ${token}` } };
  if (era === '2025 handshake (v1 SDK client)') {
    const client = new LegacyClient({ name: 'mailgate-test', version: '1.0.0' });
    await client.connect(new LegacyTransport(url, { requestInit }));
    return client as unknown as AnyClient;
  }
  const client = new Client({ name: 'mailgate-test', version: '1.0.0' }, era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit }));
  if (era === '2026-07-28') {
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  } else {
    expect(client.getProtocolEra()).toBe('legacy');
  }
  return client as unknown as AnyClient;
}

const send = (to: string, extra: Record<string, unknown> = {}) => ({
  from: 'Agent <agent@acme.example>',
  to,
  subject: 'From an agent',
  markdown: '# Hello\n\nSent by a tool.',
  ...extra,
});

describe.each(ERAS)('MCP over Streamable HTTP, %s', (era) => {
  let server: TestServer;
  let client: AnyClient;

  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    client = await connect(server, era);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('lists every operation as a tool, described by its definition', async () => {
    const { tools } = await client.listTools();
    // The deliberate exceptions, each with its reason: none today. Adding one means changing this line too.
    expect([...NOT_TOOLS.keys()]).toEqual([]);
    const expected = OPERATIONS.map(describeTool);
    expect(tools.map((t) => t.name)).toEqual(expected.map((t) => t.name));
    for (const tool of tools) {
      const described = expected.find((t) => t.name === tool.name)!;
      expect(tool.title).toBe(described.title);
      expect(tool.description).toBe(described.description);
      expect(tool.annotations).toEqual({ title: described.title, ...described.annotations });
      expect(tool.inputSchema).toMatchObject({ type: 'object', properties: described.input_schema.properties });
    }
  });

  it('send_email stores an email (source mcp), with the answer as structuredContent and the same JSON as text', async () => {
    const result = (await client.callTool({ name: 'send_email', arguments: send('delivered+mcp@mailgate.test') })) as ToolResult;
    expect(result.isError).not.toBe(true);
    const id = result.structuredContent!.id as string;
    expect(id).toMatch(/^eml_/);
    expect(JSON.parse(result.content[0]!.text)).toEqual({ id });
    const row = await server.core.db.db.selectFrom('emails').select(['source', 'subject']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'mcp', subject: 'From an agent' });
  });

  it('an idempotent retry answers the first id and sends nothing twice', async () => {
    const args = send('delivered+retry@mailgate.test', { idempotency_key: `retry-${ERAS.indexOf(era)}` });
    const first = (await client.callTool({ name: 'send_email', arguments: args })) as ToolResult;
    const second = (await client.callTool({ name: 'send_email', arguments: args })) as ToolResult;
    expect(first.structuredContent).toEqual({ id: expect.stringMatching(/^eml_/) });
    expect(second.structuredContent).toEqual(first.structuredContent);
    const count = await server.core.db.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_address', '=', 'delivered+retry@mailgate.test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('bad arguments are an isError result with the message the REST API gives, storing nothing', async () => {
    const result = (await client.callTool({ name: 'send_email', arguments: { from: 'a@example.com', subject: 'x', content: 'hi' } })) as ToolResult;
    expect(result.isError).toBe(true);
    const rest = await server.api('/api/v2/emails', { body: { from: 'a@example.com', subject: 'x', content: 'hi' } });
    const restBody = (await rest.json()) as { message: string; details: unknown };
    expect(result.content[0]!.text.split('\n')[0]).toBe(restBody.message);
    expect(JSON.parse(result.content[0]!.text.split('\n')[1]!)).toEqual({ name: 'validation_error', message: restBody.message, details: restBody.details });
  });

  it('a record that does not exist is an isError result: not_found', async () => {
    const result = (await client.callTool({ name: 'get_email', arguments: { id: 'eml_01jd3zq8x6v5t0n2c4b7m9k1pq' } })) as ToolResult;
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text.split('\n')[0]).toBe('Email eml_01jd3zq8x6v5t0n2c4b7m9k1pq not found');
  });

  it('the recipient guard refuses as an isError result with its code and retry time', async () => {
    const to = `delivered+guard-${ERAS.indexOf(era)}@mailgate.test`;
    for (let i = 0; i < 5; i++) {
      expect(((await client.callTool({ name: 'send_email', arguments: send(to) })) as ToolResult).isError).not.toBe(true);
    }
    const refused = (await client.callTool({ name: 'send_email', arguments: send(to) })) as ToolResult;
    expect(refused.isError).toBe(true);
    const body = JSON.parse(refused.content[0]!.text.split('\n')[1]!) as Record<string, unknown>;
    // The wait is 10 minutes from the first of the five sends, rounded up: 600 s unless the sends took over a second.
    const retryAfter = body.retry_after as number;
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(body).toStrictEqual({
      name: 'recipient_rate_limited',
      message: `Recipient ${to} is temporarily rate limited (5 sends per 10 minutes); retry after ${retryAfter} s`,
      code: 'RECIPIENT_RATE_LIMITED',
      details: { reason: 'short_window', recipient: to },
      retry_after: retryAfter,
    });
  });

  it('reads and lists through tools as REST does', async () => {
    await client.callTool({ name: 'upsert_subscriber', arguments: { email: `ada-${ERAS.indexOf(era)}@example.com`, tags: ['agents'] } });
    const listed = (await client.callTool({ name: 'list_subscribers', arguments: { tag: 'agents', limit: 5 } })) as ToolResult;
    expect(listed.structuredContent).toMatchObject({
      object: 'list',
      has_more: false,
      data: [{ email: `ada-${ERAS.indexOf(era)}@example.com`, tags: ['agents'] }],
    });
  });

  it("an agent counts a campaign's audience, sends it, and a second send is an isError conflict", async () => {
    const tag = `mcp-${ERAS.indexOf(era)}`;
    await client.callTool({ name: 'upsert_subscriber', arguments: { email: `delivered+${tag}@mailgate.test`, tags: [tag] } });
    const created = (await client.callTool({
      name: 'create_campaign',
      arguments: { name: 'From an agent', from: 'news@acme.example', subject: 'Hi {{first_name | "there"}}', markdown: 'Hello', audience: { tags: [tag] } },
    })) as ToolResult;
    const id = (created.structuredContent as { id: string }).id;
    const counted = (await client.callTool({ name: 'count_audience', arguments: { campaign_id: id } })) as ToolResult;
    expect(counted.structuredContent).toEqual({ object: 'audience_count', count: 1 });
    const sent = (await client.callTool({ name: 'send_campaign', arguments: { id } })) as ToolResult;
    expect(sent.structuredContent).toMatchObject({ id, status: 'sending', recipient_count: 1 });
    const again = (await client.callTool({ name: 'send_campaign', arguments: { id } })) as ToolResult;
    expect(again.isError).toBe(true);
    expect(JSON.parse(again.content[0]!.text.split('\n')[1]!)).toMatchObject({
      name: 'conflict',
      details: { status: expect.stringMatching(/^(sending|sent)$/) },
    });
  });
});

describe('each tool call counts against the organization quota', () => {
  // The quota's window is aligned to the minute: on the real clock, calls that straddle a minute's end start a new one.
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 30));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock, worker: false });
  });
  afterAll(async () => server?.close());

  it('a call over the quota is an isError result: rate_limit_exceeded with the retry time', async () => {
    const { token } = await server.core.orgs.create({ name: 'Small', plan: 'free', rateLimit: 2 });
    const client = await connect(server, '2026-07-28', token.token);
    try {
      // Listing tools is not a tool call: it costs nothing.
      await client.listTools();
      for (let i = 0; i < 2; i++) {
        expect(((await client.callTool({ name: 'list_tags', arguments: {} })) as ToolResult).isError).not.toBe(true);
      }
      const over = (await client.callTool({ name: 'list_tags', arguments: {} })) as ToolResult;
      expect(over.isError).toBe(true);
      expect(JSON.parse(over.content[0]!.text.split('\n')[1]!)).toMatchObject({ name: 'rate_limit_exceeded' });
      // The same quota as REST: the next REST request is refused too.
      expect((await server.api('/api/v2/tags', { token: token.token })).status).toBe(429);
    } finally {
      await client.close();
    }
  });
});

describe("/mcp refuses in the protocol's own terms", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => server?.close());

  const rpc = (init: { body?: string; headers?: Record<string, string> }) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...init.headers },
      body: init.body ?? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('no token: 401 with a Bearer challenge naming the resource metadata; an unknown one: invalid_token', async () => {
    const none = await rpc({});
    expect(none.status).toBe(401);
    // No credentials: where to sign in, without an error code (RFC 6750 §3.1).
    expect(none.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${server.core.config.baseUrl}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
    );
    const unknown = await rpc({ headers: { authorization: 'Bearer mailgate_not_a_token_at_all_0000000000' } });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('a body that is not JSON: 400 with a JSON-RPC parse error', async () => {
    const res = await rpc({ body: '{"jsonrpc":', headers: { authorization: `Bearer ${server.token}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON' }, id: null });
  });

  it('a body larger than the server takes: 413 with a JSON-RPC error, nothing stored', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'send_email', arguments: { html: 'x'.repeat(server.core.config.maxBodyBytes) } },
    });
    const res = await rpc({ body: huge, headers: { authorization: `Bearer ${server.token}` } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid Request: the body is larger than this server accepts' },
      id: null,
    });
    const stored = await server.core.db.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
  });

  it('a foreign Host or Origin: 403 before anything runs', async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    expect((await rpc({ headers: { ...auth, origin: 'https://evil.example' } })).status).toBe(403);
    const port = new URL(server.url).port;
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { ...auth, host: `evil.example:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
    expect(status).toBe(403);
  });

  it("an unknown tool is the protocol's error, and stores nothing", async () => {
    const client = await connect(server, '2026-07-28');
    try {
      // A JSON-RPC error (invalid params), not an isError tool result.
      const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
        (result) => assert.fail(`expected a protocol error, but the call resolved to ${JSON.stringify(result)}`),
        (error: Error & { code?: number }) => error,
      );
      expect({ name: error.name, code: error.code, message: error.message }).toEqual({
        name: 'ProtocolError',
        code: -32602,
        message: 'Tool no_such_tool not found',
      });
    } finally {
      await client.close();
    }
  });
});

describe('/mcp refuses JSON nested too deep as REST does, and logs what goes wrong', () => {
  const logged: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false, logStream });
  });
  afterAll(async () => server?.close());

  const rpc = (body: string) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
  /** `{"a":{"a":…1…}}`, `levels` objects deep. */
  const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{"a":1}${'}'.repeat(levels - 1)}`;

  it('a message nested 5 000 deep: 400 with a JSON-RPC Invalid Request (REST: 422), its id when it has one, nothing logged', async () => {
    const rest = await server.api('/api/v2/tags', { rawBody: `{"name":${nested(5000)}}` });
    expect(rest.status).toBe(422);
    expect(await rest.json()).toEqual({
      name: 'validation_error',
      message: 'is nested more than 64 levels deep',
      statusCode: 422,
      details: [{ path: '', message: 'is nested more than 64 levels deep' }],
    });

    const invalid = { code: -32600, message: 'Invalid Request: the message is nested more than 67 levels deep' };
    const array = await rpc(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(array.status).toBe(400);
    expect(array.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await array.text()).toBe(JSON.stringify({ jsonrpc: '2.0', error: invalid, id: null }));
    const call = await rpc(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_tag","arguments":{"name":${nested(5000)}}}}`);
    expect(call.status).toBe(400);
    expect(await call.json()).toEqual({ jsonrpc: '2.0', error: invalid, id: 7 });
    expect(await server.core.db.db.selectFrom('tags').selectAll().execute()).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("arguments as deep as REST refuses still reach the tool, which refuses them in REST's words", async () => {
    // The arguments object and 64 levels inside it: 65, one more than any input may have.
    const args = { name: JSON.parse(nested(64)) as unknown };
    const client = await connect(server, '2026-07-28');
    try {
      const result = (await client.callTool({ name: 'create_tag', arguments: args })) as ToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.parse(result.content[0]!.text.split('\n')[1]!)).toEqual({
        name: 'validation_error',
        message: 'is nested more than 64 levels deep',
        details: [{ path: '', message: 'is nested more than 64 levels deep' }],
      });
    } finally {
      await client.close();
    }
    expect(logged).toEqual([]);
  });

  it('a tool that fails unexpectedly: a generic isError result, and the error logged (as REST answers 500 and logs)', async () => {
    const { sql } = await import('kysely');
    const UNEXPECTED = 'An unexpected error occurred; it has been logged';
    const db = server.core.db.db;
    await sql`alter table tags rename to tags_hidden`.execute(db);
    try {
      const client = await connect(server, '2026-07-28');
      try {
        const result = (await client.callTool({ name: 'list_tags', arguments: {} })) as ToolResult;
        expect({ isError: result.isError, content: result.content }).toEqual({
          isError: true,
          content: [{ type: 'text', text: `${UNEXPECTED}\n{"name":"internal_error","message":"${UNEXPECTED}"}` }],
        });
      } finally {
        await client.close();
      }
      const rest = await server.api('/api/v2/tags');
      expect(rest.status).toBe(500);
    } finally {
      await sql`alter table tags_hidden rename to tags`.execute(db);
    }
    const tool = logged.filter((l) => l.msg === 'MCP tool call failed');
    expect(tool).toHaveLength(1);
    expect(tool[0]).toMatchObject({ level: 50, err: { message: expect.stringMatching(/tags/) } });
    expect(logged.filter((l) => l.msg === 'request failed')).toHaveLength(1);
    logged.length = 0;
  });
});

describe('/mcp logs an exchange its endpoint answered 5xx or could not answer', () => {
  const logged: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
  let mode: 'answers 500' | 'throws' = 'answers 500';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      worker: false,
      logStream,
      // Stands in for the SDK: its own failures are answered 500 and told through onError.
      mcp: {
        async handle(_request, response, _body, caller) {
          if (mode === 'throws') throw new Error('the endpoint broke');
          caller.onError(new Error('the SDK failed'), 'protocol');
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end('{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal server error"},"id":null}');
        },
      },
    });
  });
  afterAll(async () => server?.close());

  const rpc = () =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  /** The log line of a failed exchange, with its error. */
  const failed = (message: string) =>
    expect.objectContaining({ level: 50, msg: 'MCP request failed', statusCode: 500, err: expect.objectContaining({ message }) });

  it('answered 500 by the endpoint: logged with what it reported', async () => {
    const res = await rpc();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    expect(logged).toEqual([failed('the SDK failed')]);
    logged.length = 0;
  });

  it('an endpoint that throws: 500 with a JSON-RPC internal error, logged', async () => {
    mode = 'throws';
    const res = await rpc();
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
    expect(logged).toEqual([failed('the endpoint broke')]);
  });
});
