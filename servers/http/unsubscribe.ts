import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { UNSUBSCRIBE_PATH, type Core, type UnsubscribeTarget } from '../../src/index.ts';
import { setRetryAfter, toHttpError } from './errors.ts';

// One-click unsubscribe (RFC 8058) at {BASE_URL}/unsubscribe/{token}, for the
// people campaigns reach: no login (the signed token is the proof), small HTML
// pages. A GET only shows the confirmation (link scanners follow GETs); a POST,
// from the page's button or from a mail client's one-click, unsubscribes.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}' +
    'button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}</style></head>' +
    `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

const html = (reply: FastifyReply, status: number, text: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(text);

const INVALID = page('Link not valid', '<p>This unsubscribe link is not valid. If you copied it, check that it is complete.</p>');
const TEST_COPY = '<p>This is a test copy of a campaign: its link unsubscribes nobody. In the real campaign, each recipient\'s link unsubscribes them.</p>';

function confirmPage(target: UnsubscribeTarget, action: string): string {
  if (target.kind === 'test_copy') return page('Unsubscribe', TEST_COPY);
  if (target.status === 'unsubscribed') return page('You are unsubscribed', `<p><strong>${escapeHtml(target.email)}</strong> will not receive these emails any more.</p>`);
  return page(
    'Unsubscribe',
    `<p>Stop sending these emails to <strong>${escapeHtml(target.email)}</strong>?</p>` +
      `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

function donePage(target: UnsubscribeTarget): string {
  if (target.kind === 'test_copy') return page('Unsubscribe', TEST_COPY);
  return page('You are unsubscribed', `<p><strong>${escapeHtml(target.email)}</strong> will not receive these emails any more.</p>`);
}

/** Registered at the root: the pages live under UNSUBSCRIBE_PATH. */
export async function unsubscribeRoutes(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const e = toHttpError(error);
        if (e.name === 'internal_error') request.log.error({ err: error }, 'unsubscribe request failed');
        setRetryAfter(reply, e);
        return html(reply, e.status, e.status === 404 ? INVALID : page('Something went wrong', `<p>${escapeHtml(e.message)}</p>`));
      });
      scope.setNotFoundHandler((_request, reply) => html(reply, 404, INVALID));
      // One-click POSTs are form-encoded ("List-Unsubscribe=One-Click"); whatever the body, only the token counts.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

      const hidden = { schema: { hide: true } };
      scope.get<{ Params: { token: string } }>('/:token', hidden, async (request, reply) => {
        const target = await core.campaigns.readUnsubscribeLink(request.params.token);
        return html(reply, 200, confirmPage(target, `${UNSUBSCRIBE_PATH}/${request.params.token}`));
      });
      scope.post<{ Params: { token: string } }>('/:token', hidden, async (request, reply) => {
        const target = await core.campaigns.unsubscribeByLink(request.params.token);
        return html(reply, 200, donePage(target));
      });
    },
    { prefix: UNSUBSCRIBE_PATH },
  );
}
