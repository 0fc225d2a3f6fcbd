/**
 * The one error type the core throws. `kind` is a closed union; each adapter
 * (HTTP, SMTP, MCP) maps a kind to its own protocol's answer. No status codes here.
 */
export type ErrorKind =
  | 'validation_error'
  | 'missing_api_key'
  | 'invalid_api_key'
  /** A person's sign-in refused (wrong address or password, a missing second factor), or their session ended. */
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'idempotency_conflict'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limit_exceeded'
  | 'recipient_rate_limited'
  | 'internal_error';

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  code?: string;
  details?: unknown;
  /** Seconds the caller should wait before retrying (rate limits). */
  retryAfter?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly retryAfter: number | undefined;

  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.code = options.code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The wait a refusal asks for in whole seconds, at least 1 (HTTP's Retry-After, a tool's retry_after); undefined when it asks for none. */
export function retryAfterSeconds(error: { readonly retryAfter?: number | undefined }): number | undefined {
  return error.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfter));
}

/** One line for a list of problems: the first one, and how many more there are. */
export function describeDetails(details: readonly ErrorDetail[]): string {
  const first = details[0];
  if (!first) return 'Invalid request';
  const head = first.path ? `${first.path} ${first.message}` : first.message;
  const more = details.length - 1;
  return more > 0 ? `${head} (and ${more} more problem${more > 1 ? 's' : ''})` : head;
}

/** A validation_error carrying every problem as `{path, message}` details. */
export function validationError(details: ErrorDetail[], message?: string): AppError {
  return new AppError('validation_error', message ?? describeDetails(details), { details });
}

/** Depth of nested arrays and objects in a JSON value, counted without recursion. */
export function jsonDepth(value: unknown, stopAfter: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAfter) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
