import type { FastifyInstance } from 'fastify';
import { parseSendBodyV1, type Core } from '../../../src/index.ts';
import { authOf, idempotencyKeyOf } from '../auth.ts';

/** Frozen v1 send: `{success, message, id}`. */
export async function emailRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  app.post('/emails', async (request) => {
    const { id } = await core.emails.send(authOf(request), parseSendBodyV1(request.body), {
      source: 'api_v1',
      idempotencyKey: idempotencyKeyOf(request.headers),
    });
    return { success: true, message: 'Email queued for delivery', id };
  });
}
