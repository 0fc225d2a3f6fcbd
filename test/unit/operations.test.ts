import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { V2_BINDINGS } from '../../servers/http/v2/bindings.ts';
import { OPERATIONS, parseInput, type Operation } from '../../src/index.ts';
import { expectRefusal } from '../helpers/errors.ts';

/** An operation's input as every door checks it (invokeOperation's check). */
const parseOperationInput = (operation: Operation, input: unknown) => parseInput(operation.input, input);

/**
 * The operation definitions (src/operations), each the one source of a REST
 * route, an /openapi.json entry and (later) a tool: checked for what every door
 * relies on.
 */

/**
 * Operations deliberately not offered over REST v2, each with the reason.
 * (None today: every operation has a route.)
 */
const NOT_ON_REST: ReadonlyMap<string, string> = new Map();

describe('the operation definitions', () => {
  it('are named snake_case verb_noun, once each', () => {
    const names = OPERATIONS.map((o) => o.name);
    for (const name of names)
      expect(name).toMatch(
        /^(send|get|list|upsert|update|unsubscribe|add|remove|create|delete|track|cancel|test|count|revoke|verify|invite|import|export)_[a-z]+(_[a-z]+)*$/,
      );
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'send_email',
        'send_batch',
        'get_email',
        'list_emails',
        'upsert_subscriber',
        'get_subscriber',
        'list_subscribers',
        'update_subscriber',
        'unsubscribe_subscriber',
        'add_tags',
        'remove_tags',
        'list_tags',
        'create_tag',
        'get_tag',
        'track_event',
        'list_subscriber_events',
        'create_workflow',
        'list_workflows',
        'get_workflow',
        'update_workflow',
        'delete_workflow',
        'list_workflow_runs',
        'create_campaign',
        'list_campaigns',
        'get_campaign',
        'update_campaign',
        'delete_campaign',
        'send_campaign',
        'cancel_campaign',
        'test_campaign',
        'count_audience',
        'list_tokens',
        'create_token',
        'revoke_token',
        'create_webhook',
        'list_webhooks',
        'get_webhook',
        'update_webhook',
        'delete_webhook',
        'list_webhook_deliveries',
        'verify_email',
        'create_domain',
        'list_domains',
        'get_domain',
        'verify_domain',
        'update_domain',
        'delete_domain',
      ]),
    );
  });

  it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s is described for someone who has never seen Mailgate', (_name, operation) => {
    expect(operation.summary.length).toBeGreaterThan(10);
    expect(operation.summary.length).toBeLessThanOrEqual(80);
    expect(operation.summary).not.toMatch(/\.$/);
    expect(operation.description.length).toBeGreaterThan(120);
    // What it costs against the quota, in every description.
    expect(operation.description).toContain("of the organization's per-minute quota (free 100, premium 700, enterprise 2000)");
    expect(operation.resource).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s: its example is an input it accepts', (_name, operation) => {
    expect(() => parseOperationInput(operation, structuredClone(operation.example))).not.toThrow();
  });

  it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s: input and output have JSON Schemas, the input an object', (_name, operation) => {
    const input = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' });
    expect(input.type).toBe('object');
    expect(Object.keys(input.properties ?? {}).length).toBeGreaterThan(0);
    expect(z.toJSONSchema(operation.output, { io: 'output' }).type).toBe('object');
  });

  it('annotations agree with the name: reads change nothing, only sends reach the world', () => {
    for (const operation of OPERATIONS) {
      const reads = /^(get|list|count|export)_/.test(operation.name) || operation.name === 'verify_email';
      expect(operation.annotations.readOnly, operation.name).toBe(reads);
      expect(operation.annotations.openWorld, operation.name).toBe(
        ['send_email', 'send_batch', 'create_workflow', 'send_campaign', 'test_campaign', 'invite_user', 'test_webhook'].includes(operation.name),
      );
    }
    const destructive = OPERATIONS.filter((o) => o.annotations.destructive)
      .map((o) => o.name)
      .sort();
    expect(destructive).toEqual([
      'cancel_campaign',
      'delete_campaign',
      'delete_domain',
      'delete_webhook',
      'delete_workflow',
      'remove_suppression',
      'remove_tags',
      'remove_user',
      'revoke_token',
      'send_campaign',
      'unsubscribe_subscriber',
    ]);
    // Every read is idempotent (and, by the list above, not destructive); these are the only calls that are not.
    const notIdempotent = OPERATIONS.filter((o) => !o.annotations.idempotent)
      .map((o) => o.name)
      .sort();
    expect(notIdempotent).toEqual([
      'cancel_campaign',
      'create_campaign',
      'create_domain',
      'create_tag',
      'create_token',
      'create_webhook',
      'create_workflow',
      'delete_campaign',
      'delete_domain',
      'delete_webhook',
      'delete_workflow',
      'import_subscribers',
      'invite_user',
      'remove_suppression',
      'remove_user',
      'revoke_token',
      'send_batch',
      'send_campaign',
      'send_email',
      'test_campaign',
      'test_webhook',
      'track_event',
    ]);
  });

  it('every operation has a REST v2 route, except those listed with a reason', () => {
    const bound = new Set(V2_BINDINGS.map((b) => b.operation));
    const unbound = OPERATIONS.map((o) => o.name).filter((name) => !bound.has(name) && !NOT_ON_REST.has(name));
    expect(unbound).toEqual([]);
    // And no binding names an operation that does not exist.
    expect(V2_BINDINGS.map((b) => b.operation).filter((name) => !OPERATIONS.some((o) => o.name === name))).toEqual([]);
  });
});

