import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type Core } from '../../src/index.ts';

// Where tracked emails' links point: no authentication (the key in the link is
// the proof), answered to mail clients and browsers, so errors are plain text.

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Link positions in one body: more than any message has, short enough to refuse junk at once. */
const LINK_POSITION = /^\d{1,6}$/;

/** The reader a GET comes from; a HEAD (a link checker, a scanner) only checks the link and records nothing. */
const readerOf = (request: FastifyRequest) => (request.method === 'HEAD' ? null : { userAgent: request.headers['user-agent'] ?? null });

function notFound(reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('This link is not valid.\n');
}

/** Not found for links Mailgate did not make; anything else goes to the app's error handler. */
async function orNotFound(reply: FastifyReply, run: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found') return notFound(reply);
    throw error;
  }
}

export async function trackingRoutes(app: FastifyInstance, core: Core): Promise<void> {
  app.get<{ Params: { email: string; key: string } }>('/t/o/:email/:key', (request, reply) =>
    orNotFound(reply, async () => {
      await core.tracking.open({ emailId: request.params.email, key: request.params.key }, readerOf(request));
      return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
    }),
  );

  app.get<{ Params: { email: string; link: string; key: string } }>('/t/c/:email/:link/:key', (request, reply) =>
    orNotFound(reply, async () => {
      const { email, link, key } = request.params;
      if (!LINK_POSITION.test(link)) return notFound(reply);
      const url = await core.tracking.click({ emailId: email, key, link: Number(link) }, readerOf(request));
      return reply.header('cache-control', 'no-store, max-age=0').redirect(url, 302);
    }),
  );
}
