import { z } from 'zod';
import { subscriberFieldRules } from '../audience/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { SUPPRESSION_REASONS, SUPPRESSIONS_PER_REQUEST_MAX, suppressionDeletedSchema, suppressionRecordSchema } from '../suppressions/index.ts';
import { Created, defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

/** An address, by the rule every address field of the API follows. */
const address = subscriberFieldRules.email;

const suppressionRef = z
  .string({ error: 'must be a string' })
  .describe('The suppression: its id (sup_…) or the suppressed email address (matched without regard to case).');

const SKIP_NOTE =
  'A suppressed address gets no mail: a send to it records the email with last_event suppressed and delivers nothing (a send whose every recipient is suppressed is refused with validation_error, code RECIPIENT_SUPPRESSED), SMTP refuses it at RCPT TO with 550 5.1.1, workflows skip it and campaigns skip it (stats.suppressed).';

export const listSuppressions = defineOperation({
  name: 'list_suppressions',
  summary: 'List suppressed addresses, newest first',
  resource: 'suppressions',
  description: [
    'Returns a page of the addresses this organization does not mail, newest first: why (bounce, complaint or manual), the email that caused it, and when it ends (expires_at, null: never). Expired entries are not listed.',
    'Filter by reason, by one address (email), or by text the address contains (query, e.g. a domain). Page with limit and the after/before cursors: has_more says whether another page follows.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('sup', {
    reason: z
      .enum(SUPPRESSION_REASONS, { error: `must be one of ${SUPPRESSION_REASONS.join(', ')}` })
      .optional()
      .describe('Only suppressions with this reason: bounce, complaint or manual.'),
    email: address.optional().describe('Only the suppression of this address (without regard to case).'),
    query: z
      .string({ error: 'must be a string' })
      .trim()
      .max(254, 'must be at most 254 characters')
      .optional()
      .describe('Only addresses containing this text (case-insensitive), e.g. "@example.com".'),
  }),
  output: listEnvelope(suppressionRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { reason: 'bounce', limit: 50 },
  run: ({ services, scope }, { reason, email, query, ...page }) =>
    services.suppressions.list(
      scope,
      { ...(reason !== undefined ? { reason } : {}), ...(email !== undefined ? { email } : {}), ...(query !== undefined ? { query } : {}) },
      pageOf(page),
    ),
});

export const addSuppressions = defineOperation({
  name: 'add_suppressions',
  summary: 'Suppress up to 100 addresses so that nothing is sent to them',
  resource: 'suppressions',
  description: [
    `Puts 1 to ${SUPPRESSIONS_PER_REQUEST_MAX} addresses on the suppression list (reason manual), until expires_at or for good.`,
    SKIP_NOTE,
    'An address already on the list keeps its entry as it is (a bounce stays a bounce); the answer holds every address given, in order, once each. Safe to repeat.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({
    emails: z
      .array(address, { error: 'must be an array of email addresses' })
      .min(1, 'must name at least one address')
      .max(SUPPRESSIONS_PER_REQUEST_MAX, `must hold at most ${SUPPRESSIONS_PER_REQUEST_MAX} addresses`)
      .describe(`The addresses to suppress, 1 to ${SUPPRESSIONS_PER_REQUEST_MAX}.`),
    expires_at: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date and time with an offset, like 2026-12-01T09:00:00Z' })
      .transform((value) => Date.parse(value))
      .nullable()
      .optional()
      .describe('When the new entries stop suppressing (ISO 8601, in the future); absent or null: never.'),
  }),
  output: z.object({ data: z.array(suppressionRecordSchema).describe('One suppression per address given, in the order given.') }),
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { emails: ['former-customer@example.com'] },
  run: async ({ services, scope }, input) => {
    const { records, added } = await services.suppressions.add(scope, { emails: input.emails, expiresAt: input.expires_at ?? null });
    return added > 0 ? new Created({ data: records }) : { data: records };
  },
});

export const getSuppression = defineOperation({
  name: 'get_suppression',
  summary: 'Get the suppression of one address, by id or address',
  resource: 'suppressions',
  description: [
    'Returns the suppression with this id or of this address: why it is suppressed, the email that caused it, and when it ends. An address that is not suppressed (or no longer is) is not_found: it may be mailed.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ suppression: suppressionRef }),
  output: suppressionRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { suppression: 'former-customer@example.com' },
  run: ({ services, scope }, input) => services.suppressions.get(scope, input.suppression),
});

export const removeSuppression = defineOperation({
  name: 'remove_suppression',
  summary: 'Take an address off the suppression list',
  resource: 'suppressions',
  description: [
    'Removes the suppression with this id or of this address: it may be mailed again.',
    'A complaint (the recipient reported a message as spam) is removed only with force: true, and the removal is logged; without it the answer is conflict with code COMPLAINT_SUPPRESSION. Mailing someone who complained harms the sending domain.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({
    suppression: suppressionRef,
    force: z.boolean({ error: 'must be true or false' }).default(false).describe('true: remove a complaint too.'),
  }),
  output: suppressionDeletedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found', 'conflict'],
  example: { suppression: 'former-customer@example.com' },
  run: ({ services, scope }, input) => services.suppressions.remove(scope, input.suppression, { force: input.force }),
});
