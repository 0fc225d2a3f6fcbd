// Emails: the one send pipeline every door ends in (validate → render → accept in
// one transaction with its outbox job and idempotency record), plus get, list and batch.
// Must not import any protocol library; delivery happens in ../delivery.
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { AppError, describeDetails, isAppError, validationError, type ErrorDetail } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import {
  contentField,
  personalize,
  renderEmailContent,
  type CompiledTemplate,
  type EmailContent,
  type PlaceholderOptions,
  type RenderedEmail,
  type Template,
} from '../render/index.ts';
import { TaskTooSlow, type ThreadPool } from '../threads/index.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import { peekRecipient, recipientRateLimited } from '../limits/index.ts';
import { createAcceptWriter } from './accept-writer.ts';
import { domainOf, formatMailbox, mailboxKey, parseAddress, type Mailbox } from './address.ts';
import { findEmail, insertEmails, listEmailEvents, listEmailRows, type NewEmailRow, type NewSubmission } from './email.repository.ts';
import { enqueueJobs } from '../queue/index.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toEmailListItem, toEventRecord, type EmailListItem, type EmailRecord } from './email-record.ts';
import {
  assertValidIdempotencyKey,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  type ClaimRef,
} from './idempotency.ts';
import { recipientsOf, type BatchItem, type SendRequest } from './send-request.ts';
import { newTrackingKey } from './tracking/links.ts';
import { isSubmissionRequest, submissionFingerprintInput, submissionIdempotencyKey, type SubmissionContent } from './submission.ts';

export {
  parseSendBody,
  sendEmailSchema,
  sendEmailFields,
  sendFieldRules,
  contentRule,
  withContentRule,
  toSendRequest,
  batchItemsSchema,
  type SendRequest,
  type BatchItem,
} from './send-request.ts';
export { emailListItemSchema, emailRecordSchema, emailEventSchema } from './email-record.ts';
export type { EmailListItem, EmailRecord, EmailEventRecord } from './email-record.ts';
export { EMAIL_EVENT_TYPES, type EmailEventType } from './email-record.ts';
export { IDEMPOTENCY_CODES, idempotencyKeyField } from './idempotency.ts';
export { submissionToSendRequest, isRebuiltHeader, SUBMISSION_IDEMPOTENCY_HEADER, type SubmittedMessage, type SubmittedMailbox, type SubmittedAttachment, type SubmissionHeaders } from './submission.ts';

export const DELIVER_EMAIL_JOB = 'deliver_email';
export { BATCH_MAX } from './send-request.ts';

/** Where a send came in; kept on the record. */
export type EmailSource = 'api' | 'api_v1' | 'batch' | 'smtp' | 'mcp' | 'workflow' | 'campaign' | 'campaign_test' | 'form_confirmation' | 'integration';

/** Automations and campaigns send to their own audience: the recipient guard is for transactional sends. */
const UNGUARDED_SOURCES: ReadonlySet<EmailSource> = new Set(['workflow', 'campaign']);

/** What a tracked email tracks. */
export interface TrackingChoice {
  opens: boolean;
  clicks: boolean;
}

/** One email of a campaign: its recipient and the parts personalized for them. */
export interface PersonalizedEmail {
  to: Mailbox;
  subject: string;
  html: string;
  text: string;
  /** The recipient's one-click unsubscribe URL (RFC 8058). */
  listUnsubscribe: string;
}

/** A page of a campaign's emails, written by its fan-out in its own transaction. */
export interface CampaignEmails {
  campaignId: string;
  from: Mailbox;
  replyTo: Mailbox | null;
  preview: string | null;
  tracking: TrackingChoice;
  emails: readonly PersonalizedEmail[];
}

export interface SendOptions {
  source: EmailSource;
  idempotencyKey?: string | undefined;
}

/** The emails a send accepted, one per recipient in the order given; `id` is the first (a REST send has only it). */
export interface SendResult {
  id: string;
  ids: string[];
}

export type BatchMode = 'strict' | 'permissive';

export interface BatchResult {
  data: { id: string }[];
  /** Present in permissive mode: the items that were not sent. */
  errors?: { index: number; message: string; details: ErrorDetail[] }[];
}

/** The pool tasks the send pipeline needs (createCore's pool has them): rendering content, and a template with placeholders. */
export type RenderTask = {
  render: (input: { content: EmailContent; preview: string | null }) => RenderedEmail;
  compileTemplate: (input: { template: Template; options: PlaceholderOptions }) => CompiledTemplate;
};

