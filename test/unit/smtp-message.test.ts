import { beforeAll, describe, expect, it } from 'vitest';
import { submissionToSendRequest } from '../../src/emails/submission.ts';
import { IDEMPOTENCY_HEADER, parseSubmission, type ParsedSubmission } from '../../servers/smtp/message.ts';
import { emlFixture } from '../helpers/fixtures.ts';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));

/** The bytes of the fixture's inline image and attachment, base64 in the message. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const PDF = Buffer.from('%PDF-1.4 a small report');

/** multipart/mixed: a related part (alternative text + HTML, and an inline image the HTML links by cid:), then a PDF. */
const FULL = emlFixture('multipart-related-attachment.eml');

const TEXT_ONLY = emlFixture('text-only.eml');

describe('parseSubmission: a multipart message', () => {
  let parsed: ParsedSubmission;
  const message = () => parsed.message;

  beforeAll(async () => {
    parsed = await parseSubmission(FULL, ['bob@example.org', 'hidden@example.net']);
  });

  it('passes the envelope recipients through', () => {
    expect(message().recipients).toEqual(['bob@example.org', 'hidden@example.net']);
  });

  it('reads From and Reply-To as mailboxes', () => {
    expect(message().from).toEqual([{ name: 'Ann Lee', address: 'ann@example.com' }]);
    expect(message().replyTo).toEqual([{ name: 'Support', address: 'support@example.com' }]);
  });

  it('reads To, and Cc with its group flattened', () => {
    expect(message().to).toEqual([
      { name: 'Bob', address: 'bob@example.org' },
      { name: '', address: 'carol@example.org' },
    ]);
    expect(message().cc).toEqual([
      { name: '', address: 'a@x.org' },
      { name: '', address: 'b@x.org' },
      { name: 'Dave', address: 'dave@example.net' },
    ]);
  });

  it('decodes an encoded-word subject', () => {
    expect(message().subject).toBe('Hello world ✓');
  });

  it('keeps cid: links in the HTML rather than inlining data: URIs', () => {
    expect(message().html).toBe('<p>Hello Bob,</p><p><img src="cid:logo@example.com" alt="logo"></p>');
    expect(message().html).not.toContain('data:');
  });

  it('keeps the text part', () => {
    expect(message().text).toBe('Hello Bob,\n\nSee the logo.');
  });

  it('reads the message ids, references as an array', () => {
    expect(message().messageId).toBe('<msg-1@example.com>');
    expect(message().inReplyTo).toBe('<parent@example.com>');
    expect(message().references).toEqual(['<root@example.com>', '<parent@example.com>']);
  });

  it('reads the date as ms since the epoch, zone applied', () => {
    expect(message().date).toBe(Date.UTC(2023, 10, 14, 22, 13, 20));
    expect(message().date).toBe(1_700_000_000_000);
  });

  it('lists every header line with its raw value, folds kept', () => {
    expect(message().headers).toEqual([
      { name: 'Received', value: ' from client.example (client.example [192.0.2.1])\r\n\tby mail.example; Tue, 14 Nov 2023 22:13:20 +0000' },
      { name: 'From', value: ' "Ann Lee" <ann@example.com>' },
      { name: 'Reply-To', value: ' Support <support@example.com>' },
      { name: 'To', value: ' Bob <bob@example.org>, carol@example.org' },
      { name: 'Cc', value: ' team: a@x.org, b@x.org;, Dave <dave@example.net>' },
      { name: 'Subject', value: ' =?UTF-8?B?SGVsbG8gd29ybGQg4pyT?=' },
      { name: 'Date', value: ' Tue, 14 Nov 2023 23:13:20 +0100' },
      { name: 'Message-ID', value: ' <msg-1@example.com>' },
      { name: 'In-Reply-To', value: ' <parent@example.com>' },
      { name: 'References', value: ' <root@example.com>\r\n <parent@example.com>' },
      { name: 'X-Campaign', value: ' spring' },
      { name: 'X-Folded', value: ' first part\r\n\tsecond part' },
      { name: 'Mailgate-Idempotency-Key', value: '   order-42  ' },
      { name: 'MIME-Version', value: ' 1.0' },
      { name: 'Content-Type', value: ' multipart/mixed; boundary="MIX"' },
    ]);
  });

  it('lists the inline image and the attachment with their bytes', () => {
    const attachments = message().attachments.map((a) => ({ ...a, content: Buffer.from(a.content) }));
    expect(attachments).toEqual([
      { filename: null, contentType: 'image/png', contentId: 'logo@example.com', inline: true, content: PNG },
      { filename: 'report.pdf', contentType: 'application/pdf', contentId: null, inline: false, content: PDF },
    ]);
  });

  it('becomes a send request, keeping only the headers that are not rebuilt', () => {
    const checked = submissionToSendRequest(message());
    expect(checked.submission.headers.lines).toEqual([
      ['X-Campaign', 'spring'],
      ['X-Folded', 'first part\r\n\tsecond part'],
    ]);
    expect(checked.submission.headers.cc).toEqual(['a@x.org', 'b@x.org', 'Dave <dave@example.net>']);
    expect(checked.to.map((r) => r.address)).toEqual(['bob@example.org', 'hidden@example.net']);
  });

  it('reads the idempotency key from Mailgate-Idempotency-Key, trimmed', () => {
    expect(IDEMPOTENCY_HEADER).toBe('mailgate-idempotency-key');
    expect(parsed.idempotencyKey).toBe('order-42');
  });
});

