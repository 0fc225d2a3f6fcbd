import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  acceptInvitationSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  SESSION_CODES,
  SESSION_COOKIE,
  SESSION_MAX_MS,
  sessionRecordSchema,
  signInSchema,
  userRecordSchema,
  type Core,
} from '../../src/index.ts';
import { sessionAuth, sessionSecretOf } from './auth.ts';
import { describeRoute } from './route-schema.ts';

const NO_CONTENT = z.null().describe('No content.');

/** The session cookie: HttpOnly (no script reads it), SameSite=Lax (another site's forms do not carry it), Secure when BASE_URL is https. */
export function cookieOptions(core: Core) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: core.config.baseUrl.startsWith('https:'),
  };
}

/** A request that must be signed in by its cookie (a Bearer token is no session): its session secret, else 401. */
function sessionSecret(request: FastifyRequest): string {
  const secret = sessionSecretOf(request);
  if (secret !== undefined && !request.headers.authorization) return secret;
  throw new AppError('invalid_credentials', "This needs a signed-in session (the dashboard's cookie), not an API token: sign in first", {
    code: SESSION_CODES.sessionRequired,
  });
}

/**
 * The routes of signing in, under /api/v2/auth: accepting an invitation,
 * sign-in, the current session, sign-out, password reset. Registered outside the v2 plugin,
 * whose authentication hook asks for a token or a session: here the invitation's
 * secret, the password, or the cookie is the proof.
 */
export async function authRoutes(app: FastifyInstance, core: Core): Promise<void> {
  const acceptInvitation = describeRoute({
    operationId: 'accept_invitation',
    summary: 'Accept an invitation: choose a password',
    description: [
      'Takes the secret from an invitation link (`…/app/accept-invitation#token=…`) and a password (at least 10 characters, not the email address): the invited user becomes active and can sign in; the answer is the user.',
      "The first admin's link (printed at first start) names no address: give `email` too, and the admin is created with it.",
      'A link that is unknown, expired (after 7 days) or used already is refused with 404 (code INVITATION_INVALID) without saying which, and nothing changes. No API token is needed.',
    ].join(' '),
    tags: ['users'],
    version: 'v2',
    body: acceptInvitationSchema,
    errors: ['not_found', 'conflict'],
    response: { 200: userRecordSchema },
  });
  app.post('/accept-invitation', { ...acceptInvitation, schema: { ...acceptInvitation.schema, security: [] } }, async (request) =>
    core.users.acceptInvitation(request.body),
  );

  const signIn = describeRoute({
    operationId: 'sign_in',
    summary: 'Sign in with email and password: a session cookie',
    description: [
      'Opens a session for a user: the answer sets the HttpOnly cookie `mailgate_session`, which the v2 API accepts in place of a Bearer token, and gives the csrf_token that every request of the session that is not a GET must send as the X-CSRF-Token header.',
      'A wrong address or password is one refusal (401 invalid_credentials) that does not say which. With the second factor on, give totp_code (or a recovery code); without it the answer is 401 with code TOTP_REQUIRED.',
      'An address with a user in several organizations: 409 ORGANIZATION_REQUIRED lists them; sign in again with organization_id. Failed attempts are limited per client address and per account (429 with Retry-After).',
    ].join(' '),
    tags: ['auth'],
    version: 'v2',
    body: signInSchema,
    errors: ['invalid_credentials', 'conflict', 'rate_limit_exceeded'],
    response: { 200: sessionRecordSchema },
  });
  app.post('/sign-in', { ...signIn, schema: { ...signIn.schema, security: [] } }, async (request, reply) => {
    const { secret, session } = await core.sessions.signIn(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    reply.setCookie(SESSION_COOKIE, secret, { ...cookieOptions(core), maxAge: SESSION_MAX_MS / 1000 });
    return session;
  });

  const session = describeRoute({
    operationId: 'get_session',
    summary: 'The current session: who is signed in, and the CSRF token',
    description:
      "Answers the session of the request's cookie: the user, the organization, the role, the csrf_token to send with writes, and when it ends. Without a session (or with an API token instead) the answer is 401 invalid_credentials.",
    tags: ['auth'],
    version: 'v2',
    errors: ['invalid_credentials'],
    response: { 200: sessionRecordSchema },
  });
  app.get('/session', { ...session, schema: { ...session.schema, security: [{ session: [] }] } }, async (request) =>
    core.sessions.describe(sessionSecret(request)),
  );

  const signOut = describeRoute({
    operationId: 'sign_out',
    summary: 'Sign out: end this session',
    description: "Ends the session of the request's cookie and clears the cookie. Like every write of a session, it needs the X-CSRF-Token header.",
    tags: ['auth'],
    version: 'v2',
    errors: ['invalid_credentials', 'forbidden'],
    response: { 204: NO_CONTENT },
  });
  app.post('/sign-out', { ...signOut, schema: { ...signOut.schema, security: [{ session: [] }] } }, async (request, reply: FastifyReply) => {
    const secret = sessionSecret(request);
    await sessionAuth(core, request, secret);
    await core.sessions.signOut(secret);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(core));
    return reply.code(204).send();
  });

  const requestReset = describeRoute({
    operationId: 'request_password_reset',
    summary: 'Forgot the password: email a reset link',
    description: [
      'Sends a one-time link (`…/app/reset-password#token=…`, valid for 1 hour) to the address, if it has an active user (one email per organization it is in).',
      'The answer is 202 `{}` whatever the address, so that it tells nobody which addresses have a user; an address asking more than 5 times an hour gets no more emails. No API token is needed.',
    ].join(' '),
    tags: ['auth'],
    version: 'v2',
    body: passwordResetRequestSchema,
    errors: [],
    response: { 202: z.object({}) },
  });
  app.post('/password-reset', { ...requestReset, schema: { ...requestReset.schema, security: [] } }, async (request, reply) => {
    await core.passwordResets.request(request.body);
    return reply.code(202).send({});
  });

  const completeReset = describeRoute({
    operationId: 'complete_password_reset',
    summary: 'Set a new password with a reset link',
    description: [
      'Takes the secret from a reset link and a new password (at least 10 characters, not the email address); the answer is the user, who then signs in with it.',
      "All the user's sessions end. A link that is unknown, expired (after 1 hour) or used already is refused with 404 (code RESET_LINK_INVALID) without saying which, and nothing changes. No API token is needed.",
    ].join(' '),
    tags: ['auth'],
    version: 'v2',
    body: passwordResetCompleteSchema,
    errors: ['not_found'],
    response: { 200: userRecordSchema },
  });
  app.post('/password-reset/complete', { ...completeReset, schema: { ...completeReset.schema, security: [] } }, async (request) =>
    core.passwordResets.complete(request.body),
  );
}
