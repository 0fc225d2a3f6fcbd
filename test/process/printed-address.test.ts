import { discoverOAuthServerInfo, selectResourceURL, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/server.ts';
import { loadConfig } from '../../src/index.ts';
import { startServer, type RunningServer } from '../../servers/main.ts';
import { createProcessDatabase, freePort, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// With BASE_URL unset, the address the console prints is the one every client
// can be given: the OAuth resource and issuer, the /mcp challenge and
// /openapi.json's servers (which /docs' "Try it out" calls) all name it. A client
// given another spelling of the same listener (localhost for 127.0.0.1) is
// refused by the MCP SDK's own check ("Protected resource … does not match expected …").

/** The first address of the HTTP line, once the process has printed it. */
async function printedAddress(proc: MailgateProcess): Promise<string> {
  const match = await waitFor(async () => /^Mailgate HTTP listening on (\S+)/m.exec(proc.output()) ?? undefined, 5000, 'the HTTP line');
  return match[1]!;
}

/** What an MCP client given `${address}/mcp` discovers and checks before it signs in. */
async function expectClientsAgree(address: string): Promise<void> {
  const info = await discoverOAuthServerInfo(`${address}/mcp`);
  expect(info.resourceMetadata?.resource).toBe(`${address}/mcp`);
  expect(info.authorizationServerUrl).toBe(address);
  expect(info.authorizationServerMetadata?.issuer).toBe(address);
  // The SDK's check that stopped sign-in; it throws on a mismatch.
  const resource = await selectResourceURL(`${address}/mcp`, {} as OAuthClientProvider, info.resourceMetadata);
  expect(resource?.href).toBe(`${address}/mcp`);

  const challenge = await fetch(`${address}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(challenge.status).toBe(401);
  expect(challenge.headers.get('www-authenticate')).toContain(`resource_metadata="${address}/.well-known/oauth-protected-resource/mcp"`);

  const openapi = (await (await fetch(`${address}/openapi.json`)).json()) as { servers: { url: string }[] };
  expect(openapi.servers[0]!.url).toBe(address);
}

describe('the printed address, with BASE_URL unset', () => {
  let database: ProcessDatabase;
  let proc: MailgateProcess;
  let wildcard: RunningServer;
  const wildcardLines: string[] = [];
  let wildcardPort: number;
  beforeAll(async () => {
    database = await createProcessDatabase();
    proc = await startMailgateProcess({ ...database.env, LOG_LEVEL: 'silent', MAILGATE_ROLES: 'http' });
    // The Docker image's HOST, in this process (startServer prints what main() prints), on the same database.
    wildcardPort = await freePort();
    const config = loadConfig({ ...database.env, HOST: '0.0.0.0', PORT: String(wildcardPort), LOG_LEVEL: 'silent', MAILGATE_ROLES: 'http', CPU_THREADS: '1' });
    wildcard = await startServer(config, (line) => wildcardLines.push(line));
  }, 60_000);
  afterAll(async () => {
    await proc?.stop('SIGKILL');
    await wildcard?.stop();
    await database?.cleanup();
  });

  it('is http://HOST:PORT for a concrete HOST, and every document names it', async () => {
    const address = await printedAddress(proc);
    expect(address).toBe(proc.url);
    expect(proc.output()).toContain(`Mailgate HTTP listening on ${address}\n`);
    await expectClientsAgree(address);
  });

  it('is http://localhost:PORT for the wildcard HOST 0.0.0.0 (the Docker image), and every document names it', async () => {
    const address = `http://localhost:${wildcardPort}`;
    expect(wildcardLines).toContain(`Mailgate HTTP listening on ${address} (on every interface, 0.0.0.0:${wildcardPort})`);
    expect(wildcard.httpUrl).toBe(address);
    await expectClientsAgree(address);
  });
});
