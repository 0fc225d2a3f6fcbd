import type { FastifyInstance } from 'fastify';
import { acceptInvitationSchema, userRecordSchema, type Core } from '../../src/index.ts';
import { describeRoute } from './route-schema.ts';

/**
 * POST /api/v2/auth/accept-invitation: the one v2 route without a caller. The
 * invitation link's secret is the proof; the core checks it and the password
 * (core.users.acceptInvitation). Registered outside the v2 plugin, so that its
 * authentication hook does not ask for a token.
 */
export async function acceptInvitationRoutes(app: FastifyInstance, core: Core): Promise<void> {
  const route = describeRoute({
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
  app.post('/accept-invitation', { ...route, schema: { ...route.schema, security: [] } }, async (request) => core.users.acceptInvitation(request.body));
}
