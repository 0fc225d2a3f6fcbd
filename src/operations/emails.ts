import { z } from 'zod';
import {
  batchItemsSchema,
  emailListItemSchema,
  emailRecordSchema,
  idempotencyKeyField,
  replyableSendFields,
  toSendRequest,
  withSendRules,
} from '../emails/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE, RECIPIENT_GUARD_NOTE, SENDER_DOMAIN_NOTE } from './quota.ts';

const FIXTURES_NOTE =
  'Addresses at mailgate.test are fixtures that never leave the server: delivered@, bounced@ and complained@mailgate.test (with any +suffix) walk through queued → sent → delivered, bounced or complained.';

const sendResult = z.object({ id: z.string().describe('The new email id (eml_…): pass it to get_email to follow its delivery.') });

export const sendEmail = defineOperation({
  name: 'send_email',
  summary: 'Send one transactional email',
  resource: 'emails',
  description: [
    'Queues one email to one recipient for delivery and returns its id at once; delivery happens in the background (follow it with get_email, whose last_event moves from queued to sent and delivered, or bounced/failed).',
    'Give the content as exactly one of html, markdown or tiptap; the plain-text part is derived, and preview is shown by mail clients after the subject.',
    'Use it for messages to one person triggered by what they did (a receipt, a password reset); for many recipients at once use send_batch.',
    'To answer an email you received (list_received_emails), pass its id as in_reply_to and its sender as to: the answer joins that conversation in the reader\'s mail client (In-Reply-To and References are set for you), and subject may be left out to get "Re: " and the received subject.',
    'Pass an idempotency_key when you may retry: a retry with the same key and input returns the first id and sends nothing twice.',
    FIXTURES_NOTE,
    SENDER_DOMAIN_NOTE,
    RECIPIENT_GUARD_NOTE,
    QUOTA_NOTE,
  ].join(' '),
  input: withSendRules(z.strictObject({ ...replyableSendFields, idempotency_key: idempotencyKeyField.optional() })).transform(
    ({ idempotency_key, ...body }) => ({
      request: toSendRequest(body),
      idempotencyKey: idempotency_key,
    }),
  ),
  output: sendResult,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  errors: ['forbidden', 'idempotency_conflict', 'recipient_rate_limited'],
  example: {
    from: 'Acme <hello@acme.example>',
    to: 'delivered+welcome@mailgate.test',
    subject: 'Welcome to Acme',
    markdown: '# Welcome\n\nYour account is ready.',
    preview: 'Your account is ready',
  },
  run: async ({ services, scope, door }, input) => {
    // One recipient, one email: the answer is its id alone (send's `ids` is for doors that take several).
    const { id } = await services.emails.send(scope, input.request, { source: door === 'mcp' ? 'mcp' : 'api', idempotencyKey: input.idempotencyKey });
    return { id };
  },
});

export const BATCH_MODES = ['strict', 'permissive'] as const;

export const sendBatch = defineOperation({
  name: 'send_batch',
  summary: 'Send up to 100 transactional emails in one call',
  resource: 'emails',
  description: [
    'Queues 1 to 100 emails, each given like a send_email body (one recipient each), and returns their ids in the order given.',
    'validation "strict" (the default) sends nothing when any item is invalid and names every problem by index ([2].subject); "permissive" sends the valid items and lists the invalid ones under errors.',
    'Pass an idempotency_key when you may retry: the whole batch is then answered from the first time.',
    FIXTURES_NOTE,
    SENDER_DOMAIN_NOTE,
    RECIPIENT_GUARD_NOTE,
    `${QUOTA_NOTE.replace('Costs one request', 'The whole batch costs one request')}`,
  ].join(' '),
  input: z.strictObject({
    emails: batchItemsSchema.describe('The emails: 1 to 100 send bodies, each as for send_email (without idempotency_key).'),
    validation: z
      .enum(BATCH_MODES, { error: 'must be strict or permissive' })
      .default('strict')
      .describe('strict: all or nothing; permissive: send the valid items, report the others.'),
    idempotency_key: idempotencyKeyField.optional(),
  }),
  output: z.object({
    data: z.array(sendResult).describe('One entry per email sent, in the order given.'),
    errors: z
      .array(
        z.object({
          index: z.int().describe('Position of the refused item in emails (0-based).'),
          message: z.string(),
          details: z.array(z.object({ path: z.string(), message: z.string() })),
        }),
      )
      .optional()
      .describe('permissive only: the items not sent, and why.'),
  }),
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  errors: ['forbidden', 'idempotency_conflict', 'recipient_rate_limited'],
  example: {
    emails: [
      { from: 'Acme <hello@acme.example>', to: 'delivered+one@mailgate.test', subject: 'Your receipt', html: '<p>Thank you.</p>' },
      { from: 'Acme <hello@acme.example>', to: 'delivered+two@mailgate.test', subject: 'Your receipt', html: '<p>Thank you.</p>' },
    ],
  },
  run: ({ services, scope }, input) => services.emails.sendBatch(scope, input.emails, { mode: input.validation, idempotencyKey: input.idempotency_key }),
});

export const getEmail = defineOperation({
  name: 'get_email',
  summary: 'Get one email with its delivery status and bodies',
  resource: 'emails',
  description: [
    'Returns an email sent by this organization: its last_event (queued, sent, delivered, delivery_delayed, bounced, complained, failed; opened and clicked when tracked), every event with its time, the html and text as stored, and the finished message when it was captured.',
    'Use it after send_email to see whether a message arrived.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: z.string().describe('The email id (eml_…) send_email returned.') }),
  output: emailRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: 'eml_01jd3zq8x6v5t0n2c4b7m9k1pq' },
  run: ({ services, scope }, input) => services.emails.get(scope, input.id),
});

export const listEmails = defineOperation({
  name: 'list_emails',
  summary: 'List sent emails, newest first',
  resource: 'emails',
  description: [
    'Returns a page of the emails this organization sent, newest first, without their bodies (get_email has them).',
    'Page with limit and the after/before cursors: has_more says whether another page follows; pass the last id as after to get it.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('eml', {}),
  output: listEnvelope(emailListItemSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.emails.list(scope, pageOf(input)),
});
