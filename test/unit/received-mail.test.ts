import { createHash, generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailReader, mailauthResolver, MAX_LISTED_SIGNATURES, type MailEnvelope, type MailReader } from '../../servers/smtp/received-mail.ts';
import type { IncomingAuthentication, ParsedIncoming } from '../../src/index.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';

// The inbound reader (servers/smtp/received-mail.ts): mailauth against a real DNS
// server on loopback holding the senders' records, mailparser on the bytes as
// stored. Each message is built here, byte for byte.

const HOST = 'mx.mailgate.test';
const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);
const RECEIVED_AT = 'Thu, 02 Jan 2025 03:04:05 +0000';

/** The sender's outgoing server, allowed by signed.example's SPF; OTHER_IP is not. */
const SENDER_IP = '192.0.2.10';
const OTHER_IP = '198.51.100.7';

const crlf = (lines: string[]) => lines.join('\r\n');

const envelope = (fields: Partial<MailEnvelope> = {}): MailEnvelope => ({
  recipients: ['bob@receive.example'],
  mailFrom: 'ann@signed.example',
  remoteAddress: SENDER_IP,
  helo: 'mail.signed.example',
  secure: false,
  ...fields,
});

const PLAIN = crlf([
  'From: Ann <ann@signed.example>',
  'To: Bob <bob@receive.example>',
  'Subject: Lunch',
  'Message-ID: <lunch-1@signed.example>',
  'Date: Wed, 01 Jan 2025 12:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Noon at the usual place?',
  '',
]);

/** Nothing parsed: what a message without content gives. */
const NOTHING: Omit<ParsedIncoming, 'headers'> = {
  from: null,
  to: [],
  cc: [],
  replyTo: [],
  subject: null,
  messageId: null,
  inReplyTo: null,
  references: [],
  date: null,
  text: null,
  html: null,
  attachments: [],
};

