import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { startPostfix, type PostfixRelay } from '../helpers/postfix.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

// The return path with an MTA nobody here wrote: Mailgate relays through
// Postfix (Debian's package, a private loopback instance); Postfix's next hop
// refuses one recipient (550) and defers another (451); the DSNs Postfix's own
// bounce daemon writes go to the VERP return path, which Postfix routes to
// Mailgate's inbound listener. What comes back must move the emails, suppress
// the dead address, fire signed webhooks and refuse the next send to it.

const RETURN_PATH_DOMAIN = 'returns.mailgate.test';
const GONE = 'gone@example.net';
const GREYLISTED = 'greylisted@example.net';
const FINE = 'fine@example.net';
const UNKNOWN_USER = 'Recipient address rejected: User unknown in local recipient table';
const DEFERRED = 'Recipient address rejected: Greylisted, try again later';

describe('bounces written by Postfix come back to Mailgate', () => {
  let nextHop: SmtpSink;
  let postfix: PostfixRelay | { skipped: string } | undefined;
  let server: TestServer;
  let hooks: Receiver;
  let secret = '';

  beforeAll(async () => {
    nextHop = await startSmtpSink();
    nextHop.onRcpt = (address) =>
      address === GONE
        ? { code: 550, message: `5.1.1 <${GONE}>: ${UNKNOWN_USER}` }
        : address === GREYLISTED
          ? { code: 451, message: `4.2.0 <${GREYLISTED}>: ${DEFERRED}` }
          : 'accept';
    const inboundPort = await freePort();
    postfix = await startPostfix({ sinkPort: nextHop.port, log: true, returnPath: { domains: [RETURN_PATH_DOMAIN], inboundPort, queueLifetimeSeconds: 4 } });
    if ('skipped' in postfix) return;
    server = await startTestServer({
      env: { RELAY_URL: `smtp://127.0.0.1:${postfix.port}`, RETURN_PATH_DOMAIN, WEBHOOK_ALLOW_PRIVATE: 'true' },
      verifiedDomains: ['acme.example'],
      inbound: true,
      inboundPort,
    });
    hooks = await startReceiver(() => secret);
    const created = await server.api('/api/v2/webhooks', {
      body: { url: hooks.url, events: ['email.bounced', 'email.delivery_delayed', 'suppression.added'] },
    });
    expect(created.status).toBe(201);
    secret = ((await created.json()) as { secret: string }).secret;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (postfix && !('skipped' in postfix)) await postfix.stop();
    await nextHop?.close();
    await hooks?.close();
  });

  const skipUnlessPostfix = (context: TestContext) => {
    if (!postfix || 'skipped' in postfix) context.skip(`Postfix is not available: ${postfix && 'skipped' in postfix ? postfix.skipped : 'not started'}`);
  };
  const send = async (to: string) => {
    const res = await server.api('/api/v2/emails', { body: { from: 'Acme <hello@acme.example>', to, subject: 'Hello', html: '<p>Hello</p>' } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const email = async (id: string) =>
    (await (await server.api(`/api/v2/emails/${id}`)).json()) as { last_event: string; events: { type: string; detail: any }[] };
  const eventually = <T>(what: string, check: () => Promise<T | undefined>) => waitFor(check, 15_000, what);

  it("a 550 at the next hop: Postfix's DSN makes the email bounced (hard), suppresses the address, and the next send is refused", async (context) => {
    skipUnlessPostfix(context);
    const id = await send(GONE);
    const bounced = await eventually('the bounce report', async () => {
      const found = await email(id);
      return found.last_event === 'bounced' ? found : undefined;
    });
    expect(bounced.events.map((e) => e.type)).toEqual(['queued', 'sent', 'bounced']);
    expect(bounced.events[2]!.detail).toEqual({
      source: 'report',
      report_kind: 'delivery_status',
      bounce: { type: 'hard', status: '5.1.1', diagnostic: `550 5.1.1 <${GONE}>: ${UNKNOWN_USER}`, remote_mta: expect.stringContaining('127.0.0.1') },
    });

    const suppression = await server.api(`/api/v2/suppressions/${GONE}`);
    expect(suppression.status).toBe(200);
    expect(await suppression.json()).toMatchObject({ object: 'suppression', email: GONE, reason: 'bounce', source_id: id, expires_at: null });

    // Both webhooks arrive, each with a signature the Standard Webhooks library accepts.
    const hook = await eventually('the email.bounced webhook', async () =>
      hooks.received.find((r) => r.event.type === 'email.bounced' && r.event.data.email_id === id),
    );
    expect(hook.event.data.bounce).toMatchObject({ type: 'hard', status: '5.1.1' });
    const added = await eventually('the suppression.added webhook', async () =>
      hooks.received.find((r) => r.event.type === 'suppression.added' && r.event.data.email === GONE),
    );
    expect(added.event.data).toMatchObject({ reason: 'bounce', source_id: id });

    const again = await server.api('/api/v2/emails', { body: { from: 'hello@acme.example', to: GONE, subject: 'Again', html: '<p>Again</p>' } });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ name: 'validation_error', code: 'RECIPIENT_SUPPRESSED' });
  }, 60_000);

  it('a 451 at the next hop: delayed, then (Postfix giving up) a soft bounce that suppresses nothing; accepted mail stays sent', async (context) => {
    skipUnlessPostfix(context);
    const deferred = await send(GREYLISTED);
    const fine = await send(FINE);
    const delayed = await eventually('the delay report', async () => {
      const found = await email(deferred);
      return found.events.some((e) => e.type === 'delivery_delayed') ? found : undefined;
    });
    expect(delayed.events.find((e) => e.type === 'delivery_delayed')!.detail).toMatchObject({ source: 'report', status: '4.2.0' });
    const given = await eventually('the failed report', async () => {
      const found = await email(deferred);
      return found.last_event === 'bounced' ? found : undefined;
    });
    expect(given.events.at(-1)!.detail.bounce).toMatchObject({ type: 'soft', status: '4.2.0', diagnostic: expect.stringContaining(DEFERRED) });
    expect((await server.api(`/api/v2/suppressions/${GREYLISTED}`)).status).toBe(404);
    expect((await email(fine)).last_event).toBe('sent');
    expect(nextHop.messages.some((m) => m.envelope.rcptTo.includes(FINE))).toBe(true);
    // What Postfix handed on carried the return path as its envelope sender, and the header From as sent.
    const relayed = nextHop.messages.find((m) => m.envelope.rcptTo.includes(FINE))!;
    expect(relayed.envelope.mailFrom).toMatch(new RegExp(`^bounce\\+[0-9a-z]{26}-[0-9a-z]{16}@${RETURN_PATH_DOMAIN.replace(/\./g, '\\.')}$`));
    expect(relayed.raw).toMatch(/^From: Acme <hello@acme\.example>\r?$/m);
  }, 60_000);
});
