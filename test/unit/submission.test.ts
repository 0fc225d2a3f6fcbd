import { describe, expect, it } from 'vitest';
import {
  submissionToSendRequest,
  isRebuiltHeader,
  submissionFingerprintInput,
  submissionIdempotencyKey,
  type SubmittedAttachment,
  type SubmittedMessage,
} from '../../src/emails/submission.ts';
import { expectRefusal, type ExpectedRefusal } from '../helpers/errors.ts';

/** A message every rule accepts; each test changes one field. */
function message(overrides: Partial<SubmittedMessage> = {}): SubmittedMessage {
  return {
    recipients: ['rcpt@example.org'],
    from: [{ name: 'Sender', address: 'sender@example.com' }],
    replyTo: [],
    to: [{ name: '', address: 'rcpt@example.org' }],
    cc: [],
    subject: 'Hello',
    html: '<p>Hi</p>',
    text: 'Hi',
    messageId: '<m1@example.com>',
    inReplyTo: null,
    references: [],
    date: 1_700_000_000_000,
    headers: [],
    attachments: [],
    ...overrides,
  };
}

function attachment(overrides: Partial<SubmittedAttachment> = {}): SubmittedAttachment {
  return {
    filename: 'report.pdf',
    contentType: 'application/pdf',
    contentId: null,
    inline: false,
    content: new Uint8Array([1, 2, 3]),
    ...overrides,
  };
}

/** Expect submissionToSendRequest to refuse `input` with a validation_error carrying `expected`. */
function refused(input: SubmittedMessage, expected: Omit<ExpectedRefusal, 'kind'>): void {
  expectRefusal(() => submissionToSendRequest(input), { kind: 'validation_error', ...expected });
}

describe('submissionToSendRequest: a valid message', () => {
  it('normalizes every field', () => {
    const checked = submissionToSendRequest(
      message({
        recipients: ['a@Example.org', 'b@example.org', 'A@example.org', 'a@example.org', 'c@example.org'],
        from: [{ name: '  Sender  ', address: 'sender@Example.COM' }],
        replyTo: [{ name: 'Lee, Ann', address: 'ann@example.net' }],
        to: [
          { name: 'Ann Lee', address: 'ann@Example.org' },
          { name: '', address: 'bob@example.org' },
        ],
        cc: [{ name: 'Team "core"', address: 'team@example.org' }],
        subject: '  Hello there \t',
        inReplyTo: '<parent@example.com>',
        references: ['<root@example.com>', '<parent@example.com>'],
      }),
    );
    expect(checked).toEqual({
      from: { address: 'sender@example.com', name: 'Sender' },
      replyTo: { address: 'ann@example.net', name: 'Lee, Ann' },
      to: [
        { address: 'a@example.org', name: null },
        { address: 'b@example.org', name: null },
        { address: 'c@example.org', name: null },
      ],
      subject: 'Hello there',
      content: { kind: 'parts', html: '<p>Hi</p>', text: 'Hi' },
      preview: null,
      submission: {
        messageId: '<m1@example.com>',
        headers: {
          to: ['Ann Lee <ann@example.org>', 'bob@example.org'],
          cc: ['"Team \\"core\\"" <team@example.org>'],
          inReplyTo: '<parent@example.com>',
          references: ['<root@example.com>', '<parent@example.com>'],
          date: 1_700_000_000_000,
          lines: [],
        },
        attachments: [],
      },
    });
  });

  it('dedupes recipients case-insensitively, keeping the first spelling in order', () => {
    const checked = submissionToSendRequest(message({ recipients: ['X@example.org', 'y@example.org', 'x@EXAMPLE.org', 'Y@example.org'] }));
    expect(checked.to.map((r) => r.address)).toEqual(['X@example.org', 'y@example.org']);
  });

  it('treats local parts that differ only in case as one recipient', () => {
    const checked = submissionToSendRequest(message({ recipients: ['Ann@example.org', 'ann@example.org'] }));
    expect(checked.to).toEqual([{ address: 'Ann@example.org', name: null }]);
  });

  it('gives a blank display name as null', () => {
    const checked = submissionToSendRequest(message({ from: [{ name: '   ', address: 'sender@example.com' }] }));
    expect(checked.from).toEqual({ address: 'sender@example.com', name: null });
  });

  it('has no reply-to when none is given', () => {
    expect(submissionToSendRequest(message()).replyTo).toBeNull();
  });

  it('keeps null parts, message id and date as given', () => {
    const checked = submissionToSendRequest(message({ html: null, text: null, messageId: null, date: null }));
    expect(checked.content).toEqual({ kind: 'parts', html: null, text: null });
    expect(checked.submission.messageId).toBeNull();
    expect(checked.submission.headers.date).toBeNull();
  });

  it('accepts an empty To and Cc (recipients are the envelope)', () => {
    const checked = submissionToSendRequest(message({ to: [], cc: [] }));
    expect(checked.submission.headers.to).toEqual([]);
    expect(checked.submission.headers.cc).toEqual([]);
  });

  it('drops rebuilt headers and keeps the others, folding normalized to CRLF', () => {
    const checked = submissionToSendRequest(
      message({
        headers: [
          { name: 'From', value: ' Sender <sender@example.com>' },
          { name: 'To', value: ' rcpt@example.org' },
          { name: 'Subject', value: ' Hello' },
          { name: 'Content-Type', value: ' text/plain' },
          { name: 'Bcc', value: ' hidden@example.org' },
          { name: 'Mailgate-Idempotency-Key', value: ' k1' },
          { name: 'DKIM-Signature', value: ' v=1; a=rsa-sha256;\r\n\tb=abc' },
          { name: 'Received', value: ' from x by y' },
          { name: 'X-Campaign', value: ' spring' },
          { name: 'X-Folded', value: ' first part\n second part' },
          { name: 'X-Tabbed', value: '\tone\r\n\ttwo  ' },
          { name: 'List-Unsubscribe', value: ' <https://example.com/u>' },
        ],
      }),
    );
    expect(checked.submission.headers.lines).toEqual([
      ['X-Campaign', 'spring'],
      ['X-Folded', 'first part\r\n second part'],
      ['X-Tabbed', 'one\r\n\ttwo'],
      ['List-Unsubscribe', '<https://example.com/u>'],
    ]);
  });

  it('keeps attachments as given', () => {
    const attachments = [attachment(), attachment({ filename: null, contentType: 'image/png', contentId: 'logo@x', inline: true })];
    expect(submissionToSendRequest(message({ attachments })).submission.attachments).toEqual(attachments);
  });
});

