import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/index.ts';
import { parseSendBodyV1 } from '../../servers/http/v1/send-body.ts';
import { subscriberCreateSchemaV1, subscriberUpdateSchemaV1 } from '../../servers/http/v1/subscriber-body.ts';
import { parseSubscriberListQueryV1, parseV1PageRequest } from '../../servers/http/v1/page-query.ts';
import { expectRefusal, type ExpectedRefusal } from '../helpers/errors.ts';

/**
 * The frozen v1 dialect, parsed by the HTTP adapter (servers/http/v1/) onto the
 * input the core takes: the send body, subscriber bodies and list queries.
 */
type Refusal = Omit<ExpectedRefusal, 'kind'>;

const ADDRESS_HINT = 'must be a valid email address ("name@example.com" or "Name <name@example.com>")';
const ONE_RECIPIENT = 'must be one address, or an array holding exactly one address';

const base = { from: 'Sender <sender@b.example>', to: 'rcpt@d.example', subject: 'Hello' };

const v1Refusal = (body: unknown, expected: Refusal) => expectRefusal(() => parseSendBodyV1(body), { kind: 'validation_error', ...expected });

describe('parseSendBodyV1', () => {
  const v1 = (extra: Record<string, unknown> = {}) => ({ ...base, content: '# Hi', ...extra });
  const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] };

  it('defaults contentType to MARKDOWN', () => {
    expect(parseSendBodyV1(v1())).toEqual({
      from: { address: 'sender@b.example', name: 'Sender' },
      to: { address: 'rcpt@d.example', name: null },
      subject: 'Hello',
      content: { kind: 'markdown', markdown: '# Hi' },
      replyTo: null,
      preview: null,
    });
  });

  it('maps HTML content', () => {
    expect(parseSendBodyV1(v1({ content: '<p>Hi</p>', contentType: 'HTML' })).content).toEqual({ kind: 'html', html: '<p>Hi</p>' });
  });

  it('maps TIPTAP content given as an object', () => {
    expect(parseSendBodyV1(v1({ content: doc, contentType: 'TIPTAP' })).content).toEqual({ kind: 'tiptap', tiptap: doc });
  });

  it('maps TIPTAP content given as a JSON string', () => {
    expect(parseSendBodyV1(v1({ content: JSON.stringify(doc), contentType: 'TIPTAP' })).content).toEqual({
      kind: 'tiptap',
      tiptap: doc,
    });
  });

  it('refuses TIPTAP content that is not JSON, or JSON that is not a doc', () => {
    const expected = {
      message: 'content must be a tiptap document (object or JSON string) when contentType is TIPTAP',
      details: [{ path: 'content', message: 'must be a tiptap document (object or JSON string) when contentType is TIPTAP' }],
    };
    v1Refusal(v1({ content: 'not json', contentType: 'TIPTAP' }), expected);
    v1Refusal(v1({ content: '{"type":"paragraph"}', contentType: 'TIPTAP' }), expected);
  });

  it('refuses an object content for MARKDOWN and HTML', () => {
    v1Refusal(v1({ content: doc }), { details: [{ path: 'content', message: 'must be a string when contentType is MARKDOWN' }] });
    v1Refusal(v1({ content: doc, contentType: 'HTML' }), { details: [{ path: 'content', message: 'must be a string when contentType is HTML' }] });
  });

  it('maps replyTo, preview and tracking', () => {
    const request = parseSendBodyV1(v1({ replyTo: 'Help <help@B.example>', preview: 'Soon', tracking: true }));
    expect(request.replyTo).toEqual({ address: 'help@b.example', name: 'Help' });
    expect(request.preview).toBe('Soon');
    expect(request.tracking).toBe(true);
    expect(parseSendBodyV1(v1({ tracking: false }))).not.toHaveProperty('tracking');
    expect(parseSendBodyV1(v1({ tracking: false })).replyTo).toBeNull();
  });

  it('refuses a non-boolean tracking', () => {
    v1Refusal(v1({ tracking: 'yes' }), { details: [{ path: 'tracking', message: 'Invalid input: expected boolean, received string' }] });
  });

  it('refuses an unknown contentType', () => {
    v1Refusal(v1({ contentType: 'XML' }), { details: [{ path: 'contentType', message: 'Invalid option: expected one of "MARKDOWN"|"HTML"|"TIPTAP"' }] });
  });

  it('refuses a missing or empty content', () => {
    v1Refusal({ ...base }, { details: [{ path: 'content', message: 'is required' }] });
    v1Refusal(v1({ content: '' }), { details: [{ path: 'content', message: 'must not be empty' }] });
  });

  it('refuses unknown fields, v2 names included', () => {
    v1Refusal(v1({ reply_to: 'help@b.example', html: '<p>x</p>' }), {
      details: [
        { path: 'reply_to', message: 'is not a known field' },
        { path: 'html', message: 'is not a known field' },
      ],
    });
  });

  it('applies the same address and subject rules as v2', () => {
    v1Refusal(v1({ subject: 'a\nb', to: ['a@d.example', 'b@d.example'], replyTo: 'nope' }), {
      details: [
        { path: 'to', message: ONE_RECIPIENT },
        { path: 'subject', message: 'must not contain CR or LF' },
        { path: 'replyTo', message: ADDRESS_HINT },
      ],
    });
  });

  it('refuses a body that is not an object', () => {
    v1Refusal([v1()], {
      message: 'body must be a JSON object',
      details: [{ path: '', message: 'must be a JSON object' }],
    });
    v1Refusal(null, { details: [{ path: '', message: 'must be a JSON object' }] });
  });
});

