import { importTooLarge, type Config } from '../../../src/index.ts';

/**
 * The REST v2 binding table: for each operation of src/operations, its method,
 * path, success status, and where each input field comes from. Path fields are
 * the `:name` segments; every other field comes from the query string (GET) or
 * the JSON body (other methods) unless named here. The routes, their Fastify
 * schemas and their /openapi.json entries are generated from this table and
 * the definitions (../operation-routes.ts); nothing else describes them.
 */
export type FieldSource = { from: 'header'; names: readonly string[]; normalize?: (value: string) => string | undefined };

/**
 * A route that answers bytes rather than JSON (a whole message, an attachment):
 * the operation's output carries them base64 for the doors that speak JSON
 * (tools, MCP, the CLI); the route answers them decoded, with their media type.
 */
export interface BytesAnswer {
  /** The output field holding the bytes, base64. */
  content: string;
  /** The output field holding their media type; /openapi.json names it when the output schema fixes it. */
  contentType: string;
  /** The output field holding a filename (or null): answered as Content-Disposition: attachment. */
  filename?: string;
  /** The route sends the operation's `stream` (every byte, as made) rather than `run`'s answer. */
  stream?: boolean;
}

/**
 * A route whose body may be larger than MAX_BODY_BYTES: its own limit, from the
 * configuration, and the refusal (naming the limit) of a body declared larger,
 * given before the body is read.
 */
export interface BodyLimit {
  bytes: (config: Config) => number;
  refuse: (config: Config, declared: number) => Error;
}

/** The largest JSON body that carries a file of `maxBytes` as base64, with room for the other fields. */
const base64BodyLimit = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4 + 1024 * 1024;

/** An import's JSON carries its file base64: the limit fits IMPORT_MAX_BYTES of CSV. */
const IMPORT_BODY_LIMIT: BodyLimit = {
  bytes: (config) => base64BodyLimit(config.imports.maxBytes),
  // The body carries base64: about three bytes of file per four.
  refuse: (config, declared) => importTooLarge(config.imports.maxBytes, Math.floor((declared * 3) / 4)),
};

export interface Binding {
  operation: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Fastify syntax: `/subscribers/:subscriber`. */
  path: string;
  status: number;
  /** When the run made something new (an upsert that created). */
  createdStatus?: number;
  /** Fields that come from a header (first name is the documented one, the others are accepted too). */
  headers?: Readonly<Record<string, FieldSource>>;
  /** The whole JSON body is this one field (a batch's array), not an object of fields. */
  bodyField?: string;
  /** The body may be left out (or empty): every body field is optional. */
  optionalBody?: boolean;
  /** A second path for the same operation needs its own operationId in /openapi.json (the first keeps the operation's name). */
  operationId?: string;
  /** The success answer is bytes, taken from the output (see BytesAnswer); errors stay JSON. */
  bytes?: BytesAnswer;
  /** A body limit of the route's own (see BodyLimit). */
  bodyLimit?: BodyLimit;
}

const header = (...names: string[]): FieldSource => ({ from: 'header', names });

/** A mode header: case and surrounding space do not matter, and an empty one is not given. */
const modeHeader = (...names: string[]): FieldSource => ({
  from: 'header',
  names,
  normalize: (value) => value.trim().toLowerCase() || undefined,
});

const IDEMPOTENCY_KEY = { idempotency_key: header('Idempotency-Key') };

