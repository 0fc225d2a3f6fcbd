import { z } from 'zod';
import { checkInput, exactlyOneOf, isPlainObject, REPORT_FIRST } from '../validation.ts';
import { validationError, type ErrorDetail } from '../errors.ts';
import { idPattern } from '../ids.ts';
import type { EmailContent, PersonalValues, TiptapDocument } from '../render/index.ts';
import type { SubmissionContent } from './submission.ts';
import { tagsField, type EmailTag } from './email-tags.ts';
import { hasLineBreak, parseMailbox, parseMailboxParts, type Mailbox } from './address.ts';

/**
 * The send request every door produces (REST v2, REST v1, batch, MCP, workflows,
 * SMTP) and hands to `emails.send`, and the schema of the v2 body that maps onto
 * it. All field rules of a send live here, once (the frozen v1 body is the HTTP
 * adapter's dialect, built from sendFieldRules); a submitted message's own rules
 * (header lines, attachments) are submission.ts's.
 */
export interface SendRequest {
  from: Mailbox;
  /**
   * One recipient (a REST body, a workflow step), or a submitted message's
   * envelope recipients (SMTP, Bcc included): one email each, accepted all or none.
   */
  to: Mailbox | Mailbox[];
  subject: string;
  content: EmailContent;
  replyTo: Mailbox | null;
  preview: string | null;
  /** Open and click tracking (v1 only; v2 refuses the field). */
  tracking?: boolean;
  /** A submitted message's own Message-ID, kept header lines and attachments (SMTP). */
  submission?: SubmissionContent;
  /** Subject, preview and content are a template: their placeholders are filled with these values (a workflow's send to its subscriber). */
  personalization?: PersonalValues;
  /**
   * The received email this send answers (`rcv_…`, send_email's in_reply_to): the
   * send pipeline looks it up and threads the message under it (reply.ts). With it,
   * an empty subject means none was given: the reply's is "Re: " and the received one's.
   */
  inReplyTo?: string | undefined;
  /** Tags to find and count the email by (email-tags.ts); absent or empty: none. */
  tags?: EmailTag[] | undefined;
}

/** A request's recipients, one email each. */
export function recipientsOf(request: SendRequest): Mailbox[] {
  return Array.isArray(request.to) ? request.to : [request.to];
}

export const SUBJECT_MAX = 998;
export const PREVIEW_MAX = 1000;

const ADDRESS_HINT = 'must be a valid email address ("name@example.com" or "Name <name@example.com>")';
const LINE_BREAK = 'must not contain CR or LF';

/** A field rule's verdict: the value as the send request holds it, or the problem a detail names. */
export type FieldCheck<T> = { value: T } | { problem: string };

/**
 * The mailbox rule of every send, whichever door: a valid address (address.ts),
 * no CR or LF. Given as one string (a JSON field: "addr" or "Name <addr>") or as
 * its parts (a parsed header's name and address; an envelope address has no name).
 * `invalid` words a malformed address: each door says what form it asked for.
 */
export function checkMailbox(input: string | { name: string; address: string }, invalid: string = ADDRESS_HINT): FieldCheck<Mailbox> {
  const mailbox = typeof input === 'string' ? parseMailbox(input) : parseMailboxParts(input.name, input.address);
  if (mailbox) return { value: mailbox };
  const given = typeof input === 'string' ? input : input.name + input.address;
  return { problem: hasLineBreak(given) ? LINE_BREAK : invalid };
}

/**
 * The subject rule of every send, whichever door: no CR or LF, trimmed, at most
 * SUBJECT_MAX characters. An empty subject is the door's to refuse (REST requires
 * one; a submitted message may have none).
 */
export function checkSubject(input: string): FieldCheck<string> {
  if (hasLineBreak(input)) return { problem: LINE_BREAK };
  const subject = input.trim();
  if (subject.length > SUBJECT_MAX) return { problem: `must be at most ${SUBJECT_MAX} characters` };
  return { value: subject };
}

