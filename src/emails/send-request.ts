import { z } from 'zod';
import { inputProblem, isPlainObject, MAX_INPUT_DEPTH, zodIssuesToDetails } from '../validation.ts';
import { jsonDepth, validationError, type ErrorDetail } from '../errors.ts';
import type { EmailContent, TiptapDocument } from '../render/index.ts';
import { hasLineBreak, parseMailbox, type Mailbox } from './address.ts';

/**
 * The send request every door produces (REST v2, REST v1, batch, and later SMTP,
 * MCP, campaigns, workflows), and the schemas of the two REST bodies that map onto it.
 * All field rules of a send live here, once.
 */
export interface SendRequest {
  from: Mailbox;
  to: Mailbox;
  subject: string;
  content: EmailContent;
  replyTo: Mailbox | null;
  preview: string | null;
  /** Open and click tracking (v1 only; v2 refuses the field). */
  tracking?: boolean;
}

export const SUBJECT_MAX = 998;
export const PREVIEW_MAX = 1000;

const ADDRESS_HINT = 'must be a valid email address ("name@example.com" or "Name <name@example.com>")';

/** One mailbox from a string, or a zod issue saying why not. */
function toMailbox(value: string, ctx: z.RefinementCtx): Mailbox {
  const mailbox = parseMailbox(value);
  if (mailbox) return mailbox;
  ctx.addIssue({ code: 'custom', message: hasLineBreak(value) ? 'must not contain CR or LF' : ADDRESS_HINT });
  return z.NEVER;
}

function mailboxField() {
  return z.string().transform(toMailbox);
}

const subjectField = z
  .string()
  .refine((s) => !hasLineBreak(s), 'must not contain CR or LF')
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'must not be empty').max(SUBJECT_MAX, `must be at most ${SUBJECT_MAX} characters`));

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

/**
 * POST /api/v2/emails body: the shape of each field. The rule across fields
 * (exactly one content field) is checked by `checkSendBody`, so that it is
 * reported together with every other problem.
 */
export const sendEmailSchema = z.strictObject({
  from: mailboxField(),
  to: recipientField,
  subject: subjectField,
  html: z.string().min(1, 'must not be empty').optional(),
  markdown: z.string().min(1, 'must not be empty').optional(),
  tiptap: tiptapDocument.optional(),
  reply_to: mailboxField().optional(),
  preview: previewField.optional(),
});

function contentProblem(body: Record<string, unknown>): string | null {
  const given = CONTENT_FIELDS.filter((k) => body[k] !== undefined);
  if (given.length === 1) return null;
  return given.length === 0
    ? 'exactly one of html, markdown or tiptap must be given'
    : `exactly one of html, markdown or tiptap must be given, not ${given.join(' and ')}`;
}

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

/** POST /api/v1/emails body (frozen). */
export const sendEmailV1Schema = z.strictObject({
  from: mailboxField(),
  to: recipientField,
  subject: subjectField,
  content: z.union([z.string().min(1, 'must not be empty'), tiptapDocument]),
  contentType: z.enum(['MARKDOWN', 'HTML', 'TIPTAP']).default('MARKDOWN'),
  replyTo: mailboxField().optional(),
  tracking: z.boolean().optional(),
  preview: previewField.optional(),
});

/** Validate a v2 send body; returns the problems instead of throwing (batch needs them per item). */
export function checkSendBody(body: unknown, prefix = ''): { request: SendRequest } | { details: ErrorDetail[] } {
  if (!isPlainObject(body)) return { details: [{ path: prefix, message: 'must be a JSON object' }] };
  const problem = inputProblem(body, prefix);
  if (problem) return { details: [problem] };
  const details: ErrorDetail[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Object.hasOwn(DROPPED_V1_FIELDS, key)) {
      const replacement = DROPPED_V1_FIELDS[key];
      details.push({
        path: prefix ? `${prefix}.${key}` : key,
        message: replacement
          ? `is a v1 field that v2 does not accept; use ${replacement}`
          : 'is a v1 field that v2 does not accept',
      });
    } else {
      rest[key] = value;
    }
  }
  const contentRule = contentProblem(rest);
  if (contentRule) details.push({ path: prefix, message: contentRule });
  const parsed = sendEmailSchema.safeParse(rest, { reportInput: true });
  if (!parsed.success) details.push(...zodIssuesToDetails(parsed.error.issues, prefix));
  if (details.length > 0 || !parsed.success) return { details };
  const b = parsed.data;
  const content: EmailContent =
    b.html !== undefined
      ? { kind: 'html', html: b.html }
      : b.markdown !== undefined
        ? { kind: 'markdown', markdown: b.markdown }
        : { kind: 'tiptap', tiptap: b.tiptap as TiptapDocument };
  return {
    request: {
      from: b.from,
      to: b.to,
      subject: b.subject,
      content,
      replyTo: b.reply_to ?? null,
      preview: b.preview ?? null,
    },
  };
}

/** Throws validation_error naming every problem. */
export function parseSendBody(body: unknown): SendRequest {
  const result = checkSendBody(body);
  if ('details' in result) throw validationError(result.details);
  return result.request;
}

/** Validate a v1 send body and map it onto the common request. Throws validation_error. */
export function parseSendBodyV1(body: unknown): SendRequest {
  if (!isPlainObject(body)) {
    throw validationError([{ path: '', message: 'must be a JSON object' }], 'body must be a JSON object');
  }
  const problem = inputProblem(body);
  if (problem) throw validationError([problem]);
  const parsed = sendEmailV1Schema.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    const details = zodIssuesToDetails(parsed.error.issues);
    throw validationError(details);
  }
  const b = parsed.data;
  let content: EmailContent;
  if (b.contentType === 'TIPTAP') {
    let doc: unknown = b.content;
    if (typeof doc === 'string') {
      try {
        doc = JSON.parse(doc);
      } catch {
        doc = undefined;
      }
    }
    const checked = tiptapDocument.safeParse(doc);
    if (!checked.success || jsonDepth(checked.data, MAX_INPUT_DEPTH) > MAX_INPUT_DEPTH) {
      throw validationError([{ path: 'content', message: 'must be a tiptap document (object or JSON string) when contentType is TIPTAP' }]);
    }
    content = { kind: 'tiptap', tiptap: checked.data as never };
  } else if (typeof b.content !== 'string') {
    throw validationError([{ path: 'content', message: `must be a string when contentType is ${b.contentType}` }]);
  } else {
    content = b.contentType === 'HTML' ? { kind: 'html', html: b.content } : { kind: 'markdown', markdown: b.content };
  }
  return {
    from: b.from,
    to: b.to,
    subject: b.subject,
    content,
    replyTo: b.replyTo ?? null,
    preview: b.preview ?? null,
    // Only when asked for: a request without tracking reads (and fingerprints) as it always has.
    ...(b.tracking ? { tracking: true } : {}),
  };
}


export { zodIssuesToDetails } from '../validation.ts';
