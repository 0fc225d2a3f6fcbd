import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody, verifyInputSchema, verifyResultSchema, type Core } from '../../../src/index.ts';
import { v1Route } from './route.ts';

/** POST /api/v1/emails/verify: the same check as v2's, answered in v1's shape ({success: true, …}). */
export async function verifyRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  const route = v1Route('verify_email', 'Verify an email address', {
    body: verifyInputSchema,
    response: { 200: z.object({ success: z.literal(true), ...verifyResultSchema.shape }) },
    access: 'read',
  });
  app.post('/emails/verify', route, async (request) => {
    const { email } = parseBody(verifyInputSchema, request.body);
    return { success: true as const, ...(await core.verify.verify(email)) };
  });
}
