import type { FastifyInstance } from 'fastify';
import { idempotencyKeyField, type Core } from '../../../src/index.ts';
import { authOf, idempotencyKeyOf } from '../auth.ts';
import { describeRoute } from '../route-schema.ts';
import { parseSendBodyV1, sendEmailV1Schema } from './send-body.ts';
import { sendV1Answer } from './shapes.ts';

/** Frozen v1 send: `{success, message, id}`. */
export async function emailRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  const route = describeRoute({
    operationId: 'v1_send_email',
    summary: 'Send one transactional email (v1, frozen)',
    description:
      'The frozen v1 form of send_email: content in `content`, its type in `contentType` (MARKDOWN by default, HTML, TIPTAP), `replyTo`, and `tracking` for open and click tracking. Answers `{success, message, id}`. New integrations use POST /api/v2/emails.',
    tags: ['v1'],
    version: 'v1',
    errors: ['idempotency_conflict', 'recipient_rate_limited'],
    body: sendEmailV1Schema,
    headers: { 'Idempotency-Key': idempotencyKeyField },
    response: { 200: sendV1Answer },
  });
  app.post('/emails', route, async (request) => {
    const { id } = await core.emails.send(authOf(request), parseSendBodyV1(request.body), {
      source: 'api_v1',
      idempotencyKey: idempotencyKeyOf(request.headers),
    });
    return { success: true, message: 'Email queued for delivery', id };
  });
}
