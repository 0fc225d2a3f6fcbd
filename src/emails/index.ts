// Emails: the one send pipeline every door ends in (validate → render → accept in
// one transaction with its outbox job and idempotency record), plus get, list and batch.
// The steps have their files (render-request, email-rows, accept-send, send-batch); the
// queries are in email.repository.ts and idempotency.repository.ts.
// Must not import any protocol library; delivery happens in ../delivery.
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { AppError, describeDetails, validationError } from '../errors.ts';
import { peekRecipient, recipientRateLimited } from '../limits/index.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { enqueueJobs } from '../queue/index.ts';
import type { ThreadPool } from '../threads/index.ts';
import type { Transaction } from 'kysely';
import { createAcceptSend, type SendIdempotency } from './accept-send.ts';
import { mailboxKey, parseAddress, type Mailbox } from './address.ts';
import { emailRow, requestRows, type EmailSource, type TrackingChoice } from './email-rows.ts';
import { findCapturedMessage, findEmail, findEmailTags, insertEmails, listEmailEvents, listEmailRows, type EmailListFilter } from './email.repository.ts';
import { readEmailStats, type EmailStats, type StatsRequest } from './stats.ts';
import { toEmailListItem, toEventRecord, type EmailListItem, type EmailRecord } from './email-record.ts';
import { createRequestRenderer, type RenderTask } from './render-request.ts';
import { createReplyResolver, type ReplyContextLookup } from './reply.ts';
import { batchFingerprint, buildBatch, type BatchMode, type BatchResult } from './send-batch.ts';
import type { BatchItem, SendRequest } from './send-request.ts';
import { checkSenderDomains, type IsVerifiedDomain } from './sender-domains.ts';
import { recipientSuppressed } from './suppressed-recipients.ts';
import { findSuppressed } from '../suppressions/index.ts';
import { isSubmissionRequest, submissionFingerprintInput, submissionIdempotencyKey } from './submission.ts';

export {
  parseSendBody,
  sendEmailSchema,
  sendEmailFields,
  sendFieldRules,
  contentRule,
  withContentRule,
  toSendRequest,
  batchItemsSchema,
  replyableSendFields,
  withSendRules,
  type SendRequest,
  type BatchItem,
} from './send-request.ts';
export { REFERENCES_MAX, type ReplyContext, type ReplyContextLookup } from './reply.ts';
export { emailListItemSchema, emailRecordSchema, emailEventSchema } from './email-record.ts';
export type { EmailListItem, EmailRecord, EmailEventRecord } from './email-record.ts';
export { EMAIL_EVENT_TYPES, type EmailEventType } from './email-record.ts';
export { IDEMPOTENCY_CODES, idempotencyKeyField } from './idempotency.ts';
export { isRecipientSuppressed } from './suppressed-recipients.ts';
export {
  submissionToSendRequest,
  isRebuiltHeader,
  SUBMISSION_IDEMPOTENCY_HEADER,
  type SubmittedMessage,
  type SubmittedMailbox,
  type SubmittedAttachment,
  type SubmissionHeaders,
} from './submission.ts';

export const DELIVER_EMAIL_JOB = 'deliver_email';
export { BATCH_MAX } from './send-request.ts';
export type { EmailSource, TrackingChoice } from './email-rows.ts';
export type { EmailListFilter } from './email.repository.ts';
export { emailStatsSchema, bucketByDay, STATS_DAYS_DEFAULT, STATS_DAYS_MAX, STATS_TYPES, type EmailStats, type StatsRequest } from './stats.ts';
export { senderDomainOf } from './stats.repository.ts';
export {
  tagsField,
  tagFilterField,
  formatTagFilter,
  SUBMISSION_TAGS_HEADER,
  TAGS_MAX,
  type EmailTag,
  type TagFilter,
} from './email-tags.ts';
export type { RenderTask } from './render-request.ts';
export type { BatchMode, BatchResult } from './send-batch.ts';

/** Automations and campaigns send to their own audience: the recipient guard is for transactional sends. */
/** What reading one of Mailgate's own emails (source system) shows in place of its body. */
export const SYSTEM_BODY_WITHHELD = '(withheld: this email from Mailgate holds a one-time link for its recipient)';

