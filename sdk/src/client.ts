// The transport under every SDK call: one request to a v2 operation, answered as
// { data, error }, retried on 429 and 5xx by Retry-After or 1 s, 2 s, 4 s.
import type { operations } from './generated/openapi.js';
import { OPERATION_ROUTES, type OperationId } from './generated/operations.js';

/** A v2 error as the server answers it, or one of the SDK's own (statusCode null). */
export interface MailgateError {
  /** The server's error name (validation_error, not_found, rate_limit_exceeded, …), or network_error / timeout_error. */
  name: string;
  message: string;
  /** The HTTP status; null when no answer came. */
  statusCode: number | null;
  /** A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, domain_not_verified, …). */
  code?: string;
  details?: unknown;
  /** Seconds the server asked to wait (Retry-After), when it did. */
  retryAfter?: number;
}

/** What every call resolves to: never a thrown API error. */
export type Result<T> = { data: T; error: null } | { data: null; error: MailgateError };

/** What a route that answers bytes (a raw message, an attachment) gives: the bytes, their media type, and the filename they came with. */
export interface Bytes {
  content: Uint8Array;
  /** The Content-Type of the answer, e.g. message/rfc822 or application/pdf. */
  contentType: string;
  /** From Content-Disposition; null when the answer names none. */
  filename: string | null;
}

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Op<K extends OperationId> = operations[K];
/** The JSON body an operation takes. */
export type BodyOf<K extends OperationId> = Op<K> extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;
/** The query parameters an operation takes. */
export type QueryOf<K extends OperationId> = Op<K> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** What an operation answers on success. */
export type DataOf<K extends OperationId> =
  Op<K> extends { responses: infer R } ? (R extends { 200: infer A } ? JsonOf<A> : never) | (R extends { 201: infer B } ? JsonOf<B> : never) : never;

/**
 * A browser signed in to the dashboard: calls carry the session cookie (same
 * origin) instead of a token, and every call that is not a GET sends the
 * session's CSRF token (from sign-in or auth.session()) as X-CSRF-Token.
 */
export interface SessionCredentials {
  session: true;
  /** The current session's csrf_token; undefined before sign-in. */
  csrfToken?: () => string | undefined;
}

/** An API token, or a session (the dashboard in a browser). */
export type Credentials = string | SessionCredentials;

