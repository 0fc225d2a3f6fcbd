import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, OPERATIONS } from '../../src/index.ts';
import { accessOf } from '../../src/operations/operation.ts';
import { discoverOAuth, oauthTester, type OAuthTester } from '../helpers/oauth.ts';
import { freePort } from '../helpers/process.ts';
import { authenticatedSession, removeTestTls, submissionTransport, startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

// The API tokens resource (GET/POST /api/v2/tokens, DELETE /api/v2/tokens/{id})
// through real clients: fetch for REST, nodemailer and a raw socket for SMTP, the
// MCP SDK client for /mcp, oauth4webapi for an OAuth grant approved with a token.
// A revoked token fails on its next request at every door, an open SMTP session,
// an open MCP client and its OAuth grants included; a read-only token reads and
// is refused every write.

interface CreatedToken {
  object: 'token';
  id: string;
  name: string;
  permission: 'full' | 'read';
  token_hint: string;
  created_at: string;
  last_used_at: string | null;
  token: string;
}
type ToolResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const message = (to: string) => ({ from: 'App <app@example.com>', to, subject: 'Hello', markdown: 'Hi' });

describe('API tokens', () => {
  let server: TestSmtpServer;
  let grants: OAuthTester;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    // BASE_URL is the real address: it is the OAuth issuer and the /mcp resource grants are bound to.
    const port = await freePort();
    server = await startTestSmtpServer({ worker: false, clock, env: { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}` } });
    grants = oauthTester(server.url, await discoverOAuth(server.url), 'http://127.0.0.1:4567/cb');
  });
  afterAll(async () => {
    await server?.close();
    await removeTestTls();
  });

  async function createToken(body: Record<string, unknown>, token = server.token): Promise<CreatedToken> {
    const res = await server.api('/api/v2/tokens', { body, token });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CreatedToken;
  }

  async function listTokens(token = server.token): Promise<Omit<CreatedToken, 'token'>[]> {
    const res = await server.api('/api/v2/tokens?limit=100', { token });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { object: 'list'; data: Omit<CreatedToken, 'token'>[]; has_more: boolean };
    expect(page.object).toBe('list');
    return page.data;
  }

  const mcpPost = (token: string, body: unknown) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify(body),
    });

  async function mcpClient(token: string): Promise<Client> {
    const client = new Client({ name: 'tokens-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return client;
  }

  it('creates a token and shows its secret once; the list shows the prefix and last four characters, and when it was last used', async () => {
    const created = await createToken({ name: 'ci pipeline' });
    expect(created).toEqual({
      object: 'token',
      id: expect.stringMatching(/^tok_[0-9a-z]{26}$/),
      name: 'ci pipeline',
      permission: 'full',
      token_hint: `mailgate_…${created.token.slice(-4)}`,
      created_at: expect.stringMatching(ISO),
      last_used_at: null,
      token: expect.stringMatching(/^mailgate_[A-Za-z0-9_-]{43}$/),
    });
    const { token: _secret, ...shown } = created;
    expect((await listTokens()).find((t) => t.id === created.id)).toEqual(shown);
    // Nothing listed holds a secret.
    expect(JSON.stringify(await listTokens())).not.toContain(created.token);

    // v1 has no tokens route.
    expect((await server.api('/api/v1/tokens')).status).toBe(404);
  });

  it('records when a token was last used at most once a minute, whichever door uses it', async () => {
    const created = await createToken({ name: 'counted' });
    const lastUsed = async () => (await listTokens()).find((t) => t.id === created.id)!.last_used_at;
    const first = clock.now();
    expect((await server.api('/api/v2/emails', { token: created.token })).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(first).toISOString());

    // Within the minute, REST, SMTP and MCP use it and nothing moves.
    clock.advance(59_999);
    expect((await server.api('/api/v2/emails', { token: created.token })).status).toBe(200);
    await submissionTransport(server, created.token).sendMail(message('delivered@mailgate.test'));
    expect((await mcpPost(created.token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(first).toISOString());

    // A minute on, the next use is recorded; the one after it is not.
    clock.advance(1);
    expect((await mcpPost(created.token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(first + 60_000).toISOString());
    clock.advance(30_000);
    expect((await server.api('/api/v2/emails', { token: created.token })).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(first + 60_000).toISOString());
  });

  it('refuses bad input with 422 naming the field, and creates nothing', async () => {
    const before = (await listTokens()).length;
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'x', permission: 'admin' }, 'permission'],
      [{ name: 'x', scope: 'all' }, 'scope'],
    ];
    for (const [body, field] of cases) {
      const res = await server.api('/api/v2/tokens', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = (await res.json()) as { name: string; details: { path: string }[] };
      expect(error.name).toBe('validation_error');
      expect(error.details.map((d) => d.path)).toContain(field);
    }
    expect((await listTokens()).length).toBe(before);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['after=eml_01jd3zq8x6v5t0n2c4b7m9k1pq', 'after'],
      ['before=nope', 'before'],
    ]) {
      const res = await server.api(`/api/v2/tokens?${query}`);
      expect(res.status, query).toBe(422);
      expect(((await res.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([field]);
    }
  });

  it('lists the tokens in use newest first, a page at a time', async () => {
    const made = [];
    for (const name of ['page one', 'page two', 'page three']) {
      made.push(await createToken({ name }));
      clock.advance(1);
    }
    const first = await server.api('/api/v2/tokens?limit=2');
    const page = (await first.json()) as { data: { id: string }[]; has_more: boolean };
    expect(page.data.map((t) => t.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page.has_more).toBe(true);
    const next = (await (await server.api(`/api/v2/tokens?limit=2&after=${made[1]!.id}`)).json()) as { data: { id: string }[] };
    expect(next.data[0]!.id).toBe(made[0]!.id);
    const back = (await (await server.api(`/api/v2/tokens?limit=1&before=${made[1]!.id}`)).json()) as { data: { id: string }[] };
    expect(back.data.map((t) => t.id)).toEqual([made[2]!.id]);
  });

  it("another organization's token is not found, and not listed", async () => {
    const { token: other } = await server.core.orgs.create({ name: 'Other', plan: 'free' });
    const theirs = await createToken({ name: 'theirs' }, other.token);
    expect((await listTokens()).map((t) => t.id)).not.toContain(theirs.id);
    const res = await server.api(`/api/v2/tokens/${theirs.id}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ name: 'not_found', statusCode: 404 });
    expect((await server.api('/api/v2/emails', { token: theirs.token })).status).toBe(200);
  });

  it('a revoked token refused on all three doors', async () => {
    const doomed = await createToken({ name: 'doomed' });
    // In use on all three doors: REST, an SMTP session, an MCP client with the token, and an OAuth grant approved with it.
    expect((await server.api('/api/v2/emails', { token: doomed.token })).status).toBe(200);
    const session = await authenticatedSession(server, doomed.token);
    const mcp = await mcpClient(doomed.token);
    const client = await grants.registerClient();
    const grant = await grants.signIn(client, doomed.token);
    expect(grant.scope).toBe('read write');
    try {
      expect(((await mcp.callTool({ name: 'list_tags', arguments: {} })) as ToolResult).isError).toBeFalsy();
      const granted = await mcpPost(grant.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_tags', arguments: {} } });
      expect(granted.status).toBe(200);
      expect(await granted.text()).toContain('"object":"list"');

      const revoked = await server.api(`/api/v2/tokens/${doomed.id}`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect(await revoked.json()).toEqual({ object: 'token', id: doomed.id, revoked: true });

      const rest = await server.api('/api/v2/emails', { token: doomed.token });
      expect(rest.status).toBe(401);
      expect(await rest.json()).toMatchObject({ name: 'invalid_api_key', statusCode: 401 });
      const v1 = await server.api('/api/v1/subscribers', { token: doomed.token });
      expect(v1.status).toBe(401);

      const mail = await session.command('MAIL FROM:<app@example.com>');
      expect(mail.code).toBe(535);
      expect(mail.text).toContain('5.7.8');
      await expect(submissionTransport(server, doomed.token).sendMail(message('reader@example.net'))).rejects.toMatchObject({ responseCode: 535 });

      await expect(mcp.callTool({ name: 'list_tags', arguments: {} })).rejects.toThrow();
      const raw = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${doomed.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toContain('error="invalid_token"');

      // The OAuth grant made with it ends: its access token is refused, and its refresh token gives nothing.
      const viaGrant = await mcpPost(grant.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(viaGrant.status).toBe(401);
      expect(viaGrant.headers.get('www-authenticate')).toContain(
        'error="invalid_token", error_description="the API token this grant was made with is revoked"',
      );
      await expect(oauth.processRefreshTokenResponse(grants.flow.as, client, await grants.refresh(client, grant.refresh_token!))).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    } finally {
      session.destroy();
      await mcp.close().catch(() => {});
    }
    // Gone from the list; revoking it again finds nothing.
    expect((await listTokens()).map((t) => t.id)).not.toContain(doomed.id);
    expect((await server.api(`/api/v2/tokens/${doomed.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('a token may revoke itself: that call succeeds, the next one fails', async () => {
    const self = await createToken({ name: 'self' });
    expect((await server.api(`/api/v2/tokens/${self.id}`, { method: 'DELETE', token: self.token })).status).toBe(200);
    expect((await server.api('/api/v2/tokens', { token: self.token })).status).toBe(401);
  });

  describe('a read-only token', () => {
    let reader: CreatedToken;
    beforeAll(async () => {
      reader = await createToken({ name: 'dashboard', permission: 'read' });
      expect(reader.permission).toBe('read');
    });

    it('reads on REST, v1 and v2, and through the read-only tools and POST routes that only read', async () => {
      expect((await server.api('/api/v2/emails', { token: reader.token })).status).toBe(200);
      expect((await server.api('/api/v2/tokens', { token: reader.token })).status).toBe(200);
      expect((await server.api('/api/v1/subscribers', { token: reader.token })).status).toBe(200);
      const count = await server.api('/api/v2/audience/count', { body: { audience: { tags: [] } }, token: reader.token });
      expect(count.status).toBe(200);
      expect(await count.json()).toEqual({ object: 'audience_count', count: 0 });
      const verify = await server.api('/api/v2/emails/verify', { body: { email: 'delivered@mailgate.test' }, token: reader.token });
      expect(verify.status).toBe(200);
      expect(await verify.json()).toMatchObject({ valid: true });
      const tool = await server.api('/api/v2/tools/list_tags', { body: {}, token: reader.token });
      expect(tool.status).toBe(200);
      expect(await tool.json()).toEqual({ data: { object: 'list', data: [], has_more: false } });
    });

    it('is shown the read-only tools only by GET /api/v2/tools and /api/v1/admin/tools, as on /mcp', async () => {
      // What reads, less what reads a secret (get_webhook_secret asks for write access to its resource).
      const readOnly = OPERATIONS.filter((o) => accessOf(o) === 'read')
        .map((o) => o.name)
        .sort();
      expect(OPERATIONS.filter((o) => o.annotations.readOnly && accessOf(o) === 'write').map((o) => o.name)).toEqual(['get_webhook_secret']);
      expect(readOnly).toEqual(expect.arrayContaining(['list_tokens', 'get_email', 'list_tags']));
      const v2 = await server.api('/api/v2/tools', { token: reader.token });
      expect(v2.status).toBe(200);
      const v2Names = ((await v2.json()) as { data: { name: string }[] }).data.map((t) => t.name).sort();
      expect(v2Names).toEqual(readOnly);
      const v1 = await server.api('/api/v1/admin/tools', { token: reader.token });
      expect(((await v1.json()) as { tools: { name: string }[] }).tools.map((t) => t.name).sort()).toEqual(readOnly);
      // A full token sees every tool.
      const all = await server.api('/api/v2/tools');
      expect(((await all.json()) as { data: unknown[] }).data).toHaveLength(OPERATIONS.length);
    });

    it('is refused every write with 403 forbidden (read_only_token), before its input is looked at, v2 and v1', async () => {
      const refusals: [string, { method?: string; body?: unknown }][] = [
        ['/api/v2/emails', { body: message('reader@example.net') }],
        ['/api/v2/emails', { body: { nonsense: true } }],
        ['/api/v2/tokens', { body: { name: 'escalate' } }],
        ['/api/v2/tools/send_email', { body: message('reader@example.net') }],
        ['/api/v2/tags', { body: { name: 'nope' } }],
        [`/api/v2/tokens/${reader.id}`, { method: 'DELETE' }],
      ];
      for (const [path, init] of refusals) {
        const res = await server.api(path, { ...init, token: reader.token });
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual({
          name: 'forbidden',
          statusCode: 403,
          code: 'read_only_token',
          message: expect.stringContaining('This API token is read-only'),
        });
      }
      const v1 = await server.api('/api/v1/emails', {
        body: { from: 'app@example.com', to: 'reader@example.net', subject: 'Hi', content: 'Hi', contentType: 'markdown' },
        token: reader.token,
      });
      expect(v1.status).toBe(403);
      expect(await v1.json()).toMatchObject({ success: false, message: expect.stringContaining('read-only') });
      const v1Tool = await server.api('/api/v1/admin/tools', { body: { name: 'create_tag', input: { name: 'nope' } }, token: reader.token });
      expect(v1Tool.status).toBe(403);
      // Nothing was written.
      expect((await server.api('/api/v2/tags/nope')).status).toBe(404);
      expect((await listTokens()).map((t) => t.name)).not.toContain('escalate');
    });

    it('sees only the read-only tools over MCP, and a write tool call is 403 insufficient_scope', async () => {
      const mcp = await mcpClient(reader.token);
      try {
        const { tools } = await mcp.listTools();
        const readOnly = OPERATIONS.filter((o) => o.annotations.readOnly)
          .map((o) => o.name)
          .sort();
        expect(tools.map((t) => t.name).sort()).toEqual(readOnly);
        const listed = (await mcp.callTool({ name: 'list_tokens', arguments: {} })) as ToolResult;
        expect(listed.isError).toBeFalsy();
        expect((listed.structuredContent as { data: { id: string }[] }).data.map((t) => t.id)).toContain(reader.id);
      } finally {
        await mcp.close();
      }
      // The same refusal an OAuth grant with the read scope gets.
      for (const [name, args] of [
        ['send_email', message('reader@example.net')],
        ['create_token', { name: 'escalate' }],
        ['revoke_token', { id: reader.id }],
      ] as const) {
        const call = await mcpPost(reader.token, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
        expect(call.status, name).toBe(403);
        expect(call.headers.get('www-authenticate')).toBe(
          `Bearer error="insufficient_scope", error_description="This tool changes data or sends email: it needs the write scope", resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
        );
      }
      expect((await server.api('/api/v2/emails', { token: reader.token })).status).toBe(200);
    });

    it('authenticates on SMTP but may not submit: 550 5.7.1', async () => {
      const error = await submissionTransport(server, reader.token)
        .sendMail(message('reader@example.net'))
        .then(
          () => null,
          (e: { responseCode?: number; response?: string }) => e,
        );
      expect(error?.responseCode).toBe(550);
      expect(error?.response).toBe('550 5.7.1 This API token is read-only: it cannot submit mail. Use a token with full permission.');
    });
  });

  it('is on every door as tools: create_token and list_tokens over MCP', async () => {
    const mcp = await mcpClient(server.token);
    try {
      const created = (await mcp.callTool({ name: 'create_token', arguments: { name: 'agent-made', permission: 'read' } })) as ToolResult;
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ object: 'token', name: 'agent-made', permission: 'read', token: expect.stringMatching(/^mailgate_/) });
      const listed = (await mcp.callTool({ name: 'list_tokens', arguments: {} })) as ToolResult;
      expect((listed.structuredContent as { data: { name: string }[] }).data.map((t) => t.name)).toContain('agent-made');
    } finally {
      await mcp.close();
    }
  });
});