export interface EmailServiceDeps {
  db: DatabaseHandle;
  clock: Clock;
  /** Renders content off the thread that owns the database. */
  pool: ThreadPool<RenderTask>;
  /** Called after new jobs of `kind` are committed, so an in-process worker can start them at once. */
  onAccepted: (kind: string) => void;
  /**
   * Who this process is (a queue owner, newOwner()): its idempotency claims name
   * it, so that a retry can take over at once a claim whose process is gone.
   */
  owner: string;
  /**
   * Has the organization verified this sending domain? Given when mail leaves
   * through a relay: a send from any other domain is refused (forbidden). Without
   * it (capture mode) any domain may send.
   */
  isVerifiedDomain?: ((organizationId: string, domain: string) => Promise<boolean>) | undefined;
}

export interface EmailService {
  /**
   * Accept a send request for delivery: one email per recipient (a submitted
   * message has one per envelope recipient, sharing its headers and attachments),
   * all or none. Every door ends here. Throws validation_error,
   * recipient_rate_limited, idempotency_conflict.
   */
  send(auth: OrgScope, request: SendRequest, options: SendOptions): Promise<SendResult>;
  /** Validate and accept up to 100 v2 send bodies; strict refuses all on any invalid item. */
  sendBatch(auth: OrgScope, items: readonly BatchItem[], options: { mode: BatchMode; idempotencyKey?: string | undefined }): Promise<BatchResult>;
  /**
   * May this organization send to this address now? For doors that learn
   * recipients one at a time. Throws validation_error (not an address) or
   * recipient_rate_limited; the accept transaction still decides.
   */
  checkRecipient(auth: OrgScope, address: string): Promise<void>;
  /** Render a request's content as a send would, to refuse at once what could never be sent. Throws validation_error. */
  checkRendering(auth: OrgScope, request: SendRequest): Promise<void>;
  /** May this organization send from these addresses (with a relay, only from its verified domains)? Throws forbidden naming the domains. */
  checkSenders(auth: OrgScope, from: readonly Mailbox[]): Promise<void>;
  /**
   * Store and queue a campaign's emails inside the caller's transaction, so its
   * fan-out commits its own progress with them; like every send but not held by
   * the recipient guard. Returns the ids in order. Call `accepted()` after commit.
   */
  acceptCampaignEmails(trx: Transaction<Database>, auth: OrgScope, page: CampaignEmails, now: number): Promise<string[]>;
  /** New jobs were committed outside `send` (a campaign page's emails; a campaign to fan out): wake the worker. */
  accepted(kind?: string): void;
  /** Throws not_found (also for another organization's email). */
  get(auth: OrgScope, id: string): Promise<EmailRecord>;
  list(auth: OrgScope, page: PageRequest): Promise<Page<EmailListItem>>;
}

/** What an email row is made of, whichever door it came in by. */
interface EmailRowInput {
  from: Mailbox;
  replyTo: Mailbox | null;
  subject: string;
  preview: string | null;
  /** The sender's own Message-ID (SMTP); null: Mailgate makes one from the id and the sender's domain. */
  messageId: string | null;
  tracking?: TrackingChoice | boolean | undefined;
  source: EmailSource;
  submissionId: string | null;
  campaignId?: string | undefined;
  listUnsubscribe?: string | undefined;
}

/** The stored form of a tracking choice: null when nothing is tracked. */
function trackingEvents(tracking: TrackingChoice | boolean | undefined): string | null {
  if (tracking === undefined || tracking === false) return null;
  const choice = tracking === true ? { opens: true, clicks: true } : tracking;
  const events = [choice.opens ? 'opens' : null, choice.clicks ? 'clicks' : null].filter((e) => e !== null);
  return events.length > 0 ? events.join(',') : null;
}

