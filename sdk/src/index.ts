// @mailgate/sdk 2.2.0: Mailgate's REST API v2 as typed calls. Every call resolves
// to { data, error } (never throws for an API error); types come from the
// server's /openapi.json (src/generated/, `npm run sdk:types`).
import {
  Transport,
  type BodyOf,
  type Bytes,
  type CallOptions,
  type Credentials,
  type DataOf,
  type ListItemOf,
  type MailgateOptions,
  type QueryOf,
  type Result,
} from './client.js';
import type { OperationId } from './generated/operations.js';
import { verifyWebhook } from './webhooks.js';

export type {
  BodyOf,
  Bytes,
  CallOptions,
  Credentials,
  DataOf,
  ListItemOf,
  MailgateError,
  MailgateOptions,
  QueryOf,
  Result,
  SessionCredentials,
} from './client.js';
export { MailgateRequestError } from './client.js';
export type { components, operations } from './generated/openapi.js';
export { OPERATION_ROUTES, type OperationId } from './generated/operations.js';
export { verifyWebhook, type WebhookHeaders } from './webhooks.js';

export const SDK_VERSION = '2.2.0';

/** Options of a send: the idempotency key goes in the Idempotency-Key header, apart from the body. */
export interface SendOptions extends CallOptions {
  /** Repeat a send under the same key and it is answered from the first time, never sent twice. Made by the SDK when not given, so its own retries are safe. */
  idempotencyKey?: string;
}

export interface BatchOptions extends SendOptions {
  /** strict (the default): nothing is sent when an item is invalid; permissive: the valid items are sent, the others listed under errors. */
  validation?: 'strict' | 'permissive';
}

type Items<K extends OperationId> = AsyncGenerator<ListItemOf<K>, void, undefined>;

/** import_subscribers' body, its file given as bytes or as base64. */
export type ImportBody = Omit<BodyOf<'import_subscribers'>, 'content'> & { content: string | Uint8Array };

/** Bytes as base64, a slice at a time (a CSV file may be tens of megabytes). */
function base64Of(bytes: Uint8Array): string {
  const parts: string[] = [];
  // A multiple of 3: every slice but the last encodes without padding.
  for (let i = 0; i < bytes.length; i += 3 * 8192) parts.push(btoa(String.fromCharCode(...bytes.subarray(i, i + 3 * 8192))));
  return parts.join('');
}

export class Mailgate {
  /** Standard Webhooks signatures, as Mailgate signs its deliveries. */
  static readonly webhooks = { verify: verifyWebhook };

  private readonly transport: Transport;

  /** With an API token; or, in the dashboard, `{ session: true, csrfToken }`: the browser's session cookie instead. */
  constructor(credentials: Credentials, options: MailgateOptions = {}) {
    const session = typeof credentials === 'object' && credentials !== null && credentials.session === true;
    if (!session && (typeof credentials !== 'string' || credentials.trim() === '')) {
      throw new TypeError('new Mailgate(token): an API token is required (or { session: true } in a signed-in browser)');
    }
    this.transport = new Transport(credentials, options);
  }

  /** Where this client sends its calls. */
  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** A send's key: the caller's, or one made here when retries are on, so a retried send is stored once. */
  private key(options: SendOptions): string | undefined {
    if (options.idempotencyKey !== undefined) return options.idempotencyKey;
    return this.transport.maxRetries > 0 ? `sdk-${globalThis.crypto.randomUUID()}` : undefined;
  }

  private call<K extends OperationId>(id: K, call: Parameters<Transport['call']>[1], options?: CallOptions): Promise<Result<DataOf<K>>> {
    return this.transport.call(id, call, options);
  }

  private bytes(id: OperationId, call: Parameters<Transport['call']>[1], options?: CallOptions): Promise<Result<Bytes>> {
    return this.transport.bytes(id, call, options);
  }

  private records<K extends OperationId>(id: K, call: Parameters<Transport['call']>[1], options?: CallOptions): Items<K> {
    return this.transport.records(id, call, options);
  }