describe('isRebuiltHeader', () => {
  it.each([
    'From',
    'Sender',
    'To',
    'Cc',
    'Bcc',
    'Reply-To',
    'Subject',
    'Date',
    'Message-ID',
    'In-Reply-To',
    'References',
    'MIME-Version',
    'Content-Type',
    'Content-Transfer-Encoding',
    'Content-Disposition',
    'Content-ID',
    'Content-Description',
    'Received',
    'Return-Path',
    'DKIM-Signature',
    'ARC-Seal',
    'ARC-Message-Signature',
    'ARC-Authentication-Results',
    'Authentication-Results',
    'X-Mailgate-Email-Id',
    'Mailgate-Idempotency-Key',
    'Resent-Bcc',
    'Resent-To',
    'Resent-From',
    'Resent-Date',
  ])('%s is rebuilt', (name) => {
    expect(isRebuiltHeader(name)).toBe(true);
    expect(isRebuiltHeader(name.toLowerCase())).toBe(true);
    expect(isRebuiltHeader(name.toUpperCase())).toBe(true);
  });

  it.each(['X-Campaign', 'List-Unsubscribe', 'Precedence', 'Keywords', 'X-Mailer'])('%s is kept', (name) => {
    expect(isRebuiltHeader(name)).toBe(false);
  });
});