export const V2_BINDINGS: readonly Binding[] = [
  { operation: 'send_email', method: 'POST', path: '/emails', status: 200, headers: IDEMPOTENCY_KEY },
  {
    operation: 'send_batch',
    method: 'POST',
    path: '/emails/batch',
    status: 200,
    bodyField: 'emails',
    headers: { ...IDEMPOTENCY_KEY, validation: modeHeader('Batch-Validation', 'X-Batch-Validation') },
  },
  { operation: 'list_emails', method: 'GET', path: '/emails', status: 200 },
  { operation: 'get_email_stats', method: 'GET', path: '/emails/stats', status: 200 },
  { operation: 'get_email', method: 'GET', path: '/emails/:id', status: 200 },
  { operation: 'get_email_raw', method: 'GET', path: '/emails/:id/raw', status: 200, bytes: { content: 'content', contentType: 'content_type' } },

  { operation: 'upsert_subscriber', method: 'POST', path: '/subscribers', status: 200, createdStatus: 201 },
  { operation: 'list_subscribers', method: 'GET', path: '/subscribers', status: 200 },
  { operation: 'import_subscribers', method: 'POST', path: '/subscribers/imports', status: 201, bodyLimit: IMPORT_BODY_LIMIT },
  { operation: 'list_subscriber_imports', method: 'GET', path: '/subscribers/imports', status: 200 },
  { operation: 'get_subscriber_import', method: 'GET', path: '/subscribers/imports/:id', status: 200 },
  {
    operation: 'export_subscribers',
    method: 'GET',
    path: '/subscribers/export',
    status: 200,
    bytes: { content: 'content', contentType: 'content_type', filename: 'filename', stream: true },
  },
  { operation: 'get_subscriber', method: 'GET', path: '/subscribers/:subscriber', status: 200 },
  { operation: 'update_subscriber', method: 'PATCH', path: '/subscribers/:subscriber', status: 200 },
  { operation: 'unsubscribe_subscriber', method: 'POST', path: '/subscribers/:subscriber/unsubscribe', status: 200, optionalBody: true },
  { operation: 'add_tags', method: 'POST', path: '/subscribers/:subscriber/tags', status: 200 },
  { operation: 'remove_tags', method: 'DELETE', path: '/subscribers/:subscriber/tags', status: 200 },
  { operation: 'list_subscriber_events', method: 'GET', path: '/subscribers/:subscriber/events', status: 200 },

  { operation: 'track_event', method: 'POST', path: '/events', status: 201 },

  { operation: 'list_tags', method: 'GET', path: '/tags', status: 200 },
  { operation: 'create_tag', method: 'POST', path: '/tags', status: 201 },
  { operation: 'get_tag', method: 'GET', path: '/tags/:tag', status: 200 },

  { operation: 'create_workflow', method: 'POST', path: '/workflows', status: 201 },
  { operation: 'list_workflows', method: 'GET', path: '/workflows', status: 200 },
  { operation: 'get_workflow', method: 'GET', path: '/workflows/:id', status: 200 },
  { operation: 'update_workflow', method: 'PATCH', path: '/workflows/:id', status: 200 },
  { operation: 'delete_workflow', method: 'DELETE', path: '/workflows/:id', status: 200 },
  { operation: 'list_workflow_runs', method: 'GET', path: '/workflows/:id/runs', status: 200 },

  { operation: 'create_campaign', method: 'POST', path: '/campaigns', status: 201 },
  { operation: 'list_campaigns', method: 'GET', path: '/campaigns', status: 200 },
  { operation: 'get_campaign', method: 'GET', path: '/campaigns/:id', status: 200 },
  { operation: 'update_campaign', method: 'PATCH', path: '/campaigns/:id', status: 200 },
  { operation: 'delete_campaign', method: 'DELETE', path: '/campaigns/:id', status: 200 },
  { operation: 'send_campaign', method: 'POST', path: '/campaigns/:id/send', status: 200, optionalBody: true },
  { operation: 'cancel_campaign', method: 'POST', path: '/campaigns/:id/cancel', status: 200, optionalBody: true },
  { operation: 'test_campaign', method: 'POST', path: '/campaigns/:id/test', status: 200 },
  { operation: 'preview_campaign', method: 'POST', path: '/campaigns/:id/preview', status: 200, optionalBody: true },
  { operation: 'list_tokens', method: 'GET', path: '/tokens', status: 200 },
  { operation: 'create_token', method: 'POST', path: '/tokens', status: 201 },
  { operation: 'revoke_token', method: 'DELETE', path: '/tokens/:id', status: 200 },
  { operation: 'verify_email', method: 'POST', path: '/emails/verify', status: 200 },
  // The SDK's verify call uses this shorter path; both are part of the v2 API.
  { operation: 'verify_email', method: 'POST', path: '/verify', status: 200, operationId: 'verify' },
  { operation: 'create_domain', method: 'POST', path: '/domains', status: 201 },
  { operation: 'list_domains', method: 'GET', path: '/domains', status: 200 },
  { operation: 'get_domain', method: 'GET', path: '/domains/:id', status: 200 },
  { operation: 'update_domain', method: 'PATCH', path: '/domains/:id', status: 200 },
  { operation: 'delete_domain', method: 'DELETE', path: '/domains/:id', status: 200 },
  { operation: 'verify_domain', method: 'POST', path: '/domains/:id/verify', status: 200, optionalBody: true },
  { operation: 'create_webhook', method: 'POST', path: '/webhooks', status: 201 },
  { operation: 'list_webhooks', method: 'GET', path: '/webhooks', status: 200 },
  { operation: 'get_webhook', method: 'GET', path: '/webhooks/:id', status: 200 },
  { operation: 'update_webhook', method: 'PATCH', path: '/webhooks/:id', status: 200 },
  { operation: 'delete_webhook', method: 'DELETE', path: '/webhooks/:id', status: 200 },
  { operation: 'list_webhook_deliveries', method: 'GET', path: '/webhooks/:id/deliveries', status: 200 },
  { operation: 'get_webhook_secret', method: 'GET', path: '/webhooks/:id/secret', status: 200 },
  { operation: 'test_webhook', method: 'POST', path: '/webhooks/:id/test', status: 200, optionalBody: true },
  { operation: 'count_audience', method: 'POST', path: '/audience/count', status: 200, optionalBody: true },
  { operation: 'list_suppressions', method: 'GET', path: '/suppressions', status: 200 },
  { operation: 'add_suppressions', method: 'POST', path: '/suppressions', status: 200, createdStatus: 201 },
  { operation: 'get_suppression', method: 'GET', path: '/suppressions/:suppression', status: 200 },
  { operation: 'remove_suppression', method: 'DELETE', path: '/suppressions/:suppression', status: 200, optionalBody: true },
  { operation: 'list_users', method: 'GET', path: '/users', status: 200 },
  { operation: 'get_user', method: 'GET', path: '/users/:id', status: 200 },
  { operation: 'invite_user', method: 'POST', path: '/users', status: 200, createdStatus: 201 },
  { operation: 'update_user', method: 'PATCH', path: '/users/:id', status: 200 },
  { operation: 'remove_user', method: 'DELETE', path: '/users/:id', status: 200 },
  { operation: 'list_received_emails', method: 'GET', path: '/received-emails', status: 200 },
  { operation: 'get_received_email', method: 'GET', path: '/received-emails/:id', status: 200 },
  {
    operation: 'get_received_email_raw',
    method: 'GET',
    path: '/received-emails/:id/raw',
    status: 200,
    bytes: { content: 'content', contentType: 'content_type' },
  },
  {
    operation: 'get_received_email_attachment',
    method: 'GET',
    path: '/received-emails/:id/attachments/:attachment',
    status: 200,
    bytes: { content: 'content', contentType: 'content_type', filename: 'filename' },
  },
];
