import { z } from 'zod';
import {
  batchItemsSchema,
  EMAIL_EVENT_TYPES,
  emailStatsSchema,
  emailListItemSchema,
  emailRecordSchema,
  idempotencyKeyField,
  replyableSendFields,
  STATS_DAYS_DEFAULT,
  STATS_DAYS_MAX,
  tagFilterField,
  toSendRequest,
  withSendRules,
} from '../emails/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { RFC822 } from '../receiving/index.ts';
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
    'Give tags ([{name, value}], up to 10) to find the email again (list_emails tag) and count it apart (get_email_stats tag).',
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

const READ_ONLY = { readOnly: true, destructive: false, idempotent: true, openWorld: false } as const;

const dateTime = (meaning: string) =>
  z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date and time with an offset, like 2026-12-01T09:00:00Z' })
    .transform((value) => Date.parse(value))
    .optional()
    .describe(meaning);

/** A sender domain as a filter gives it: lower-cased, no address or spaces. */
const senderDomain = z
  .string({ error: 'must be a string' })
  .trim()
  .toLowerCase()
  .regex(/^[^\s@<>]{1,253}$/, 'must be a domain name, like example.com')
  .describe("Only emails sent from this domain (the From address's, e.g. example.com), without regard to case.");

const searchText = (meaning: string) =>
  z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(254, 'must be at most 254 characters').optional().describe(meaning);

export const listEmails = defineOperation({
  name: 'list_emails',
  summary: 'List sent emails, newest first',
  resource: 'emails',
  description: [
    'Returns a page of the emails this organization sent, newest first, without their bodies (get_email has them).',
    'Narrow it with any of: status (the last_event), to (text the recipient contains), domain (the sender domain), tag (a tag the send gave: name, or name:value), since and until (when created), query (text the subject contains); text is matched without regard to case, tags exactly.',
    'Page with limit and the after/before cursors: has_more says whether another page follows; pass the last id as after to get it (with the same filters).',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('eml', {
    status: z
      .enum(EMAIL_EVENT_TYPES, { error: `must be one of ${EMAIL_EVENT_TYPES.join(', ')}` })
      .optional()
      .describe('Only emails whose last_event is this (delivered, bounced, …).'),
    to: searchText('Only emails whose recipient contains this text, without regard to case: a whole address, or a part such as "@example.com".'),
    domain: senderDomain.optional(),
    since: dateTime('Only emails created at or after this time (ISO 8601 with an offset).'),
    until: dateTime('Only emails created before this time (ISO 8601 with an offset).'),
    query: searchText('Only emails whose subject contains this text, without regard to case.'),
    tag: tagFilterField.optional(),
  }),
  output: listEnvelope(emailListItemSchema),
  annotations: READ_ONLY,
  errors: [],
  example: { status: 'delivered', domain: 'acme.example', limit: 20 },
  run: ({ services, scope }, { status, to, domain, since, until, query, tag, ...page }) =>
    services.emails.list(scope, pageOf(page), { status, to, domain, since, until, query, tag }),
});

export const getEmailRaw = defineOperation({
  name: 'get_email_raw',
  summary: 'Get a sent email as the whole message that went out',
  resource: 'emails',
  description: [
    `Returns the finished message as it was handed over for delivery (${RFC822}), base64 in content: headers (DKIM signature included, its envelope sender as Return-Path on top) and body.`,
    "Only the capture transport (a server without a relay) keeps it; otherwise, and for Mailgate's own mail (an invitation, which holds a one-time link), the answer is not_found with code RAW_NOT_KEPT.",
    'Over REST the route answers the bytes themselves.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: z.string().describe('The email id (eml_…).') }),
  output: z.object({
    object: z.literal('email_raw'),
    id: z.string().describe('The email id (eml_…).'),
    content_type: z.literal(RFC822),
    size: z.number().int().describe('Bytes of the message.'),
    content: z.string().describe('The message, base64.'),
  }),
  annotations: READ_ONLY,
  errors: ['not_found'],
  example: { id: 'eml_01jd3zq8x6v5t0n2c4b7m9k1pq' },
  run: async ({ services, scope }, input) => {
    const { id, content } = await services.emails.raw(scope, input.id);
    return { object: 'email_raw' as const, id, content_type: RFC822, size: content.byteLength, content: content.toString('base64') };
  },
});

export const getEmailStats = defineOperation({
  name: 'get_email_stats',
  summary: 'Count sent, delivered, bounced, opened… emails by day',
  resource: 'emails',
  description: [
    `Returns, for each of the last days UTC days (today included; 1–${STATS_DAYS_MAX}, default ${STATS_DAYS_DEFAULT}), how many of the organization's emails were sent, delivered, bounced, complained of, opened, clicked, failed and suppressed that day, oldest first with zeros for quiet days, and the totals.`,
    'An email is counted on the day each event happened, not the day it was sent: one sent yesterday and opened today counts as sent yesterday and opened today. Narrow it to one sender domain with domain, and to the emails carrying a tag with tag (name, or name:value).',
    "The answer also tells where the organization's per-minute API quota stands (quota).",
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({
    days: z
      .number({ error: `must be an integer from 1 to ${STATS_DAYS_MAX}` })
      .int({ error: `must be an integer from 1 to ${STATS_DAYS_MAX}` })
      .min(1, { error: `must be an integer from 1 to ${STATS_DAYS_MAX}` })
      .max(STATS_DAYS_MAX, { error: `must be an integer from 1 to ${STATS_DAYS_MAX}` })
      .default(STATS_DAYS_DEFAULT)
      .describe(`How many days to count, ending today (UTC): 1–${STATS_DAYS_MAX}, default ${STATS_DAYS_DEFAULT}.`),
    domain: senderDomain.optional(),
    tag: tagFilterField.optional(),
  }),
  output: emailStatsSchema,
  annotations: READ_ONLY,
  errors: [],
  example: { days: 30 },
  run: ({ services, scope }, input) => services.emails.stats(scope, input),
});
