import { describe, expect, it } from 'vitest';
import type { Core, ManualClock } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { useTestCore } from '../helpers/core.ts';
import { countRows } from '../helpers/db.ts';
import { expectRefusal } from '../helpers/errors.ts';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';

// Receiving email through the core: which recipients are taken, a message
// stored once with a record per organization it was for, its webhook in the
// same commit, the reads of one organization (another's are not found), the
// DMARC reject rule, threading context for an answer, and the retention purge.

const ID = /^rcv_[0-9a-z]{26}$/;
const ATT = /^att_[0-9a-z]{26}$/;
const DAY = 24 * 3600_000;

describe('receiving email', () => {
  let core: Core;
  let auth: AuthContext;
  let clock: ManualClock;
  useTestCore({}, (started) => ({ core, auth, clock } = started));

  const db = () => core.db.db;
  const count = (table: 'received_messages' | 'received_emails' | 'received_attachments' | 'webhook_deliveries') => countRows(core.db, table);

  /** A second organization with its own receiving domain and webhook. */
  async function otherOrganization(domain = 'other.example'): Promise<AuthContext> {
    const { org, token } = await core.orgs.create({ name: 'Other', plan: 'free' });
    await addReceivingDomain(core.db, domain, org.id);
    return core.tokens.authenticate(token.token);
  }

  async function subscribe(scope: AuthContext = auth) {
    return core.webhooks.create(scope, { url: 'https://hooks.example.com/in', events: ['email.received'] });
  }

  it('accepts recipients at a domain some organization receives, in any case; not at one merely verified', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    await addVerifiedDomain(core.db, 'sending-only.example');
    expect(await core.receiving.acceptsRecipient('support@inbox.example')).toBe(true);
    expect(await core.receiving.acceptsRecipient('Anyone+tag@INBOX.Example')).toBe(true);
    expect(await core.receiving.acceptsRecipient('support@sending-only.example')).toBe(false);
    expect(await core.receiving.acceptsRecipient('support@unknown.example')).toBe(false);
    expect(await core.receiving.acceptsRecipient('no-at-sign')).toBe(false);
    // Receiving needs the domain verified: a domain that failed its check takes no mail.
    await db().updateTable('domains').set({ status: 'failed' }).where('name', '=', 'inbox.example').execute();
    expect(await core.receiving.acceptsRecipient('support@inbox.example')).toBe(false);
  });

  it('stores a message with its bodies, headers and attachments, and the record reads back whole', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    await subscribe();
    const pdf = Buffer.from('%PDF-1.4 not really a pdf\n');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    const mail = incomingMail({
      cc: [{ name: 'Bob', address: 'bob@sender.example' }],
      replyTo: [{ name: null, address: 'orders@sender.example' }],
      inReplyTo: '<m0@inbox.example>',
      references: ['<first@inbox.example>', '<m0@inbox.example>'],
      html: '<p>Hello, where is my order?</p><img src="cid:logo@sender">',
      attachments: [
        { filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf },
        { filename: null, contentType: 'image/png', content: png, inline: true, contentId: 'logo@sender' },
      ],
      recipients: ['support@inbox.example', 'hidden@inbox.example'],
      authentication: { dmarc: { result: 'fail', domain: 'sender.example', policy: 'quarantine' } },
    });
    const { ids } = await core.receiving.receive(mail);
    expect(ids).toEqual([expect.stringMatching(ID)]);
    const [id] = ids as [string];

    const record = await core.receiving.get(auth, id);
    const attachments = [
      {
        id: expect.stringMatching(ATT),
        filename: 'invoice.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
        content_id: null,
        disposition: 'attachment',
      },
      { id: expect.stringMatching(ATT), filename: null, content_type: 'image/png', size: png.length, content_id: 'logo@sender', disposition: 'inline' },
    ];
    const listed = {
      object: 'received_email',
      id,
      from: 'Ada Lovelace <ada@sender.example>',
      to: ['support@inbox.example'],
      cc: ['Bob <bob@sender.example>'],
      reply_to: ['orders@sender.example'],
      subject: 'Question about my order',
      message_id: '<m1@sender.example>',
      in_reply_to: '<m0@inbox.example>',
      references: ['<first@inbox.example>', '<m0@inbox.example>'],
      date: '2026-11-27T14:00:00.000Z',
      mail_from: 'ada@sender.example',
      recipients: ['support@inbox.example', 'hidden@inbox.example'],
      size: mail.raw.byteLength,
      authentication: {
        spf: { result: 'pass', domain: 'sender.example' },
        dkim: { result: 'pass', signatures: [{ domain: 'sender.example', selector: 's1', result: 'pass' }] },
        // Failed, but the policy is not reject: accepted and marked.
        dmarc: { result: 'fail', domain: 'sender.example', policy: 'quarantine' },
        arc: { result: 'none' },
      },
      attachments,
      created_at: new Date(clock.now()).toISOString(),
    };
    expect(record).toEqual({ ...listed, text: mail.parsed.text, html: mail.parsed.html, headers: mail.parsed.headers });
    expect(await core.receiving.list(auth, { page: { limit: 20 } })).toEqual({ object: 'list', data: [listed], has_more: false });

    const raw = await core.receiving.raw(auth, id);
    expect(raw.id).toBe(id);
    expect(Buffer.compare(raw.content, Buffer.from(mail.raw))).toBe(0);
    const [invoice, logo] = record.attachments;
    const got = await core.receiving.attachment(auth, id, invoice!.id);
    expect({ ...got, content: got.content.toString() }).toEqual({ ...invoice, receivedEmailId: id, content: pdf.toString() });
    expect(Buffer.compare((await core.receiving.attachment(auth, id, logo!.id)).content, png)).toBe(0);

    // The webhook delivery was written with the message: metadata only, no bodies.
    const [delivery] = await db().selectFrom('webhook_deliveries').selectAll().execute();
    expect(delivery).toMatchObject({ organization_id: auth.organizationId, event_type: 'email.received', status: 'pending' });
    expect(JSON.parse(delivery!.payload)).toEqual({
      type: 'email.received',
      timestamp: new Date(clock.now()).toISOString(),
      data: {
        received_email_id: id,
        from: 'Ada Lovelace <ada@sender.example>',
        to: ['support@inbox.example'],
        cc: ['Bob <bob@sender.example>'],
        subject: 'Question about my order',
        message_id: '<m1@sender.example>',
        in_reply_to: '<m0@inbox.example>',
        recipients: ['support@inbox.example', 'hidden@inbox.example'],
        created_at: new Date(clock.now()).toISOString(),
        authentication: { spf: 'pass', dkim: 'pass', dmarc: 'fail', arc: 'none' },
        attachments: [
          { id: invoice!.id, filename: 'invoice.pdf', content_type: 'application/pdf', size: pdf.length },
          { id: logo!.id, filename: null, content_type: 'image/png', size: png.length },
        ],
      },
    });
    const job = await db().selectFrom('jobs').select(['kind', 'ref_id']).where('ref_id', '=', delivery!.id).executeTakeFirst();
    expect(job).toEqual({ kind: 'webhook_delivery', ref_id: delivery!.id });
  });

  it('refuses a message that fails DMARC under a reject policy, and stores nothing', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    await subscribe();
    const mail = incomingMail({ authentication: { dmarc: { result: 'fail', domain: 'sender.example', policy: 'reject' } } });
    await expectRefusal(core.receiving.receive(mail), {
      kind: 'forbidden',
      code: 'DMARC_POLICY_REJECT',
      message: 'The message fails DMARC for sender.example, whose policy is reject',
    });
    expect([await count('received_messages'), await count('received_emails'), await count('webhook_deliveries')]).toEqual([0, 0, 0]);
  });

  it('stores a message for two organizations once, each with its own record, recipients and webhook', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    const other = await otherOrganization('other.example');
    await subscribe();
    await subscribe(other);
    const mail = incomingMail({
      to: [
        { name: null, address: 'support@inbox.example' },
        { name: null, address: 'sales@other.example' },
      ],
      recipients: ['support@inbox.example', 'SALES@other.example', 'Support@Inbox.example', 'nobody@unreceived.example'],
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('shared') }],
    });
    const { ids } = await core.receiving.receive(mail);
    expect(ids).toHaveLength(2);
    const [mine, theirs] = ids as [string, string];
    expect([await count('received_messages'), await count('received_emails'), await count('received_attachments')]).toEqual([1, 2, 1]);

    const own = await core.receiving.get(auth, mine);
    const their = await core.receiving.get(other, theirs);
    expect(own.recipients).toEqual(['support@inbox.example']);
    expect(their.recipients).toEqual(['SALES@other.example']);
    expect(their.attachments).toEqual(own.attachments);
    expect((await core.receiving.list(other, { page: { limit: 20 } })).data.map((r) => r.id)).toEqual([theirs]);

    // Each organization's record is not found by the other, on every read.
    const attachmentId = own.attachments[0]!.id;
    await expectRefusal(core.receiving.get(other, mine), { kind: 'not_found', message: `Received email ${mine} not found` });
    await expectRefusal(core.receiving.raw(other, mine), { kind: 'not_found', message: `Received email ${mine} not found` });
    await expectRefusal(core.receiving.attachment(other, mine, attachmentId), {
      kind: 'not_found',
      message: `Attachment ${attachmentId} of received email ${mine} not found`,
    });
    expect(await core.receiving.replyContext(other.organizationId, mine)).toBeNull();

    const payloads = await db().selectFrom('webhook_deliveries').select(['organization_id', 'payload']).orderBy('organization_id').execute();
    expect(payloads.map((p) => [p.organization_id, JSON.parse(p.payload).data.received_email_id, JSON.parse(p.payload).data.recipients]).sort()).toEqual(
      [
        [auth.organizationId, mine, ['support@inbox.example']],
        [other.organizationId, theirs, ['SALES@other.example']],
      ].sort(),
    );
  });

  it('stores nothing when no recipient is at a receiving domain any more', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    await db().updateTable('domains').set({ receiving_name: null }).execute();
    expect(await core.receiving.receive(incomingMail())).toEqual({ ids: [] });
    expect(await count('received_messages')).toBe(0);
  });

  it('lists newest first, filtered by to (To, Cc or recipient) and from, without regard to case, in pages', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    const receive = async (mail: Parameters<typeof incomingMail>[0]) => {
      clock.advance(1000);
      return (await core.receiving.receive(incomingMail(mail))).ids[0]!;
    };
    const a = await receive({ from: { name: null, address: 'Ann@Sender.example' }, to: [{ name: null, address: 'support@inbox.example' }] });
    const b = await receive({
      from: { name: null, address: 'bob@sender.example' },
      to: [{ name: null, address: 'sales@inbox.example' }],
      cc: [{ name: null, address: 'support@inbox.example' }],
    });
    const c = await receive({
      from: { name: null, address: 'ann@sender.example' },
      to: [{ name: null, address: 'list@lists.example' }],
      recipients: ['support@inbox.example'],
    });
    const d = await receive({ to: [{ name: null, address: 'sales@inbox.example' }] });
    const list = (query: { to?: string; from?: string; limit?: number; after?: string; before?: string }) => {
      const { to, from, limit = 20, ...cursor } = query;
      return core.receiving.list(auth, { ...(to ? { to } : {}), ...(from ? { from } : {}), page: { limit, ...cursor } });
    };
    const ids = async (query: Parameters<typeof list>[0]) => (await list(query)).data.map((r) => r.id);

    expect(await ids({})).toEqual([d, c, b, a]);
    expect(await ids({ to: 'SUPPORT@inbox.example' })).toEqual([c, b, a]);
    expect(await ids({ from: 'ann@sender.EXAMPLE' })).toEqual([c, a]);
    expect(await ids({ to: 'support@inbox.example', from: 'bob@sender.example' })).toEqual([b]);
    // A pattern character in the filter is a character, not a wildcard.
    expect(await ids({ to: 'supp_rt@inbox.example' })).toEqual([]);
    expect(await list({ limit: 2 })).toMatchObject({ has_more: true, data: [{ id: d }, { id: c }] });
    expect(await list({ limit: 2, after: c })).toMatchObject({ has_more: false, data: [{ id: b }, { id: a }] });
    expect(await list({ limit: 1, before: b })).toMatchObject({ has_more: true, data: [{ id: c }] });
  });

  it('drops NUL characters from every string it stores', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    const mail = incomingMail({
      subject: 'Hi\0 there',
      text: 'a\0b',
      attachments: [{ filename: 'x\0.txt', contentType: 'text/plain', content: Buffer.from('\0') }],
    });
    mail.parsed.headers.push({ name: 'X-Nul\0', value: 'v\0' });
    const [id] = (await core.receiving.receive(mail)).ids as [string];
    const record = await core.receiving.get(auth, id);
    expect([record.subject, record.text, record.attachments[0]!.filename, record.headers.at(-1)]).toEqual([
      'Hi there',
      'ab',
      'x.txt',
      { name: 'X-Nul', value: 'v' },
    ]);
    // The bytes stay as received.
    expect((await core.receiving.attachment(auth, id, record.attachments[0]!.id)).content).toEqual(Buffer.from('\0'));
  });

  it('answers messages that arrive together, each once committed', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => core.receiving.receive(incomingMail({ subject: `n${i}` }))));
    const ids = results.map((r) => r.ids[0]!);
    expect(new Set(ids).size).toBe(5);
    for (const [i, id] of ids.entries()) expect((await core.receiving.get(auth, id)).subject).toBe(`n${i}`);
  });

  it('gives the threading of an answer: Message-ID, References then Message-ID, and the subject', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    const [id] = (await core.receiving.receive(incomingMail({ references: ['<a@x>', '<b@x>'] }))).ids as [string];
    expect(await core.receiving.replyContext(auth.organizationId, id)).toEqual({
      messageId: '<m1@sender.example>',
      references: ['<a@x>', '<b@x>', '<m1@sender.example>'],
      subject: 'Question about my order',
    });
    const [bare] = (await core.receiving.receive(incomingMail({ messageId: null, subject: null }))).ids as [string];
    expect(await core.receiving.replyContext(auth.organizationId, bare)).toEqual({ messageId: null, references: [], subject: null });
    expect(await core.receiving.replyContext(auth.organizationId, 'rcv_01jd3zq8x6v5t0n2c4b7m9k1pq')).toBeNull();
  });

  it('keeps received mail RECEIVED_RETENTION_DAYS, then the retention sweep drops it with its attachments', async () => {
    await addReceivingDomain(core.db, 'inbox.example');
    await core.receiving.receive(incomingMail({ attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('a') }] }));
    expect(await core.receiving.purge(clock.now() + 30 * DAY)).toBe(0);
    expect(await count('received_emails')).toBe(1);

    // The scheduled retention sweep runs the purge.
    clock.advance(30 * DAY + 1);
    expect(await core.scheduler.runDue()).toEqual(['retention', 'domain_rechecks']);
    expect([await count('received_messages'), await count('received_emails'), await count('received_attachments')]).toEqual([0, 0, 0]);
  });
});
