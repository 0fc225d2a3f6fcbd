import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Every HTTP request is bounded, tried through raw sockets as a slow or greedy
// client would: headers and bodies that trickle in get 408, oversized headers
// 431, broken framing 400, each in the documented error shape of its path (v1
// or v2) and with Connection: close; a kept-alive connection with nothing in it
// is closed; one address may hold only its share of connections.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** When the server closed the socket, in ms after the first byte was sent. */
  closedAfterMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Open a socket, send `first`, then `trickle` one byte at a time every `everyMs` until the server answers and closes. */
function rawExchange(port: number, first: string, trickle = '', everyMs = 200, localAddress?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    const start = Date.now();
    let received = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(first);
      if (trickle) {
        timer = setInterval(() => {
          if (!socket.writable) return;
          socket.write(trickle[i % trickle.length]!);
          i++;
        }, everyMs);
      }
    });
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const at = received.indexOf('\r\n\r\n');
      if (at < 0) return reject(new Error(`no answer before close: ${JSON.stringify(received)}`));
      const [statusLine, ...lines] = received.slice(0, at).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: received.slice(at + 4), closedAfterMs: Date.now() - start });
    });
  });
}

describe('HTTP bounds every request', () => {
  let server: TestServer;
  let port = 0;

  beforeAll(async () => {
    server = await startTestServer({
      worker: false,
      env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_IDLE_TIMEOUT_SECONDS: '1', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5' },
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server?.close());

  it('answers headers that trickle in with 408 in the v2 shape and closes, within the headers timeout', async () => {
    const answer = await rawExchange(port, 'GET /api/v2/tags HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      name: 'request_timeout',
      message: 'The request took too long to arrive (headers or body); send it again, faster',
      statusCode: 408,
    });
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfterMs).toBeLessThan(3_500);
  });

  it('answers a body that trickles in with 408 in its path’s shape: v1 here, nothing sent', async () => {
    const head = `POST /api/v1/emails HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"from":`;
    const answer = await rawExchange(port, head, ' ', 150);
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'The request took too long to arrive (headers or body); send it again, faster' });
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(answer.closedAfterMs).toBeLessThan(4_500);
    expect(((await (await server.api('/api/v2/emails')).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('answers headers over the size limit with 431 in the shape of the path, with Connection: close', async () => {
    const big = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    const v2 = await rawExchange(port, `GET /api/v2/tags HTTP/1.1\r\nHost: x\r\n${big}\r\n`);
    expect(v2.status).toBe(431);
    expect(v2.headers.connection).toBe('close');
    expect(JSON.parse(v2.body)).toEqual({
      name: 'headers_too_large',
      message: 'The request line and headers are larger than this server accepts',
      statusCode: 431,
    });
    const v1 = await rawExchange(port, `GET /api/v1/emails HTTP/1.1\r\nHost: x\r\n${big}\r\n`);
    expect(v1.status).toBe(431);
    expect(JSON.parse(v1.body)).toEqual({ success: false, message: 'The request line and headers are larger than this server accepts' });
  });

  it('answers broken framing with 400 in the shape of the path', async () => {
    const v2 = await rawExchange(port, 'POST /api/v2/tags HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(v2.status).toBe(400);
    expect(v2.headers.connection).toBe('close');
    expect(JSON.parse(v2.body)).toEqual({ name: 'bad_request', message: 'The request is not valid HTTP/1.1', statusCode: 400 });
    const v1 = await rawExchange(port, 'POST /v1/emails HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n');
    expect(v1.status).toBe(400);
    expect(JSON.parse(v1.body)).toEqual({ success: false, message: 'The request is not valid HTTP/1.1' });
  });

  it('answers a HEAD that Node refuses with the headers of the answer and no body', async () => {
    const big = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    const tooLarge = await rawExchange(port, `HEAD /api/v1/emails HTTP/1.1\r\nHost: x\r\n${big}\r\n`);
    expect(tooLarge.status).toBe(431);
    expect(tooLarge.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(JSON.stringify({ success: false, message: 'The request line and headers are larger than this server accepts' }).length),
      connection: 'close',
    });
    expect(tooLarge.body).toBe('');
    const broken = await rawExchange(port, 'HEAD /api/v2/tags HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect([broken.status, broken.headers.connection, broken.body]).toEqual([400, 'close', '']);
    const brokenBody = JSON.stringify({ name: 'bad_request', message: 'The request is not valid HTTP/1.1', statusCode: 400 });
    expect(broken.headers['content-length']).toBe(String(brokenBody.length));
  });

  it('answers an HTTP/1.1 request without a Host header with 400 in the shape of its path, and closes', async () => {
    const v2 = await rawExchange(port, 'GET /api/v2/tags HTTP/1.1\r\n\r\n');
    expect(v2.status).toBe(400);
    expect(v2.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(v2.headers.connection).toBe('close');
    expect(v2.body).toBe(JSON.stringify({ name: 'bad_request', message: 'The request has no Host header, which HTTP/1.1 requires', statusCode: 400 }));
    const v1 = await rawExchange(port, `POST /api/v1/emails HTTP/1.1\r\nAuthorization: Bearer ${server.token}\r\nContent-Length: 0\r\n\r\n`);
    expect(v1.status).toBe(400);
    expect(v1.body).toBe(JSON.stringify({ success: false, message: 'The request has no Host header, which HTTP/1.1 requires' }));
    const head = await rawExchange(port, 'HEAD /health HTTP/1.1\r\n\r\n');
    expect([head.status, head.headers.connection, head.body]).toEqual([400, 'close', '']);
    // HTTP/1.0 has no such rule.
    const old = await rawExchange(port, 'GET /health HTTP/1.0\r\n\r\n');
    expect([old.status, old.body]).toEqual([200, '{"status":"ok","roles":["http"],"database":"ok"}']);
  });

  it('answers a method Node does not know as the router would: 405 with Allow, or 404 for a path no route has; in the path’s shape', async () => {
    const v2 = await rawExchange(port, 'BREW /api/v2/tags HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(v2.status).toBe(405);
    expect(v2.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-length': expect.any(String),
      allow: 'GET, HEAD, POST',
      connection: 'close',
    });
    expect(v2.body).toBe(
      JSON.stringify({ name: 'method_not_allowed', message: 'BREW is not allowed on /api/v2/tags: it allows GET, HEAD, POST', statusCode: 405 }),
    );
    const v1 = await rawExchange(port, 'get /v1/subscribers/ada HTTP/1.1\r\nHost: x\r\n\r\n');
    expect([v1.status, v1.headers.allow]).toEqual([405, 'GET, HEAD, PATCH']);
    expect(v1.body).toBe(JSON.stringify({ success: false, message: 'get is not allowed on /v1/subscribers/ada: it allows GET, HEAD, PATCH' }));
    const nowhere = await rawExchange(port, 'BREW /coffee?pot=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect([nowhere.status, nowhere.headers.allow]).toEqual([404, undefined]);
    expect(nowhere.body).toBe(JSON.stringify({ name: 'not_found', message: 'No route for BREW /coffee', statusCode: 404 }));
  });

  it('closes a kept-alive connection that stays idle', async () => {
    const answer = await rawExchange(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfterMs).toBeLessThan(3_000);
  });

  it('gives one address its share of connections: the next gets 429 and is closed; other addresses are served', async () => {
    const held: net.Socket[] = [];
    for (let i = 0; i < 5; i++) {
      const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      s.on('error', () => undefined);
      await new Promise((r) => s.once('connect', r));
      held.push(s);
    }
    await sleep(50);
    const refused = await rawExchange(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', '', 200, '127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({ name: 'rate_limit_exceeded', statusCode: 429 });

    const other = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/health', localAddress: '127.0.0.3', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
        .on('error', reject);
    });
    expect(other).toBe(200);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    for (const s of held) s.destroy();
    await sleep(100);
    const again = await rawExchange(port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '', 200, '127.0.0.2');
    expect(again.status).toBe(200);
  });
});