/** One recipient's email, queued, with its rendered parts. */
function emailRow(auth: OrgScope, input: EmailRowInput, to: Mailbox, rendered: RenderedEmail, now: number): NewEmailRow {
  const id = newId('eml', now);
  const domain = domainOf(input.from.address);
  const tracked = trackingEvents(input.tracking);
  return {
    email: {
      id,
      organization_id: auth.organizationId,
      from_address: formatMailbox(input.from),
      to_address: formatMailbox(to),
      reply_to: input.replyTo ? formatMailbox(input.replyTo) : null,
      subject: input.subject,
      preview: input.preview,
      message_id: input.messageId ?? `<${id}@${domain}>`,
      last_event: 'queued',
      source: input.source,
      submission_id: input.submissionId,
      tracking_key: tracked ? newTrackingKey() : null,
      tracking_events: tracked,
      campaign_id: input.campaignId ?? null,
      list_unsubscribe: input.listUnsubscribe ?? null,
      created_at: now,
      updated_at: now,
    },
    mailbox: mailboxKey(to.address),
    html: rendered.html,
    text: rendered.text,
  };
}

/** A submitted message's kept headers and attachments, written with its emails. */
function submissionRows(auth: OrgScope, id: string, submission: SubmissionContent, now: number): NewSubmission {
  return {
    row: { id, organization_id: auth.organizationId, headers: JSON.stringify(submission.headers), created_at: now },
    attachments: submission.attachments.map((a, position) => ({
      submission_id: id,
      position,
      filename: a.filename,
      content_type: a.contentType,
      content_id: a.contentId,
      inline: a.inline ? 1 : 0,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
}

/**
 * A send's idempotency: a request is fingerprinted as given, under the client's
 * key. A submitted message's key is scoped by its envelope, and its fingerprint
 * leaves out what a mailer makes anew for each attempt (submission.ts).
 */
function sendIdempotency(key: string, request: SendRequest): { key: string; operation: string; request: unknown } {
  if (!isSubmissionRequest(request)) {
    // A personalized send is the same send whatever its values are by the time it is repeated (a subscriber renamed since).
    const { personalization: _values, ...template } = request;
    return { key, operation: 'emails.send', request: template };
  }
  return { key: submissionIdempotencyKey(key, request), operation: 'smtp.message', request: submissionFingerprintInput(request) };
}

/** The answer kept with a send's idempotency key, as each door has always stored it: `{id}` for one email, `{ids}` for a submitted message or several recipients. */
type StoredSendAnswer = { id: string } | { ids: string[] };

function sendResultOf(stored: StoredSendAnswer): SendResult {
  const ids = 'ids' in stored ? stored.ids : [stored.id];
  return { id: ids[0]!, ids };
}

export function createEmailService(deps: EmailServiceDeps): EmailService {
  const { db: handle, clock } = deps;
  const db = handle.db;
  const writer = createAcceptWriter(handle, () => clock.now());

  /**
   * Render off this thread. Content that takes too long to render (the pool ends
   * the task) is bad input, like content that cannot be rendered at all.
   */
  async function render(tenant: string, content: EmailContent, preview: string | null): Promise<RenderedEmail> {
    // A message that has its text part needs no HTML-to-text conversion: its parts
    // are taken as they are (or the text rendered, cheaply), on this thread.
    if (content.kind === 'parts' && content.text !== null) return renderEmailContent(content, preview);
    return renderingTask(content, () => deps.pool.run('render', { content, preview }, { tenant }));
  }

  /** A request's subject and parts: rendered, or, for a personalized one (a workflow's send), compiled and filled with its values. */
  /** `tenant`: whose render it is (the organization), so the pool shares its threads fairly. */
  async function renderRequest(tenant: string, request: SendRequest): Promise<{ subject: string } & RenderedEmail> {
    const values = request.personalization;
    if (!values) return { subject: request.subject, ...(await render(tenant, request.content, request.preview)) };
    const template = { subject: request.subject, preview: request.preview, content: request.content };
    const compiled = await renderingTask(request.content, () => deps.pool.run('compileTemplate', { template, options: {} }, { tenant }));
    return personalize(compiled, values);
  }

  /** Run a rendering task; content that takes too long to render (the pool ends the task) is bad input, like content that cannot be rendered at all. */
  async function renderingTask<T>(content: EmailContent, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (!(error instanceof TaskTooSlow)) throw error;
      const field = contentField(content);
      const hint = content.kind === 'markdown' ? ' (markdown with many unmatched * or _ is the usual cause)' : '';
      throw validationError([{ path: field, message: `cannot be rendered: it takes longer than ${error.limitMs / 1000} s${hint}` }]);
    }
  }

  /** One row per recipient, rendered once; a submitted message's rows share its submission. */
  async function buildRows(auth: OrgScope, request: SendRequest, source: EmailSource, now: number): Promise<{ rows: NewEmailRow[]; submission?: NewSubmission }> {
    const { subject, ...rendered } = await renderRequest(auth.organizationId, request);
    const { from, replyTo, preview, tracking } = request;
    const submission = request.submission ? submissionRows(auth, newId('sbm', now), request.submission, now) : undefined;
    // A client's own Message-ID is kept (its Sent folder and replies thread by it).
    const messageId = request.submission?.messageId ?? null;
    const submissionId = submission?.row.id ?? null;
    const rows = recipientsOf(request).map((to) =>
      emailRow(auth, { from, replyTo, subject, preview, messageId, tracking, source, submissionId }, to, rendered, now),
    );
    return submission ? { rows, submission } : { rows };
  }


  async function checkSenders(auth: OrgScope, from: readonly Mailbox[]): Promise<void> {
    const isVerified = deps.isVerifiedDomain;
    if (!isVerified) return;
    const domains = [...new Set(from.map((m) => domainOf(m.address)))];
    const verified = await Promise.all(domains.map((d) => isVerified(auth.organizationId, d)));
    const refused = domains.filter((_, i) => !verified[i]);
    if (refused.length === 0) return;
    const names = refused.length === 1 ? `domain ${refused[0]} is` : `domains ${refused.join(', ')} are`;
    throw new AppError(
      'forbidden',
      `The sending ${names} not verified for this organization: add it (create_domain, POST /api/v2/domains), publish its DNS records and verify it before sending from it`,
      { code: 'domain_not_verified', details: { domains: refused } },
    );
  }

  /**
   * Claim the idempotency key (if any), build the rows, and commit rows, jobs and
   * the stored answer in one transaction. A failure before commit releases the key.
   */
  async function accept<R>(
    auth: OrgScope,
    idempotency: { key: string; operation: string; request: unknown } | undefined,
    build: (now: number) => Promise<{ rows: NewEmailRow[]; result: R; itemIndexes?: number[]; submission?: NewSubmission }>,
    guarded = true,
  ): Promise<R> {
    const now = clock.now();
    let keyRef: ClaimRef | undefined;
    if (idempotency) {
      assertValidIdempotencyKey(idempotency.key);
      const claim = await claimIdempotencyKey(db, {
        organizationId: auth.organizationId,
        key: idempotency.key,
        fingerprint: requestFingerprint(idempotency.operation, idempotency.request),
        now,
        holder: deps.owner,
      });
      if (claim.status === 'replay') {
        // The first request's commit may still be syncing (its own answer waits for
        // that): a replay is answered only once what it repeats is on disk too.
        await handle.syncAfter(async () => undefined);
        return claim.response as R;
      }
      keyRef = { organizationId: auth.organizationId, key: idempotency.key, token: claim.token };
    }
    let result: R;
    try {
      const built = await build(now);
      result = built.result;
      await writer.write({
        rows: built.rows,
        jobKind: DELIVER_EMAIL_JOB,
        guarded,
        ...(built.itemIndexes ? { itemIndexes: built.itemIndexes } : {}),
        ...(built.submission ? { submission: built.submission } : {}),
        ...(keyRef ? { idempotency: { ...keyRef, response: result } } : {}),
      });
    } catch (error) {
      if (keyRef) await releaseIdempotencyKey(db, keyRef).catch(() => undefined);
      throw error;
    }
    deps.onAccepted(DELIVER_EMAIL_JOB);
    return result;
  }

  return {
    async send(auth, request, options) {
      await checkSenders(auth, [request.from]);
      const idempotency = options.idempotencyKey === undefined ? undefined : sendIdempotency(options.idempotencyKey, request);
      const stored = await accept<StoredSendAnswer>(
        auth,
        idempotency,
        async (now) => {
          const built = await buildRows(auth, request, options.source, now);
          const ids = built.rows.map((r) => r.email.id);
          return { ...built, result: request.submission || ids.length > 1 ? { ids } : { id: ids[0]! } };
        },
        !UNGUARDED_SOURCES.has(options.source),
      );
      return sendResultOf(stored);
    },

    async sendBatch(auth, items, options) {
      const valid: { index: number; request: SendRequest }[] = [];
      const invalid: { index: number; details: ErrorDetail[] }[] = [];
      items.forEach((item, index) => {
        if ('details' in item) invalid.push({ index, details: item.details });
        else valid.push({ index, request: item.request });
      });
      // Rendering is validation too (a tiptap node nobody knows): render every
      // valid item first, so its failure is reported at its own index.
      const now = clock.now();
      const built = await Promise.allSettled(valid.map((v) => buildRows(auth, v.request, 'batch', now)));
      const rows: NewEmailRow[] = [];
      const itemIndexes: number[] = [];
      built.forEach((result, i) => {
        const index = valid[i]!.index;
        if (result.status === 'fulfilled') {
          for (const row of result.value.rows) {
            rows.push(row);
            itemIndexes.push(index);
          }
        }
        else if (isAppError(result.reason) && result.reason.kind === 'validation_error') {
          const details = (result.reason.details as ErrorDetail[] | undefined) ?? [{ path: '', message: result.reason.message }];
          invalid.push({ index, details: details.map((d) => ({ path: d.path ? `[${index}].${d.path}` : `[${index}]`, message: d.message })) });
        } else throw result.reason;
      });
      invalid.sort((a, b) => a.index - b.index);
      if (invalid.length > 0 && (options.mode === 'strict' || rows.length === 0)) {
        const details = invalid.flatMap((i) => i.details);
        throw validationError(details, `Batch refused: ${describeDetails(details)}`);
      }
      // Not a problem of one item: a batch from a domain that may not send is refused whole, in either mode.
      await checkSenders(auth, valid.map((v) => v.request.from));
      // The key covers the batch as sent; refused items count by index and problem, not by their raw content.
      const refused = new Map(invalid.map((i) => [i.index, i.details]));
      const fingerprinted = items.map((item, index) => (refused.has(index) ? { refused: refused.get(index) } : 'request' in item ? item.request : item));
      return accept<BatchResult>(
        auth,
        options.idempotencyKey !== undefined
          ? { key: options.idempotencyKey, operation: `emails.batch.${options.mode}`, request: fingerprinted }
          : undefined,
        async () => {
          const result: BatchResult = { data: rows.map((r) => ({ id: r.email.id })) };
          if (options.mode === 'permissive') {
            result.errors = invalid.map((i) => ({ index: i.index, message: describeDetails(i.details), details: i.details }));
          }
          return { rows, result, itemIndexes };
        },
      );
    },

    checkSenders,

    async checkRecipient(auth, address) {
      const mailbox = parseAddress(address);
      if (!mailbox) {
        throw validationError([{ path: 'recipient', message: `is not a valid email address (${JSON.stringify(address)})` }]);
      }
      const key = mailboxKey(mailbox.address);
      const refusal = await peekRecipient(db, { organizationId: auth.organizationId, mailbox: key }, clock.now());
      if (refusal) throw recipientRateLimited(key, refusal);
    },

    async acceptCampaignEmails(trx, auth, page, now) {
      const { from, replyTo, preview, tracking, campaignId } = page;
      const rows = page.emails.map((e) =>
        emailRow(
          auth,
          { from, replyTo, subject: e.subject, preview, messageId: null, tracking, source: 'campaign', submissionId: null, campaignId, listUnsubscribe: e.listUnsubscribe },
          e.to,
          { html: e.html, text: e.text },
          now,
        ),
      );
      await insertEmails(trx, rows);
      await enqueueJobs(trx, rows.map((r) => ({ kind: DELIVER_EMAIL_JOB, refId: r.email.id, runAt: now, organizationId: r.email.organization_id })), now);
      return rows.map((r) => r.email.id);
    },

    accepted(kind = DELIVER_EMAIL_JOB) {
      deps.onAccepted(kind);
    },

    async checkRendering(auth, request) {
      await renderRequest(auth.organizationId, request);
    },

    async get(auth, id) {
      const row = await findEmail(db, auth.organizationId, id);
      if (!row) throw new AppError('not_found', `Email ${id} not found`);
      const events = await listEmailEvents(db, id);
      return {
        ...toEmailListItem(row),
        preview: row.preview,
        message_id: row.message_id,
        html: row.html,
        text: row.text,
        events: events.map(toEventRecord),
        raw: row.raw ?? null,
      };
    },

    async list(auth, page) {
      const rows = await listEmailRows(db, auth.organizationId, page);
      return toPage(rows, page, toEmailListItem);
    },
  };
}