/** A field rule as a zod transform: its problem becomes the field's issue. */
function asIssue<T>(check: FieldCheck<T>, ctx: z.RefinementCtx): T {
  if ('value' in check) return check.value;
  ctx.addIssue({ code: 'custom', message: check.problem });
  return z.NEVER;
}

/** One mailbox from a string, or a zod issue saying why not. */
function toMailbox(value: string, ctx: z.RefinementCtx): Mailbox {
  return asIssue(checkMailbox(value), ctx);
}

function mailboxField() {
  return z.string().transform(toMailbox);
}

const subjectField = z
  .string()
  .transform((s, ctx) => asIssue(checkSubject(s), ctx))
  .pipe(z.string().min(1, 'must not be empty'));

const previewField = z.string().max(PREVIEW_MAX, `must be at most ${PREVIEW_MAX} characters`);

const tiptapDocument = z.looseObject({
  type: z.literal('doc', { message: 'must be a tiptap document ({"type":"doc","content":[…]})' }),
  content: z.array(z.unknown()).optional(),
});

const recipientField = z.union([z.string(), z.array(z.string())]).transform((value, ctx): Mailbox => {
  if (Array.isArray(value) && value.length !== 1) {
    ctx.addIssue({ code: 'custom', message: 'must be one address, or an array holding exactly one address' });
    return z.NEVER;
  }
  return toMailbox(Array.isArray(value) ? value[0]! : value, ctx);
});

export const CONTENT_FIELDS = ['html', 'markdown', 'tiptap'] as const;

/** v1 fields a v2 send refuses, with what replaces them. */
export const DROPPED_V1_FIELDS: Readonly<Record<string, string | null>> = {
  content: 'html, markdown or tiptap',
  contentType: 'html, markdown or tiptap (the field name says the type)',
  replyTo: 'reply_to',
  attachments: null,
  template: null,
  topic_id: null,
  scheduled_at: null,
  react: 'html (render the React email to HTML first)',
  tracking: null,
};

/**
 * A v1 field a v2 body may not hold, whatever its value (null too), named with
 * its replacement. Its JSON Schema is `not: {}` (never valid): documents and
 * tool schemas leave such a field out, as they do every field a body may not hold.
 */
function droppedField(replacement: string | null) {
  const message = replacement ? `is a v1 field that v2 does not accept; use ${replacement}` : 'is a v1 field that v2 does not accept';
  return z
    .unknown()
    .superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', message, params: REPORT_FIRST }))
    .optional()
    .meta({ not: {} });
}

/**
 * The fields of a v2 send body (POST /api/v2/emails, a batch item, a workflow
 * step): each field's shape, and the v1 fields it refuses. The rule across
 * fields is `contentRule`.
 */
export const sendEmailFields = {
  from: mailboxField().describe('Sender: "name@example.com" or "Name <name@example.com>".'),
  to: recipientField.describe('Recipient: one address, or an array holding exactly one address.'),
  subject: subjectField.describe(`Subject line, 1–${SUBJECT_MAX} characters, no line breaks.`),
  html: z.string().min(1, 'must not be empty').optional().describe('Content as HTML, sent as given; the text part is derived from it.'),
  markdown: z.string().min(1, 'must not be empty').optional().describe('Content as Markdown, rendered to HTML and text.'),
  tiptap: tiptapDocument.optional().describe('Content as a tiptap (ProseMirror JSON) document: {"type":"doc","content":[…]}.'),
  reply_to: mailboxField().optional().describe('Address replies should go to.'),
  preview: previewField.optional().describe('Preview (preheader) text mail clients show after the subject; inserted hidden at the start of the HTML.'),
  ...Object.fromEntries(Object.entries(DROPPED_V1_FIELDS).map(([name, replacement]) => [name, droppedField(replacement)])),
};