export interface MailgateOptions {
  /** Where Mailgate listens; default the page's origin in a browser, else http://127.0.0.1:3000. */
  baseUrl?: string;
  /** Retries after a 429 or 5xx answer or a network failure; default 3, 0 turns retrying off. */
  maxRetries?: number;
  /** The fetch to use; default the platform's. */
  fetch?: typeof fetch;
  /** Give up on one attempt after this long; default 30 000 ms. */
  timeoutMs?: number;
  /** How the client waits between attempts; default a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** Per-call options. */
export interface CallOptions {
  /** Abort the call (every attempt, and the wait between them). */
  signal?: AbortSignal;
}

export interface Call {
  /** Values of the path's {parameters}, by name. */
  path?: Record<string, string>;
  query?: object | undefined;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}

const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

/** The page's origin in a browser (the dashboard is served by Mailgate itself), else the default. */
function defaultBaseUrl(): string {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return typeof location?.origin === 'string' && /^https?:/.test(location.origin) ? location.origin : DEFAULT_BASE_URL;
}
const BACKOFF_MS = 1000;

/** Retry-After as seconds: a number of seconds or an HTTP date. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The error of an answer that is not 2xx: the v2 error body, or one made from the status for a body that is not one. */
function errorOf(status: number, body: unknown, text: string, retryAfter: number | undefined): MailgateError {
  const b = body as Partial<MailgateError> | null;
  const error: MailgateError =
    b && typeof b === 'object' && typeof b.name === 'string' && typeof b.message === 'string'
      ? { name: b.name, message: b.message, statusCode: status }
      : {
          name: status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'internal_error' : 'http_error',
          message: text.trim() || `HTTP ${status}`,
          statusCode: status,
        };
  if (b && typeof b === 'object' && typeof b.code === 'string') error.code = b.code;
  if (b && typeof b === 'object' && b.details !== undefined) error.details = b.details;
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  return error;
}

/** A recipient over its guard: waiting minutes inside a call helps nobody, and a higher plan does not lift it. */
const isRecipientLimit = (e: MailgateError) => e.code === 'RECIPIENT_RATE_LIMITED' || e.name === 'recipient_rate_limited';

export class Transport {
  readonly baseUrl: string;
  readonly maxRetries: number;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly credentials: Credentials,
    options: MailgateOptions = {},
  ) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
    this.maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 3));
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Call one operation. A 429 is retried (never RECIPIENT_RATE_LIMITED); a 5xx or a failed connection only when repeating it is safe: a read, or a write under an Idempotency-Key. */
  call<K extends OperationId>(id: K, call: Call, options: CallOptions = {}): Promise<Result<DataOf<K>>> {
    return this.request(id, call, options, 'application/json', async (response) => {
      const text = await response.text();
      try {
        return (text ? JSON.parse(text) : null) as DataOf<K>;
      } catch {
        return null as DataOf<K>;
      }
    });
  }

  /** Call an operation whose route answers bytes, not JSON; retried as call() is, its errors answered as call()'s. */
  bytes(id: OperationId, call: Call, options: CallOptions = {}): Promise<Result<Bytes>> {
    return this.request(id, call, options, '*/*', async (response) => ({
      content: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      filename: filenameOf(response.headers.get('content-disposition')),
    }));
  }

  private async request<T>(id: OperationId, call: Call, options: CallOptions, accept: string, read: (response: Response) => Promise<T>): Promise<Result<T>> {
    const route = OPERATION_ROUTES[id];
    const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = call.path?.[name];
      if (value === undefined) throw new TypeError(`${id}: the path parameter ${name} is missing`);
      return encodeURIComponent(value);
    });
    const url = `${this.baseUrl}${path}${queryString(call.query)}`;
    const headers: Record<string, string> = { accept };
    const session = typeof this.credentials === 'string' ? undefined : this.credentials;
    if (session === undefined) headers.authorization = `Bearer ${this.credentials as string}`;
    else if (route.method !== 'GET') {
      const csrf = session.csrfToken?.();
      if (csrf !== undefined) headers['x-csrf-token'] = csrf;
    }
    for (const [name, value] of Object.entries(call.headers ?? {})) if (value !== undefined) headers[name] = value;
    let body: string | undefined;
    if (call.body !== undefined && route.body !== 'none') {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    const repeatable = route.method !== 'POST' || headers['Idempotency-Key'] !== undefined;

    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.maxRetries;
      const backoff = BACKOFF_MS * 2 ** attempt;
      let response: Response;
      try {
        const timeout = AbortSignal.timeout(this.timeoutMs);
        const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
        response = await this.fetchImpl(url, {
          method: route.method,
          headers,
          ...(body !== undefined ? { body } : {}),
          ...(session !== undefined ? { credentials: 'same-origin' as const } : {}),
          signal,
        });
      } catch (cause) {
        const name = (cause as { name?: string })?.name;
        if (options.signal?.aborted) return { data: null, error: { name: 'abort_error', message: 'The call was aborted', statusCode: null } };
        const error: MailgateError =
          name === 'TimeoutError'
            ? { name: 'timeout_error', message: `No answer from ${this.baseUrl} within ${this.timeoutMs} ms`, statusCode: null }
            : { name: 'network_error', message: `Could not reach ${this.baseUrl}: ${(cause as Error)?.message ?? String(cause)}`, statusCode: null };
        if (last || !repeatable) return { data: null, error };
        await this.sleep(backoff);
        continue;
      }
      if (response.ok) return { data: await read(response), error: null };
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      const error = errorOf(response.status, parsed, text, retryAfterSeconds(response.headers.get('retry-after')));
      const retry = (response.status === 429 && !isRecipientLimit(error)) || (response.status >= 500 && repeatable);
      if (!retry || last) return { data: null, error };
      await this.sleep(error.retryAfter !== undefined ? error.retryAfter * 1000 : backoff);
    }
  }

  /** Every record of a list operation, page after page (`after` = the last id), until has_more is false. Throws MailgateRequestError when a page fails. */
  async *records<K extends OperationId>(id: K, call: Call, options: CallOptions = {}): AsyncGenerator<ListItemOf<K>, void, undefined> {
    let after: string | undefined;
    for (;;) {
      const query = { ...(call.query ?? {}), ...(after !== undefined ? { after } : {}) };
      const page = await this.call(id, { ...call, query }, options);
      if (page.error) throw new MailgateRequestError(page.error);
      const { data, has_more } = page.data as unknown as { data: ListItemOf<K>[]; has_more: boolean };
      for (const record of data) yield record;
      const lastId = (data[data.length - 1] as { id?: string } | undefined)?.id;
      if (!has_more || lastId === undefined) return;
      after = lastId;
    }
  }
}

/** The filename of a Content-Disposition header: filename* (RFC 8187, UTF-8) before filename. */
function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // Falls back to the plain filename.
    }
  }
  const plain = /filename="((?:[^"\\]|\\.)*)"/i.exec(disposition) ?? /filename=([^;\s]+)/i.exec(disposition);
  return plain ? plain[1]!.replace(/\\(.)/g, '$1') : null;
}

/** A record of a list operation's page. */
export type ListItemOf<K extends OperationId> = DataOf<K> extends { data: (infer T)[] } ? T : never;

/** What iterate() throws when a page cannot be read: an iterator has no { data, error } to answer with. */
export class MailgateRequestError extends Error {
  constructor(readonly error: MailgateError) {
    super(error.message);
    this.name = 'MailgateRequestError';
  }
}
