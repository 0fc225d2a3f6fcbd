import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX, SUBJECT_MAX, checkSendBody, parseSendBody, type SendRequest } from '../../src/emails/send-request.ts';
import { expectRefusal, type ExpectedRefusal } from '../helpers/errors.ts';

type Refusal = Omit<ExpectedRefusal, 'kind'>;

const ADDRESS_HINT = 'must be a valid email address ("name@example.com" or "Name <name@example.com>")';
const ONE_RECIPIENT = 'must be one address, or an array holding exactly one address';
const EXACTLY_ONE = 'exactly one of html, markdown or tiptap must be given';

const base = { from: 'Sender <sender@b.example>', to: 'rcpt@d.example', subject: 'Hello' };
const v2 = (extra: Record<string, unknown> = {}) => ({ ...base, html: '<p>Hi</p>', ...extra });

/** Expect the v2 parser to refuse `body` with a validation_error carrying `expected`. */
const v2Refusal = (body: unknown, expected: Refusal) => expectRefusal(() => parseSendBody(body), { kind: 'validation_error', ...expected });

describe('parseSendBody (v2): the normalized request', () => {
  it('maps a full html body onto a SendRequest', () => {
    const request: SendRequest = parseSendBody({
      from: 'Sender <Sender@B.Example>',
      to: ['Rcpt <rcpt@D.example>'],
      subject: '  Hello there  ',
      html: '<p>Hi</p>',
      reply_to: '"Support, Team" <help@b.example>',
      preview: 'Short preview',
    });
    expect(request).toEqual({
      from: { address: 'Sender@b.example', name: 'Sender' },
      to: { address: 'rcpt@d.example', name: 'Rcpt' },
      subject: 'Hello there',
      content: { kind: 'html', html: '<p>Hi</p>' },
      replyTo: { address: 'help@b.example', name: 'Support, Team' },
      preview: 'Short preview',
    });
  });

  it('defaults replyTo and preview to null', () => {
    expect(parseSendBody({ ...base, markdown: '# Hi' })).toEqual({
      from: { address: 'sender@b.example', name: 'Sender' },
      to: { address: 'rcpt@d.example', name: null },
      subject: 'Hello',
      content: { kind: 'markdown', markdown: '# Hi' },
      replyTo: null,
      preview: null,
    });
  });

  it('keeps a tiptap document as given, extra keys included', () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }], attrs: { x: 1 } };
    expect(parseSendBody({ ...base, tiptap: doc }).content).toEqual({ kind: 'tiptap', tiptap: doc });
  });

  it('accepts a to array holding exactly one address', () => {
    expect(parseSendBody(v2({ to: ['rcpt@d.example'] })).to).toEqual({ address: 'rcpt@d.example', name: null });
  });

  it('accepts a subject of exactly SUBJECT_MAX characters and a preview of PREVIEW_MAX', () => {
    expect(SUBJECT_MAX).toBe(998);
    const request = parseSendBody(v2({ subject: 's'.repeat(998), preview: 'p'.repeat(PREVIEW_MAX) }));
    expect(request.subject).toHaveLength(998);
    expect(request.preview).toHaveLength(PREVIEW_MAX);
  });
});

describe('parseSendBody (v2): exactly one content field', () => {
  it('refuses a body with no content field', () => {
    v2Refusal({ ...base }, { message: EXACTLY_ONE, details: [{ path: '', message: EXACTLY_ONE }] });
  });

  it('refuses two content fields, naming them', () => {
    v2Refusal({ ...base, html: '<p>x</p>', markdown: 'x' }, { details: [{ path: '', message: `${EXACTLY_ONE}, not html and markdown` }] });
    v2Refusal({ ...base, markdown: 'x', tiptap: { type: 'doc' } }, { details: [{ path: '', message: `${EXACTLY_ONE}, not markdown and tiptap` }] });
  });

  it('refuses all three content fields, naming them', () => {
    v2Refusal(
      { ...base, html: 'x', markdown: 'x', tiptap: { type: 'doc' } },
      { details: [{ path: '', message: `${EXACTLY_ONE}, not html and markdown and tiptap` }] },
    );
  });

  it('refuses empty html and markdown', () => {
    v2Refusal({ ...base, html: '' }, { details: [{ path: 'html', message: 'must not be empty' }] });
    v2Refusal({ ...base, markdown: '' }, { details: [{ path: 'markdown', message: 'must not be empty' }] });
  });
});

