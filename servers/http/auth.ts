import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, assertMayWrite, CSRF_HEADER, SESSION_CODES, SESSION_COOKIE, type AuthContext, type Core } from '../../src/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * What a read-only API token may do on this route. Unset: a GET or HEAD
     * reads, any other method writes (refused). `read`: it only reads, whatever
     * its method. `operation`: it runs an operation the request names (a tool),
     * and the core refuses a write for such a token. `account`: a person's own
     * account (every role may change their own password; the core refuses tokens).
     */
    access?: 'read' | 'operation' | 'account';
  }
}

/** Whether a read-only token may make this request (see FastifyContextConfig.access). */
function readOnlyTokenMay(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const access = request.routeOptions.config?.access;
  return access === 'read' || access === 'operation' || access === 'account';
}

/** The authenticated caller of a request behind `authenticate`; throws if the hook did not run. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('internal_error', 'route is missing the authentication hook');
  return request.auth;
}

/** Whether a request's method may change something (and so must carry a session's CSRF token). */
const writes = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** The session secret of the request's cookie, if it carries one. */
export function sessionSecretOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The caller of a request that carries a session cookie (the dashboard): the
 * session's user with their role. A write must carry the session's CSRF token in
 * X-CSRF-Token, which a page of another site cannot read; without it, 403.
 */
export async function sessionAuth(core: Core, request: FastifyRequest, secret: string): Promise<AuthContext> {
  const { auth } = await core.sessions.authenticate(secret);
  if (writes(request.method)) {
    const header = request.headers[CSRF_HEADER];
    if (!core.sessions.csrfMatches(secret, Array.isArray(header) ? header[0] : header)) {
      throw new AppError(
        'forbidden',
        'Missing or wrong CSRF token: a signed-in request that changes something must send the X-CSRF-Token header its session gave',
        {
          code: SESSION_CODES.csrf,
        },
      );
    }
  }
  return auth;
}

/**
 * onRequest hook: `Authorization: Bearer <token>` → request.auth, or 401. With
 * `sessions` (the v2 API), a request without the header may be signed in by its
 * session cookie instead; a request with the header is the token's alone.
 */
export function bearerAuth(core: Core, options: { sessions?: boolean } = {}) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const secret = !header && options.sessions ? sessionSecretOf(request) : undefined;
    if (secret !== undefined) request.auth = await sessionAuth(core, request, secret);
    else {
      if (!header) throw new AppError('missing_api_key', 'Missing API key: send the header "Authorization: Bearer <API_TOKEN>"');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) throw new AppError('missing_api_key', 'Malformed Authorization header: expected "Bearer <API_TOKEN>"');
      request.auth = await core.tokens.authenticate(match[1]!);
    }
    if (!readOnlyTokenMay(request)) assertMayWrite(request.auth, 'change data or send email');
  };
}

/** The `Idempotency-Key` request header (the SDK's idempotencyKey option), if sent. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}
