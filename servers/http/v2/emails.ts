import type { FastifyInstance } from 'fastify';
import { AppError, parseSendBody, type BatchMode, type Core } from '../../../src/index.ts';
import { authOf, idempotencyKeyOf } from '../auth.ts';

function batchModeOf(headers: Record<string, string | string[] | undefined>): BatchMode {
  const raw = headers['batch-validation'] ?? headers['x-batch-validation'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'strict') return 'strict';
  if (value === 'permissive') return 'permissive';
  const message = 'must be strict or permissive';
  throw new AppError('validation_error', `Batch-Validation ${message}`, { details: [{ path: 'Batch-Validation', message }] });
}

export async function emailRoutesV2(app: FastifyInstance, core: Core): Promise<void> {
  app.post('/emails', async (request) => {
    const auth = authOf(request);
    return core.emails.send(auth, parseSendBody(request.body), {
      source: 'api',
      idempotencyKey: idempotencyKeyOf(request.headers),
    });
  });

  app.post('/emails/batch', async (request) => {
    return core.emails.sendBatch(authOf(request), request.body, {
      mode: batchModeOf(request.headers),
      idempotencyKey: idempotencyKeyOf(request.headers),
    });
  });

  app.get('/emails', async (request) => core.emails.list(authOf(request), request.query as Record<string, unknown>));

  app.get<{ Params: { id: string } }>('/emails/:id', async (request) => core.emails.get(authOf(request), request.params.id));
}