/**
 * The fields of a send that may answer a received email (send_email and a batch
 * item, not a workflow step: a workflow writes to its subscriber, not back to one
 * message): the send's fields, in_reply_to, and a subject that in_reply_to makes
 * optional. The rules across fields are `withSendRules`.
 */
export const replyableSendFields = {
  ...sendEmailFields,
  subject: subjectField
    .optional()
    .describe(
      `Subject line, 1–${SUBJECT_MAX} characters, no line breaks. Required, unless in_reply_to is given: then, when left out, it is "Re: " followed by the received email's subject.`,
    ),
  in_reply_to: z
    .string()
    .regex(idPattern('rcv'), { error: 'must be the id of a received email (rcv_…)' })
    .optional()
    .describe(
      'Answer a received email: its id (rcv_…, from list_received_emails, get_received_email or the email.received webhook). ' +
        'The message goes out in that conversation: In-Reply-To names the received message, References its thread, and a left-out subject becomes "Re: " and the received subject. ' +
        "Send it to whoever should get the answer (usually the received email's from): to is not filled in for you. " +
        'An id that is not a received email of this organization (or one past its retention) is refused.',
    ),
  tags: tagsField.optional(),
};

/** Exactly one content field: reported with (and before) every other problem of the body. Add with withContentRule. */
export function contentRule(body: Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>>, ctx: z.RefinementCtx): void {
  const given = CONTENT_FIELDS.filter((k) => body[k] !== undefined);
  if (given.length === 1) return;
  const message =
    given.length === 0
      ? 'exactly one of html, markdown or tiptap must be given'
      : `exactly one of html, markdown or tiptap must be given, not ${given.join(' and ')}`;
  ctx.addIssue({ code: 'custom', message, params: REPORT_FIRST });
}

type ContentFields = Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>>;

/** An object holding the content fields, with the content rule checked by zod and said in its JSON Schema (oneOf). */
export function withContentRule<S extends z.ZodType<ContentFields>>(schema: S): S {
  return schema.superRefine(contentRule, { when: () => true }).meta(exactlyOneOf(CONTENT_FIELDS));
}

/**
 * A subject, unless the send answers a received email (in_reply_to), which gives
 * one. Missing both is the same "subject is required" as a send that cannot answer.
 */
function subjectRule(body: { subject?: unknown; in_reply_to?: unknown }, ctx: z.RefinementCtx): void {
  if (body.subject === undefined && body.in_reply_to === undefined) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required' });
}

/**
 * The send rules across fields of a body that may answer a received email:
 * exactly one content field (withContentRule), and a subject unless in_reply_to.
 * Both said in its JSON Schema: the content rule as `oneOf`, the subject rule as
 * `not: {not: {anyOf: …}}` (an anyOf that tool schemas may carry at the top: some
 * providers refuse anyOf there, none refuse not).
 */
export function withSendRules<S extends z.ZodType<ContentFields & { subject?: unknown; in_reply_to?: unknown }>>(schema: S): S {
  return schema
    .superRefine(contentRule, { when: () => true })
    .superRefine(subjectRule, { when: () => true })
    .meta({ ...exactlyOneOf(CONTENT_FIELDS), not: { not: { anyOf: [{ required: ['subject'] }, { required: ['in_reply_to'] }] } } });
}

/** A parsed v2 send body → the send request. */
export function toSendRequest(b: {
  from: Mailbox;
  to: Mailbox;
  subject?: string | undefined;
  html?: string | undefined;
  markdown?: string | undefined;
  tiptap?: unknown;
  reply_to?: Mailbox | undefined;
  preview?: string | undefined;
  in_reply_to?: string | undefined;
  tags?: EmailTag[] | undefined;
}): SendRequest {
  const content: EmailContent =
    b.html !== undefined
      ? { kind: 'html', html: b.html }
      : b.markdown !== undefined
        ? { kind: 'markdown', markdown: b.markdown }
        : { kind: 'tiptap', tiptap: b.tiptap as TiptapDocument };
  // A subject may be left out only with in_reply_to (withSendRules): '' until the reply's is known.
  const request: SendRequest = { from: b.from, to: b.to, subject: b.subject ?? '', content, replyTo: b.reply_to ?? null, preview: b.preview ?? null };
  if (b.in_reply_to !== undefined) request.inReplyTo = b.in_reply_to;
  // Left off when none: an untagged send's idempotency fingerprint stays what it was.
  if (b.tags !== undefined && b.tags.length > 0) request.tags = b.tags;
  return request;
}