describe('createMailReader', () => {
  let dns: TestDnsServer;
  let reader: MailReader;
  let privateKey: string;

  beforeAll(async () => {
    dns = await startDnsServer();
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const published = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns.set('sel._domainkey.signed.example', [{ type: 'TXT', text: `v=DKIM1; k=rsa; p=${published}` }]);
    dns.set('signed.example', [{ type: 'TXT', text: `v=spf1 ip4:${SENDER_IP} -all` }]);
    dns.set('_dmarc.signed.example', [{ type: 'TXT', text: 'v=DMARC1; p=reject' }]);
    dns.set('strict.example', [{ type: 'TXT', text: `v=spf1 ip4:${SENDER_IP} -all` }]);
    dns.set('_dmarc.strict.example', [{ type: 'TXT', text: 'v=DMARC1; p=reject' }]);
    dns.set('relaxed.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.set('monitor.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.set('_dmarc.monitor.example', [{ type: 'TXT', text: 'v=DMARC1; p=none' }]);
    dns.set('mx.bounces.example', [{ type: 'TXT', text: 'v=spf1 ip4:192.0.2.20 -all' }]);
    reader = createMailReader({ hostname: HOST, resolver: mailauthResolver([dns.address], 2000), now: () => NOW });
  });
  afterAll(() => dns?.close());

  /** The message DKIM-signed for signed.example with the published key, at a fixed time. */
  async function signed(message: string): Promise<{ raw: string; b: string }> {
    const key = { signingDomain: 'signed.example', selector: 'sel', privateKey };
    // mailauth signs with signatureData; its types also ask for the key's fields at the top.
    const { signatures, errors } = await dkimSign(message, { ...key, signatureData: [key], signTime: new Date(NOW) });
    expect(errors).toEqual([]);
    const b = /\bb=([A-Za-z0-9+/]{8})/.exec(signatures.replace(/\r\n\s+/g, ''))![1]!;
    // As Authentication-Results writes it: '/' is not a token character, so a prefix with one is quoted
    // (the key is new each run: about one run in eight).
    return { raw: signatures + message, b: b.includes('/') ? `"${b}"` : b };
  }

  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

  it('stores Authentication-Results, then Received, then the bytes received; a signature by the published key passes, and SPF and DMARC with it', async () => {
    const { raw, b } = await signed(PLAIN);
    const mail = await reader.read(Buffer.from(raw), envelope());
    const results = crlf([
      `Authentication-Results: ${HOST};`,
      ` dkim=pass header.i=@signed.example header.s=sel header.a=rsa-sha256 header.b=${b};`,
      ` spf=pass (${HOST}: domain of ann@signed.example designates ${SENDER_IP} as permitted sender) smtp.mailfrom=ann@signed.example`,
      ' smtp.helo=mail.signed.example;',
      ' dmarc=pass (p=REJECT arc=none) policy.dmarc=reject header.from=signed.example header.d=signed.example',
      'Received: from mail.signed.example ([192.0.2.10])',
      `\tby ${HOST} (Mailgate) with ESMTP`,
      '\tfor <bob@receive.example>;',
      `\t${RECEIVED_AT}`,
      '',
    ]);
    expect(text(mail.raw)).toBe(results + raw);
    expect(mail.authentication).toEqual({
      spf: { result: 'pass', domain: 'signed.example' },
      dkim: { result: 'pass', signatures: [{ domain: 'signed.example', selector: 'sel', result: 'pass' }] },
      dmarc: { result: 'pass', domain: 'signed.example', policy: 'reject' },
      arc: { result: 'none' },
    } satisfies IncomingAuthentication);
    expect(mail).toMatchObject({ recipients: ['bob@receive.example'], mailFrom: 'ann@signed.example', remoteAddress: SENDER_IP, helo: 'mail.signed.example' });
    expect(mail.parsed).toEqual({
      from: { name: 'Ann', address: 'ann@signed.example' },
      to: [{ name: 'Bob', address: 'bob@receive.example' }],
      cc: [],
      replyTo: [],
      subject: 'Lunch',
      messageId: '<lunch-1@signed.example>',
      inReplyTo: null,
      references: [],
      date: '2025-01-01T12:00:00.000Z',
      text: 'Noon at the usual place?\n',
      html: null,
      // The stored message's headers: this server's first, decoded and unfolded.
      headers: [
        {
          name: 'Authentication-Results',
          value: results
            .split('\r\nReceived:')[0]!
            .replace(/^Authentication-Results: /, '')
            .replace(/\r\n/g, ''),
        },
        { name: 'Received', value: `from mail.signed.example ([192.0.2.10])\tby ${HOST} (Mailgate) with ESMTP\tfor <bob@receive.example>;\t${RECEIVED_AT}` },
        { name: 'DKIM-Signature', value: expect.stringMatching(/^v=1; a=rsa-sha256; c=relaxed\/relaxed; d=signed\.example; .*s=sel;/) },
        { name: 'From', value: 'Ann <ann@signed.example>' },
        { name: 'To', value: 'Bob <bob@receive.example>' },
        { name: 'Subject', value: 'Lunch' },
        { name: 'Message-ID', value: '<lunch-1@signed.example>' },
        { name: 'Date', value: 'Wed, 01 Jan 2025 12:00:00 +0000' },
        { name: 'MIME-Version', value: '1.0' },
        { name: 'Content-Type', value: 'text/plain; charset=utf-8' },
      ],
      attachments: [],
    } satisfies ParsedIncoming);
  });

  it('a message altered after signing fails DKIM: a changed body (the body hash) and a changed signed header', async () => {
    const { raw } = await signed(PLAIN);
    const body = await reader.read(Buffer.from(raw.replace('usual place', 'other place')), envelope());
    expect(body.authentication.dkim).toEqual({ result: 'fail', signatures: [{ domain: 'signed.example', selector: 'sel', result: 'neutral' }] });
    expect(text(body.raw)).toContain(' dkim=neutral (body hash did not verify) header.i=@signed.example header.s=sel');
    const header = await reader.read(Buffer.from(raw.replace('Subject: Lunch', 'Subject: Dinner')), envelope());
    expect(header.authentication.dkim).toEqual({ result: 'fail', signatures: [{ domain: 'signed.example', selector: 'sel', result: 'fail' }] });
    // SPF still passes and aligns: DMARC passes on it.
    expect(header.authentication.dmarc).toEqual({ result: 'pass', domain: 'signed.example', policy: 'reject' });
  });

  it('checks SPF against the connecting address: pass from an address the domain lists, fail from another', async () => {
    const pass = await reader.read(Buffer.from(PLAIN), envelope({ remoteAddress: SENDER_IP }));
    expect(pass.authentication.spf).toEqual({ result: 'pass', domain: 'signed.example' });
    const fail = await reader.read(Buffer.from(PLAIN), envelope({ remoteAddress: OTHER_IP }));
    expect(fail.authentication.spf).toEqual({ result: 'fail', domain: 'signed.example' });
    expect(text(fail.raw)).toContain(
      ` spf=fail (${HOST}: domain of ann@signed.example does not designate ${OTHER_IP} as permitted sender) smtp.mailfrom=ann@signed.example`,
    );
    // An IPv4-mapped IPv6 address is the IPv4 client it is.
    const mapped = await reader.read(Buffer.from(PLAIN), envelope({ remoteAddress: `::ffff:${SENDER_IP}` }));
    expect(mapped.authentication.spf).toEqual({ result: 'pass', domain: 'signed.example' });
    expect(mapped.remoteAddress).toBe(SENDER_IP);
  });

  it('checks the HELO name for the null sender, and names a client without HELO by its address', async () => {
    const bounce = await reader.read(Buffer.from(PLAIN), envelope({ mailFrom: null, helo: 'mx.bounces.example', remoteAddress: '192.0.2.20' }));
    expect(bounce.mailFrom).toBeNull();
    expect(bounce.authentication.spf).toEqual({ result: 'pass', domain: 'mx.bounces.example' });
    const nameless = await reader.read(Buffer.from(PLAIN), envelope({ mailFrom: null, helo: null, remoteAddress: OTHER_IP }));
    expect(nameless.authentication.spf).toEqual({ result: 'none', domain: null });
    expect(text(nameless.raw)).toContain(`Received: from unknown ([${OTHER_IP}])\r\n`);
  });

  it('writes the Received header of the session: ESMTPS under TLS, an IPv6 literal, no `for` with several recipients', async () => {
    const mail = await reader.read(
      Buffer.from(PLAIN),
      envelope({ secure: true, remoteAddress: '2001:db8::25', helo: 'odd(name);x', recipients: ['a@receive.example', 'b@receive.example'] }),
    );
    expect(text(mail.raw)).toContain(
      `\r\nReceived: from odd?name??x ([IPv6:2001:db8::25])\r\n\tby ${HOST} (Mailgate) with ESMTPS;\r\n\t${RECEIVED_AT}\r\nFrom: Ann`,
    );
  });

  it('reports a DMARC reject policy that fails (no aligned SPF or DKIM), and no policy without a DMARC record', async () => {
    const forged = PLAIN.replace('From: Ann <ann@signed.example>', 'From: The Bank <alerts@strict.example>');
    const mail = await reader.read(Buffer.from(forged), envelope({ mailFrom: 'ann@relaxed.example', remoteAddress: OTHER_IP }));
    expect(mail.authentication).toEqual({
      spf: { result: 'fail', domain: 'relaxed.example' },
      dkim: { result: 'none', signatures: [] },
      dmarc: { result: 'fail', domain: 'strict.example', policy: 'reject' },
      arc: { result: 'none' },
    } satisfies IncomingAuthentication);
    expect(text(mail.raw)).toContain(' dmarc=fail (p=REJECT arc=none) policy.dmarc=reject header.from=strict.example header.d=strict.example\r\nReceived:');
    // A failure under p=none is reported with its policy; without a DMARC record there is none.
    const monitored = await reader.read(
      Buffer.from(PLAIN.replace('ann@signed.example>', 'ann@monitor.example>')),
      envelope({ mailFrom: 'ann@monitor.example' }),
    );
    expect(monitored.authentication.dmarc).toEqual({ result: 'fail', domain: 'monitor.example', policy: 'none' });
    const unpublished = await reader.read(
      Buffer.from(PLAIN.replace('ann@signed.example>', 'ann@relaxed.example>')),
      envelope({ mailFrom: 'ann@relaxed.example' }),
    );
    expect(unpublished.authentication.dmarc).toEqual({ result: 'none', domain: 'relaxed.example', policy: null });
  });

  it('hands over attachments as decoded bytes, an inline image with its Content-ID, and the HTML with its cid: link as sent', async () => {
    const pdf = Buffer.from('%PDF-1.4 a small invoice\n');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);
    const message = crlf([
      'From: ann@signed.example',
      'To: bob@receive.example, "Carol C." <carol@receive.example>',
      'Cc: Dan <dan@receive.example>',
      'Reply-To: billing@signed.example',
      'Subject: Invoice',
      'In-Reply-To: <order-7@receive.example> <order-6@receive.example>',
      'References: <order-5@receive.example>',
      ' <order-7@receive.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="mixed"',
      '',
      '--mixed',
      'Content-Type: multipart/related; boundary="related"',
      '',
      '--related',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Your invoice is attached.',
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Your invoice is attached.<img src="cid:logo@signed.example"></p>',
      '--alt--',
      '--related',
      'Content-Type: image/png',
      'Content-ID: <logo@signed.example>',
      'Content-Transfer-Encoding: base64',
      '',
      png.toString('base64'),
      '--related--',
      '--mixed',
      'Content-Type: Application/PDF; name="invoice.pdf"',
      'Content-Disposition: attachment; filename="invoice.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      pdf.toString('base64'),
      '--mixed--',
      '',
    ]);
    const { parsed } = await reader.read(Buffer.from(message), envelope());
    expect({ ...parsed, headers: undefined }).toEqual({
      from: { name: null, address: 'ann@signed.example' },
      to: [
        { name: null, address: 'bob@receive.example' },
        { name: 'Carol C.', address: 'carol@receive.example' },
      ],
      cc: [{ name: 'Dan', address: 'dan@receive.example' }],
      replyTo: [{ name: null, address: 'billing@signed.example' }],
      subject: 'Invoice',
      messageId: null,
      inReplyTo: '<order-7@receive.example>',
      references: ['<order-5@receive.example>', '<order-7@receive.example>'],
      date: null,
      text: 'Your invoice is attached.',
      html: '<p>Your invoice is attached.<img src="cid:logo@signed.example"></p>',
      headers: undefined,
      attachments: [
        { filename: null, contentType: 'image/png', contentId: 'logo@signed.example', disposition: 'inline', content: png },
        { filename: 'invoice.pdf', contentType: 'application/pdf', contentId: null, disposition: 'attachment', content: pdf },
      ],
    });
    expect(parsed.headers.find((h) => h.name === 'References')).toEqual({ name: 'References', value: '<order-5@receive.example> <order-7@receive.example>' });
  });

  it('decodes text from its charset: ISO-8859-1 and Shift_JIS bodies, encoded words, and UTF-8 (SMTPUTF8) headers', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(
        crlf([
          'From: =?ISO-8859-1?Q?Ren=E9e?= <renee@signed.example>',
          'To: bob@receive.example',
          'Subject: =?ISO-8859-1?Q?Caf=E9_cr=E8me?=',
          'Content-Type: text/plain; charset=ISO-8859-1',
          'Content-Transfer-Encoding: 8bit',
          '',
          'Un caf',
        ]),
      ),
      Buffer.from([0xe9]),
      Buffer.from(' cr\xe8me.\r\n', 'latin1'),
    ]);
    const french = await reader.read(latin1, envelope());
    expect(french.parsed).toMatchObject({ from: { name: 'Renée', address: 'renee@signed.example' }, subject: 'Café crème', text: 'Un café crème.\n' });
    expect(french.parsed.headers.slice(2, 4)).toEqual([
      { name: 'From', value: 'Renée <renee@signed.example>' },
      { name: 'To', value: 'bob@receive.example' },
    ]);

    const shiftJis = Buffer.concat([
      Buffer.from(
        crlf([
          'From: =?ISO-2022-JP?B?GyRCRnxLXDhsGyhC?= <taro@signed.example>',
          'To: bob@receive.example',
          'Subject: =?Shift_JIS?B?jI+WvA==?=',
          'Content-Type: text/plain; charset=Shift_JIS',
          'Content-Transfer-Encoding: 8bit',
          '',
          '',
        ]),
      ),
      Buffer.from('93fa967b8cea82cc8381815b838b', 'hex'),
      Buffer.from('\r\n'),
    ]);
    const japanese = await reader.read(shiftJis, envelope());
    expect(japanese.parsed).toMatchObject({ from: { name: '日本語', address: 'taro@signed.example' }, subject: '件名', text: '日本語のメール\n' });

    const utf8 = Buffer.from(crlf(['From: Jürgen <jürgen@signed.example>', 'To: bob@receive.example', 'Subject: Grüße', '', 'Hallo.', '']));
    const german = await reader.read(utf8, envelope());
    expect(german.parsed).toMatchObject({ from: { name: 'Jürgen', address: 'jürgen@signed.example' }, subject: 'Grüße', text: 'Hallo.\n' });
    expect(german.parsed.headers.at(-1)).toEqual({ name: 'Subject', value: 'Grüße' });
  });

  it('hands over malformed MIME as mailparser reads it: no closing boundary, broken base64, an unterminated part', async () => {
    const message = crlf([
      'From: ann@signed.example',
      'Subject: broken',
      'this line is no header field',
      'Date: not a date at all',
      'Content-Type: multipart/mixed; boundary="zz"',
      '',
      '--zz',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The text part.',
      '--zz',
      'Content-Type: application/octet-stream; name="data.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      '!!!not base64',
    ]);
    const mail = await reader.read(Buffer.from(message), envelope());
    expect(text(mail.raw).endsWith(message)).toBe(true);
    expect({ ...mail.parsed, headers: mail.parsed.headers.slice(2) }).toEqual({
      ...NOTHING,
      from: { name: null, address: 'ann@signed.example' },
      subject: 'broken',
      // mailparser would say "now" for a Date it cannot read: it is none.
      date: null,
      text: 'The text part.',
      headers: [
        { name: 'From', value: 'ann@signed.example' },
        { name: 'Subject', value: 'broken' },
        { name: 'Date', value: 'not a date at all' },
        { name: 'Content-Type', value: 'multipart/mixed; boundary="zz"' },
      ],
      attachments: [{ filename: 'data.bin', contentType: 'application/octet-stream', contentId: null, disposition: 'attachment', content: expect.any(Buffer) }],
    });
  });

  it('still hands over a message mailparser cannot read (over 1000 parts): parsed fields empty, headers as far as readable', async () => {
    const parts = Array.from({ length: 1001 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    const message = `From: ann@signed.example\r\nSubject: =?UTF-8?Q?many_parts?=\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${parts}--b--\r\n`;
    const mail = await reader.read(Buffer.from(message), envelope());
    expect(text(mail.raw).endsWith(message)).toBe(true);
    expect(mail.parsed).toEqual({
      ...NOTHING,
      headers: [
        { name: 'Authentication-Results', value: expect.stringMatching(/^mx\.mailgate\.test; dkim=none/) },
        { name: 'Received', value: expect.stringMatching(/^from mail\.signed\.example/) },
        { name: 'From', value: 'ann@signed.example' },
        { name: 'Subject', value: 'many parts' },
        { name: 'Content-Type', value: 'multipart/mixed; boundary="b"' },
      ],
    });
    expect(mail.authentication.spf).toEqual({ result: 'pass', domain: 'signed.example' });
  });

  it('removes NUL from every string handed over, and keeps it in the bytes', async () => {
    const nul = '\u0000';
    const message = crlf([
      `From: "An${nul}n" <ann@signed.example>`,
      'To: bob@receive.example',
      `Subject: a${nul}b`,
      `X-Note: c${nul}d`,
      'Content-Type: multipart/mixed; boundary="n"',
      '',
      '--n',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p>e${nul}f</p>`,
      '--n',
      `Content-Type: text/plain; name="g${nul}h.txt"`,
      'Content-Disposition: attachment',
      '',
      `i${nul}j`,
      '--n--',
      '',
    ]);
    const mail = await reader.read(Buffer.from(message), envelope({ helo: `mail${nul}.signed.example` }));
    expect(text(mail.raw).endsWith(message)).toBe(true);
    const strings: string[] = [];
    JSON.stringify({ ...mail, raw: null }, (_key, value: unknown) => {
      if (typeof value === 'string') strings.push(value);
      return value;
    });
    expect(strings.filter((s) => s.includes(nul))).toEqual([]);
    expect(mail.helo).toBe('mail.signed.example');
    expect(mail.parsed).toMatchObject({ from: { name: 'Ann', address: 'ann@signed.example' }, subject: 'ab', html: '<p>ef</p>' });
    expect(mail.parsed.headers.find((h) => h.name === 'X-Note')).toEqual({ name: 'X-Note', value: 'cd' });
    expect(mail.parsed.attachments).toEqual([
      { filename: 'gh.txt', contentType: 'text/plain', contentId: null, disposition: 'attachment', content: Buffer.from(`i${nul}j`) },
    ]);
  });

  it(`lists at most ${MAX_LISTED_SIGNATURES} signatures, passing ones first, and counts them all`, async () => {
    const { raw, b } = await signed(PLAIN);
    // Twenty-five signatures by domains that publish no key, above the one that verifies.
    const unkeyed = Array.from(
      { length: 25 },
      (_, i) => `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=nokey${i}.example; s=k; h=from; bh=${'A'.repeat(44)}; b=AAAA`,
    );
    const mail = await reader.read(Buffer.from(`${unkeyed.join('\r\n')}\r\n${raw}`), envelope());
    expect(mail.authentication.dkim.result).toBe('pass');
    expect(mail.authentication.dkim.signatures).toHaveLength(MAX_LISTED_SIGNATURES);
    expect(mail.authentication.dkim.signatures.slice(0, 2)).toEqual([
      { domain: 'signed.example', selector: 'sel', result: 'pass' },
      { domain: 'nokey0.example', selector: 'k', result: 'neutral' },
    ]);
    const results = text(mail.raw).split('\r\nReceived:')[0]!;
    expect(results.split('\r\n').filter((line) => line.startsWith(' dkim='))).toHaveLength(MAX_LISTED_SIGNATURES);
    expect(results).toContain(`;\r\n dkim=pass header.i=@signed.example header.s=sel header.a=rsa-sha256 header.b=${b};\r\n dkim=neutral`);
  });

  it('bounds DNS: a server that never answers is a temperror, and one message stops asking once its time is spent', async () => {
    dns.set('silent.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.silent.add('silent.example');
    const quick = createMailReader({ hostname: HOST, resolver: mailauthResolver([dns.address], 300), now: () => NOW, dnsBudgetMs: 1000 });
    let started = performance.now();
    const unanswered = await quick.read(Buffer.from(PLAIN), envelope({ mailFrom: 'ann@silent.example' }));
    expect(unanswered.authentication.spf).toEqual({ result: 'temperror', domain: 'silent.example' });
    expect(performance.now() - started).toBeLessThan(3000);

    // Signed fifty times (with the body's true hash, so each key is asked for) by domains whose servers never
    // answer: the lookups stop once the message's time is spent, and the first signatures are listed.
    const bodyHash = createHash('sha256').update('Noon at the usual place?\r\n').digest('base64');
    const signatures = Array.from(
      { length: 50 },
      (_, i) => `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=s${i}.silent.example; s=k; h=from; bh=${bodyHash}; b=AAAA`,
    );
    for (let i = 0; i < 50; i++) dns.silent.add(`k._domainkey.s${i}.silent.example`);
    started = performance.now();
    const flooded = await quick.read(Buffer.from(`${signatures.join('\r\n')}\r\n${PLAIN}`), envelope());
    expect(performance.now() - started).toBeLessThan(5000);
    expect(flooded.authentication.dkim.result).toBe('fail');
    expect(flooded.authentication.dkim.signatures).toHaveLength(MAX_LISTED_SIGNATURES);
    expect(flooded.authentication.dkim.signatures[0]).toEqual({ domain: 's0.silent.example', selector: 'k', result: 'temperror' });
  });
});

describe('mailauthResolver', () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(() => dns?.close());

  it('answers as dns.promises.resolve does, on the servers given, and fails a lookup past its bound with ETIMEOUT', async () => {
    dns.set('txt.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.set('quiet.example', [{ type: 'TXT', text: 'never sent' }]);
    dns.silent.add('quiet.example');
    const resolve = mailauthResolver([dns.address], 300);
    expect(await resolve('txt.example', 'TXT')).toEqual([['v=spf1 -all']]);
    await expect(resolve('missing.example', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const started = performance.now();
    await expect(resolve('quiet.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
