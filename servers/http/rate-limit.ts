import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUOTA_WINDOW_SECONDS, type Core, type QuotaState } from '../../src/index.ts';
import { bearerAuth } from './auth.ts';

/** The policy's name in the RateLimit headers: the product's short name and `-api`. */
const POLICY = '"mailgate-api"';

/**
 * The rate-limit headers (docs/api.md, Rate limits; draft-ietf-httpapi-ratelimit-headers,
 * plus the older RateLimit-* and X-RateLimit-* forms clients still read).
 */
export function setRateLimitHeaders(reply: FastifyReply, state: QuotaState): void {
  const limit = String(state.limit);
  const remaining = String(state.remaining);
  const reset = String(state.resetSeconds);
  reply.header('RateLimit-Policy', `${POLICY};q=${limit};w=${QUOTA_WINDOW_SECONDS}`);
  reply.header('RateLimit', `${POLICY};r=${remaining};t=${reset}`);
  reply.header('RateLimit-Limit', limit);
  reply.header('RateLimit-Remaining', remaining);
  reply.header('RateLimit-Reset', reset);
  reply.header('X-RateLimit-Limit', limit);
  reply.header('X-RateLimit-Remaining', remaining);
  reply.header('X-RateLimit-Reset', reset);
}

/** onRequest hook for every request: the per-IP rate, before anything else is done. */
export function perIpLimit(core: Core) {
  return async function checkIp(request: FastifyRequest): Promise<void> {
    core.limits.checkIp(request.ip);
  };
}

/**
 * onRequest hook of the authenticated API: authenticate, then count the request
 * against the organization's quota. Every response carries the rate-limit
 * headers: the minimum policy until the caller is known (so a 401 has it), then
 * the organization's. A request over the quota is answered 429 here.
 */
export function authenticateAndCount(core: Core, options: { sessions?: boolean } = {}) {
  const authenticate = bearerAuth(core, options);
  if (!core.limits.enabled) return authenticate;
  return async function authenticated(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    setRateLimitHeaders(reply, core.limits.minimum());
    await authenticate(request, reply);
    const counted = await core.limits.consume(request.auth!);
    if (!counted) return;
    setRateLimitHeaders(reply, counted.state);
    if (counted.refusal) throw counted.refusal;
  };
}