describe('v1 subscriber bodies', () => {
  it('map camelCase names onto the write, and name v2 names as unknown', () => {
    expect(parseBody(subscriberCreateSchemaV1, { email: ' A@Example.com ', firstName: 'Ada', lastName: '', tags: ['vip'], triggerWorkflows: false })).toEqual({
      changes: { email: 'A@Example.com', firstName: 'Ada', lastName: null, tags: ['vip'] },
      triggerWorkflows: false,
    });
    expect(parseBody(subscriberUpdateSchemaV1, { status: 'unsubscribed' })).toEqual({ changes: { status: 'unsubscribed' }, triggerWorkflows: true });
    expectRefusal(() => parseBody(subscriberCreateSchemaV1, { email: 'a@example.com', first_name: 'A' }), {
      kind: 'validation_error',
      details: [{ path: 'first_name', message: 'is not a known field' }],
    });
    expectRefusal(() => parseBody(subscriberUpdateSchemaV1, { tags: ['a'] }), {
      kind: 'validation_error',
      details: [{ path: 'tags', message: 'is not a known field' }],
    });
  });
});

describe('v1 list queries', () => {
  const STATUS_MESSAGE = 'must be one of subscribed, unsubscribed, bounced, complained';
  const refused = (parse: () => unknown, expected: Refusal) => expectRefusal(parse, { kind: 'validation_error', ...expected });

  it('v1 ignores the v2 cursors and takes page and cursor apart', async () => {
    expect(parseSubscriberListQueryV1({ page: '3', limit: 10 }).page).toEqual({ limit: 10, offset: 20 });
    expect(parseSubscriberListQueryV1({ page: '1' }).page).toEqual({ limit: 20, offset: 0 });
    expect(parseSubscriberListQueryV1({ after: 'x', before: 'y' }).page).toEqual({ limit: 20 });
    const cursor = 'sub_01kabcdefghjkmnpqrstvwxyz0';
    expect(parseSubscriberListQueryV1({ cursor }).page).toEqual({ limit: 20, after: cursor });
    refused(() => parseSubscriberListQueryV1({ page: '1', cursor }), {
      message: 'page cannot be combined with cursor',
      details: [{ path: 'page', message: 'cannot be combined with cursor' }],
    });
    refused(() => parseSubscriberListQueryV1({ page: '0', status: 'gone' }), {
      message: `status ${STATUS_MESSAGE} (and 1 more problem)`,
      details: [
        { path: 'status', message: STATUS_MESSAGE },
        { path: 'page', message: 'must be an integer of at least 1' },
      ],
    });
    refused(() => parseSubscriberListQueryV1({ page: 'two' }), {
      message: 'page must be an integer of at least 1',
      details: [{ path: 'page', message: 'must be an integer of at least 1' }],
    });
  });

  it('pages every other list by page or cursor too, with limit', () => {
    expect(parseV1PageRequest({ page: '2', limit: '5' }, 'tag')).toEqual({ limit: 5, offset: 5 });
    expect(parseV1PageRequest({}, 'cmp')).toEqual({ limit: 20 });
    refused(() => parseV1PageRequest({ cursor: 'sub_01kabcdefghjkmnpqrstvwxyz0', limit: '0' }, 'evt'), {
      message: 'limit must be an integer from 1 to 100 (and 1 more problem)',
      details: [
        { path: 'limit', message: 'must be an integer from 1 to 100' },
        { path: 'cursor', message: 'must be an id starting with evt_' },
      ],
    });
  });
});
