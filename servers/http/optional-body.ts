import type { FastifyInstance } from 'fastify';

/**
 * For routes whose JSON body is optional: many clients send
 * `Content-Type: application/json` on every POST, body or not. In this scope an
 * empty body is no body; anything else is parsed (and refused) as usual.
 */
export function acceptEmptyJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'ignore');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
