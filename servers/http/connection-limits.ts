// Every HTTP request bounded in time, every peer address in connections: a slow
// or greedy client holds its own connections, never the server. Node's HTTP
// server keeps the clocks (headers, whole request, keep-alive idle); what it
// refuses before Fastify sees a request (a request that took too long, headers
// too large, broken framing) is answered here in the documented error shape of
// the path (v1 or v2), always with Connection: close, since the socket closes,
// and without a body when the request was a HEAD.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Config } from '../../src/index.ts';
import { methodNotAllowed, type RouteMethods } from './allowed-methods.ts';
import { isV1Path, v1ErrorBody, v2ErrorBody, type HttpError } from './errors.ts';

/** How often Node checks the header and request clocks: the bound is met within this. */
const CHECK_EVERY_MS = 1000;

/** The request line of what a socket is reading, as far as it is known. */
interface RequestLine {
  method?: string | undefined;
  path?: string | undefined;
}

/** The request each socket is reading, once Fastify has it: its error is answered in its version's shape. */
const reading = new WeakMap<Socket, RequestLine>();

/** v1's body for these refusals (never a rate limit: that one is answered before any path is known, in v2's shape). */
const v1Body = v1ErrorBody('');

/**
 * A whole response in the path's error shape, written on the raw socket, then
 * the socket closed. A HEAD's answer has the headers only (Content-Length
 * still says what a GET would have had, as RFC 9110 §9.3.2 allows).
 */
function answerAndClose(socket: Socket, error: HttpError, request: RequestLine, headers: Record<string, string> = {}): void {
  const status = error.status;
  const body = JSON.stringify(isV1Path(request.path) ? v1Body(error) : v2ErrorBody(error));
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const head =
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n`;
  socket.end(request.method === 'HEAD' ? head : head + body, () => socket.destroy());
}

/** A method is a token (RFC 9110 §9.1), whether Node knows it or not. */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+)(?: HTTP\/\d\.\d)?$/;

/** The request line in what the parser was given, when it got that far (of an over-long one, its start). */
function requestLineOf(raw: unknown): RequestLine | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  const line = raw.subarray(0, Math.min(raw.length, 8192)).toString('latin1').split('\r\n', 1)[0] ?? '';
  const match = REQUEST_LINE.exec(line);
  return match ? { method: match[1], path: match[2] } : undefined;
}

/** Node's clientError: `rawPacket` is what the parser had (a Buffer), when it failed parsing. */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * Fastify's clientErrorHandler: Node's own refusals, in our shapes. A method
 * Node's parser does not know never reaches the router: it is answered here as
 * the router would answer a method the path lacks (405 with Allow, or 404 for
 * a path no route has), though before authentication, since nothing was parsed.
 */
function clientErrorAnswer(methods: RouteMethods) {
  return function answerClientError(error: ClientError, socket: Socket): void {
    // A reset connection has nobody to answer; a response already under way must not be corrupted.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const line = requestLineOf(error.rawPacket);
    const request = line ?? reading.get(socket) ?? {};
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const message = 'The request took too long to arrive (headers or body); send it again, faster';
      answerAndClose(socket, { status: 408, name: 'request_timeout', message }, request);
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      answerAndClose(socket, { status: 431, name: 'headers_too_large', message: 'The request line and headers are larger than this server accepts' }, request);
    } else if (error.code === 'HPE_INVALID_METHOD' && line?.method && line.path?.startsWith('/')) {
      const allowed = methods.allowedAt(line.path);
      if (allowed.length > 0) answerAndClose(socket, methodNotAllowed(line.method, line.path, allowed), line, { Allow: allowed.join(', ') });
      else answerAndClose(socket, { status: 404, name: 'not_found', message: `No route for ${line.method} ${line.path.split('?')[0]}` }, line);
    } else {
      answerAndClose(socket, { status: 400, name: 'bad_request', message: 'The request is not valid HTTP/1.1' }, request);
    }
  };
}

/**
 * The options of the Fastify instance that bound each request. `methods`: the
 * app's routes, for answering a method Node does not know.
 */
export function connectionOptions(
  config: Config,
  methods: RouteMethods,
): Pick<FastifyHttpOptions<http.Server>, 'keepAliveTimeout' | 'requestTimeout' | 'http' | 'clientErrorHandler'> {
  return {
    keepAliveTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    // No Host header is refused by the app (in the path's error shape), not by Node (an empty 400).
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: CHECK_EVERY_MS, requireHostHeader: false },
    clientErrorHandler: clientErrorAnswer(methods),
  };
}

/**
 * Cap each peer address's open connections (HTTP_MAX_CONNECTIONS_PER_ADDRESS),
 * and note each request's path while it is read. Behind a proxy every
 * connection comes from the proxy: raise the cap there.
 */
export function limitConnections(app: FastifyInstance, config: Config): void {
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= config.http.maxConnectionsPerAddress) {
      socket.on('error', () => undefined);
      // Answered at connect, before any request: its path and method are not known.
      answerAndClose(
        socket,
        {
          status: 429,
          name: 'rate_limit_exceeded',
          message: `Too many open connections from this address (at most ${config.http.maxConnectionsPerAddress}); close some or reuse them`,
        },
        {},
        { 'Retry-After': '1' },
      );
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const now = (open.get(address) ?? 1) - 1;
      if (now <= 0) open.delete(address);
      else open.set(address, now);
    });
  });
  app.addHook('onRequest', async (request) => {
    reading.set(request.raw.socket, { method: request.raw.method, path: request.raw.url ?? '' });
  });
  app.addHook('onResponse', async (request) => {
    reading.delete(request.raw.socket);
  });
}
