import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  changePasswordSchema,
  SESSION_CODES,
  SESSION_COOKIE,
  sessionListSchema,
  totpDisableSchema,
  totpEnabledSchema,
  totpEnableSchema,
  totpSetUpSchema,
  type Core,
} from '../../src/index.ts';
import { authOf, sessionSecretOf } from './auth.ts';
import { cookieOptions } from './auth-routes.ts';
import { authenticateAndCount } from './rate-limit.ts';
import { describeRoute, type DescribedRoute } from './route-schema.ts';

const NO_CONTENT = z.null().describe('No content.');
const SESSION_ID = z.strictObject({ id: z.string().max(100).describe('The session id (ses_…).') });

/**
 * A signed-in person's own account, under /api/v2/account: their sessions,
 * password and second factor. A session's caller only (the core refuses an API
 * token, 403 SESSION_REQUIRED); writes carry the session's CSRF token, as every
 * session write does. Every role may do all of it: it is their own account.
 */
export async function accountRoutes(app: FastifyInstance, core: Core): Promise<void> {
  const authenticate = authenticateAndCount(core, { sessions: true });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Neither a token nor a cookie: say what is missing in a person's terms (not an API key).
    if (!request.headers.authorization && sessionSecretOf(request) === undefined) {
      throw new AppError('invalid_credentials', 'Sign in first: your account needs a signed-in session', { code: SESSION_CODES.sessionRequired });
    }
    await authenticate(request, reply);
  });

  const route = (r: Omit<DescribedRoute, 'tags' | 'version' | 'access'>) => {
    const described = describeRoute({ ...r, tags: ['account'], version: 'v2', access: 'account' });
    return { ...described, schema: { ...described.schema, security: [{ session: [] }] } };
  };
  const refusals = ['invalid_credentials', 'forbidden'] as const;

  app.get(
    '/sessions',
    route({
      operationId: 'list_account_sessions',
      summary: 'Your sessions: where you are signed in',
      description: 'Lists the live sessions of the signed-in user, the most recently used first; `current` marks the one of this request.',
      errors: [...refusals],
      response: { 200: sessionListSchema },
    }),
    async (request) => core.account.sessions(authOf(request)),
  );

  app.delete(
    '/sessions/:id',
    route({
      operationId: 'revoke_account_session',
      summary: 'End one of your sessions',
      description: "Signs one of the user's sessions out (this one too, which clears the cookie). Another user's session, or an unknown id, is 404.",
      params: SESSION_ID,
      errors: [...refusals, 'not_found'],
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      const auth = authOf(request);
      const { id } = request.params as { id: string };
      await core.account.revokeSession(auth, id);
      if (id === auth.sessionId) reply.clearCookie(SESSION_COOKIE, cookieOptions(core));
      return reply.code(204).send();
    },
  );

  app.post(
    '/sign-out-everywhere',
    route({
      operationId: 'sign_out_everywhere',
      summary: 'Sign out everywhere',
      description: "Ends all the user's sessions, this one too (the cookie is cleared): every browser signed in as the user must sign in again.",
      errors: [...refusals],
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      await core.account.signOutEverywhere(authOf(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions(core));
      return reply.code(204).send();
    },
  );

  app.post(
    '/password',
    route({
      operationId: 'change_password',
      summary: 'Change your password',
      description:
        "Checks the current password and sets the new one (at least 10 characters, not the email address). The user's other sessions end; this one stays. A wrong current password is 422 with code PASSWORD_INVALID and counts as a failed sign-in.",
      body: changePasswordSchema,
      errors: [...refusals, 'rate_limit_exceeded'],
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      await core.account.changePassword(authOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/totp',
    route({
      operationId: 'set_up_totp',
      summary: 'Set up a second factor: a new authenticator secret',
      description:
        'Makes a new TOTP secret for an authenticator app (show otpauth_uri as a QR code). It stays pending, and sign-in does not ask for codes, until enable_totp confirms it with a code. While a second factor is on: 409 TOTP_ENABLED.',
      errors: [...refusals, 'conflict'],
      response: { 200: totpSetUpSchema },
    }),
    async (request) => core.account.setUpTotp(authOf(request)),
  );

  app.post(
    '/totp/enable',
    route({
      operationId: 'enable_totp',
      summary: 'Turn the second factor on with a first code',
      description:
        'Confirms the secret set up with the code the app shows now (a wrong one: 422 TOTP_INVALID) and turns the second factor on: sign-in then asks for a code. The answer holds ten one-time recovery codes, shown only now.',
      body: totpEnableSchema,
      errors: [...refusals, 'conflict'],
      response: { 200: totpEnabledSchema },
    }),
    async (request) => core.account.enableTotp(authOf(request), request.body),
  );

  app.post(
    '/totp/disable',
    route({
      operationId: 'disable_totp',
      summary: 'Turn the second factor off',
      description:
        'With the password (a wrong one: 422 PASSWORD_INVALID, counted as a failed sign-in): the secret and the recovery codes are dropped, and sign-in asks for the password alone.',
      body: totpDisableSchema,
      errors: [...refusals, 'rate_limit_exceeded'],
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      await core.account.disableTotp(authOf(request), request.body);
      return reply.code(204).send();
    },
  );
}
