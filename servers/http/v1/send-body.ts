import { z } from 'zod';
import { isPlainObject, nestedTooDeep, parseBody, sendFieldRules, validationError, type EmailContent, type SendRequest } from '../../../src/index.ts';

// The frozen v1 send body (POST /api/v1/emails) and v1's content fields (a
// send's, a campaign's): v1's dialect, mapped here onto the send request every
// door hands the core. The field rules are the core's (sendFieldRules).

const { mailbox, recipient, subject, preview, tiptap } = sendFieldRules;

/** v1's content fields (a send, a campaign): the content, and what kind it is. */
export const contentFieldsV1 = {
  content: z.union([z.string().min(1, 'must not be empty'), tiptap]),
  contentType: z.enum(['MARKDOWN', 'HTML', 'TIPTAP']).default('MARKDOWN'),
};

/** POST /api/v1/emails body (frozen). */
export const sendEmailV1Schema = z.strictObject({
  from: mailbox,
  to: recipient,
  subject,
  ...contentFieldsV1,
  replyTo: mailbox.optional(),
  tracking: z.boolean().optional(),
  preview: preview.optional(),
});

/** v1's content and contentType as the content they mean. Throws validation_error. */
export function contentFromV1(given: string | Record<string, unknown>, contentType: 'MARKDOWN' | 'HTML' | 'TIPTAP'): EmailContent {
  if (contentType === 'TIPTAP') {
    let doc: unknown = given;
    if (typeof doc === 'string') {
      try {
        doc = JSON.parse(doc);
      } catch {
        doc = undefined;
      }
    }
    const checked = tiptap.safeParse(doc);
    if (!checked.success || nestedTooDeep(checked.data)) {
      throw validationError([{ path: 'content', message: 'must be a tiptap document (object or JSON string) when contentType is TIPTAP' }]);
    }
    return { kind: 'tiptap', tiptap: checked.data as never };
  }
  if (typeof given !== 'string') {
    throw validationError([{ path: 'content', message: `must be a string when contentType is ${contentType}` }]);
  }
  return contentType === 'HTML' ? { kind: 'html', html: given } : { kind: 'markdown', markdown: given };
}

/** Validate a v1 send body and map it onto the send request. Throws validation_error. */
export function parseSendBodyV1(body: unknown): SendRequest {
  if (!isPlainObject(body)) {
    throw validationError([{ path: '', message: 'must be a JSON object' }], 'body must be a JSON object');
  }
  const b = parseBody(sendEmailV1Schema, body);
  return {
    from: b.from,
    to: b.to,
    subject: b.subject,
    content: contentFromV1(b.content, b.contentType),
    replyTo: b.replyTo ?? null,
    preview: b.preview ?? null,
    // Only when asked for: a request without tracking reads (and fingerprints) as it always has.
    ...(b.tracking ? { tracking: true } : {}),
  };
}