const UNGUARDED_SOURCES: ReadonlySet<EmailSource> = new Set(['workflow', 'campaign']);

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
  isVerifiedDomain?: IsVerifiedDomain | undefined;
  /**
   * The received email a send answers (`in_reply_to`), as the reply needs it:
   * looked up once per such send, before it is accepted. Without it (nothing
   * receives mail), a send naming one is refused: no such received email.
   */
  replyContext?: ReplyContextLookup | undefined;
}

export interface EmailService {
  /**
   * Accept a send request for delivery: one email per recipient (a submitted
   * message has one per envelope recipient, sharing its headers and attachments),
   * all or none. A recipient on the suppression list gets its email, marked
   * `suppressed` and never delivered; when that is every recipient, nothing is
   * stored. A request that answers a received email (`inReplyTo`) goes out in
   * its thread. Every door ends here. Throws validation_error (code
   * RECIPIENT_SUPPRESSED: every recipient suppressed; `in_reply_to` naming no
   * received email of the organization), recipient_rate_limited, idempotency_conflict.
   */
  send(auth: OrgScope, request: SendRequest, options: SendOptions): Promise<SendResult>;
  /** Validate and accept up to 100 v2 send bodies; strict refuses all on any invalid item. */
  sendBatch(auth: OrgScope, items: readonly BatchItem[], options: { mode: BatchMode; idempotencyKey?: string | undefined }): Promise<BatchResult>;
  /**
   * May this organization send to this address now? For doors that learn
   * recipients one at a time. Throws validation_error (not an address; code
   * RECIPIENT_SUPPRESSED: on the suppression list) or recipient_rate_limited;
   * the accept transaction still decides.
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
  /** A page of the organization's emails, newest first, narrowed by `filter`. */
  list(auth: OrgScope, page: PageRequest, filter?: EmailListFilter): Promise<Page<EmailListItem>>;
  /**
   * The finished message as it was handed to the transport (kept by the capture
   * transport only). Throws not_found (no such email; code RAW_NOT_KEPT: not
   * kept, or withheld as Mailgate's own mail is).
   */
  raw(auth: OrgScope, id: string): Promise<{ id: string; content: Buffer }>;
  /** Events of the last `days` UTC days, counted by day (email_daily_stats). */
  stats(auth: OrgScope, request: StatsRequest): Promise<EmailStats>;
}

/**
 * A send's idempotency: a request is fingerprinted as given, under the client's
 * key. A submitted message's key is scoped by its envelope, and its fingerprint
 * leaves out what a mailer makes anew for each attempt (submission.ts).
 */
