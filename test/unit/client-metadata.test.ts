import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClientMetadata, isClientMetadataUrl } from '../../src/oauth/client-metadata.ts';

/**
 * Client ID Metadata Documents fetched through a real HTTP server on loopback
 * (allowed here), and the address rules through a fake resolver (no network).
 */
describe('fetchClientMetadata', () => {
  let server: http.Server;
  let base = '';
  let lastHost = '';
  const NOW = 1_800_000_000_000;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      lastHost = request.headers.host ?? '';
      const self = `${base}${request.url}`;
      const doc = (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
        response.writeHead(200, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify({ client_id: self, client_name: 'Agent', redirect_uris: ['https://agent.example/cb', 'http://127.0.0.1:9999/cb'], ...extra }));
      };
      switch (request.url) {
        case '/ok.json': return doc({}, { 'cache-control': 'public, max-age=600' });
        case '/default.json': return doc();
        case '/nostore.json': return doc({}, { 'cache-control': 'no-store' });
        case '/long.json': return doc({}, { 'cache-control': 'max-age=999999' });
        case '/mismatch.json': return doc({ client_id: 'https://other.example/x.json' });
        case '/noredirects.json': return doc({ redirect_uris: [] });
        case '/plainredirect.json': return doc({ redirect_uris: ['http://agent.example/cb'] });
        case '/secret.json': return doc({ token_endpoint_auth_method: 'client_secret_basic' });
        case '/redirect.json':
          response.writeHead(302, { location: '/ok.json' });
          return response.end();
        case '/html.json':
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end('<html></html>');
        case '/huge.json':
          // Streamed without Content-Length, past the limit.
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"pad":"');
          for (let i = 0; i < 20; i++) response.write('x'.repeat(1024));
          return response.end('"}');
        case '/slow.json':
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"client_id":');
          return; // never ends
        default:
          response.writeHead(404);
          return response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchDoc = (path: string, extra: Partial<Parameters<typeof fetchClientMetadata>[1]> = {}) =>
    fetchClientMetadata(`${base}${path}`, { allowPrivate: true, now: NOW, ...extra });

  it('reads a valid document, cached as its Cache-Control says (default an hour, at most a day, no-store not at all)', async () => {
    expect(await fetchDoc('/ok.json')).toEqual({
      metadata: { client_id: `${base}/ok.json`, client_name: 'Agent', redirect_uris: ['https://agent.example/cb', 'http://127.0.0.1:9999/cb'], client_uri: null, logo_uri: null },
      expiresAt: NOW + 600_000,
    });
    expect((await fetchDoc('/default.json')).expiresAt).toBe(NOW + 3_600_000);
    expect((await fetchDoc('/nostore.json')).expiresAt).toBe(NOW);
    expect((await fetchDoc('/long.json')).expiresAt).toBe(NOW + 86_400_000);
  });

  it.each([
    ['/mismatch.json', "the document's client_id is not its own URL"],
    ['/noredirects.json', 'the document must list its redirect_uris'],
    ['/plainredirect.json', 'redirect URI http://agent.example/cb must use https, or http on a loopback address'],
    ['/secret.json', 'only public clients (token_endpoint_auth_method "none") are accepted'],
    ['/redirect.json', "the document's URL redirects (302); it must answer itself"],
    ['/html.json', 'the document is not served as JSON'],
    ['/missing.json', "the document's URL answered 404"],
  ])('refuses %s', async (path, message) => {
    await expect(fetchDoc(path)).rejects.toMatchObject({ name: 'ClientMetadataError', message });
  });

  it('stops reading past the size limit, and a document that never ends within the time limit', async () => {
    await expect(fetchDoc('/huge.json')).rejects.toMatchObject({ message: 'the document is larger than 5120 bytes' });
    const started = Date.now();
    await expect(fetchDoc('/slow.json', { timeoutMs: 300 })).rejects.toMatchObject({ message: 'no complete answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('connects to the address it checked, keeping the host name', async () => {
    const port = new URL(base).port;
    const url = `http://cimd.test:${port}/ok.json`;
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    // The document names its own URL: the test server builds it from `base`, so this one mismatches — but it was reached, by name.
    await expect(fetchClientMetadata(url, { allowPrivate: true, now: NOW, lookup })).rejects.toMatchObject({ message: "the document's client_id is not its own URL" });
    expect(lastHost).toBe(`cimd.test:${port}`);
  });

  it.each([
    ['127.0.0.1'],
    ['10.1.2.3'],
    ['172.20.0.1'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['::1'],
    ['fd00::1'],
    ['fe80::1'],
    ['::ffff:127.0.0.1'],
  ])('refuses a host that resolves to %s unless private targets are allowed', async (address) => {
    const lookup = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
    await expect(fetchClientMetadata('https://client.example/agent.json', { allowPrivate: false, now: NOW, lookup })).rejects.toMatchObject({
      message: 'client.example is a private, loopback or link-local address',
    });
  });

  it('refuses a host with one private address among public ones, and plain http, when private targets are not allowed', async () => {
    const lookup = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.1', family: 4 }];
    await expect(fetchClientMetadata('https://client.example/a.json', { allowPrivate: false, now: NOW, lookup })).rejects.toMatchObject({
      message: 'client.example is a private, loopback or link-local address',
    });
    await expect(fetchClientMetadata(`${base}/ok.json`, { allowPrivate: false, now: NOW })).rejects.toMatchObject({
      message: 'client_id must be an https URL with a path, without fragment or credentials',
    });
  });
});

describe('isClientMetadataUrl', () => {
  it.each([
    ['https://agent.example/client.json', true],
    ['https://agent.example/', false],
    ['https://agent.example', false],
    ['https://agent.example/c.json#x', false],
    ['https://user:pw@agent.example/c.json', false],
    ['https://agent.example/a/../c.json', false],
    ['http://agent.example/c.json', false],
    ['mgc_abc', false],
  ])('%s → %s', (id, expected) => {
    expect(isClientMetadataUrl(id)).toBe(expected);
  });
});