describe('parseSendBody (v2): dropped v1 fields', () => {
  it.each([
    ['content', 'hello', 'use html, markdown or tiptap'],
    ['contentType', 'HTML', 'use html, markdown or tiptap'],
    ['replyTo', 'help@b.example', 'use reply_to'],
  ])('refuses %s and names its replacement', (field, value, replacement) => {
    v2Refusal(v2({ [field]: value }), {
      message: `${field} is a v1 field that v2 does not accept; ${replacement}${field === 'contentType' ? ' (the field name says the type)' : ''}`,
      details: [{ path: field, message: expect.stringContaining(replacement) }],
    });
  });

  it('gives the exact messages for content, contentType and replyTo', () => {
    v2Refusal(v2({ content: 'x', contentType: 'HTML', replyTo: 'help@b.example' }), {
      details: [
        { path: 'content', message: 'is a v1 field that v2 does not accept; use html, markdown or tiptap' },
        {
          path: 'contentType',
          message: 'is a v1 field that v2 does not accept; use html, markdown or tiptap (the field name says the type)',
        },
        { path: 'replyTo', message: 'is a v1 field that v2 does not accept; use reply_to' },
      ],
    });
  });

  it.each([
    ['attachments', [{ filename: 'a.txt', content: 'x' }]],
    ['template', 'welcome'],
    ['topic_id', 'top_1'],
    ['scheduled_at', '2030-01-01T00:00:00Z'],
    ['tracking', true],
  ])('refuses %s (no replacement)', (field, value) => {
    v2Refusal(v2({ [field]: value }), {
      message: `${field} is a v1 field that v2 does not accept`,
      details: [{ path: field, message: 'is a v1 field that v2 does not accept' }],
    });
  });

  it('refuses react and points to html', () => {
    v2Refusal(v2({ react: '<Email />' }), {
      details: [{ path: 'react', message: 'is a v1 field that v2 does not accept; use html (render the React email to HTML first)' }],
    });
  });

  it('refuses a dropped field even when its value is null', () => {
    v2Refusal(v2({ tracking: null }), { details: [{ path: 'tracking', message: 'is a v1 field that v2 does not accept' }] });
  });

  it('a v1-shaped body reports the dropped fields and the missing content field', () => {
    v2Refusal(
      { ...base, content: '# Hi', contentType: 'MARKDOWN' },
      {
        message: 'content is a v1 field that v2 does not accept; use html, markdown or tiptap (and 2 more problems)',
        details: [
          { path: 'content', message: 'is a v1 field that v2 does not accept; use html, markdown or tiptap' },
          {
            path: 'contentType',
            message: 'is a v1 field that v2 does not accept; use html, markdown or tiptap (the field name says the type)',
          },
          { path: '', message: EXACTLY_ONE },
        ],
      },
    );
  });
});

