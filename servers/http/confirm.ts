import type { FastifyInstance } from 'fastify';
import { CONFIRM_PATH, type ConfirmationTarget, type Core } from '../../src/index.ts';
import { escapeHtml, html, linkPages, page } from './pages.ts';

// Double opt-in confirmation links at {BASE_URL}/confirm/{token}: a GET only
// shows the question (link scanners follow GETs), a POST from its button
// confirms, writing the subscriber. The signed token is the proof: no login.

const INVALID = page('Link not valid', '<p>This confirmation link is not valid. If you copied it, check that it is complete.</p>');

function pageOf(target: ConfirmationTarget, action: string): string {
  const email = `<strong>${escapeHtml(target.email)}</strong>`;
  if (target.kind === 'confirmed') return page('Subscription confirmed', `<p>${email} is subscribed. Thank you.</p>`);
  if (target.kind === 'expired') return page('Link expired', `<p>This link for ${email} has expired: submit the form again for a new one.</p>`);
  return page(
    'Confirm your subscription',
    `<p>Subscribe ${email}?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Confirm</button></form>`,
  );
}

export async function confirmRoutes(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(
    async (scope) => {
      linkPages(scope, INVALID, 'confirmation');
      const hidden = { schema: { hide: true } };
      scope.get<{ Params: { token: string } }>('/:token', hidden, async (request, reply) => {
        const target = await core.integrations.readConfirmation(request.params.token);
        return target ? html(reply, 200, pageOf(target, `${CONFIRM_PATH}/${request.params.token}`)) : html(reply, 404, INVALID);
      });
      scope.post<{ Params: { token: string } }>('/:token', hidden, async (request, reply) => {
        const target = await core.integrations.confirm(request.params.token);
        return target ? html(reply, 200, pageOf(target, `${CONFIRM_PATH}/${request.params.token}`)) : html(reply, 404, INVALID);
      });
    },
    { prefix: CONFIRM_PATH },
  );
}