describe('operation inputs: the rules every door gets', () => {
  const named = (name: string) => OPERATIONS.find((o) => o.name === name)!;
  const send = { from: 'a@example.com', to: 'delivered@mailgate.test', subject: 'Hi', html: '<p>x</p>' };

  it('send_email: the cross-field rules come with every other problem, first', () => {
    expectRefusal(() => parseOperationInput(named('send_email'), { ...send, html: undefined, replyTo: 'x@example.com', subject: '' }), {
      kind: 'validation_error',
      details: [
        { path: 'replyTo', message: 'is a v1 field that v2 does not accept; use reply_to' },
        { path: '', message: 'exactly one of html, markdown or tiptap must be given' },
        { path: 'subject', message: 'must not be empty' },
      ],
    });
  });

  it('send_email: the idempotency key is an input field with its own rule', () => {
    expect(parseOperationInput(named('send_email'), { ...send, idempotency_key: 'k-1' })).toMatchObject({ idempotencyKey: 'k-1' });
    expectRefusal(() => parseOperationInput(named('send_email'), { ...send, idempotency_key: 'has space' }), {
      kind: 'validation_error',
      message: 'idempotency_key must be 1 to 256 printable ASCII characters without spaces',
    });
  });

  it('send_batch: the size of the batch and its mode', () => {
    expectRefusal(() => parseOperationInput(named('send_batch'), { emails: [], validation: 'strict' }), {
      kind: 'validation_error',
      message: 'A batch must hold 1 to 100 emails (got 0)',
      details: [{ path: 'emails', message: 'must hold 1 to 100 emails (got 0)' }],
    });
    expectRefusal(() => parseOperationInput(named('send_batch'), { emails: [send], validation: 'lenient' }), {
      kind: 'validation_error',
      details: [{ path: 'validation', message: 'must be strict or permissive' }],
    });
    // Items are checked one by one, so that a permissive batch can send the valid ones.
    expect((parseOperationInput(named('send_batch'), { emails: [send, { ...send, subject: '' }] }) as { emails: unknown }).emails).toEqual([
      { request: expect.objectContaining({ subject: 'Hi' }) },
      { details: [{ path: '[1].subject', message: 'must not be empty' }] },
    ]);
  });

  it('lists: the page fields, numbers for limit, one cursor at a time', () => {
    expect(parseOperationInput(named('list_tags'), {})).toEqual({ limit: 20 });
    expectRefusal(() => parseOperationInput(named('list_tags'), { limit: '5' }), {
      kind: 'validation_error',
      details: [{ path: 'limit', message: 'must be an integer from 1 to 100' }],
    });
    expectRefusal(() => parseOperationInput(named('list_subscribers'), { status: 'gone', limit: 0, after: 'tag_x', before: 'sub_y' }), {
      kind: 'validation_error',
      details: [
        { path: 'status', message: 'must be one of subscribed, unsubscribed, bounced, complained' },
        { path: 'limit', message: 'must be an integer from 1 to 100' },
        { path: 'after', message: 'must be an id starting with sub_' },
        { path: 'before', message: 'must be an id starting with sub_' },
        { path: 'before', message: 'cannot be combined with after' },
      ],
    });
  });

  it('a NUL anywhere, or nesting past the limit, is refused before the schema', () => {
    expectRefusal(() => parseOperationInput(named('create_tag'), { name: 'a\u0000b' }), {
      kind: 'validation_error',
      details: [{ path: 'name', message: 'must not contain the NUL character (U+0000)' }],
    });
  });
});
