import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, assertMayWrite, type AuthContext, type Core } from '../../src/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * What a read-only API token may do on this route. Unset: a GET or HEAD
     * reads, any other method writes (refused). `read`: it only reads, whatever
     * its method. `operation`: it runs an operation the request names (a tool),
     * and the core refuses a write for such a token.
     */
    access?: 'read' | 'operation';
  }
}

/** Whether a read-only token may make this request (see FastifyContextConfig.access). */
function readOnlyTokenMay(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const access = request.routeOptions.config?.access;
  return access === 'read' || access === 'operation';
}

/** The authenticated caller of a request behind `authenticate`; throws if the hook did not run. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('internal_error', 'route is missing the authentication hook');
  return request.auth;
}

/** onRequest hook: `Authorization: Bearer <token>` → request.auth, or 401. */
export function bearerAuth(core: Core) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw new AppError('missing_api_key', 'Missing API key: send the header "Authorization: Bearer <API_TOKEN>"');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new AppError('missing_api_key', 'Malformed Authorization header: expected "Bearer <API_TOKEN>"');
    request.auth = await core.tokens.authenticate(match[1]!);
    if (!readOnlyTokenMay(request)) assertMayWrite(request.auth, 'change data or send email');
  };
}

/** The `Idempotency-Key` request header (the SDK's idempotencyKey option), if sent. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}