  /** Check an address: syntax, mail server, disposable, role account, typo (POST /api/v2/verify). */
  verify(email: string, options?: CallOptions): Promise<Result<DataOf<'verify'>>> {
    return this.call('verify', { body: { email } }, options);
  }

  readonly emails = {
    send: (body: BodyOf<'send_email'>, options: SendOptions = {}) =>
      this.call('send_email', { body, headers: { 'Idempotency-Key': this.key(options) } }, options),
    batch: (items: BodyOf<'send_batch'>, options: BatchOptions = {}) =>
      this.call('send_batch', { body: items, headers: { 'Idempotency-Key': this.key(options), 'Batch-Validation': options.validation } }, options),
    get: (id: string, options?: CallOptions) => this.call('get_email', { path: { id } }, options),
    list: (params?: QueryOf<'list_emails'>, options?: CallOptions) => this.call('list_emails', { query: params }, options),
    iterate: (params?: QueryOf<'list_emails'>, options?: CallOptions) => this.records('list_emails', { query: params }, options),
    /** The finished message as it went out (message/rfc822); kept by the capture transport only, else not_found RAW_NOT_KEPT. */
    raw: (id: string, options?: CallOptions) => this.bytes('get_email_raw', { path: { id } }, options),
    /** Events counted by UTC day over the last `days` days (default 30, at most 90), and where the API quota stands. */
    stats: (params?: QueryOf<'get_email_stats'>, options?: CallOptions) => this.call('get_email_stats', { query: params }, options),
    verify: (body: BodyOf<'verify_email'>, options?: CallOptions) => this.call('verify_email', { body }, options),
  };

  readonly subscribers = {
    /** Create a subscriber, or update the one with that email (upsert_subscriber). */
    upsert: (body: BodyOf<'upsert_subscriber'>, options?: CallOptions) => this.call('upsert_subscriber', { body }, options),
    get: (subscriber: string, options?: CallOptions) => this.call('get_subscriber', { path: { subscriber } }, options),
    list: (params?: QueryOf<'list_subscribers'>, options?: CallOptions) => this.call('list_subscribers', { query: params }, options),
    iterate: (params?: QueryOf<'list_subscribers'>, options?: CallOptions) => this.records('list_subscribers', { query: params }, options),
    update: (subscriber: string, body: BodyOf<'update_subscriber'>, options?: CallOptions) =>
      this.call('update_subscriber', { path: { subscriber }, body }, options),
    unsubscribe: (subscriber: string, body: BodyOf<'unsubscribe_subscriber'> = {}, options?: CallOptions) =>
      this.call('unsubscribe_subscriber', { path: { subscriber }, body }, options),
    addTags: (subscriber: string, body: BodyOf<'add_tags'>, options?: CallOptions) => this.call('add_tags', { path: { subscriber }, body }, options),
    removeTags: (subscriber: string, body: BodyOf<'remove_tags'>, options?: CallOptions) => this.call('remove_tags', { path: { subscriber }, body }, options),
    listEvents: (subscriber: string, params?: QueryOf<'list_subscriber_events'>, options?: CallOptions) =>
      this.call('list_subscriber_events', { path: { subscriber }, query: params }, options),
    iterateEvents: (subscriber: string, params?: QueryOf<'list_subscriber_events'>, options?: CallOptions) =>
      this.records('list_subscriber_events', { path: { subscriber }, query: params }, options),
    /**
     * Import subscribers from a CSV file (import_subscribers): `content` is the file's bytes (or them base64).
     * Answers the import at once (queued); follow it with `subscribers.imports.get(id)` until it is completed.
     */
    import: (body: ImportBody, options?: CallOptions) =>
      this.call('import_subscribers', { body: { ...body, content: typeof body.content === 'string' ? body.content : base64Of(body.content) } }, options),
    imports: {
      /** An import's progress, counts and per-row errors (get_subscriber_import). */
      get: (id: string, options?: CallOptions) => this.call('get_subscriber_import', { path: { id } }, options),
      list: (params?: QueryOf<'list_subscriber_imports'>, options?: CallOptions) => this.call('list_subscriber_imports', { query: params }, options),
      iterate: (params?: QueryOf<'list_subscriber_imports'>, options?: CallOptions) => this.records('list_subscriber_imports', { query: params }, options),
    },
    /** The subscribers the filters select as a CSV file (text/csv, every row), as bytes with its filename. */
    export: (params?: QueryOf<'export_subscribers'>, options?: CallOptions) => this.bytes('export_subscribers', { query: params }, options),
  };

