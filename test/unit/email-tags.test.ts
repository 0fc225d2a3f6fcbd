import { describe, expect, it } from 'vitest';
import { parseTagsHeader, tagFilterField, tagProblems } from '../../src/emails/email-tags.ts';
import { submissionFingerprintInput, submissionToSendRequest, type SubmittedMessage } from '../../src/emails/submission.ts';

const RULE = 'must be 1–256 characters of ASCII letters, digits, _ and -';

function message(headers: SubmittedMessage['headers']): SubmittedMessage {
  return {
    recipients: ['rcpt@example.org'],
    from: [{ name: '', address: 'sender@example.com' }],
    replyTo: [],
    to: [],
    cc: [],
    subject: 'Hello',
    html: null,
    text: 'Hi',
    messageId: null,
    inReplyTo: null,
    references: [],
    date: null,
    headers,
    attachments: [],
  };
}

describe('email tag rules', () => {
  it('takes 1–256 ASCII letters, digits, _ and - for names and values, ten tags, names once', () => {
    expect(tagProblems([{ name: 'a'.repeat(256), value: 'A-z_09' }], 'tags')).toEqual([]);
    expect(tagProblems([{ name: 'a'.repeat(257), value: '' }], 'tags')).toEqual([
      { path: 'tags.0.name', message: RULE },
      { path: 'tags.0.value', message: RULE },
    ]);
    expect(tagProblems([{ name: 'a.b', value: 'ü' }], 'tags').map((d) => d.path)).toEqual(['tags.0.name', 'tags.0.value']);
    expect(
      tagProblems(
        Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, value: 'v' })),
        'tags',
      ),
    ).toEqual([{ path: 'tags', message: 'must hold at most 10 tags (got 11)' }]);
    expect(
      tagProblems(
        [
          { name: 'x', value: '1' },
          { name: 'x', value: '2' },
        ],
        'tags',
      ),
    ).toEqual([{ path: 'tags.1.name', message: 'must be unique within an email (x is given twice)' }]);
  });

  it('reads a filter as a name or name:value', () => {
    expect(tagFilterField.parse('category')).toEqual({ name: 'category' });
    expect(tagFilterField.parse('category:welcome')).toEqual({ name: 'category', value: 'welcome' });
    for (const bad of ['', 'a:', ':b', 'a:b:c', 'a=b', 'a b']) expect(tagFilterField.safeParse(bad).success, bad).toBe(false);
  });

  it('reads the X-Mailgate-Tags header as name=value pairs separated by commas', () => {
    expect(parseTagsHeader(' category=welcome ,user_id=u-1, ', 'h')).toEqual({
      tags: [
        { name: 'category', value: 'welcome' },
        { name: 'user_id', value: 'u-1' },
      ],
    });
    expect(parseTagsHeader('category', 'h')).toEqual({
      details: [{ path: 'h', message: 'must be name=value pairs separated by commas ("category" has no =)' }],
    });
    expect(parseTagsHeader('a=1, a=2', 'h')).toEqual({ details: [{ path: 'h.1.name', message: 'must be unique within an email (a is given twice)' }] });
  });
});

describe('a submitted message’s tags', () => {
  it('come from X-Mailgate-Tags (any case), which is not kept for sending, and count in the fingerprint', () => {
    const request = submissionToSendRequest(
      message([
        { name: 'x-mailgate-TAGS', value: ' a=1,\r\n b=2' },
        { name: 'X-Other', value: 'kept' },
      ]),
    );
    expect(request.tags).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
    ]);
    expect(request.submission.headers.lines).toEqual([['X-Other', 'kept']]);
    const untagged = submissionToSendRequest(message([{ name: 'X-Other', value: 'kept' }]));
    expect(untagged.tags).toBeUndefined();
    expect(submissionFingerprintInput(request)).not.toEqual(submissionFingerprintInput(untagged));
  });

  it('refuse a header given twice or breaking a rule, naming it', () => {
    const twice = () =>
      submissionToSendRequest(
        message([
          { name: 'X-Mailgate-Tags', value: 'a=1' },
          { name: 'X-Mailgate-Tags', value: 'b=2' },
        ]),
      );
    expect(twice).toThrow(
      expect.objectContaining({ details: [{ path: 'headers.x-mailgate-tags', message: 'must appear at most once (it appears 2 times)' }] }),
    );
    const bad = () => submissionToSendRequest(message([{ name: 'X-Mailgate-Tags', value: 'a=b c' }]));
    expect(bad).toThrow(expect.objectContaining({ details: [{ path: 'headers.x-mailgate-tags.0.value', message: RULE }] }));
  });
});
