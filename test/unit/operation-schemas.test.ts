import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { DROPPED_V1_FIELDS } from '../../src/emails/send-request.ts';
import { checkInput, jsonSchemaOf, OPERATIONS, toolJsonSchemaOf, type JsonSchema, type Operation } from '../../src/index.ts';

/** An operation's input as every door checks it (invokeOperation's check). */
const checkOperationInput = (operation: Operation, input: unknown) => checkInput(operation.input, input);

/**
 * What an operation's JSON Schemas (in /openapi.json and in tool schemas) say
 * agrees with what its zod schema checks: a value the schema calls valid is
 * accepted, and the rules across fields, the formats and patterns are said,
 * not only enforced. The schemas are checked with a JSON Schema validator (ajv),
 * as a client or a generator would read them.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

const named = (name: string) => OPERATIONS.find((o) => o.name === name)!;
const accepted = (name: string, input: unknown) => 'data' in checkOperationInput(named(name), input);
const documented = (schema: JsonSchema, input: unknown) => ajv.validate(schema, input);

const send = { from: 'a@example.com', to: 'delivered@mailgate.test', subject: 'Hi' };
const CONTENT = { html: '<p>x</p>', markdown: '# x', tiptap: { type: 'doc', content: [] } };

describe('operation schemas say the rules the server checks', () => {
  it('send_email: exactly one content field, in the document (oneOf) and the tool schema (if/then/else), as zod checks it', () => {
    const doc = jsonSchemaOf(named('send_email').input, 'input');
    const tool = toolJsonSchemaOf(named('send_email').input, 'input');
    expect(doc.oneOf).toEqual([{ required: ['html'] }, { required: ['markdown'] }, { required: ['tiptap'] }]);
    // Some providers refuse oneOf, anyOf and allOf at the top of a tool's input.
    expect(Object.keys(tool).filter((k) => ['oneOf', 'anyOf', 'allOf'].includes(k))).toEqual([]);
    const fields = Object.keys(CONTENT) as (keyof typeof CONTENT)[];
    for (let mask = 0; mask < 1 << fields.length; mask++) {
      const input = { ...send, ...Object.fromEntries(fields.filter((_, i) => mask & (1 << i)).map((f) => [f, CONTENT[f]])) };
      const verdict = accepted('send_email', input);
      expect(verdict, JSON.stringify(input)).toBe(mask === 1 || mask === 2 || mask === 4);
      expect(documented(doc, input), `document: ${JSON.stringify(input)}`).toBe(verdict);
      expect(documented(tool, input), `tool: ${JSON.stringify(input)}`).toBe(verdict);
    }
  });

  it('campaigns and the audience count: at most one content field in an update, campaign_id or audience', () => {
    const update = jsonSchemaOf(named('update_campaign').input, 'input');
    const id = 'cmp_01jd3zq8x6v5t0n2c4b7m9k1pq';
    for (const input of [{ id }, { id, html: 'x' }, { id, html: 'x', markdown: 'y' }]) {
      expect(documented(update, input)).toBe(accepted('update_campaign', input));
    }
    expect(documented(update, { id, html: 'x', markdown: 'y' })).toBe(false);
    const count = jsonSchemaOf(named('count_audience').input, 'input');
    for (const input of [{}, { campaign_id: id }, { audience: {} }, { campaign_id: id, audience: {} }]) {
      expect(documented(count, input), JSON.stringify(input)).toBe(accepted('count_audience', input));
    }
    const create = jsonSchemaOf(named('create_campaign').input, 'input');
    expect(create.oneOf).toEqual([{ required: ['html'] }, { required: ['markdown'] }, { required: ['tiptap'] }]);
  });

  it('the v1 fields a v2 send refuses are in no schema, and a send holding one is still refused naming its replacement', () => {
    const bodies = [
      jsonSchemaOf(named('send_email').input, 'input'),
      toolJsonSchemaOf(named('send_email').input, 'input'),
      jsonSchemaOf(named('send_batch').input, 'input').properties!.emails!.items as JsonSchema,
    ];
    for (const body of bodies) {
      expect(Object.keys(body.properties!)).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'html', 'markdown', 'tiptap', 'reply_to', 'preview']));
      expect(Object.keys(body.properties!).filter((f) => f in DROPPED_V1_FIELDS)).toEqual([]);
      expect(body.additionalProperties).toBe(false);
    }
    expect(checkOperationInput(named('send_email'), { ...send, content: 'hi' })).toEqual({
      details: [
        { path: 'content', message: 'is a v1 field that v2 does not accept; use html, markdown or tiptap' },
        { path: '', message: 'exactly one of html, markdown or tiptap must be given' },
      ],
      headline: undefined,
    });
  });

  it.each([
    ['upsert_subscriber', 'email', { format: 'email' }, (v: string) => ({ email: v }), ['ada@example.com'], ['ada', 'ada@', '@example.com', 'a b@example.com']],
    ['track_event', 'email', { format: 'email' }, (v: string) => ({ email: v, name: 'x' }), ['ada@example.com'], ['ada@example']],
    ['create_webhook', 'url', { format: 'uri' }, (v: string) => ({ url: v, events: ['email.sent'] }), ['https://example.com/x'], ['example.com/x', '/x', '']],
    ['create_domain', 'name', { format: 'hostname' }, (v: string) => ({ name: v }), ['news.example.com'], ['-bad.example', 'a..b', 'under_score.example', '']],
    [
      'send_email',
      'idempotency_key',
      { pattern: '^[\\x21-\\x7e]{1,256}$', minLength: 1, maxLength: 256 },
      (v: string) => ({ ...send, html: 'x', idempotency_key: v }),
      ['k-1', 'x'.repeat(256)],
      ['', 'has space', 'x'.repeat(257), 'é'],
    ],
    [
      'list_subscribers',
      'after',
      { pattern: '^sub_[0-9a-hjkmnp-tv-z]{26}$' },
      (v: string) => ({ after: v }),
      ['sub_01jd3zq8x6v5t0n2c4b7m9k1pq'],
      ['', 'sub_', 'tag_01jd3zq8x6v5t0n2c4b7m9k1pq', 'sub_01JD3ZQ8X6V5T0N2C4B7M9K1PQ'],
    ],
  ])('%s.%s says its format or pattern, and the document and the server agree on examples', (name, field, said, input, good, bad) => {
    const schema = jsonSchemaOf(named(name).input, 'input');
    expect(schema.properties![field]).toMatchObject(said);
    for (const value of good) {
      expect(accepted(name, input(value)), value).toBe(true);
      expect(documented(schema, input(value)), value).toBe(true);
    }
    for (const value of bad) {
      expect(accepted(name, input(value)), value).toBe(false);
      expect(documented(schema, input(value)), value).toBe(false);
    }
  });

  it('tool schemas spell nullable fields and free-form values portably, meaning the same', () => {
    const output = toolJsonSchemaOf(named('get_subscriber').output, 'output');
    expect(output.properties!.first_name).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(jsonSchemaOf(named('get_subscriber').output, 'output').properties!.first_name).toEqual({ type: ['string', 'null'] });
    expect(output.properties!.attributes).not.toHaveProperty('additionalProperties');
    const record = { first_name: null, attributes: { plan: 'pro', seats: 3 } };
    const fields = { type: 'object', properties: { first_name: output.properties!.first_name, attributes: output.properties!.attributes } };
    expect(ajv.validate(fields, record)).toBe(true);
    expect(ajv.validate(fields, { ...record, first_name: 3 })).toBe(false);
  });
});
