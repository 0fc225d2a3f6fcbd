import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRACKING_PATHS, type Core } from '../../src/index.ts';
import type { RouteMethods } from './allowed-methods.ts';
import { errorHandler, type ErrorAnswer } from './errors.ts';

// Where tracked emails' links point, under /t: no authentication (the key in
// the link is the proof), answered to mail clients and browsers, so every
// answer that is not the image or the redirect is plain text.

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NOT_FOUND = 'This link is not valid.\n';

/** The reader a GET comes from; a HEAD (a link checker, a scanner) only checks the link and records nothing. */
const readerOf = (request: FastifyRequest) => (request.method === 'HEAD' ? null : { userAgent: request.headers['user-agent'] ?? null });

const plain = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);

/** Any refusal or failure on these paths, as plain text: a link Mailgate did not make is a 404. */
export const trackingErrorAnswer: ErrorAnswer = (reply, e) => plain(reply, e.status, e.status === 404 ? NOT_FOUND : `${e.message}\n`);

/** Is this request path one of the tracking links'? */
export const isTrackingPath = (path: string) => path.startsWith(`${TRACKING_PATHS.prefix}/`);

/** Registered under TRACKING_PATHS.prefix; `methods` answers a link asked for with a method it lacks (405). */
export async function trackingRoutes(app: FastifyInstance, core: Core, methods: RouteMethods): Promise<void> {
  app.setErrorHandler(errorHandler(trackingErrorAnswer, 'tracking request failed'));
  app.setNotFoundHandler((request, reply) => {
    const allowed = methods.allowedAt(request.url);
    if (allowed.length === 0) return plain(reply, 404, NOT_FOUND);
    return plain(reply.header('Allow', allowed.join(', ')), 405, `This link is opened with ${allowed.join(' or ')}, not ${request.method}.\n`);
  });

  app.get<{ Params: { email: string; key: string } }>(`${TRACKING_PATHS.open}/:email/:key`, async (request, reply) => {
    await core.tracking.open({ emailId: request.params.email, key: request.params.key }, readerOf(request));
    return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
  });

  app.get<{ Params: { email: string; key: string; tag: string } }>(`${TRACKING_PATHS.click}/:email/:key/:tag`, async (request, reply) => {
    const { email, key, tag } = request.params;
    const url = await core.tracking.click({ emailId: email, key, tag }, readerOf(request));
    return reply.header('cache-control', 'no-store, max-age=0').redirect(url, 302);
  });
}
