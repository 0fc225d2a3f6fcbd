import type { FastifyInstance } from 'fastify';
import { AppError } from '../../src/index.ts';
import { describeRoute } from './route-schema.ts';

/**
 * Address verification is its own issue; until it lands, its paths (v1
 * /emails/verify; v2 /emails/verify and /verify, spec §4.1) answer 501 in their
 * scope's shape rather than 404.
 */
export async function verifyRoutes(app: FastifyInstance, version: 'v1' | 'v2', paths: Record<string, string>): Promise<void> {
  for (const [path, operationId] of Object.entries(paths)) {
    const route = describeRoute({
      operationId,
      summary: 'Verify an email address (not available yet)',
      description: 'Address verification is not built yet: this path answers 501 not_implemented.',
      tags: version === 'v1' ? ['v1'] : ['emails'],
      version,
      errors: ['not_implemented'],
      response: {},
    });
    app.post(path, route, async () => {
      throw new AppError('not_implemented', 'Email address verification is not available on this server yet');
    });
  }
}