  readonly events = {
    /** Record what a subscriber did (track_event); workflows may start on it. */
    track: (body: BodyOf<'track_event'>, options?: CallOptions) => this.call('track_event', { body }, options),
  };

  readonly tags = {
    list: (params?: QueryOf<'list_tags'>, options?: CallOptions) => this.call('list_tags', { query: params }, options),
    iterate: (params?: QueryOf<'list_tags'>, options?: CallOptions) => this.records('list_tags', { query: params }, options),
    create: (body: BodyOf<'create_tag'>, options?: CallOptions) => this.call('create_tag', { body }, options),
    get: (tag: string, options?: CallOptions) => this.call('get_tag', { path: { tag } }, options),
  };

  readonly workflows = {
    create: (body: BodyOf<'create_workflow'>, options?: CallOptions) => this.call('create_workflow', { body }, options),
    list: (params?: QueryOf<'list_workflows'>, options?: CallOptions) => this.call('list_workflows', { query: params }, options),
    iterate: (params?: QueryOf<'list_workflows'>, options?: CallOptions) => this.records('list_workflows', { query: params }, options),
    get: (id: string, options?: CallOptions) => this.call('get_workflow', { path: { id } }, options),
    update: (id: string, body: BodyOf<'update_workflow'>, options?: CallOptions) => this.call('update_workflow', { path: { id }, body }, options),
    delete: (id: string, options?: CallOptions) => this.call('delete_workflow', { path: { id } }, options),
    listRuns: (id: string, params?: QueryOf<'list_workflow_runs'>, options?: CallOptions) =>
      this.call('list_workflow_runs', { path: { id }, query: params }, options),
    iterateRuns: (id: string, params?: QueryOf<'list_workflow_runs'>, options?: CallOptions) =>
      this.records('list_workflow_runs', { path: { id }, query: params }, options),
  };

  readonly campaigns = {
    create: (body: BodyOf<'create_campaign'>, options?: CallOptions) => this.call('create_campaign', { body }, options),
    list: (params?: QueryOf<'list_campaigns'>, options?: CallOptions) => this.call('list_campaigns', { query: params }, options),
    iterate: (params?: QueryOf<'list_campaigns'>, options?: CallOptions) => this.records('list_campaigns', { query: params }, options),
    get: (id: string, options?: CallOptions) => this.call('get_campaign', { path: { id } }, options),
    update: (id: string, body: BodyOf<'update_campaign'>, options?: CallOptions) => this.call('update_campaign', { path: { id }, body }, options),
    delete: (id: string, options?: CallOptions) => this.call('delete_campaign', { path: { id } }, options),
    /** Send now, or with scheduled_at at that time. */
    send: (id: string, body: BodyOf<'send_campaign'> = {}, options?: CallOptions) => this.call('send_campaign', { path: { id }, body }, options),
    cancel: (id: string, options?: CallOptions) => this.call('cancel_campaign', { path: { id }, body: {} }, options),
    test: (id: string, body: BodyOf<'test_campaign'>, options?: CallOptions) => this.call('test_campaign', { path: { id }, body }, options),
    countAudience: (body: BodyOf<'count_audience'> = {}, options?: CallOptions) => this.call('count_audience', { body }, options),
  };

  readonly domains = {
    create: (body: BodyOf<'create_domain'>, options?: CallOptions) => this.call('create_domain', { body }, options),
    list: (params?: QueryOf<'list_domains'>, options?: CallOptions) => this.call('list_domains', { query: params }, options),
    iterate: (params?: QueryOf<'list_domains'>, options?: CallOptions) => this.records('list_domains', { query: params }, options),
    get: (id: string, options?: CallOptions) => this.call('get_domain', { path: { id } }, options),
    /** Look its DNS records up now. */
    verify: (id: string, options?: CallOptions) => this.call('verify_domain', { path: { id }, body: {} }, options),
    /** Turn receiving mail at the domain on ({ receiving: true }: it must be verified) or off. */
    update: (id: string, body: BodyOf<'update_domain'>, options?: CallOptions) => this.call('update_domain', { path: { id }, body }, options),
    delete: (id: string, options?: CallOptions) => this.call('delete_domain', { path: { id } }, options),
  };

