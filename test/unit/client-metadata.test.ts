import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataError, fetchClientMetadata, isClientMetadataUrl, isPrivateAddress } from '../../src/oauth/client-metadata.ts';

/**
 * Client ID Metadata Documents fetched through a real HTTP server on loopback
 * (allowed here), and the address rules through a fake resolver (no network).
 */
describe('fetchClientMetadata', () => {
  let server: http.Server;
  let port = 0;
  let base = '';
  let lastHost = '';
  /** Resolves when the server's side of the /huge.json connection is closed. */
  let hugeClosed: Promise<void> = new Promise(() => {});
  let hugeBytesWritten = 0;
  const NOW = 1_800_000_000_000;
  const REDIRECTS = ['https://agent.example/cb', 'http://127.0.0.1:9999/cb', 'http://[::1]/cb', 'http://localhost:8080/cb'];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      lastHost = request.headers.host ?? '';
      // Each document names the URL it was fetched by, whatever host the client asked for.
      const self = `http://${request.headers.host}${request.url}`;
      const doc = (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
        response.writeHead(200, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify({ client_id: self, client_name: 'Agent', redirect_uris: REDIRECTS, unknown_field: [1, 2], ...extra }));
      };
      switch (request.url) {
        case '/ok.json':
          return doc({ client_uri: 'https://agent.example/', logo_uri: 'https://agent.example/logo.png' }, { 'cache-control': 'public, max-age=600' });
        case '/default.json':
          return doc({ client_name: undefined });
        case '/charset.json':
          return doc({ token_endpoint_auth_method: 'none' }, { 'content-type': 'application/json; charset=utf-8' });
        case '/nostore.json':
          return doc({}, { 'cache-control': 'no-store' });
        case '/nocache.json':
          return doc({}, { 'cache-control': 'no-cache' });
        case '/maxage0.json':
          return doc({}, { 'cache-control': 'max-age=0' });
        case '/long.json':
          return doc({}, { 'cache-control': 'max-age=999999' });
        case '/mismatch.json':
          return doc({ client_id: 'https://other.example/x.json' });
        case '/trailing.json':
          return doc({ client_id: `${self}/` });
        case '/noredirects.json':
          return doc({ redirect_uris: undefined });
        case '/emptyredirects.json':
          return doc({ redirect_uris: [] });
        case '/plainredirect.json':
          return doc({ redirect_uris: ['https://agent.example/cb', 'http://agent.example/cb'] });
        case '/relativeredirect.json':
          return doc({ redirect_uris: ['/cb'] });
        case '/secret.json':
          return doc({ token_endpoint_auth_method: 'client_secret_basic' });
        case '/plainclienturi.json':
          return doc({ client_uri: 'http://agent.example/' });
        case '/array.json':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('[]');
        case '/broken.json':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('{"client_id":');
        case '/redirect.json':
          response.writeHead(302, { location: '/ok.json' });
          return response.end();
        case '/html.json':
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end('<html></html>');
        case '/declared.json':
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
          return response.write('{');
        case '/huge.json': {
          // Streamed without Content-Length (chunked), far past the limit, a chunk at a time.
          hugeClosed = new Promise((resolve) => request.socket.once('close', () => resolve()));
          hugeBytesWritten = 0;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"pad":"');
          const timer = setInterval(() => {
            if (response.destroyed || hugeBytesWritten > 10_000_000) return clearInterval(timer);
            response.write('x'.repeat(1024));
            hugeBytesWritten += 1024;
          }, 1);
          return;
        }
        case '/slow.json':
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"client_id":');
          return; // never ends
        case '/silent.json':
          return; // never answers
        default:
          response.writeHead(404);
          return response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchDoc = (path: string, extra: Partial<Parameters<typeof fetchClientMetadata>[1]> = {}) =>
    fetchClientMetadata(`${base}${path}`, { allowPrivate: true, now: NOW, ...extra });

  it('reads a valid document: its fields, unknown ones ignored, cached for its max-age', async () => {
    expect(await fetchDoc('/ok.json')).toEqual({
      metadata: {
        client_id: `${base}/ok.json`,
        client_name: 'Agent',
        redirect_uris: REDIRECTS,
        client_uri: 'https://agent.example/',
        logo_uri: 'https://agent.example/logo.png',
      },
      expiresAt: NOW + 600_000,
    });
    expect(await fetchDoc('/charset.json')).toMatchObject({ metadata: { client_uri: null, logo_uri: null } });
  });

  it('caches an hour without Cache-Control, at most a day, and not at all for no-store, no-cache or max-age=0', async () => {
    expect(await fetchDoc('/default.json')).toMatchObject({ metadata: { client_name: null }, expiresAt: NOW + 3_600_000 });
    expect((await fetchDoc('/long.json')).expiresAt).toBe(NOW + 86_400_000);
    expect((await fetchDoc('/nostore.json')).expiresAt).toBe(NOW);
    expect((await fetchDoc('/nocache.json')).expiresAt).toBe(NOW);
    expect((await fetchDoc('/maxage0.json')).expiresAt).toBe(NOW);
  });

  it.each([
    ['/mismatch.json', 'invalid_document', "the document's client_id is not its own URL"],
    ['/trailing.json', 'invalid_document', "the document's client_id is not its own URL"],
    ['/noredirects.json', 'invalid_document', 'the document has no redirect_uris'],
    ['/emptyredirects.json', 'invalid_document', 'redirect_uris must be a non-empty array of URLs'],
    ['/plainredirect.json', 'invalid_document', 'redirect URI http://agent.example/cb must use https, or http on a loopback address'],
    ['/relativeredirect.json', 'invalid_document', 'redirect URI /cb is not an absolute URL'],
    ['/secret.json', 'invalid_document', 'only public clients (token_endpoint_auth_method "none") are accepted'],
    ['/plainclienturi.json', 'invalid_document', 'client_uri must be an https URL'],
    ['/array.json', 'invalid_document', 'the document must be a JSON object'],
    ['/broken.json', 'not_json', 'the document is not valid JSON'],
    ['/html.json', 'not_json', 'the document is not served as JSON'],
    ['/redirect.json', 'redirect', "the document's URL redirects (302); it must answer itself"],
    ['/missing.json', 'http_status', "the document's URL answered 404"],
    ['/declared.json', 'too_large', 'the document is larger than 5120 bytes'],
  ])('refuses %s', async (path, reason, message) => {
    const error = await fetchDoc(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientMetadataError);
    expect(error).toMatchObject({ name: 'ClientMetadataError', reason, message });
  });

  it('stops reading past the size limit, counting the bytes as they come, and closes the connection', async () => {
    await expect(fetchDoc('/huge.json')).rejects.toMatchObject({ reason: 'too_large', message: 'the document is larger than 5120 bytes' });
    await hugeClosed; // the server sees the connection end (the test times out otherwise)
    expect(hugeBytesWritten).toBeLessThan(1_000_000);
    await expect(fetchDoc('/huge.json', { maxBytes: 100 })).rejects.toMatchObject({ message: 'the document is larger than 100 bytes' });
  });

  it('gives up within the time limit on a body that never ends, an answer that never comes and a name that never resolves', async () => {
    for (const path of ['/slow.json', '/silent.json']) {
      const started = Date.now();
      await expect(fetchDoc(path, { timeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout', message: 'no complete answer within 300 ms' });
      expect(Date.now() - started).toBeLessThan(2000);
    }
    const lookup = () => new Promise<never>(() => {});
    await expect(fetchClientMetadata(`http://never.test:${port}/ok.json`, { allowPrivate: true, now: NOW, timeoutMs: 200, lookup })).rejects.toMatchObject({
      reason: 'timeout',
      message: 'no complete answer within 200 ms',
    });
  });

  it('connects to the address it checked, once resolved, keeping the host name in Host', async () => {
    const url = `http://cimd.test:${port}/ok.json`;
    const asked: string[] = [];
    // A second answer would be a private address elsewhere: it must never be asked for.
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.99.99.99', family: 4 }]];
    const lookup = async (hostname: string) => {
      asked.push(hostname);
      return answers[asked.length - 1]!;
    };
    const fetched = await fetchClientMetadata(url, { allowPrivate: true, now: NOW, lookup });
    expect(fetched.metadata.client_id).toBe(url);
    expect(lastHost).toBe(`cimd.test:${port}`);
    expect(asked).toEqual(['cimd.test']);
  });

  it('says so when the host does not resolve, or the connection fails', async () => {
    const nothing = async () => [];
    await expect(fetchClientMetadata('http://nowhere.test/a.json', { allowPrivate: true, now: NOW, lookup: nothing })).rejects.toMatchObject({
      reason: 'unresolvable',
      message: 'nowhere.test does not resolve',
    });
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(fetchClientMetadata('https://nowhere.test/a.json', { allowPrivate: false, now: NOW, lookup: failing })).rejects.toMatchObject({
      reason: 'unresolvable',
      message: 'nowhere.test does not resolve',
    });
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    await expect(fetchClientMetadata(`http://127.0.0.1:${closed}/a.json`, { allowPrivate: true, now: NOW })).rejects.toMatchObject({
      reason: 'fetch_failed',
      message: `the document could not be fetched: connect ECONNREFUSED 127.0.0.1:${closed}`,
    });
  });

  it.each([
    ['127.0.0.1'],
    ['127.255.0.1'],
    ['10.1.2.3'],
    ['172.20.0.1'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['::'],
    ['::1'],
    ['fd00::1'],
    ['fc00::1'],
    ['fe80::1'],
    ['ff02::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::127.0.0.1'],
    ['64:ff9b::a9fe:a9fe'],
    ['2002:7f00:1::1'],
    ['not-an-address'],
  ])('refuses a host that resolves to %s unless private targets are allowed', async (address) => {
    const lookup = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
    await expect(fetchClientMetadata('https://client.example/agent.json', { allowPrivate: false, now: NOW, lookup })).rejects.toMatchObject({
      reason: 'private_address',
      message: 'client.example is a private, loopback or link-local address',
    });
  });

  it('refuses a host with one private address among public ones, and IP literals, without resolving them', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(fetchClientMetadata('https://client.example/a.json', { allowPrivate: false, now: NOW, lookup: mixed })).rejects.toMatchObject({
      message: 'client.example is a private, loopback or link-local address',
    });
    const unused = async (): Promise<never> => {
      throw new Error('an IP literal is not resolved');
    };
    for (const [url, host] of [
      ['https://127.0.0.1/a.json', '127.0.0.1'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['https://[::1]/a.json', '[::1]'],
      ['https://[::ffff:7f00:1]/a.json', '[::ffff:7f00:1]'],
      ['https://[fe80::1]/a.json', '[fe80::1]'],
    ] as const) {
      await expect(fetchClientMetadata(url, { allowPrivate: false, now: NOW, lookup: unused })).rejects.toMatchObject({
        reason: 'private_address',
        message: `${host} is a private, loopback or link-local address`,
      });
    }
  });

  it('refuses plain http, and URLs that are not a document URL, before any request', async () => {
    await expect(fetchClientMetadata(`${base}/ok.json`, { allowPrivate: false, now: NOW })).rejects.toMatchObject({
      reason: 'invalid_client_id',
      message: 'client_id must be an https URL with a path, without fragment, credentials or dot segments',
    });
    await expect(fetchDoc('/a/../ok.json')).rejects.toMatchObject({
      reason: 'invalid_client_id',
      message: 'client_id must be an https or http URL with a path, without fragment, credentials or dot segments',
    });
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['100.128.0.1', false],
    ['2606:4700::1111', false],
    ['::ffff:93.184.216.34', false],
    ['172.31.255.255', true],
    ['100.127.255.255', true],
    ['198.18.0.1', true],
    ['fec0::1', true],
    ['2001:db8::1', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('isClientMetadataUrl', () => {
  it.each([
    ['https://agent.example/client.json', true],
    ['https://agent.example/client.json?v=2', true],
    ['https://agent.example:8443/a/b', true],
    ['https://agent.example/', false],
    ['https://agent.example', false],
    ['https://agent.example/c.json#x', false],
    ['https://agent.example/c.json#', false],
    ['https://user:pw@agent.example/c.json', false],
    ['https://user@agent.example/c.json', false],
    ['https://agent.example/a/../c.json', false],
    ['https://agent.example/a/./c.json', false],
    ['https://agent.example/a/%2e%2e/c.json', false],
    ['https://agent.example/a/..', false],
    ['https://Agent.example/c.json', false],
    ['http://agent.example/c.json', false],
    ['ftp://agent.example/c.json', false],
    ['mgc_abc', false],
  ])('%s → %s', (id, expected) => {
    expect(isClientMetadataUrl(id)).toBe(expected);
  });

  it('takes http only when allowed', () => {
    expect(isClientMetadataUrl('http://127.0.0.1:8080/c.json', true)).toBe(true);
    expect(isClientMetadataUrl('http://127.0.0.1:8080/c.json')).toBe(false);
  });
});