describe('submissionToSendRequest: refusals', () => {
  it('throws an AppError of kind validation_error', async () => {
    refused(message({ from: [] }), { message: 'from is missing: the message has no From header' });
  });

  it('refuses a message without From', async () => {
    refused(message({ from: [] }), { details: [{ path: 'from', message: 'is missing: the message has no From header' }] });
  });

  it('refuses two From mailboxes', async () => {
    const from = [
      { name: 'A', address: 'a@example.com' },
      { name: 'B', address: 'b@example.com' },
    ];
    refused(message({ from }), { details: [{ path: 'from', message: 'must name one mailbox' }] });
  });

  it('refuses a From address that is not one', async () => {
    refused(message({ from: [{ name: 'A', address: 'not-an-address' }] }), {
      details: [
        {
          path: 'from',
          message: 'is not a valid email address ("not-an-address")',
        },
      ],
    });
  });

  it('refuses an empty From address (a group or a bare name)', async () => {
    refused(message({ from: [{ name: 'Undisclosed', address: '' }] }), {
      details: [
        {
          path: 'from',
          message: 'is not a valid email address ("")',
        },
      ],
    });
  });

  it.each([
    ['LF', 'Evil\nBcc: victim@example.org'],
    ['CR', 'Evil\rBcc: victim@example.org'],
    ['CRLF', 'Evil\r\nBcc: victim@example.org'],
  ])('refuses a %s in a From display name', async (_, name) => {
    refused(message({ from: [{ name, address: 'sender@example.com' }] }), {
      details: [
        {
          path: 'from',
          message: 'must not contain CR or LF',
        },
      ],
    });
  });

  it('refuses a line break in a To or Cc display name', async () => {
    refused(
      message({
        to: [
          { name: 'ok', address: 'ok@example.org' },
          { name: 'a\nb', address: 'x@example.org' },
        ],
        cc: [{ name: 'c\r\nd', address: 'y@example.org' }],
      }),
      {
        details: [
          { path: 'to[1]', message: 'must not contain CR or LF' },
          { path: 'cc[0]', message: 'must not contain CR or LF' },
        ],
      },
    );
  });

  it('refuses an invalid To or Cc address', async () => {
    refused(message({ to: [{ name: '', address: 'bad' }], cc: [{ name: '', address: 'x@y' }] }), {
      details: [
        { path: 'to[0]', message: 'is not a valid email address ("bad")' },
        { path: 'cc[0]', message: 'is not a valid email address ("x@y")' },
      ],
    });
  });

  it('refuses two Reply-To mailboxes', async () => {
    const replyTo = [
      { name: '', address: 'a@example.com' },
      { name: '', address: 'b@example.com' },
    ];
    refused(message({ replyTo }), { details: [{ path: 'reply_to', message: 'must name at most one mailbox' }] });
  });

  it('refuses an invalid Reply-To address', async () => {
    refused(message({ replyTo: [{ name: '', address: 'nope' }] }), {
      details: [
        {
          path: 'reply_to',
          message: 'is not a valid email address ("nope")',
        },
      ],
    });
  });

  it('refuses an invalid recipient, naming its index', async () => {
    refused(message({ recipients: ['ok@example.org', 'ok2@example.org', 'not an address'] }), {
      details: [
        {
          path: 'recipients[2]',
          message: 'is not a valid email address ("not an address")',
        },
      ],
    });
  });

  it('refuses a recipient in display-name form (the envelope holds addresses only)', async () => {
    refused(message({ recipients: ['Ann <ann@example.org>'] }), {
      details: [{ path: 'recipients[0]', message: 'is not a valid email address ("Ann <ann@example.org>")' }],
    });
  });

  it('refuses a line break in a recipient', async () => {
    refused(message({ recipients: ['a@example.org\r\nX: y'] }), {
      details: [
        {
          path: 'recipients[0]',
          message: 'must not contain CR or LF',
        },
      ],
    });
  });

  it('refuses a message without recipients', async () => {
    refused(message({ recipients: [] }), { details: [{ path: 'recipients', message: 'must name at least one recipient' }] });
  });

  it.each([
    ['LF', 'Hello\nBcc: victim@example.org'],
    ['CR', 'Hello\rthere'],
  ])('refuses a %s in the subject (as an encoded word decodes to)', async (_, subject) => {
    refused(message({ subject }), { details: [{ path: 'subject', message: 'must not contain CR or LF' }] });
  });

  it('refuses a subject over 998 characters, and takes one of exactly 998', async () => {
    refused(message({ subject: 'x'.repeat(999) }), { details: [{ path: 'subject', message: 'must be at most 998 characters' }] });
    expect(submissionToSendRequest(message({ subject: 'x'.repeat(998) })).subject).toBe('x'.repeat(998));
  });

  it('measures the subject after trimming', () => {
    expect(submissionToSendRequest(message({ subject: ` ${'x'.repeat(998)} ` })).subject).toHaveLength(998);
  });

  it.each(['m1@example.com', '<m1@example.com', '<m1 @example.com>', '<a@x> <b@x>', '<<m1@example.com>>', ''])(
    'refuses the Message-ID %j',
    async (messageId) => {
      refused(message({ messageId }), {
        details: [
          {
            path: 'message_id',
            message: 'must be one message id in angle brackets (<id@host>)',
          },
        ],
      });
    },
  );

  it('refuses a bad In-Reply-To', async () => {
    refused(message({ inReplyTo: 'parent@example.com' }), {
      details: [
        {
          path: 'in_reply_to',
          message: 'must be message ids in angle brackets (<id@host>)',
        },
      ],
    });
  });

  it('accepts an In-Reply-To naming several messages (RFC 5322 §3.6.4)', () => {
    expect(submissionToSendRequest(message({ inReplyTo: ' <a@example.com> <b@example.com> ' })).submission.headers.inReplyTo).toBe(
      '<a@example.com> <b@example.com>',
    );
  });

  it('refuses a field RFC 5322 allows once when it appears twice (From, Subject)', async () => {
    const twice = message({
      headers: [
        { name: 'From', value: ' a@example.com' },
        { name: 'from', value: ' b@example.com' },
        { name: 'Subject', value: ' one' },
        { name: 'Subject', value: ' two' },
        { name: 'X-Tag', value: ' one' },
        { name: 'X-Tag', value: ' two' },
      ],
    });
    refused(twice, {
      details: [
        { path: 'headers.from', message: 'must appear at most once (it appears 2 times)' },
        { path: 'headers.subject', message: 'must appear at most once (it appears 2 times)' },
      ],
    });
  });

  it('refuses a bad reference, naming its index', async () => {
    refused(message({ references: ['<a@example.com>', '<b@example.com>', 'c@example.com'] }), {
      details: [
        {
          path: 'references[2]',
          message: 'must be one message id in angle brackets (<id@host>)',
        },
      ],
    });
  });

  it.each(['X Campaign', 'X:Campaign', '', 'X-Ünicode'])('refuses the header field name %j', async (name) => {
    refused(message({ headers: [{ name, value: ' v' }] }), {
      details: [
        {
          path: `headers.${name}`,
          message: 'is not a valid header field name',
        },
      ],
    });
  });

  it.each([
    ['LF then a new field', ' a\nBcc: victim@example.org'],
    ['CRLF then a new field', ' a\r\nBcc: victim@example.org'],
    ['a lone CR', ' a\rb'],
    ['a trailing CRLF', ' a\r\n'],
    ['an empty line', ' a\r\n\r\n b'],
    ['a NUL', ' a\0b'],
  ])('refuses a header value with %s', async (_, value) => {
    refused(message({ headers: [{ name: 'X-Note', value }] }), {
      details: [
        {
          path: 'headers.X-Note',
          message: 'must not contain a line break that starts a new header',
        },
      ],
    });
  });

  it('checks rebuilt headers too, though it drops them', async () => {
    refused(message({ headers: [{ name: 'Received', value: ' x\nEvil: y' }] }), {
      details: [{ path: 'headers.Received', message: 'must not contain a line break that starts a new header' }],
    });
  });

  it.each([
    ['CR', 'a\rb.pdf'],
    ['LF', 'a\nb.pdf'],
    ['NUL', 'a\0b.pdf'],
  ])('refuses an attachment filename with %s', async (_, filename) => {
    const attachments = [attachment(), attachment({ filename })];
    refused(message({ attachments }), {
      details: [
        {
          path: 'attachments[1].filename',
          message: 'must not contain CR, LF or NUL',
        },
      ],
    });
  });

  it.each(['pdf', 'application/', '/pdf', 'application/pdf; name=x', 'text / plain', ''])('refuses the content type %j', async (contentType) => {
    refused(message({ attachments: [attachment({ contentType })] }), {
      details: [
        {
          path: 'attachments[0].content_type',
          message: 'must be a media type (type/subtype)',
        },
      ],
    });
  });

  it.each(['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/svg+xml', 'text/x-c++'])(
    'takes the content type %s',
    (contentType) => {
      const taken = attachment({ contentType });
      expect(submissionToSendRequest(message({ attachments: [taken] })).submission.attachments).toEqual([taken]);
    },
  );

  it.each(['<logo@x>', 'logo @x', ''])('refuses the content id %j', async (contentId) => {
    refused(message({ attachments: [attachment({ contentId, inline: true })] }), {
      details: [
        {
          path: 'attachments[0].content_id',
          message: 'must be a content id without angle brackets or spaces',
        },
      ],
    });
  });

  it('reports every problem at once, in field order', () => {
    refused(
      message({
        from: [],
        replyTo: [
          { name: '', address: 'a@example.com' },
          { name: '', address: 'b@example.com' },
        ],
        recipients: ['bad'],
        subject: 'a\nb',
        messageId: 'nope',
        headers: [{ name: 'X Y', value: 'v' }],
        attachments: [attachment({ filename: 'a\nb', contentType: 'pdf', contentId: '<c>' })],
      }),
      {
        message: 'from is missing: the message has no From header (and 8 more problems)',
        details: [
          { path: 'from', message: 'is missing: the message has no From header' },
          { path: 'reply_to', message: 'must name at most one mailbox' },
          { path: 'recipients[0]', message: 'is not a valid email address ("bad")' },
          { path: 'subject', message: 'must not contain CR or LF' },
          { path: 'message_id', message: 'must be one message id in angle brackets (<id@host>)' },
          { path: 'headers.X Y', message: 'is not a valid header field name' },
          { path: 'attachments[0].filename', message: 'must not contain CR, LF or NUL' },
          { path: 'attachments[0].content_type', message: 'must be a media type (type/subtype)' },
          { path: 'attachments[0].content_id', message: 'must be a content id without angle brackets or spaces' },
        ],
      },
    );
  });
});

