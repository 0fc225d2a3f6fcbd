// One HTTP request made on a stranger's behalf (an OAuth client's metadata
// document, an outbound webhook), bounded every way a stranger could hold it:
// the host resolved through the lookup it is given, every address checked
// (addresses.ts), a fresh connection to the very address checked, one deadline
// for the whole attempt (resolving, connecting, the answer and its body), at
// most maxBytes of the body read, and no redirect followed (a 3xx is an answer
// like any other). It never throws: what went wrong is a failure it returns.
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { pinnedLookup, resolveChecked, type ResolveOptions } from './addresses.ts';

export interface BoundedRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent with its Content-Length. */
  body?: string;
  /** Loopback and private targets are fine (tests, trusted networks). */
  allowPrivate: boolean;
  /** Resolve a host name (createCore gives one that is bounded); default: node:dns lookup. */
  lookup?: ResolveOptions['lookup'] | undefined;
  /** The whole attempt, in ms of real time. */
  timeoutMs: number;
  /** The most of the answer's body read: once that much has come, the connection is closed. */
  maxBytes: number;
  /** Whether the body is wanted, seen the status and headers; when it is not, the connection is closed at once. Default: it is. */
  wantsBody?: (head: AnswerHead) => boolean;
}

export interface AnswerHead {
  status: number;
  headers: IncomingHttpHeaders;
}

export interface BoundedAnswer extends AnswerHead {
  /** The body's start: at most maxBytes, empty when it was not wanted. */
  body: Buffer;
  /** The connection broke while the body was read: why (what came before is in body). */
  broken?: string;
}

export type BoundedFailure =
  | { failure: 'unresolvable' } // the host name has no address
  | { failure: 'private' } // the host is, or resolves to, an address a stranger's request must not reach
  | { failure: 'resolve_timeout' } // the host did not resolve by the deadline
  | { failure: 'timeout' } // no complete answer by the deadline
  | { failure: 'failed'; message: string }; // the connection failed

/** Resolve, check, connect, ask and read, all by one deadline. */
export async function sendBoundedRequest(url: URL, request: BoundedRequest): Promise<BoundedAnswer | BoundedFailure> {
  const deadline = Date.now() + request.timeoutMs;
  const resolving = resolveChecked(url, { allowPrivate: request.allowPrivate, ...(request.lookup ? { lookup: request.lookup } : {}) });
  const address = await byDeadline(resolving, deadline);
  if (address === 'late') return { failure: 'resolve_timeout' };
  if (address === 'unresolvable' || address === 'private') return { failure: address };
  return exchange(url, address, request, deadline);
}

/** A lookup that does not answer ends the attempt at its deadline, not whenever the name server gives up. */
async function byDeadline<T>(work: Promise<T>, deadline: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function exchange(url: URL, address: { address: string; family: number }, options: BoundedRequest, deadline: number): Promise<BoundedAnswer | BoundedFailure> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: BoundedAnswer | BoundedFailure) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(result);
      request.destroy(); // closes the connection: nothing more is read
    };
    const timer = setTimeout(() => finish({ failure: 'timeout' }), Math.max(0, deadline - Date.now()));
    const client = url.protocol === 'https:' ? https : http;
    const body = options.body;
    const request = client.request(
      url,
      {
        method: options.method,
        agent: false, // a fresh connection to the checked address, never a pooled one
        headers: { ...options.headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        // Connect to the address that was checked, whatever DNS would say now (DNS
        // rebinding). The Host header and the TLS server name stay the URL's host.
        lookup: pinnedLookup(address),
      },
      (response) => {
        const head: AnswerHead = { status: response.statusCode ?? 0, headers: response.headers };
        if (options.wantsBody && !options.wantsBody(head)) return finish({ ...head, body: Buffer.alloc(0) });
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (broken?: string) =>
          finish({ ...head, body: Buffer.concat(chunks).subarray(0, options.maxBytes), ...(broken !== undefined ? { broken } : {}) });
        response.on('data', (chunk: Buffer) => {
          if (size < options.maxBytes) chunks.push(chunk);
          size += chunk.length;
          if (size >= options.maxBytes) answer();
        });
        response.on('end', () => answer());
        response.on('error', (error) => answer(error.message));
      },
    );
    request.on('error', (error) => finish({ failure: 'failed', message: error.message }));
    request.end(body);
  });
}
