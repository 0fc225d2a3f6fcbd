import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorHandler, type ErrorAnswer } from './errors.ts';

// The small HTML pages people reach from a link in an email (unsubscribe, confirm):
// no login, no cache, no index, no referrer.

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}' +
    'button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}</style></head>' +
    `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

export const html = (reply: FastifyReply, status: number, text: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(text);

/**
 * Set up a scope of link pages: errors as a page (the log told of internal
 * ones), an unknown path as the `invalid` page, and any body ignored (a
 * button's form or a one-click POST: only the token in the path counts).
 */
export function linkPages(scope: FastifyInstance, invalid: string, what: string): void {
  const answer: ErrorAnswer = (reply, e) => html(reply, e.status, e.status === 404 ? invalid : page('Something went wrong', `<p>${escapeHtml(e.message)}</p>`));
  scope.setErrorHandler(errorHandler(answer, `${what} failed`));
  scope.setNotFoundHandler((_request, reply) => html(reply, 404, invalid));
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
}