describe('submissionIdempotencyKey', () => {
  const keyOf = (key: string, recipients: string[]) => submissionIdempotencyKey(key, submissionToSendRequest(message({ recipients })));

  it('scopes the key by the envelope: same recipients in any order and case give the same key', () => {
    expect(keyOf('k', ['a@example.org', 'B@example.org'])).toBe(keyOf('k', ['b@example.org', 'A@example.org']));
    expect(keyOf('k', ['a@example.org'])).toMatch(/^smtp:[0-9a-f]{64}$/);
  });

  it('gives another key for other recipients or another client key', () => {
    expect(keyOf('k', ['a@example.org'])).not.toBe(keyOf('k', ['a@example.org', 'c@example.org']));
    expect(keyOf('k', ['a@example.org'])).not.toBe(keyOf('k2', ['a@example.org']));
  });

  it('refuses a key that is not 1 to 256 printable characters', () => {
    // Named by the header the client sent it in.
    const refusal = 'Mailgate-Idempotency-Key must be 1 to 256 printable ASCII characters without spaces';
    expect(() => keyOf('has space', ['a@example.org'])).toThrow(refusal);
    expect(() => keyOf('x'.repeat(257), ['a@example.org'])).toThrow(refusal);
  });
});

describe('submissionFingerprintInput', () => {
  const withAttachment = (content: Uint8Array) => message({ attachments: [attachment({ content })] });
  const fingerprint = (m: SubmittedMessage) => JSON.stringify(submissionFingerprintInput(submissionToSendRequest(m)));

  it('is the same for the same message', () => {
    expect(fingerprint(withAttachment(new Uint8Array([1, 2, 3])))).toBe(fingerprint(withAttachment(new Uint8Array([1, 2, 3]))));
  });

  it('differs when attachment bytes differ', () => {
    expect(fingerprint(withAttachment(new Uint8Array([1, 2, 3])))).not.toBe(fingerprint(withAttachment(new Uint8Array([1, 2, 4]))));
  });

  it('differs when a kept header differs', () => {
    const a = fingerprint(message({ headers: [{ name: 'X-A', value: '1' }] }));
    expect(fingerprint(message({ headers: [{ name: 'X-A', value: '2' }] }))).not.toBe(a);
  });

  it('leaves out the recipients, the Date and the Message-ID (a retry makes new ones; the key is scoped by recipients instead)', () => {
    const a = fingerprint(message({ recipients: ['a@example.org'], date: 1, messageId: '<one@example.com>' }));
    expect(fingerprint(message({ recipients: ['b@example.org'], date: 2, messageId: '<two@example.com>' }))).toBe(a);
  });

  it('holds the sha256 hex digest of each attachment, not its bytes', () => {
    const input = submissionFingerprintInput(submissionToSendRequest(withAttachment(new TextEncoder().encode('abc')))) as {
      attachments: { content: unknown }[];
    };
    expect(input.attachments).toEqual([
      {
        filename: 'report.pdf',
        contentType: 'application/pdf',
        contentId: null,
        inline: false,
        content: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      },
    ]);
  });

  it('gives mailboxes in header form', () => {
    const input = submissionFingerprintInput(
      submissionToSendRequest(
        message({
          from: [{ name: 'Sender', address: 'sender@example.com' }],
          replyTo: [{ name: '', address: 'reply@example.com' }],
          recipients: ['a@example.org', 'b@example.org'],
        }),
      ),
    );
    expect(input).toMatchObject({ from: 'Sender <sender@example.com>', replyTo: 'reply@example.com', subject: 'Hello' });
    expect(input).not.toHaveProperty('recipients');
  });

  it('gives a null reply-to when there is none', () => {
    expect(submissionFingerprintInput(submissionToSendRequest(message()))).toMatchObject({ replyTo: null });
  });
});
