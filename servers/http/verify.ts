import type { FastifyInstance } from 'fastify';
import { AppError } from '../../src/index.ts';

/**
 * Address verification is its own issue; until it lands, its paths (v1
 * /emails/verify; v2 /emails/verify and /verify, spec §4.1) answer 501 in their
 * scope's shape rather than 404.
 */
export async function verifyRoutes(app: FastifyInstance, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    app.post(path, async () => {
      throw new AppError('not_implemented', 'Email address verification is not available on this server yet');
    });
  }
}
