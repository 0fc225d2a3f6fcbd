import { describe, expect, it } from 'vitest';
import { AppError, parseBody, parseSendBody, subscriberCreateSchema, type Core } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { recordEmailEvents } from '../../src/emails/email.repository.ts';
import type { ReportRecipient, ReturnReport } from '../../src/returns/report.ts';
import { returnPathKey, returnPathLocalPart } from '../../src/returns/verp.ts';
import { useTestCore } from '../helpers/core.ts';

// What comes back by mail, through the core: the return path names the email,
// the outcome rules decide, and everything is committed before receive() resolves.
describe('the return path', () => {
  let core: Core;
  let auth: AuthContext;
  useTestCore({}, (started) => ({ core, auth } = started));

  let n = 0;
  async function send(to = `ann+${++n}@example.com`): Promise<{ id: string; to: string }> {
    const { id } = await core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to, subject: 'Hi', html: '<p>Hi</p>' }), { source: 'api' });
    // As a relay would have it: handed on, nothing known yet.
    await recordEmailEvents(core.db.db, [{ emailId: id, organizationId: auth.organizationId, type: 'sent', detail: null, at: core.clock.now() }]);
    return { id, to };
  }

  async function returnPathOf(emailId: string): Promise<string> {
    const key = await returnPathKey(core.db.db, () => core.clock.now())();
    return `${returnPathLocalPart(key, emailId)}@returns.example`;
  }

  const block = (over: Partial<ReportRecipient>): ReportRecipient => ({
    finalRecipient: null,
    originalRecipient: null,
    action: 'failed',
    status: '5.1.1',
    diagnosticCode: '550 5.1.1 <x>: Recipient address rejected: User unknown in local recipient table',
    remoteMta: 'mx.example.com',
    ...over,
  });
  const dsn = (recipients: ReportRecipient[]): ReturnReport => ({ kind: 'delivery_status', reportingMta: 'relay.example', recipients, original: null });
  const arf = (feedbackType = 'abuse'): ReturnReport => ({
    kind: 'feedback',
    feedbackType,
    originalMailFrom: null,
    originalRcptTo: null,
    userAgent: 'Yahoo!-Mail-Feedback/2.0',
    original: null,
  });

  async function report(emailId: string, body: ReturnReport, raw = 'a report') {
    return core.returns.receive({
      recipients: [await returnPathOf(emailId)],
      mailFrom: null,
      remoteAddress: '127.0.0.1',
      raw: Buffer.from(raw),
      report: body,
    });
  }

  const email = (id: string) => core.emails.get(auth, id);
  const reports = () => core.db.db.selectFrom('inbound_reports').selectAll().orderBy('id').execute();

  it('accepts only return paths whose signature holds', async () => {
    const { id } = await send();
    const other = await send();
    const address = await returnPathOf(id);
    expect(await core.returns.acceptsRecipient(address)).toBe(true);
    expect(await core.returns.acceptsRecipient(address.toUpperCase())).toBe(true);
    const [local, domain] = address.split('@') as [string, string];
    const mac = local.slice(local.lastIndexOf('-') + 1);
    const flipped = `${local.slice(0, -1)}${local.endsWith('a') ? 'b' : 'a'}@${domain}`;
    expect(await core.returns.acceptsRecipient(flipped)).toBe(false);
    // This email's signature on another email's id.
    expect(await core.returns.acceptsRecipient(`bounce+${other.id.slice(4)}-${mac}@${domain}`)).toBe(false);
    expect(await core.returns.acceptsRecipient('postmaster@returns.example')).toBe(false);
  });

  it('a hard bounce: bounced with its status, the address suppressed, the subscriber bounced', async () => {
    const { id, to } = await send();
    await core.audience.upsertSubscriber(auth, parseBody(subscriberCreateSchema, { email: to }));
    expect(await report(id, dsn([block({ finalRecipient: to })]))).toEqual({ stored: 'matched' });

    const found = await email(id);
    expect(found.last_event).toBe('bounced');
    expect(found.events.at(-1)).toMatchObject({
      type: 'bounced',
      detail: {
        source: 'report',
        report_kind: 'delivery_status',
        bounce: { type: 'hard', status: '5.1.1', diagnostic: expect.stringContaining('User unknown'), remote_mta: 'mx.example.com' },
      },
    });
    expect(await core.suppressions.get(auth, to)).toMatchObject({ object: 'suppression', email: to, reason: 'bounce', source_id: id, expires_at: null });
    expect((await core.audience.getSubscriber(auth, to)).status).toBe('bounced');
    expect(await reports()).toMatchObject([{ email_id: id, organization_id: auth.organizationId, kind: 'delivery_status', outcome: 'bounced', raw: null }]);
    // And the next send to it is refused.
    await expect(
      core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to, subject: 'Hi', html: '<p>Hi</p>' }), { source: 'api' }),
    ).rejects.toMatchObject({
      kind: 'validation_error',
      code: 'RECIPIENT_SUPPRESSED',
    });
  });

  it('a soft bounce: bounced soft, the bounce cooldown, not suppressed, the subscriber still subscribed', async () => {
    const { id, to } = await send();
    await core.audience.upsertSubscriber(auth, parseBody(subscriberCreateSchema, { email: to }));
    await report(id, dsn([block({ finalRecipient: to, status: '4.2.2', diagnosticCode: '452 4.2.2 Mailbox full' })]));
    expect((await email(id)).events.at(-1)).toMatchObject({ type: 'bounced', detail: { bounce: { type: 'soft', status: '4.2.2' } } });
    await expect(core.suppressions.get(auth, to)).rejects.toBeInstanceOf(AppError);
    expect((await core.audience.getSubscriber(auth, to)).status).toBe('subscribed');
    await expect(
      core.emails.send(auth, parseSendBody({ from: 'hello@acme.example', to, subject: 'Hi', html: '<p>Hi</p>' }), { source: 'api' }),
    ).rejects.toMatchObject({
      kind: 'recipient_rate_limited',
      details: { reason: 'bounce_cooldown' },
    });
  });

  it('a delay report moves a sent email to delivery_delayed; the bounce after it wins, and a late delay changes nothing', async () => {
    const { id, to } = await send();
    await report(id, dsn([block({ finalRecipient: to, action: 'delayed', status: '4.4.1' })]));
    expect((await email(id)).last_event).toBe('delivery_delayed');
    await report(id, dsn([block({ finalRecipient: to })]));
    expect((await email(id)).last_event).toBe('bounced');
    await report(id, dsn([block({ finalRecipient: to, action: 'delayed', status: '4.4.2' })]));
    const found = await email(id);
    expect(found.last_event).toBe('bounced');
    expect(found.events.map((e) => e.type)).toEqual(['queued', 'sent', 'delivery_delayed', 'bounced', 'delivery_delayed']);
  });

  it('a complaint: complained, suppressed as a complaint, the subscriber complained (and told to webhooks)', async () => {
    const { id, to } = await send();
    await core.audience.upsertSubscriber(auth, parseBody(subscriberCreateSchema, { email: to }));
    await core.webhooks.create(auth, { url: 'https://hooks.example.com/in', events: ['subscriber.updated', 'email.complained', 'suppression.added'] });
    await report(id, arf());
    const found = await email(id);
    expect(found.last_event).toBe('complained');
    expect(found.events.at(-1)).toMatchObject({
      type: 'complained',
      detail: { complaint: { feedback_type: 'abuse', user_agent: 'Yahoo!-Mail-Feedback/2.0' } },
    });
    expect(await core.suppressions.get(auth, to)).toMatchObject({ reason: 'complaint', source_id: id });
    expect((await core.audience.getSubscriber(auth, to)).status).toBe('complained');
    const published = await core.db.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).orderBy('id').execute();
    expect(published.map((p) => p.event_type).sort()).toEqual(['email.complained', 'subscriber.updated', 'suppression.added']);
    const updated = JSON.parse(published.find((p) => p.event_type === 'subscriber.updated')!.payload);
    expect(updated.data).toMatchObject({ email: to, status: 'complained' });
    const complained = JSON.parse(published.find((p) => p.event_type === 'email.complained')!.payload);
    expect(complained.data).toMatchObject({ email_id: id, complaint: { feedback_type: 'abuse' } });
  });

  it('the same report twice changes nothing the second time', async () => {
    const { id, to } = await send();
    await report(id, dsn([block({ finalRecipient: to })]));
    expect(await report(id, dsn([block({ finalRecipient: to })]))).toEqual({ stored: 'unmatched' });
    expect((await email(id)).events.filter((e) => e.type === 'bounced')).toHaveLength(1);
    expect((await reports()).map((r) => r.outcome)).toEqual(['bounced', 'duplicate']);
  });

  it('a message that is no report, or a report about someone else, is kept as unmatched and changes nothing', async () => {
    const { id } = await send();
    expect(await report(id, { kind: 'none', subject: 'Out of office' }, 'I am away')).toEqual({ stored: 'unmatched' });
    expect(await report(id, dsn([block({ finalRecipient: 'someone-else@example.com' })]))).toEqual({ stored: 'unmatched' });
    expect(await report(id, arf('not-spam'))).toEqual({ stored: 'unmatched' });
    expect((await email(id)).last_event).toBe('sent');
    const kept = await reports();
    expect(kept.map((r) => [r.outcome, r.email_id])).toEqual([
      ['unmatched', id],
      ['unmatched', id],
      ['unmatched', id],
    ]);
    expect(Buffer.from(kept[0]!.raw!).toString()).toBe('I am away');
  });

  it('a report to an unknown or forged return path is kept as unmatched, with no organization', async () => {
    const { id } = await send();
    const forged = (await returnPathOf(id)).replace(/-[a-z0-9]+@/, '-aaaaaaaaaaaaaaaa@');
    const result = await core.returns.receive({
      recipients: [forged],
      mailFrom: null,
      remoteAddress: '127.0.0.1',
      raw: Buffer.from('x'),
      report: dsn([block({})]),
    });
    expect(result).toEqual({ stored: 'unmatched' });
    expect((await email(id)).last_event).toBe('sent');
    expect(await reports()).toMatchObject([{ organization_id: null, email_id: null, outcome: 'unmatched' }]);
  });

  it('reports are swept after the retention period', async () => {
    const { id } = await send();
    await report(id, { kind: 'none', subject: null });
    await core.returns.purge(core.clock.now() + 29 * 24 * 3600_000);
    expect(await reports()).toHaveLength(1);
    await core.returns.purge(core.clock.now() + 31 * 24 * 3600_000);
    expect(await reports()).toHaveLength(0);
  });
});
