import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBoundedRequest, type BoundedRequest } from '../../src/outbound/http-request.ts';

/**
 * The one request made on a stranger's behalf (OAuth metadata documents and
 * webhooks use it; client-metadata.test.ts covers it through the former),
 * against a real HTTP server on loopback (allowed here) and fake resolvers.
 */
describe('sendBoundedRequest', () => {
  let server: http.Server;
  let port = 0;
  const seen: { method: string; host: string; length: string; body: string }[] = [];
  /** Resolves when the server's side of the /endless connection is closed. */
  let endlessClosed: Promise<void> = new Promise(() => {});

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ method: request.method!, host: request.headers.host!, length: request.headers['content-length']!, body: Buffer.concat(chunks).toString() });
        switch (request.url) {
          case '/echo':
            response.writeHead(201, { 'x-answer': 'yes' });
            return response.end('thanks');
          case '/moved':
            response.writeHead(302, { location: '/echo' });
            return response.end();
          case '/endless': {
            // Far more than asked for, and never ending.
            endlessClosed = new Promise((resolve) => request.socket.once('close', () => resolve()));
            response.writeHead(200);
            response.write('abcdefghij');
            const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write('x'.repeat(64))), 5);
            return;
          }
          case '/slow':
            return setTimeout(() => response.end('late'), 200);
          case '/broken':
            response.writeHead(200);
            response.write('part');
            return setTimeout(() => request.socket.destroy(), 20);
          default:
            response.writeHead(404);
            return response.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const loopback = async () => [{ address: '127.0.0.1', family: 4 }];
  const send = (path: string, extra: Partial<BoundedRequest> = {}) =>
    sendBoundedRequest(new URL(`http://hooks.test:${port}${path}`), {
      method: 'GET',
      allowPrivate: true,
      lookup: loopback,
      timeoutMs: 2000,
      maxBytes: 100,
      ...extra,
    });

  it('sends to the checked address with the URL host in Host, the body with its length, and answers status, headers and body', async () => {
    const answer = await send('/echo', { method: 'POST', body: '{"ü":1}', headers: { 'content-type': 'application/json' } });
    expect(answer).toMatchObject({ status: 201, headers: { 'x-answer': 'yes' } });
    expect('body' in answer && answer.body.toString()).toBe('thanks');
    expect(seen.at(-1)).toEqual({ method: 'POST', host: `hooks.test:${port}`, length: '8', body: '{"ü":1}' });
  });

  it('follows no redirect: a 3xx is the answer', async () => {
    expect(await send('/moved')).toMatchObject({ status: 302, headers: { location: '/echo' } });
  });

  it('reads at most maxBytes of a body, then closes the connection', async () => {
    const answer = await send('/endless', { maxBytes: 16 });
    expect('body' in answer && answer.body.toString()).toBe('abcdefghijxxxxxx');
    await endlessClosed;
  });

  it('reads nothing of a body it does not want, and closes the connection at once', async () => {
    const answer = await send('/endless', { wantsBody: (head) => head.status !== 200 });
    expect(answer).toMatchObject({ status: 200, body: Buffer.alloc(0) });
    await endlessClosed;
  });

  it('keeps what came of a body that broke off, saying why', async () => {
    const answer = await send('/broken');
    expect(answer).toMatchObject({ status: 200, broken: expect.any(String) });
    expect('body' in answer && answer.body.toString()).toBe('part');
  });

  it('gives the whole attempt one deadline: a slow name and a slow answer add up', async () => {
    const slowName = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // Each alone (200 ms) fits in 320 ms; together they do not.
    expect(await send('/slow', { timeoutMs: 320 })).toMatchObject({ status: 200 });
    expect(await send('/echo', { timeoutMs: 320, lookup: slowName })).toMatchObject({ status: 201 });
    const started = Date.now();
    expect(await send('/slow', { timeoutMs: 320, lookup: slowName })).toEqual({ failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await send('/echo', { timeoutMs: 50, lookup: () => new Promise(() => {}) })).toEqual({ failure: 'resolve_timeout' });
  });

  it('refuses a private address unless allowed, and says when a name has no address or the connection fails', async () => {
    const count = seen.length;
    expect(await send('/echo', { allowPrivate: false })).toEqual({ failure: 'private' });
    const oneOfThemPrivate = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(await send('/echo', { allowPrivate: false, lookup: oneOfThemPrivate })).toEqual({ failure: 'private' });
    expect(seen.length).toBe(count);
    expect(await send('/echo', { lookup: async () => [] })).toEqual({ failure: 'unresolvable' });
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    expect(await sendBoundedRequest(new URL(`http://127.0.0.1:${closed}/`), { method: 'GET', allowPrivate: true, timeoutMs: 2000, maxBytes: 10 })).toEqual({
      failure: 'failed',
      message: `connect ECONNREFUSED 127.0.0.1:${closed}`,
    });
  });
});