describe('parseSendBody (v2): fields', () => {
  it('refuses unknown fields', () => {
    v2Refusal(v2({ cc: 'x@y.example', bcc: 'z@y.example' }), {
      details: [
        { path: 'cc', message: 'is not a known field' },
        { path: 'bcc', message: 'is not a known field' },
      ],
    });
  });

  it('refuses a missing from, to and subject as required', () => {
    v2Refusal(
      { html: '<p>x</p>' },
      {
        details: [
          { path: 'from', message: 'is required' },
          { path: 'to', message: 'is required' },
          { path: 'subject', message: 'is required' },
        ],
      },
    );
  });

  it('refuses a to array of two or of none', () => {
    v2Refusal(v2({ to: ['a@d.example', 'b@d.example'] }), { details: [{ path: 'to', message: ONE_RECIPIENT }] });
    v2Refusal(v2({ to: [] }), { details: [{ path: 'to', message: ONE_RECIPIENT }] });
  });

  it('refuses a comma list in a to string', () => {
    v2Refusal(v2({ to: 'a@d.example, b@d.example' }), { details: [{ path: 'to', message: ADDRESS_HINT }] });
  });

  it('refuses an empty or whitespace subject', () => {
    v2Refusal(v2({ subject: '' }), { details: [{ path: 'subject', message: 'must not be empty' }] });
    v2Refusal(v2({ subject: ' \t ' }), { details: [{ path: 'subject', message: 'must not be empty' }] });
  });

  it('refuses a subject over 998 characters', () => {
    v2Refusal(v2({ subject: 's'.repeat(999) }), { details: [{ path: 'subject', message: 'must be at most 998 characters' }] });
  });

  it('refuses a preview over PREVIEW_MAX characters', () => {
    expect(PREVIEW_MAX).toBe(1000);
    v2Refusal(v2({ preview: 'p'.repeat(1001) }), { details: [{ path: 'preview', message: 'must be at most 1000 characters' }] });
  });

  it.each([
    ['subject', 'Hello\r\nBcc: x@y.example'],
    ['subject', 'Hello\nthere'],
    ['subject', 'Hello\rthere'],
    ['from', 'sender@b.example\r\nBcc: x@y.example'],
    ['to', 'rcpt@d.example\nBcc: x@y.example'],
    ['reply_to', 'help@b.example\rBcc: x@y.example'],
  ])('refuses CR or LF in %s', (field, value) => {
    v2Refusal(v2({ [field]: value }), { details: [{ path: field, message: 'must not contain CR or LF' }] });
  });

  it('refuses CR or LF inside a to array', () => {
    v2Refusal(v2({ to: ['rcpt@d.example\nBcc: x@y.example'] }), { details: [{ path: 'to', message: 'must not contain CR or LF' }] });
  });

  it.each([
    ['from', 'not-an-address'],
    ['from', 'sender@localhost'],
    ['to', 'rcpt@'],
    ['to', ['rcpt.d.example']],
    ['reply_to', 'help@b.123'],
  ])('refuses an invalid address in %s', (field, value) => {
    v2Refusal(v2({ [field]: value }), { details: [{ path: field, message: ADDRESS_HINT }] });
  });

  it('refuses wrong types with the type named, not as missing', () => {
    v2Refusal(v2({ subject: 42 }), { details: [{ path: 'subject', message: 'Invalid input: expected string, received number' }] });
    v2Refusal({ ...base, html: { p: 'x' } }, { details: [{ path: 'html', message: 'Invalid input: expected string, received object' }] });
    v2Refusal(v2({ preview: 5 }), { details: [{ path: 'preview', message: 'Invalid input: expected string, received number' }] });
  });

  it('requires tiptap to be a {type:"doc"} object', () => {
    const hint = 'must be a tiptap document ({"type":"doc","content":[…]})';
    v2Refusal({ ...base, tiptap: { type: 'paragraph' } }, { details: [{ path: 'tiptap.type', message: hint }] });
    v2Refusal({ ...base, tiptap: { content: [] } }, { details: [{ path: 'tiptap.type', message: hint }] });
    v2Refusal({ ...base, tiptap: '{"type":"doc"}' }, { details: [{ path: 'tiptap', message: 'Invalid input: expected object, received string' }] });
    v2Refusal(
      { ...base, tiptap: { type: 'doc', content: 'x' } },
      { details: [{ path: 'tiptap.content', message: 'Invalid input: expected array, received string' }] },
    );
  });

  it.each([
    ['an array', [v2()]],
    ['null', null],
    ['a string', 'hello'],
    ['a number', 7],
    ['undefined', undefined],
  ])('refuses a body that is %s', (_why, body) => {
    v2Refusal(body, { details: [{ path: '', message: 'must be a JSON object' }] });
  });

  it('reports every problem at once and summarizes them in the message', () => {
    v2Refusal(
      { from: 'x', to: 'y', subject: '', html: '<p>x</p>', extra: 1 },
      {
        message: `from ${ADDRESS_HINT} (and 3 more problems)`,
        details: [
          { path: 'from', message: ADDRESS_HINT },
          { path: 'to', message: ADDRESS_HINT },
          { path: 'subject', message: 'must not be empty' },
          { path: 'extra', message: 'is not a known field' },
        ],
      },
    );
  });

  it('says "1 more problem" in the singular', () => {
    v2Refusal(v2({ subject: '', foo: 1 }), { message: 'subject must not be empty (and 1 more problem)' });
  });
});

describe('checkSendBody', () => {
  it('returns the request for a valid body', () => {
    expect(checkSendBody(v2())).toEqual({ request: parseSendBody(v2()) });
  });

  it('prefixes every detail path with the given prefix', () => {
    expect(checkSendBody({ from: 'bad', subject: 'Hi', replyTo: 'x@y.example', foo: 1 }, '[3]')).toEqual({
      details: [
        { path: '[3].replyTo', message: 'is a v1 field that v2 does not accept; use reply_to' },
        { path: '[3]', message: EXACTLY_ONE },
        { path: '[3].from', message: ADDRESS_HINT },
        { path: '[3].to', message: 'is required' },
        { path: '[3].foo', message: 'is not a known field' },
      ],
    });
    expect(checkSendBody({ ...base, foo: 1 }, '[3]')).toEqual({
      details: [
        { path: '[3]', message: EXACTLY_ONE },
        { path: '[3].foo', message: 'is not a known field' },
      ],
    });
  });

  it('prefixes nested paths and non-object bodies', () => {
    expect(checkSendBody({ ...base, tiptap: { type: 'x' } }, '[0]')).toEqual({
      details: [{ path: '[0].tiptap.type', message: 'must be a tiptap document ({"type":"doc","content":[…]})' }],
    });
    expect(checkSendBody('nope', '[3]')).toEqual({ details: [{ path: '[3]', message: 'must be a JSON object' }] });
  });
});
