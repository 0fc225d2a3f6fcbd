import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTool, OPERATIONS } from '../../src/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** The tools over REST (v2 /api/v2/tools, v1 /api/v1/admin/tools) through fetch, and the same tools as /mcp lists them. */
describe('tools over REST', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => server?.close());

  const json = async (res: Response) => (await res.json()) as Record<string, any>;
  const send = { from: 'a@example.com', to: 'delivered+tools@mailgate.test', subject: 'By tool', html: '<p>Hi</p>' };

  it('GET /api/v2/tools lists every operation as a tool, in the list envelope', async () => {
    const res = await server.api('/api/v2/tools');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ object: 'list', data: OPERATIONS.map(describeTool), has_more: false });
  });

  it('lists the same tools as MCP tools/list', async () => {
    const rest = (await json(await server.api('/api/v2/tools'))).data as {
      name: string;
      title: string;
      description: string;
      input_schema: unknown;
      annotations: object;
    }[];
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => [t.name, t.title, t.description, t.annotations])).toEqual(
        rest.map((t) => [t.name, t.title, t.description, { title: t.title, ...t.annotations }]),
      );
    } finally {
      await client.close();
    }
  });

  it('GET /api/v2/tools/{name}: one tool; an unknown name is 404', async () => {
    expect(await json(await server.api('/api/v2/tools/send_email'))).toEqual(describeTool(OPERATIONS.find((o) => o.name === 'send_email')!));
    const unknown = await server.api('/api/v2/tools/no_such_tool');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ name: 'not_found', message: 'No tool named no_such_tool', statusCode: 404 });
  });

  it('POST /api/v2/tools/{name} runs it: {data}, or the v2 error with the REST status', async () => {
    const sent = await server.api('/api/v2/tools/send_email', { body: send });
    expect(sent.status).toBe(200);
    const { data } = await json(sent);
    expect(data).toEqual({ id: expect.stringMatching(/^eml_/) });
    expect((await server.core.emails.get(await server.core.tokens.authenticate(server.token), data.id)).subject).toBe('By tool');

    const bad = await server.api('/api/v2/tools/send_email', { body: { ...send, subject: '' } });
    const direct = await server.api('/api/v2/emails', { body: { ...send, subject: '' } });
    expect(bad.status).toBe(422);
    expect(await json(bad)).toEqual(await json(direct));

    const missing = await server.api('/api/v2/tools/get_email', { body: { id: 'eml_01jd3zq8x6v5t0n2c4b7m9k1pq' } });
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe('Email eml_01jd3zq8x6v5t0n2c4b7m9k1pq not found');

    const listed = await server.api('/api/v2/tools/list_emails', { method: 'POST' });
    expect(listed.status).toBe(200);
    expect((await json(listed)).data).toMatchObject({ object: 'list', data: [{ id: data.id }] });

    const notObject = await server.api('/api/v2/tools/send_email', { body: [send] });
    expect(await json(notObject)).toEqual({
      name: 'validation_error',
      message: 'The body must be a JSON object',
      statusCode: 422,
      details: [{ path: '', message: 'must be a JSON object' }],
    });
  });

  it('v1 admin tools: {success, tools}, and run by {name, input}', async () => {
    expect(await json(await server.api('/api/v1/admin/tools'))).toEqual({ success: true, tools: OPERATIONS.map(describeTool) });
    const ran = await server.api('/api/v1/admin/tools', { body: { name: 'create_tag', input: { name: 'from-v1' } } });
    expect(ran.status).toBe(200);
    expect(await json(ran)).toEqual({ success: true, data: expect.objectContaining({ object: 'tag', name: 'from-v1' }) });
    const again = await server.api('/api/v1/admin/tools', { body: { name: 'create_tag', input: { name: 'from-v1' } } });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ success: false, message: 'A tag named "from-v1" already exists' });
    const unknown = await server.api('/api/v1/admin/tools', { body: { name: 'nope' } });
    expect(unknown.status).toBe(404);
    const noName = await server.api('/api/v1/admin/tools', { body: { input: {} } });
    expect(await json(noName)).toEqual({ success: false, message: 'name is required' });
  });

  it('requires a token like every API route', async () => {
    expect((await server.api('/api/v2/tools', { token: null })).status).toBe(401);
    expect((await server.api('/api/v1/admin/tools', { token: null })).status).toBe(401);
  });
});