  readonly tokens = {
    list: (params?: QueryOf<'list_tokens'>, options?: CallOptions) => this.call('list_tokens', { query: params }, options),
    iterate: (params?: QueryOf<'list_tokens'>, options?: CallOptions) => this.records('list_tokens', { query: params }, options),
    /** The secret is in the answer once. */
    create: (body: BodyOf<'create_token'>, options?: CallOptions) => this.call('create_token', { body }, options),
    revoke: (id: string, options?: CallOptions) => this.call('revoke_token', { path: { id } }, options),
  };

  readonly users = {
    list: (params?: QueryOf<'list_users'>, options?: CallOptions) => this.call('list_users', { query: params }, options),
    iterate: (params?: QueryOf<'list_users'>, options?: CallOptions) => this.records('list_users', { query: params }, options),
    get: (id: string, options?: CallOptions) => this.call('get_user', { path: { id } }, options),
    /** Emails them a one-time link (7 days); { resend: true } sends a new one to someone who has not accepted yet. */
    invite: (body: BodyOf<'invite_user'>, options?: CallOptions) => this.call('invite_user', { body }, options),
    update: (id: string, body: BodyOf<'update_user'>, options?: CallOptions) => this.call('update_user', { path: { id }, body }, options),
    remove: (id: string, options?: CallOptions) => this.call('remove_user', { path: { id } }, options),
    /** The link's secret (after #token=) and a password; needs no token. */
    acceptInvitation: (body: BodyOf<'accept_invitation'>, options?: CallOptions) => this.call('accept_invitation', { body }, options),
  };

  /** Signing in (the dashboard): in a browser, construct the client with { session: true } so that the cookie is kept and sent. */
  readonly auth = {
    /** Sets the session cookie; keep the answer's csrf_token for writes (the csrfToken option). */
    signIn: (body: BodyOf<'sign_in'>, options?: CallOptions) => this.call('sign_in', { body }, options),
    /** The signed-in user, organization, role and csrf_token; 401 when not signed in. */
    session: (options?: CallOptions) => this.call('get_session', {}, options),
    /** Ends this session and clears the cookie. */
    signOut: (options?: CallOptions) => this.call('sign_out', {}, options),
    /** Emails a one-time reset link (1 hour) if the address has a user; the answer is the same either way. */
    requestPasswordReset: (body: BodyOf<'request_password_reset'>, options?: CallOptions) => this.call('request_password_reset', { body }, options),
    /** The link's secret (after #token=) and a new password; ends the user's sessions. */
    completePasswordReset: (body: BodyOf<'complete_password_reset'>, options?: CallOptions) => this.call('complete_password_reset', { body }, options),
  };

  /** The signed-in person's own account (a session only: an API token is refused). */
  readonly account = {
    /** Where the user is signed in; `current` marks this session. */
    sessions: (options?: CallOptions) => this.call('list_account_sessions', {}, options),
    /** Ends one of the user's sessions (this one too). */
    revokeSession: (id: string, options?: CallOptions) => this.call('revoke_account_session', { path: { id } }, options),
    /** Ends all the user's sessions, this one too. */
    signOutEverywhere: (options?: CallOptions) => this.call('sign_out_everywhere', {}, options),
    /** Ends the user's other sessions. */
    changePassword: (body: BodyOf<'change_password'>, options?: CallOptions) => this.call('change_password', { body }, options),
    /** A new authenticator secret and its otpauth:// URI (for a QR code), pending until enableTotp. */
    setUpTotp: (options?: CallOptions) => this.call('set_up_totp', {}, options),
    /** Confirms the secret with a current code; answers ten recovery codes, shown only now. */
    enableTotp: (body: BodyOf<'enable_totp'>, options?: CallOptions) => this.call('enable_totp', { body }, options),
    /** With the password. */
    disableTotp: (body: BodyOf<'disable_totp'>, options?: CallOptions) => this.call('disable_totp', { body }, options),
  };

