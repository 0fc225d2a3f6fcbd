import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { freePort } from '../helpers/process.ts';
import { insecure, oauthTester, type OAuthFlow, type OAuthTester } from '../helpers/oauth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Mailgate's OAuth authorization server for /mcp, driven by oauth4webapi from
 * the 401 on: discovery, a dynamically registered client and a client known by
 * its metadata document (served here on loopback), the consent page, PKCE,
 * tokens bound to /mcp used by the MCP SDK client, refresh with rotation,
 * revocation, and every refusal.
 */

describe('OAuth for /mcp', () => {
  let server: TestServer;
  let flow: OAuthFlow;
  let clientServer: http.Server;
  let clientBase = '';
  const clock = new ManualClock(Date.now());
  const redirectUri = 'http://127.0.0.1:4567/cb';

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer({
      worker: false,
      clock,
      env: { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, OAUTH_ALLOW_PRIVATE_CLIENTS: 'true' },
    });
    // A client known by its metadata document, served on loopback (allowed by OAUTH_ALLOW_PRIVATE_CLIENTS).
    clientServer = http.createServer((request, response) => {
      const clientId = `${clientBase}${request.url}`;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
      response.end(JSON.stringify({ client_id: clientId, client_name: 'Desk Agent', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }));
    });
    await new Promise<void>((resolve) => clientServer.listen(0, '127.0.0.1', resolve));
    clientBase = `http://127.0.0.1:${(clientServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => clientServer?.close(resolve));
  });

  // The discovery test fills these in; every later test signs in through them.
  let tester: OAuthTester;
  const consent = (url: URL, apiToken: string, decision?: 'allow' | 'deny') => tester.consent(url, apiToken, decision);
  const authorizeUrl = (client: { client_id: string }, challenge: string, state: string, extra?: Record<string, string>) =>
    tester.authorizeUrl(client, challenge, state, extra);
  /** The whole authorization-code flow for a client, approved with the organization's token; the tokens. */
  const signIn = (client: oauth.Client, scope = 'read write') => tester.signIn(client, server.token, scope);
  const registerClient = () => tester.registerClient();

  async function mcpClient(accessToken: string): Promise<Client> {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${accessToken}` } } }),
    );
    return client;
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

  it('discovers the authorization server from the 401 (RFC 9728, RFC 8414)', async () => {
    const unauthorized = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauthorized.status).toBe(401);
    const challenge = unauthorized.headers.get('www-authenticate')!;
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    expect(metadataUrl).toBe(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    const resource = new URL(`${server.url}/mcp`);
    const rs = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
    expect(rs.authorization_servers).toEqual([server.url]);
    expect(rs.scopes_supported).toEqual(['read', 'write']);
    const issuer = new URL(rs.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    expect(as).toMatchObject({
      issuer: server.url,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    // The root path serves the same document.
    expect(await (await fetch(`${server.url}/.well-known/oauth-protected-resource`)).json()).toEqual(rs);
    flow = { as, resource };
    tester = oauthTester(server.url, flow, redirectUri);
  });

  it('a registered client signs in and uses /mcp with its token; the REST API refuses that token', async () => {
    const client = await registerClient();
    expect(client.client_id).toMatch(/^mgc_/);
    const tokens = await signIn(client);
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'read write', expires_in: 900 });
    const mcp = await mcpClient(tokens.access_token);
    try {
      const sent = (await mcp.callTool({
        name: 'send_email',
        arguments: { from: 'a@example.com', to: 'delivered+oauth@mailgate.test', subject: 'Via OAuth', markdown: 'Hi' },
      })) as { structuredContent: { id: string } };
      const id = sent.structuredContent.id;
      const email = await server.api(`/api/v2/emails/${id}`);
      expect(((await email.json()) as { subject: string }).subject).toBe('Via OAuth');
    } finally {
      await mcp.close();
    }
    const rest = await server.api('/api/v2/emails', { token: tokens.access_token });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as { name: string }).name).toBe('invalid_api_key');
  });

  it('a client known by its metadata document signs in; the page names it', async () => {
    const client: oauth.Client = { client_id: `${clientBase}/agent.json`, token_endpoint_auth_method: 'none' };
    const page = await fetch(authorizeUrl(client, await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), 's'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Allow <strong>Desk Agent</strong> to use Mailgate?');
    const tokens = await signIn(client);
    expect(tokens.scope).toBe('read write');
  });

  it('refresh rotates; a refresh token used twice ends its whole family', async () => {
    const client = await registerClient();
    const first = await signIn(client);
    const refresh = (token: string) => tester.refresh(client, token);
    const second = await oauth.processRefreshTokenResponse(flow.as, client, await refresh(first.refresh_token!));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await mcpPost(second.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);

    const reuse = await refresh(first.refresh_token!);
    await expect(oauth.processRefreshTokenResponse(flow.as, client, reuse)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The tokens the second refresh gave are gone too.
    const after = await mcpPost(second.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(oauth.processRefreshTokenResponse(flow.as, client, await refresh(second.refresh_token!))).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a read grant lists the read-only tools, and a write tool is 403 insufficient_scope', async () => {
    const client = await registerClient();
    const tokens = await signIn(client, 'read');
    expect(tokens.scope).toBe('read');
    const mcp = await mcpClient(tokens.access_token);
    try {
      const names = (await mcp.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_email');
      expect(names).not.toContain('send_email');
    } finally {
      await mcp.close();
    }
    const refused = await mcpPost(tokens.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'send_email', arguments: {} } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", error_description="This tool changes data or sends email: it needs the write scope", resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
    );
  });

  it('refuses a reused code (and ends what it gave), a wrong verifier, an unregistered redirect and the wrong resource', async () => {
    const client = await registerClient();
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const answer = await consent(authorizeUrl(client, await oauth.calculatePKCECodeChallenge(verifier), state), server.token);
    const params = oauth.validateAuthResponse(flow.as, client, new URL(answer.headers.get('location')!), state);
    const exchange = (v: string) =>
      oauth.authorizationCodeGrantRequest(flow.as, client, oauth.None(), params, redirectUri, v, {
        additionalParameters: { resource: flow.resource.href },
        ...insecure,
      });
    await expect(oauth.processAuthorizationCodeResponse(flow.as, client, await exchange(oauth.generateRandomCodeVerifier()))).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code challenge',
    });
    const tokens = await oauth.processAuthorizationCodeResponse(flow.as, client, await exchange(verifier));
    await expect(oauth.processAuthorizationCodeResponse(flow.as, client, await exchange(verifier))).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'the authorization code was already used',
    });
    expect((await mcpPost(tokens.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(401);

    // An unregistered redirect URI: a page for the person, never a redirect to it.
    const wrongRedirect = new URL(authorizeUrl(client, await oauth.calculatePKCECodeChallenge(verifier), state));
    wrongRedirect.searchParams.set('redirect_uri', 'https://evil.example/cb');
    const page = await fetch(wrongRedirect, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('redirect_uri is not one this client registered (invalid_request)');

    // Another resource: shown to the person, not redirected to a URI nobody vetted (RFC 9700 §4.11.2).
    const otherResource = authorizeUrl(client, await oauth.calculatePKCECodeChallenge(verifier), state, { resource: 'https://elsewhere.example/mcp' });
    const refused = await fetch(otherResource, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toContain(`this server issues tokens for ${flow.resource.href} only (invalid_target)`);
  });

  it('refuses an expired code, and a token request naming another resource or none', async () => {
    const client = await registerClient();
    const code = async () => {
      const verifier = oauth.generateRandomCodeVerifier();
      const answer = await consent(authorizeUrl(client, await oauth.calculatePKCECodeChallenge(verifier), 'e'), server.token);
      return { verifier, params: oauth.validateAuthResponse(flow.as, client, new URL(answer.headers.get('location')!), 'e') };
    };
    const exchange = async (grant: Awaited<ReturnType<typeof code>>, extra: Record<string, string>) =>
      oauth.processAuthorizationCodeResponse(
        flow.as,
        client,
        await oauth.authorizationCodeGrantRequest(flow.as, client, oauth.None(), grant.params, redirectUri, grant.verifier, {
          additionalParameters: extra,
          ...insecure,
        }),
      );
    const late = await code();
    clock.advance(61_000);
    await expect(exchange(late, { resource: flow.resource.href })).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'the authorization code has expired',
    });
    await expect(exchange(await code(), { resource: 'https://elsewhere.example/mcp' })).rejects.toMatchObject({
      error: 'invalid_target',
      error_description: `this server issues tokens for ${flow.resource.href} only`,
    });
    await expect(exchange(await code(), {})).rejects.toMatchObject({
      error: 'invalid_target',
      error_description: `resource is required: ${flow.resource.href}`,
    });
  });

  it('shows who the client really is beside the name it gives itself; write alone is read write', async () => {
    const client = await registerClient();
    const page = await fetch(authorizeUrl(client, await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), 's'));
    const html = await page.text();
    expect(html).toContain(`It calls itself “Test Agent”; it is <code>${client.client_id}</code>.`);
    const documented = await fetch(
      authorizeUrl({ client_id: `${clientBase}/agent.json` }, await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()), 's'),
    );
    expect(await documented.text()).toContain(
      `It calls itself “Desk Agent”; it is <code>${clientBase}/agent.json</code>, described by <code>${new URL(clientBase).host}</code>.`,
    );
    expect((await signIn(client, 'write')).scope).toBe('read write');
  });

  it('a read-only API token grants read at most: asked for read and write, it gives read', async () => {
    const created = await server.api('/api/v2/tokens', { body: { name: 'read-only grantor', permission: 'read' } });
    expect(created.status).toBe(201);
    const readToken = ((await created.json()) as { token: string }).token;
    const tokens = await tester.signIn(await registerClient(), readToken, 'read write');
    expect(tokens.scope).toBe('read');
    const send = await mcpPost(tokens.access_token, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'send_email', arguments: { from: 'a@example.com', to: 'delivered@mailgate.test', subject: 'No', markdown: 'No' } },
    });
    expect(send.status).toBe(403);
    expect(send.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('a denied request goes back as access_denied; a wrong API token is asked again; a forged form is refused', async () => {
    const client = await registerClient();
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const denied = await consent(authorizeUrl(client, challenge, 'st'), server.token, 'deny');
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
    const wrong = await consent(authorizeUrl(client, challenge, 'st'), 'mailgate_not_a_token_0123456789abcdef');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That API token is not valid');
    const forged = await fetch(new URL('/oauth/authorize', server.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorizeUrl(client, challenge, 'st').searchParams),
        api_token: server.token,
        decision: 'allow',
        csrf: 'x',
      }),
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('revocation ends a grant; an expired access token is refused', async () => {
    const client = await registerClient();
    const tokens = await signIn(client);
    await oauth.processRevocationResponse(await oauth.revocationRequest(flow.as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect((await mcpPost(tokens.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(401);

    const later = await signIn(client);
    expect((await mcpPost(later.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    clock.advance(15 * 60 * 1000);
    const expired = await mcpPost(later.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error_description="the access token has expired"');
  });

  it('revoking the API token the grant was approved with ends the grant', async () => {
    const { org, token } = await server.core.orgs.create({ name: 'Grantor', plan: 'free' });
    const client = await registerClient();
    const tokens = await tester.signIn(client, token.token);
    const listed = await mcpPost(tokens.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_tags', arguments: {} } });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('"object":"list"');
    // Revoked through the tokens API, by the organization's own token (itself: the call succeeds, the next one fails).
    const revoked = await server.api(`/api/v2/tokens/${token.id}`, { method: 'DELETE', token: token.token });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ object: 'token', id: token.id, revoked: true });
    const after = await mcpPost(tokens.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error_description="the API token this grant was made with is revoked"');
    await expect(
      oauth.processRefreshTokenResponse(flow.as, client, await oauth.refreshTokenGrantRequest(flow.as, client, oauth.None(), tokens.refresh_token!, insecure)),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(org.plan).toBe('free');
  });

  it('answers bad input to every endpoint in OAuth terms, never 500', async () => {
    const post = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(new URL(path, server.url), { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [string, string, string | undefined, number, string][] = [
      ['/oauth/token', '', undefined, 400, 'invalid_request'],
      ['/oauth/token', 'grant_type=password', undefined, 400, 'unsupported_grant_type'],
      [
        `/oauth/token`,
        `grant_type=authorization_code&code=x&client_id=y&redirect_uri=z&code_verifier=v&resource=${encodeURIComponent(flow.resource.href)}`,
        undefined,
        400,
        'invalid_grant',
      ],
      ['/oauth/token', 'grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=c', undefined, 400, 'invalid_request'],
      ['/oauth/token', '[1,2]', 'application/json', 400, 'invalid_request'],
      [
        '/oauth/register',
        '{"redirect_uris":["https://ok.example/cb"],"token_endpoint_auth_method":"client_secret_basic"}',
        'application/json',
        400,
        'invalid_client_metadata',
      ],
      ['/oauth/register', '{"redirect_uris":["http://evil.example/cb"]}', 'application/json', 400, 'invalid_redirect_uri'],
      ['/oauth/register', '{nope', 'application/json', 400, 'invalid_request'],
      ['/oauth/revoke', '', undefined, 400, 'invalid_request'],
      // U+0000 is bad input on either database, never a 500 from PostgreSQL.
      ['/oauth/token', 'grant_type=refresh_token&refresh_token=a%00&client_id=c', undefined, 400, 'invalid_request'],
      ['/oauth/register', '{"redirect_uris":["https://ok.example/cb"],"client_name":"a\\u0000b"}', 'application/json', 400, 'invalid_client_metadata'],
    ];
    for (const [path, body, type, status, error] of cases) {
      const res = await post(path, body, type);
      expect([path, body, res.status]).toEqual([path, body, status]);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
    const unknownClient = await fetch(`${server.url}/oauth/authorize?client_id=mgc_nobody&redirect_uri=${encodeURIComponent(redirectUri)}`);
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.text()).toContain('no client mgc_nobody is registered (invalid_client)');
    const nul = await fetch(`${server.url}/oauth/authorize?client_id=%00`);
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain('client_id must not contain the NUL character (U+0000) (invalid_request)');
  });
});
