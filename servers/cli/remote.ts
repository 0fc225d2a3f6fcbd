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
  /** Keep the quota the answer's RateLimit headers tell, if they do. */
  function noteQuota(response: Response): void {
    const limit = Number(response.headers.get('ratelimit-limit'));
    const remaining = Number(response.headers.get('ratelimit-remaining'));
    if (limit > 0 && Number.isFinite(remaining)) quota = { limit, remaining };
  }
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
    noteQuota(response);
    return jsonAnswer<T>(url, response);
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
    noteQuota(response);
    if (!response.ok) await jsonAnswer(url, response);
    if (!response.body) throw new ApiError(response.status, { message: `${url} answered ${response.status} without a body` });
    return response.body;
  }
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body), stream, quota: () => quota };
}

/** An answer's JSON body; an ApiError for a refusal (the server's v2 error, with its Retry-After) or a body that is not JSON. */
async function jsonAnswer<T>(url: string, response: Response): Promise<T> {
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  const retryAfterSeconds = Number.isFinite(retryAfter) ? retryAfter : undefined;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, { message: `${url} answered ${response.status} with a body that is not JSON` }, retryAfterSeconds);
  }
  if (!response.ok) throw new ApiError(response.status, (parsed ?? {}) as ApiError['body'], retryAfterSeconds);
  return parsed as T;
}

/** A poll waits this long at least... */
const POLL_MIN_MS = 500;
/** ...and at most this long... */
const POLL_MAX_MS = 10_000;
/** ...spending at most this share of the organization's quota, which its other requests need. */
const POLL_QUOTA_SHARE = 0.1;

/** The wait between two polls, for a quota of `limit` requests a minute (Free's 100: 6 s; Enterprise's 2000: 0.5 s). */
export function pollIntervalMs(limit: number | undefined): number {
  if (!limit) return POLL_MIN_MS;
  return Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, Math.ceil(60_000 / (limit * POLL_QUOTA_SHARE))));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Poll<T> {
  /** The record in hand. */
  first: T;
  /** Whether a record has ended: no more reads. */
  ended: (record: T) => boolean;
  /** Told of each record, `first` too. */
  seen: (record: T) => void;
  /** How it waits (default: real time; a test passes one that returns at once). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Read `path` again until `ended` says the record has ended, from `first` (the
 * record in hand), handing each record read to `seen` (`first` too); the last
 * one. Reads come every pollIntervalMs of the quota; out of quota (429) the
 * work goes on, and the next read comes when the server says (Retry-After).
 */
export async function pollUntil<T>(remote: Remote, path: string, poll: Poll<T>): Promise<T> {
  const wait = poll.wait ?? sleep;
  let current = poll.first;
  poll.seen(current);
  while (!poll.ended(current)) {
    await wait(pollIntervalMs(remote.quota()?.limit));
    try {
      current = await remote.get<T>(path);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        await wait(Math.max(1, error.retryAfterSeconds ?? 1) * 1000);
        continue;
      }
      throw error;
    }
    poll.seen(current);
  }
  return current;
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