  readonly webhooks = {
    /** The signing secret (whsec_…) is in the answer once. */
    create: (body: BodyOf<'create_webhook'>, options?: CallOptions) => this.call('create_webhook', { body }, options),
    list: (params?: QueryOf<'list_webhooks'>, options?: CallOptions) => this.call('list_webhooks', { query: params }, options),
    iterate: (params?: QueryOf<'list_webhooks'>, options?: CallOptions) => this.records('list_webhooks', { query: params }, options),
    get: (id: string, options?: CallOptions) => this.call('get_webhook', { path: { id } }, options),
    update: (id: string, body: BodyOf<'update_webhook'>, options?: CallOptions) => this.call('update_webhook', { path: { id }, body }, options),
    delete: (id: string, options?: CallOptions) => this.call('delete_webhook', { path: { id } }, options),
    listDeliveries: (id: string, params?: QueryOf<'list_webhook_deliveries'>, options?: CallOptions) =>
      this.call('list_webhook_deliveries', { path: { id }, query: params }, options),
    /** The signing secret (whsec_…); for a caller who may change webhooks. */
    secret: (id: string, options?: CallOptions) => this.call('get_webhook_secret', { path: { id } }, options),
    /** POST a webhook.test event to it now; answers delivered or failed, with the endpoint's status and answer. */
    test: (id: string, options?: CallOptions) => this.call('test_webhook', { path: { id } }, options),
    /** Check a delivery's Standard Webhooks signature (the same as Mailgate.webhooks.verify). */
    verify: verifyWebhook,
  };

  readonly suppressions = {
    list: (params?: QueryOf<'list_suppressions'>, options?: CallOptions) => this.call('list_suppressions', { query: params }, options),
    iterate: (params?: QueryOf<'list_suppressions'>, options?: CallOptions) => this.records('list_suppressions', { query: params }, options),
    /** Suppress 1 to 100 addresses (reason manual); those already suppressed keep their entry. */
    add: (body: BodyOf<'add_suppressions'>, options?: CallOptions) => this.call('add_suppressions', { body }, options),
    /** By id (sup_…) or address. */
    get: (suppression: string, options?: CallOptions) => this.call('get_suppression', { path: { suppression } }, options),
    /** By id or address; a complaint only with { force: true }. */
    remove: (suppression: string, body: BodyOf<'remove_suppression'> = {}, options?: CallOptions) =>
      this.call('remove_suppression', { path: { suppression }, body }, options),
  };

  readonly receivedEmails = {
    /** Newest first, without bodies; filters to (To, Cc or an envelope recipient), from and domain (a receiving domain). */
    list: (params?: QueryOf<'list_received_emails'>, options?: CallOptions) => this.call('list_received_emails', { query: params }, options),
    iterate: (params?: QueryOf<'list_received_emails'>, options?: CallOptions) => this.records('list_received_emails', { query: params }, options),
    /** With its text and HTML bodies, headers, authentication results and attachments. */
    get: (id: string, options?: CallOptions) => this.call('get_received_email', { path: { id } }, options),
    /** The whole message as stored (message/rfc822), as bytes. */
    raw: (id: string, options?: CallOptions) => this.bytes('get_received_email_raw', { path: { id } }, options),
    /** One attachment's bytes, with its media type and filename; its id (att_…) is in the received email's attachments. */
    attachment: (id: string, attachment: string, options?: CallOptions) => this.bytes('get_received_email_attachment', { path: { id, attachment } }, options),
  };

  readonly tools = {
    /** The tools this token may call, with their input schemas (as /mcp lists them). */
    list: (options?: CallOptions) => this.call('list_tools', {}, options),
    get: (name: string, options?: CallOptions) => this.call('get_tool', { path: { name } }, options),
    /** Run a tool by name with its input, as an agent would over /mcp. */
    call: (name: string, input: BodyOf<'run_tool'> = {}, options?: CallOptions) => this.call('run_tool', { path: { name }, body: input }, options),
  };
}

export default Mailgate;
