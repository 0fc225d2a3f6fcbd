import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnPathOf } from '../helpers/returns.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// Reports as real senders write them (the fixtures: Yahoo's ARF, Exchange
// Online's NDR, an auto-reply), sent over SMTP to the inbound listener at the
// return path of an email Mailgate sent, through the real parser and core.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/reports');
/** Every VERP address the fixtures were written with: bounce+<26 digits>-<a MAC>@bounces.example.com. */
const FIXTURE_RETURN_PATH = /bounce\+[0-9a-z]{26}-[0-9a-z]{10,20}@bounces\.example\.com/g;

describe('reports sent to the inbound listener', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ inbound: true });
  });
  afterAll(() => server?.close());

  async function sent(to: string, token?: string): Promise<string> {
    const res = await server.api('/api/v2/emails', { body: { from: 'hello@acme.example', to, subject: 'Hi', html: '<p>Hi</p>' }, ...(token ? { token } : {}) });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await waitFor(async () => ((await lastEvent(id)) === 'delivered' ? true : undefined));
    return id;
  }
  const lastEvent = async (id: string) =>
    (await server.core.db.db.selectFrom('emails').select('last_event').where('id', '=', id).executeTakeFirstOrThrow()).last_event;

  /** A fixture, its return paths replaced by `returnPath` (and its recipient by `recipient`, when given). */
  async function fixture(name: string, returnPath: string, recipient?: [string, string]): Promise<string> {
    let raw = (await readFile(path.join(FIXTURES, name), 'utf8')).replace(FIXTURE_RETURN_PATH, returnPath);
    if (recipient) raw = raw.split(recipient[0]).join(recipient[1]);
    return raw;
  }

  /** Deliver a message from the null sender to `to` over SMTP, as a receiving MTA returns a report. */
  async function deliver(to: string, raw: string): Promise<string> {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundPort!, secure: false, ignoreTLS: true });
    try {
      return (await transport.sendMail({ envelope: { from: false, to: [to] }, raw })).response;
    } finally {
      transport.close();
    }
  }

  it("Yahoo's ARF (Feedback-Type: abuse) turns into a complaint: complained, suppressed as a complaint", async () => {
    const id = await sent('reader@yahoo.example');
    const returnPath = await returnPathOf(server.core, id);
    expect(await deliver(returnPath, await fixture('yahoo-arf-abuse.eml', returnPath))).toMatch(/^250 /);
    expect(await lastEvent(id)).toBe('complained');
    const suppression = await server.api('/api/v2/suppressions/reader@yahoo.example');
    expect(suppression.status).toBe(200);
    expect(await suppression.json()).toMatchObject({ reason: 'complaint', source_id: id });
  });

  it("Exchange Online's NDR (5.1.10) turns into a hard bounce with its status and diagnostic", async () => {
    const id = await sent('nobody@contoso.example');
    const returnPath = await returnPathOf(server.core, id);
    const raw = await fixture('exchange-online-recipient-not-found.eml', returnPath, ['nobody@contoso.com', 'nobody@contoso.example']);
    expect(await deliver(returnPath, raw)).toMatch(/^250 /);
    const email = (await (await server.api(`/api/v2/emails/${id}`)).json()) as { last_event: string; events: { detail: any }[] };
    expect(email.last_event).toBe('bounced');
    expect(email.events.at(-1)!.detail.bounce).toEqual({
      type: 'hard',
      status: '5.1.10',
      diagnostic: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient nobody@contoso.example not found by SMTP address lookup',
      // Exchange names its own host (Reporting-MTA), no remote one.
      remote_mta: null,
    });
  });

  it('a forged or altered return path is refused at RCPT TO, and nothing changes', async () => {
    const id = await sent('kept@example.org');
    const returnPath = await returnPathOf(server.core, id);
    const altered = returnPath.replace(/-([0-9a-z])/, (_, c: string) => `-${c === 'a' ? 'b' : 'a'}`);
    await expect(deliver(altered, await fixture('postfix-user-unknown.eml', altered, ['nobody@example.org', 'kept@example.org']))).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringMatching(/^550 5\.7\.1 /),
    });
    expect(await lastEvent(id)).toBe('delivered');
    expect((await server.api('/api/v2/suppressions/kept@example.org')).status).toBe(404);
  });

  it("a report about another organization's recipient, sent to this one's return path, changes neither", async () => {
    const {
      token: { token: other },
    } = await server.core.orgs.create({ name: 'Other', plan: 'enterprise' });
    const theirs = await sent('victim@example.org', other);
    const ours = await sent('ours@example.org');
    const returnPath = await returnPathOf(server.core, ours);
    // Postfix's report about victim@example.org (theirs), addressed to our email's return path.
    const raw = await fixture('postfix-user-unknown.eml', returnPath, ['nobody@example.org', 'victim@example.org']);
    expect(await deliver(returnPath, raw)).toMatch(/^250 /);
    expect(await lastEvent(ours)).toBe('delivered');
    expect(await lastEvent(theirs)).toBe('delivered');
    expect((await server.api('/api/v2/suppressions/victim@example.org', { token: other })).status).toBe(404);
    const kept = await server.core.db.db.selectFrom('inbound_reports').select(['email_id', 'outcome']).where('email_id', '=', ours).execute();
    expect(kept).toEqual([{ email_id: ours, outcome: 'unmatched' }]);
  });

  it('an auto-reply to a return path is taken (250) and kept as unmatched; the email is unchanged', async () => {
    const id = await sent('away@example.org');
    const returnPath = await returnPathOf(server.core, id);
    expect(await deliver(returnPath, await fixture('out-of-office.eml', returnPath))).toMatch(/^250 /);
    expect(await lastEvent(id)).toBe('delivered');
    const kept = await server.core.db.db.selectFrom('inbound_reports').select(['kind', 'outcome', 'raw']).where('email_id', '=', id).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ kind: 'none', outcome: 'unmatched' });
    expect(Buffer.from(kept[0]!.raw!).toString()).toContain(returnPath);
  });
});