function sendIdempotency(key: string, request: SendRequest): SendIdempotency {
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
  const renderRequest = createRequestRenderer(deps.pool);
  const accept = createAcceptSend({ handle, clock, owner: deps.owner, jobKind: DELIVER_EMAIL_JOB, onAccepted: deps.onAccepted });
  const checkSenders = (auth: OrgScope, from: readonly Mailbox[]) => checkSenderDomains(deps.isVerifiedDomain, auth, from);
  const resolveReply = createReplyResolver(deps.replyContext);

  /**
   * One row per recipient, rendered once; a submitted message's rows share its
   * submission. A reply's received email is looked up first (after the key is
   * claimed, so a replay does not look again; before the accept transaction).
   */
  async function buildRows(auth: OrgScope, request: SendRequest, source: EmailSource, now: number) {
    const message = await resolveReply(auth.organizationId, request);
    return requestRows(auth, message, await renderRequest(auth.organizationId, message), source, now);
  }

  return {
    async send(auth, request, options) {
      // Mailgate's own mail (an invitation) comes from SYSTEM_FROM, which the operator set: no organization verifies that domain.
      if (options.source !== 'system') await checkSenders(auth, [request.from]);
      const idempotency = options.idempotencyKey === undefined ? undefined : sendIdempotency(options.idempotencyKey, request);
      const stored = await accept<StoredSendAnswer>(
        auth,
        idempotency,
        async (now) => {
          const { rows, submission } = await buildRows(auth, request, options.source, now);
          const ids = rows.map((r) => r.email.id);
          // The answer's shape is the door's (`request` as given: a reply's threading is not a submitted message).
          const result = request.submission || ids.length > 1 ? { ids } : { id: ids[0]! };
          return { rows, result, ...(submission ? { submissions: [submission] } : {}) };
        },
        !UNGUARDED_SOURCES.has(options.source),
      );
      return sendResultOf(stored);
    },

    async sendBatch(auth, items, options) {
      const now = clock.now();
      const { valid, rows, itemIndexes, submissions, invalid } = await buildBatch(items, (request) => buildRows(auth, request, 'batch', now));
      if (invalid.length > 0 && (options.mode === 'strict' || rows.length === 0)) {
        const details = invalid.flatMap((i) => i.details);
        throw validationError(details, `Batch refused: ${describeDetails(details)}`);
      }
      // Not a problem of one item: a batch from a domain that may not send is refused whole, in either mode.
      await checkSenders(
        auth,
        valid.map((v) => v.request.from),
      );
      return accept<BatchResult>(
        auth,
        options.idempotencyKey !== undefined
          ? { key: options.idempotencyKey, operation: `emails.batch.${options.mode}`, request: batchFingerprint(items, invalid) }
          : undefined,
        async () => {
          const result: BatchResult = { data: rows.map((r) => ({ id: r.email.id })) };
          if (options.mode === 'permissive') {
            result.errors = invalid.map((i) => ({ index: i.index, message: describeDetails(i.details), details: i.details }));
          }
          return { rows, result, itemIndexes, submissions };
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
      const now = clock.now();
      // A suppressed address is refused for good, before any wait the guard would ask for.
      const suppressed = (await findSuppressed(db, auth.organizationId, [key], now)).get(key);
      if (suppressed) throw recipientSuppressed([{ mailbox: key, reason: suppressed.reason }]);
      const refusal = await peekRecipient(db, { organizationId: auth.organizationId, mailbox: key }, now);
      if (refusal) throw recipientRateLimited(key, refusal);
    },

    async acceptCampaignEmails(trx, auth, page, now) {
      const { from, replyTo, preview, tracking, campaignId } = page;
      const rows = page.emails.map((e) =>
        emailRow(
          auth,
          {
            from,
            replyTo,
            subject: e.subject,
            preview,
            messageId: null,
            tracking,
            source: 'campaign',
            submissionId: null,
            campaignId,
            listUnsubscribe: e.listUnsubscribe,
          },
          e.to,
          { html: e.html, text: e.text },
          now,
        ),
      );
      await insertEmails(trx, rows);
      await enqueueJobs(
        trx,
        rows.map((r) => ({ kind: DELIVER_EMAIL_JOB, refId: r.email.id, runAt: now, organizationId: r.email.organization_id })),
        now,
      );
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
      const [events, tags] = await Promise.all([listEmailEvents(db, id), findEmailTags(db, [id])]);
      // Mailgate's own mail carries a one-time link for its recipient alone (an invitation): the log says it was sent, never shows the link.
      const withheld = row.source === 'system';
      return {
        ...toEmailListItem(row, tags.get(id)),
        preview: row.preview,
        message_id: row.message_id,
        html: withheld ? SYSTEM_BODY_WITHHELD : row.html,
        text: withheld ? SYSTEM_BODY_WITHHELD : row.text,
        events: events.map(toEventRecord),
        raw: withheld ? null : (row.raw ?? null),
      };
    },

    async list(auth, page, filter = {}) {
      const rows = await listEmailRows(db, auth.organizationId, page, filter);
      const tags = await findEmailTags(
        db,
        rows.map((r) => r.id),
      );
      return toPage(rows, page, (row) => toEmailListItem(row, tags.get(row.id)));
    },

    async raw(auth, id) {
      const row = await findCapturedMessage(db, auth.organizationId, id);
      if (!row) throw new AppError('not_found', `Email ${id} not found`);
      if (row.source === 'system') {
        throw new AppError('not_found', `Email ${id} is Mailgate's own and holds a one-time link for its recipient: its message is not shown`, {
          code: 'RAW_NOT_KEPT',
        });
      }
      if (row.raw === null) {
        throw new AppError('not_found', `The finished message of email ${id} was not kept (only the capture transport keeps it)`, { code: 'RAW_NOT_KEPT' });
      }
      return { id: row.id, content: Buffer.from(row.raw, 'utf8') };
    },

    stats: (auth, request) => readEmailStats(handle, clock, auth, request),
  };
}
