import type { FastifyInstance } from 'fastify';
import { UNSUBSCRIBE_PATH, type Core, type UnsubscribeTarget } from '../../src/index.ts';
import { escapeHtml, html, linkPages, page } from './pages.ts';

// One-click unsubscribe (RFC 8058) at {BASE_URL}/unsubscribe/{token}, for the
// people campaigns reach: no login (the signed token is the proof), small HTML
// pages. A GET only shows the confirmation (link scanners follow GETs); a POST,
// from the page's button or from a mail client's one-click, unsubscribes.

const INVALID = page('Link not valid', '<p>This unsubscribe link is not valid. If you copied it, check that it is complete.</p>');
const TEST_COPY = "<p>This is a test copy of a campaign: its link unsubscribes nobody. In the real campaign, each recipient's link unsubscribes them.</p>";

function confirmPage(target: UnsubscribeTarget, action: string): string {
  if (target.kind === 'test_copy') return page('Unsubscribe', TEST_COPY);
  if (target.status === 'unsubscribed')
    return page('You are unsubscribed', `<p><strong>${escapeHtml(target.email)}</strong> will not receive these emails any more.</p>`);
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
      // One-click POSTs are form-encoded ("List-Unsubscribe=One-Click"); whatever the body, only the token counts.
      linkPages(scope, INVALID, 'unsubscribe request');

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
