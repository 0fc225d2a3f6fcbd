/**
 * The one error type the core throws. `kind` is a closed union; each adapter
 * (HTTP, SMTP, MCP) maps a kind to its own protocol's answer. No status codes here.
 */
export type ErrorKind =
  | 'validation_error'
  | 'invalid_json'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'forbidden'
  | 'not_found'
  | 'idempotency_conflict'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limit_exceeded'
  | 'recipient_rate_limited'
  | 'not_implemented'
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

/** A validation_error carrying a list of `{path, message}` details. */
export function validationError(details: ErrorDetail[], message?: string): AppError {
  const first = details[0];
  const summary = message ?? (first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request');
  return new AppError('validation_error', summary, { details });
}
