import { type Command, Option } from 'commander';
import { UsageError } from './cli-errors.ts';

/**
 * The CLI's client of a running Mailgate (its REST API): what `mailgate tools`
 * and `mailgate campaigns` use. A refusal is an ApiError with the server's v2
 * error; a server that cannot be reached is an UnreachableError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { name?: string; message?: string; details?: unknown },
    /** Seconds to wait before trying again, when the answer said (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export class UnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = (cause as { cause?: { code?: string; message?: string } })?.cause;
    super(`cannot reach ${url}: ${reason?.code ?? reason?.message ?? (cause as Error)?.message ?? cause}`);
    this.name = 'UnreachableError';
  }
}

/** The organization's quota as the latest answer's RateLimit headers told it. */
export interface Quota {
  /** Requests per 60 s window. */
  limit: number;
  remaining: number;
}

export interface Remote {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** A GET whose answer is bytes (a CSV export), as they arrive; refusals are ApiErrors as for get. */
  stream(path: string): Promise<ReadableStream<Uint8Array>>;
  /** The quota of the latest answer that carried one (undefined before any). */
  quota(): Quota | undefined;
}

const TIMEOUT_MS = 30_000;

export function remoteApi(baseUrl: string, token: string): Remote {
  const base = baseUrl.replace(/\/+$/, '');
  let quota: Quota | undefined;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${base}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new UnreachableError(url, error);
    }
    const limit = Number(response.headers.get('ratelimit-limit'));
    const remaining = Number(response.headers.get('ratelimit-remaining'));
    if (limit > 0 && Number.isFinite(remaining)) quota = { limit, remaining };
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError(response.status, { message: `${url} answered ${response.status} with a body that is not JSON` });
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
      throw new ApiError(response.status, (parsed ?? {}) as ApiError['body'], Number.isFinite(retryAfter) ? retryAfter : undefined);
    }
    return parsed as T;
  }
  async function stream(path: string): Promise<ReadableStream<Uint8Array>> {
    const url = `${base}${path}`;
    let response: Response;
    try {
      // Only the answer's start is timed: a long export keeps coming for as long as it takes.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('timed out')), TIMEOUT_MS);
      response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal }).finally(() => clearTimeout(timer));
    } catch (error) {
      throw new UnreachableError(url, error);
    }
    if (!response.ok || !response.body) {
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = { message: `${url} answered ${response.status} with a body that is not JSON` };
      }
      throw new ApiError(response.status, (parsed ?? {}) as ApiError['body']);
    }
    return response.body;
  }
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body), stream, quota: () => quota };
}

/** `--url` and `--token` (or MAILGATE_URL and MAILGATE_TOKEN): the server a remote command acts on. */
export function remoteOptions(command: Command): Command {
  return command
    .addOption(new Option('--url <url>', 'the Mailgate server').env('MAILGATE_URL').default('http://127.0.0.1:3000'))
    .addOption(new Option('--token <token>', 'an API token of the organization to act in').env('MAILGATE_TOKEN'));
}

/** The client for a remote command's options; a usage error without a token. */
export function remoteOf(options: { url: string; token?: string }): Remote {
  if (!options.token) throw new UsageError('an API token is needed: --token TOKEN or MAILGATE_TOKEN');
  return remoteApi(options.url, options.token);
}
