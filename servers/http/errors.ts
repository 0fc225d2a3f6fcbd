import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AppError, isAppError, isConnectionLoss, isOAuthError, retryAfterSeconds, type ErrorKind, type OAuthErrorCode } from '../../src/index.ts';

/** The error bodies of each version (docs/api.md, Errors), as schemas: the answers below and /openapi.json both follow them. */
export const v2ErrorSchema = z.object({
  name: z
    .string()
    .describe(
      'The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, ' +
        'conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, internal_error; ' +
        'the database out of reach for a moment (a restart, a failover): service_unavailable (503, with Retry-After); ' +
        'before a request is read: bad_request, request_timeout, headers_too_large; ' +
        'a method the path does not have: method_not_allowed (405, with Allow).',
    ),
  message: z.string().describe('What went wrong, for a person.'),
  statusCode: z.int(),
  code: z
    .string()
    .optional()
    .describe(
      'A stable code where there is one (RECIPIENT_RATE_LIMITED, RECIPIENT_SUPPRESSED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_REQUEST_IN_PROGRESS, WEBHOOK_LIMIT_REACHED, COMPLAINT_SUPPRESSION, ' +
        'DOMAIN_NOT_VERIFIED, DOMAIN_RECEIVING_ELSEWHERE).',
    ),
  details: z
    .unknown()
    .optional()
    .describe('validation_error: every problem as {path, message} (RECIPIENT_SUPPRESSED adds email and reason); recipient_rate_limited: {reason}.'),
});

export const v1ErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional().describe('RECIPIENT_RATE_LIMITED for a refused recipient.'),
});

export const v1RateLimitSchema = z.object({
  message: z.string().describe('Too many requests.'),
  docs: z.string().describe('Where the rate limits are explained.'),
});

/** The HTTP adapter's one error table: AppError kind → status. */
export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation_error: 422,
  missing_api_key: 401,
  invalid_api_key: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  idempotency_conflict: 409,
  conflict: 409,
  payload_too_large: 413,
  rate_limit_exceeded: 429,
  recipient_rate_limited: 429,
  internal_error: 500,
};

/** OAuth's error codes → status (RFC 6749 §5.2, RFC 6750 §3.1, RFC 7591 §3.2.2, RFC 8707): the OAuth endpoints and /mcp answer them. */
export const STATUS_BY_OAUTH_CODE: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  invalid_token: 401,
  temporarily_unavailable: 503,
};

/** Is this error name one of OAuth's codes (an OAuthError classified)? */
export const isOAuthCode = (name: string): name is OAuthErrorCode => Object.hasOwn(STATUS_BY_OAUTH_CODE, name);

/** An error classified: what every scope answers, each in its own body shape. */
export interface HttpError {
  status: number;
  name: string;
  message: string;
  code?: string | undefined;
  details?: unknown;
  retryAfter?: number | undefined;
  /** invalid_json because the body was not sent as JSON (its Content-Type), not because it is malformed. */
  wrongContentType?: boolean;
}

/**
 * Classify anything thrown in a request: an AppError by its kind, an OAuthError
 * by its code, Fastify's own errors (a body too large, not JSON, not sent as
 * JSON, another 4xx) by what went wrong; anything else is internal_error, its
 * detail never shown.
 */
export function toHttpError(error: unknown): HttpError {
  if (isAppError(error)) return fromAppError(error);
  if (isOAuthError(error)) return { status: STATUS_BY_OAUTH_CODE[error.code], name: error.code, message: error.message };
  const e = error as Partial<FastifyError> & { statusCode?: number };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, name: 'payload_too_large', message: 'Request body is larger than this server accepts' };
  }
  if (e instanceof SyntaxError || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, name: 'invalid_json', message: `Request body is not valid JSON${e.message ? `: ${e.message}` : ''}` };
  }
  if (status === 415) {
    // A body that is not JSON is invalid_json, whatever it claims to be.
    return { status: 400, name: 'invalid_json', message: 'Request body must be JSON sent as Content-Type: application/json', wrongContentType: true };
  }
  if (status >= 400 && status < 500) {
    return { status, name: 'bad_request', message: e.message ?? 'Bad request' };
  }
  if (isConnectionLoss(error)) {
    // Nothing was decided that a retry would repeat wrongly: a write is either not done or (its COMMIT's answer lost) done, and a send's Idempotency-Key covers that.
    return { status: 503, name: 'service_unavailable', message: 'The database cannot be reached just now; try again shortly', retryAfter: 1 };
  }
  return { status: 500, name: 'internal_error', message: 'An unexpected error occurred; it has been logged' };
}

function fromAppError(error: AppError): HttpError {
  return {
    status: STATUS_BY_KIND[error.kind],
    name: error.kind,
    message: error.message,
    code: error.code,
    details: error.details,
    retryAfter: error.retryAfter,
  };
}

/** Paths answered in v1's error shape: /api/v1/… and the older /v1/…. */
export function isV1Path(path: string | undefined): boolean {
  return path !== undefined && /^\/(api\/)?v1(\/|\?|$)/.test(path);
}

/** v2 error body: `{name, message, statusCode}` plus `code` and `details` where present. */
export function v2ErrorBody(e: HttpError): z.infer<typeof v2ErrorSchema> {
  const body: z.infer<typeof v2ErrorSchema> = { name: e.name, message: e.message, statusCode: e.status };
  if (e.code !== undefined) body.code = e.code;
  if (e.details !== undefined) body.details = e.details;
  return body;
}

/**
 * v1 error bodies (frozen): `{success:false, message}`; a refused recipient adds
 * its `code`; the organization's rate limit is `{message, docs}`, docs linking /docs/rate-limits.
 */
export function v1ErrorBody(rateLimitDocsUrl: string) {
  return function body(e: HttpError): z.infer<typeof v1ErrorSchema> | z.infer<typeof v1RateLimitSchema> {
    if (e.name === 'rate_limit_exceeded') {
      return { message: 'Too many requests: slow down and retry after the number of seconds in Retry-After', docs: rateLimitDocsUrl };
    }
    if (e.code === 'RECIPIENT_RATE_LIMITED') return { success: false, message: e.message, code: e.code };
    return { success: false, message: e.message };
  };
}

/** How a scope answers an error once it is classified: status, headers and body in the scope's own terms. */
export type ErrorAnswer = (reply: FastifyReply, e: HttpError) => FastifyReply;

/** A JSON answer with the error's status and a body in the given shape (v2, v1). */
export const jsonErrorAnswer =
  (shape: (e: HttpError) => Record<string, unknown>): ErrorAnswer =>
  (reply, e) =>
    reply.code(e.status).send(shape(e));

/** Answer a classified error the scope's way, with Retry-After (whole seconds) when it asks the client to wait: every scope does. */
export function answerError(reply: FastifyReply, e: HttpError, answer: ErrorAnswer): FastifyReply {
  const seconds = retryAfterSeconds(e);
  if (seconds !== undefined) reply.header('Retry-After', String(seconds));
  return answer(reply, e);
}

/**
 * The error handler of a scope (the API's versions, link pages, tracking links,
 * OAuth, /mcp): every error classified by toHttpError, answered the scope's way;
 * an internal error is logged as `failed` ("request failed"), its detail never shown.
 */
export function errorHandler(answer: ErrorAnswer, failed = 'request failed') {
  return function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const e = toHttpError(error);
    if (e.name === 'internal_error') request.log.error({ err: error }, failed);
    else if (e.name === 'service_unavailable') request.log.warn({ err: error }, `${failed}: the database is out of reach`);
    return answerError(reply, e, answer);
  };
}