describe('parseSubmission: a text-only message', () => {
  let parsed: ParsedSubmission;

  beforeAll(async () => {
    parsed = await parseSubmission(TEXT_ONLY, ['b@example.org']);
  });

  it('has the text and no HTML', () => {
    expect(parsed.message.text).toBe('Just text.\n');
    expect(parsed.message.html).toBeNull();
  });

  it('gives a single reference as an array', () => {
    expect(parsed.message.references).toEqual(['<only@example.com>']);
  });

  it('gives null for an absent Date, Message-ID and In-Reply-To', () => {
    expect(parsed.message.date).toBeNull();
    expect(parsed.message.messageId).toBeNull();
    expect(parsed.message.inReplyTo).toBeNull();
  });

  it('gives empty lists for absent address headers and no attachments', () => {
    expect(parsed.message.replyTo).toEqual([]);
    expect(parsed.message.cc).toEqual([]);
    expect(parsed.message.attachments).toEqual([]);
  });

  it('has no idempotency key', () => {
    expect(parsed.idempotencyKey).toBeUndefined();
  });

  it('passes the recipients through', () => {
    expect(parsed.message.recipients).toEqual(['b@example.org']);
  });
});

describe('parseSubmission: edge cases', () => {
  const parse = (headers: string[], body = 'Body.') => parseSubmission(crlf([...headers, '', body, '']), ['r@example.org']);

  it('gives an HTML-only message no text part, so the core derives one', async () => {
    const { message } = await parse(['From: a@example.com', 'Content-Type: text/html; charset=utf-8'], '<p>Only <b>html</b></p>');
    expect(message.html).toBe('<p>Only <b>html</b></p>\n');
    expect(message.text).toBeNull();
  });

  it('gives an unreadable Date as null, not the time of parsing', async () => {
    const { message } = await parse(['From: a@example.com', 'Date: not a date']);
    expect(message.date).toBeNull();
    const dated = await parse(['From: a@example.com', 'Date: Sun, 22 Nov 2026 10:00:00', ' +0000']);
    expect(dated.message.date).toBe(Date.UTC(2026, 10, 22, 10, 0, 0));
  });

  it('refuses two idempotency headers with 550 5.6.0 rather than dropping the key', async () => {
    await expect(parse(['From: a@example.com', 'Mailgate-Idempotency-Key: k1', 'Mailgate-Idempotency-Key: k2'])).rejects.toMatchObject({
      responseCode: 550,
      message: '5.6.0 Message refused: Mailgate-Idempotency-Key must appear once, as one key',
    });
  });

  it('gives no From when the header is missing', async () => {
    const { message } = await parse(['To: b@example.org']);
    expect(message.from).toEqual([]);
    expect(message.subject).toBe('');
    expect(message.references).toEqual([]);
  });

  it('gives an empty group as no mailboxes', async () => {
    const { message } = await parse(['From: a@example.com', 'To: undisclosed-recipients:;']);
    expect(message.to).toEqual([]);
  });

  it('leaves a bare name with an empty address for the core to refuse', async () => {
    const { message } = await parse(['From: a@example.com', 'To: bob']);
    expect(message.to).toEqual([{ name: 'bob', address: '' }]);
  });

  it('decodes a line break smuggled in an encoded-word subject (for the core to refuse)', async () => {
    const { message } = await parse(['From: a@example.com', 'Subject: =?UTF-8?Q?a=0D=0ABcc:_x@y.org?=']);
    expect(message.subject).toBe('a\r\nBcc: x@y.org');
  });

  it('gives a blank idempotency header as a blank key, for the core to refuse as REST refuses a blank Idempotency-Key', async () => {
    const parsed = await parse(['From: a@example.com', 'Mailgate-Idempotency-Key:    ']);
    expect(parsed.idempotencyKey).toBe('');
  });

  it('counts a blank idempotency header when it comes twice (mailparser drops blank headers from its map)', async () => {
    await expect(parse(['From: a@example.com', 'Mailgate-Idempotency-Key:', 'Mailgate-Idempotency-Key: k-2'])).rejects.toMatchObject({
      responseCode: 550,
      message: '5.6.0 Message refused: Mailgate-Idempotency-Key must appear once, as one key',
    });
  });

  it('unfolds a folded idempotency header', async () => {
    const parsed = await parse(['From: a@example.com', 'Mailgate-Idempotency-Key:', ' k-9']);
    expect(parsed.idempotencyKey).toBe('k-9');
  });

  it('reads the idempotency header whatever its case', async () => {
    const parsed = await parse(['From: a@example.com', 'MAILGATE-IDEMPOTENCY-KEY: k-7']);
    expect(parsed.idempotencyKey).toBe('k-7');
  });

  it('marks an attachment with Content-Disposition: inline as inline', async () => {
    const { message } = await parseSubmission(emlFixture('inline-disposition.eml'), ['r@example.org']);
    expect(message.text).toBe('See below.');
    expect(message.attachments.map(({ content, ...rest }) => ({ ...rest, size: content.byteLength }))).toEqual([
      { filename: 'dot.gif', contentType: 'image/gif', contentId: null, inline: true, size: 14 },
    ]);
  });
});