/** A send body that cannot answer a received email (a workflow step, a form's confirmation). */
const sendBodySchema = withContentRule(z.strictObject(sendEmailFields));
/** A send body that may answer one (send_email, a batch item). */
const replyableBodySchema = withSendRules(z.strictObject(replyableSendFields));

/** POST /api/v2/emails body, every rule of a v2 send: the body → the send request. */
export const sendEmailSchema = sendBodySchema.transform(toSendRequest);

/**
 * The rules of a send's fields without their v2 descriptions: a door's own
 * dialect (REST v1) builds its body from them, so that a field is checked
 * alike whichever door it comes by.
 */
export const sendFieldRules = {
  mailbox: mailboxField(),
  recipient: recipientField,
  subject: subjectField,
  preview: previewField,
  tiptap: tiptapDocument,
};

/** A send body's check: its request, or its problems instead of throwing (a batch needs them per item). */
function checkBody(schema: z.ZodType<SendRequest, unknown>, body: unknown, prefix: string): { request: SendRequest } | { details: ErrorDetail[] } {
  if (!isPlainObject(body)) return { details: [{ path: prefix, message: 'must be a JSON object' }] };
  const checked = checkInput(schema, body, prefix);
  return 'details' in checked ? { details: checked.details } : { request: checked.data };
}

/** Validate a v2 send body that cannot answer a received email (a workflow step's). */
export function checkSendBody(body: unknown, prefix = ''): { request: SendRequest } | { details: ErrorDetail[] } {
  return checkBody(sendEmailSchema, body, prefix);
}

const replyableSendSchema = replyableBodySchema.transform(toSendRequest);

export const BATCH_MAX = 100;

/** One item of a batch, checked: its send request, or its problems (paths prefixed `[index]`). */
export type BatchItem = { request: SendRequest } | { details: ErrorDetail[] };

/** The JSON Schema of one batch item, for documents (a batch's items are checked one by one, below). */
const { $schema: _dialect, ...SEND_BODY_JSON_SCHEMA } = z.toJSONSchema(replyableBodySchema, { io: 'input', unrepresentable: 'any' });

/**
 * A batch: 1 to BATCH_MAX v2 send bodies. Each item is checked on its own, so
 * that a permissive batch can still send the valid ones; what the array must be
 * is this schema's rule, named in the error's message as well as its detail.
 */
export const batchItemsSchema = z
  .unknown()
  .superRefine((items, ctx) => {
    if (!Array.isArray(items)) {
      const message = 'must be a JSON array of send bodies';
      ctx.addIssue({ code: 'custom', message, params: { headline: 'The batch body must be a JSON array of send bodies' } });
    } else if (items.length === 0 || items.length > BATCH_MAX) {
      const message = `must hold 1 to ${BATCH_MAX} emails (got ${items.length})`;
      ctx.addIssue({ code: 'custom', message, params: { headline: `A batch must hold 1 to ${BATCH_MAX} emails (got ${items.length})` } });
    }
  })
  .transform((items) => (items as unknown[]).map((body, index): BatchItem => checkBody(replyableSendSchema, body, `[${index}]`)))
  .meta({ type: 'array', items: SEND_BODY_JSON_SCHEMA, minItems: 1, maxItems: BATCH_MAX });

/** Throws validation_error naming every problem. */
export function parseSendBody(body: unknown): SendRequest {
  const result = checkSendBody(body);
  if ('details' in result) throw validationError(result.details);
  return result.request;
}
