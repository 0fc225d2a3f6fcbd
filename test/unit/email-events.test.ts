import { describe, expect, it } from 'vitest';
import { parseSendBody, type Core } from '../../src/index.ts';
import { recordEmailEvents } from '../../src/emails/email.repository.ts';
import { REPORTED_DELAY_RANK } from '../../src/emails/email-record.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { useTestCore } from '../helpers/core.ts';

// last_event only moves forward: every event is kept, but a late `delivered`
// does not undo a click a link scanner made first, nor an open a bounce.
describe('an email’s last_event', () => {
  let core: Core;
  let auth: AuthContext;
  useTestCore({}, (started) => ({ core, auth } = started));

  let n = 0;
  async function eventsAfter(types: string[][]): Promise<{ last: string; types: string[] }> {
    const { id } = await core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to: `ada+${++n}@example.com`, subject: 'Hi', html: '<p>Hi</p>' }), {
      source: 'api',
    });
    let at = 1;
    for (const batch of types) {
      await recordEmailEvents(
        core.db.db,
        batch.map((type) => ({ emailId: id, organizationId: auth.organizationId, type, detail: null, at: at++ })),
      );
    }
    const email = await core.emails.get(auth, id);
    return { last: email.last_event, types: email.events.map((e) => e.type) };
  }

  it.each([
    [[['sent', 'delivered'], ['opened'], ['clicked']], 'clicked'],
    [[['delivery_delayed'], ['delivery_delayed'], ['sent']], 'sent'],
    [[['clicked'], ['sent', 'delivered']], 'clicked'],
    [[['opened'], ['sent']], 'opened'],
    [[['bounced'], ['opened']], 'bounced'],
    [[['sent', 'delivered'], ['clicked'], ['opened']], 'clicked'],
    [[['sent', 'delivered'], ['opened'], ['complained']], 'complained'],
    [[['delivery_delayed'], ['failed'], ['delivery_delayed']], 'failed'],
    // Reports by mail arrive in any order; the precedence decides.
    [[['sent'], ['bounced'], ['delivered']], 'bounced'],
    [[['sent', 'delivered'], ['complained'], ['bounced']], 'complained'],
    [[['sent', 'delivered'], ['bounced'], ['complained']], 'complained'],
    [[['sent', 'delivered'], ['clicked'], ['bounced']], 'bounced'],
  ])('after %j is %s, and every event is kept', async (batches, last) => {
    const result = await eventsAfter(batches);
    expect(result).toEqual({ last, types: ['queued', ...batches.flat()] });
  });

  it('a delay reported after the hand-off moves a sent email to delivery_delayed; delivered and bounced move past it', async () => {
    const { id } = await core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to: 'late@example.com', subject: 'Hi', html: '<p>Hi</p>' }), {
      source: 'api',
    });
    const record = async (type: string, rank?: number) => {
      await recordEmailEvents(core.db.db, [{ emailId: id, organizationId: auth.organizationId, type, detail: null, at: 1, ...(rank ? { rank } : {}) }]);
      return (await core.emails.get(auth, id)).last_event;
    };
    expect(await record('sent')).toBe('sent');
    // The worker's own delay (a retry before any hand-off) does not undo `sent`; a reported one does.
    expect(await record('delivery_delayed')).toBe('sent');
    expect(await record('delivery_delayed', REPORTED_DELAY_RANK)).toBe('delivery_delayed');
    expect(await record('bounced')).toBe('bounced');
    expect(await record('delivery_delayed', REPORTED_DELAY_RANK)).toBe('bounced');
  });
});
