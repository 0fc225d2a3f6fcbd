import { z } from 'zod';
import {
  audienceSchema,
  CAMPAIGN_STATUSES,
  campaignCreateSchema,
  campaignDeletedSchema,
  campaignPreviewFields,
  campaignRecordSchema,
  campaignUpdateFields,
  withCampaignUpdateRule,
  scheduledAtField,
  TEST_RECIPIENTS_MAX,
  toCampaignChanges,
  toCampaignPreviewInput,
} from '../campaigns/index.ts';
import { sendEmailFields } from '../emails/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { atMostOneOf } from '../validation.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE, SENDER_DOMAIN_NOTE } from './quota.ts';

const campaignId = z.string().describe('The campaign id (cmp_…).');

const PERSONALIZATION_NOTE =
  'Subject, preview and content may hold placeholders filled per recipient: {{first_name}}, {{last_name}}, {{email}}, {{attributes.KEY}}, each with an optional default ({{first_name | "there"}}), and {{unsubscribe_url}}; values are HTML-escaped in HTML. A malformed placeholder is refused when the campaign is saved.';

const UNSUBSCRIBE_NOTE =
  'Every campaign email carries a one-click unsubscribe link (in the body, where {{unsubscribe_url}} is placed or in a footer, and in the List-Unsubscribe headers).';

const EXAMPLE_ID = 'cmp_01jd3zq8x6v5t0n2c4b7m9k1pq';

export const createCampaign = defineOperation({
  name: 'create_campaign',
  summary: 'Create a campaign (a draft) for an audience of subscribers',
  resource: 'campaigns',
  description: [
    'Creates a draft campaign: a name, a sender, a subject, exactly one of html, markdown or tiptap, the audience (subscribed subscribers with any or all of some tags; no tags = every subscribed subscriber) and open/click tracking.',
    PERSONALIZATION_NOTE,
    UNSUBSCRIBE_NOTE,
    'Nothing is sent until send_campaign. Returns the campaign.',
    QUOTA_NOTE,
  ].join(' '),
  input: campaignCreateSchema,
  output: campaignRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: ['validation_error'],
  example: {
    name: 'November newsletter',
    from: 'Acme <news@acme.example>',
    subject: 'What is new, {{first_name | "friend"}}',
    markdown: 'Hello {{first_name | "there"}},\n\nHere is what we shipped this month.',
    // No tags (every subscribed subscriber): a tag named here must exist, and a new organization has none.
    audience: { tags: [], match: 'any' },
    tracking: { opens: true, clicks: true },
  },
  run: ({ services, scope }, draft) => services.campaigns.create(scope, draft),
});

export const listCampaigns = defineOperation({
  name: 'list_campaigns',
  summary: 'List campaigns, newest first',
  resource: 'campaigns',
  description: [
    "Returns a page of the organization's campaigns with their status and stats, newest first, optionally only those with one status. Page with limit and the after/before cursors.",
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('cmp', {
    status: z
      .enum(CAMPAIGN_STATUSES, { error: `must be one of ${CAMPAIGN_STATUSES.join(', ')}` })
      .optional()
      .describe('Only campaigns with this status.'),
  }),
  output: listEnvelope(campaignRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20, status: 'sent' },
  run: ({ services, scope }, { status, ...page }) => services.campaigns.list(scope, pageOf(page), { status }),
});

export const getCampaign = defineOperation({
  name: 'get_campaign',
  summary: 'Get one campaign with its stats',
  resource: 'campaigns',
  description: [
    'Returns the campaign: its content, audience, status (draft, scheduled, sending, sent, cancelled) and stats (recipients, skipped, sent, delivered, bounced, complained, failed, opened, clicked, unsubscribed), counted as the events happen.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: campaignId }),
  output: campaignRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.campaigns.get(scope, input.id),
});

export const updateCampaign = defineOperation({
  name: 'update_campaign',
  summary: 'Change a draft or scheduled campaign',
  resource: 'campaigns',
  description: [
    'Changes the fields given of a draft or scheduled campaign (a campaign that is sending, sent or cancelled cannot be changed: conflict). A content field replaces the content. On a scheduled campaign, scheduled_at moves the send time, and null takes it back to draft.',
    PERSONALIZATION_NOTE,
    QUOTA_NOTE,
  ].join(' '),
  input: withCampaignUpdateRule(z.strictObject({ id: campaignId, ...campaignUpdateFields })).transform(({ id, ...rest }) => ({
    id,
    changes: toCampaignChanges(rest),
  })),
  output: campaignRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found', 'conflict', 'validation_error'],
  example: { id: EXAMPLE_ID, subject: 'Our November news, {{first_name | "friend"}}' },
  run: ({ services, scope }, { id, changes }) => services.campaigns.update(scope, id, changes),
});

export const deleteCampaign = defineOperation({
  name: 'delete_campaign',
  summary: 'Delete a draft or scheduled campaign',
  resource: 'campaigns',
  description: [
    'Deletes a draft or scheduled campaign (a scheduled one is not sent). A campaign that is sending, sent or cancelled is kept: conflict.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: campaignId }),
  output: campaignDeletedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found', 'conflict'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.campaigns.remove(scope, input.id),
});

export const sendCampaign = defineOperation({
  name: 'send_campaign',
  summary: 'Send a draft campaign to its audience now, or schedule it',
  resource: 'campaigns',
  description: [
    'Sends the campaign to every subscribed member of its audience, one personalized email each, or, with scheduled_at, schedules it for that time. This emails real people and cannot be undone once sent: before calling it, tell the user how many recipients it will reach (count_audience with the campaign id) and get their go-ahead.',
    'Only a draft can be sent; a second send is a conflict. Unsubscribed, bounced and complained subscribers and addresses on bounce cooldown are skipped. Returns the campaign (status sending or scheduled) and recipient_count, the number of subscribed members now.',
    'Follow progress with get_campaign (stats); stop it with cancel_campaign.',
    SENDER_DOMAIN_NOTE,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: campaignId, scheduled_at: scheduledAtField.optional() }),
  output: campaignRecordSchema.extend({
    recipient_count: z.number().int().describe('Subscribed members of the audience now: the emails this send queues (less any on bounce cooldown).'),
  }),
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  errors: ['not_found', 'conflict', 'validation_error', 'forbidden'],
  example: { id: EXAMPLE_ID, scheduled_at: '2030-12-01T09:00:00Z' },
  run: ({ services, scope }, input) => services.campaigns.send(scope, input.id, { scheduledAt: input.scheduled_at }),
});

export const cancelCampaign = defineOperation({
  name: 'cancel_campaign',
  summary: 'Stop a scheduled or sending campaign',
  resource: 'campaigns',
  description: [
    'Cancels a scheduled campaign (it is not sent) or one that is sending: no new recipient is started; emails already handed on finish. Returns the campaign, status cancelled; its stats keep what was sent.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: campaignId }),
  output: campaignRecordSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found', 'conflict'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.campaigns.cancel(scope, input.id),
});

export const testCampaign = defineOperation({
  name: 'test_campaign',
  summary: 'Send test copies of a campaign to a few addresses',
  resource: 'campaigns',
  description: [
    `Sends one copy of the campaign to each of up to ${TEST_RECIPIENTS_MAX} addresses, personalized as the given subscriber (id or email) would see it, or with empty values and defaults when none is given. The copies' unsubscribe link unsubscribes nobody.`,
    'Test copies are transactional sends: the recipient guard applies to them. Returns the ids of the emails.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({
    id: campaignId,
    to: z
      .array(sendEmailFields.from.describe('An address.'), { error: 'must be an array of addresses' })
      .min(1, 'must hold at least one address')
      .max(TEST_RECIPIENTS_MAX, `must hold at most ${TEST_RECIPIENTS_MAX} addresses`)
      .describe(`Where the copies go: 1–${TEST_RECIPIENTS_MAX} addresses.`),
    subscriber: z.string().optional().describe('Personalize as this subscriber (id or email) would see it.'),
  }),
  output: z.object({ object: z.literal('campaign_test'), ids: z.array(z.string()).describe('The emails sent (eml_…), one per address.') }),
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  errors: ['not_found', 'recipient_rate_limited', 'validation_error', 'forbidden'],
  example: { id: EXAMPLE_ID, to: ['me@acme.example'], subscriber: 'ada@example.com' },
  run: ({ services, scope }, input) => services.campaigns.sendTest(scope, input.id, { to: input.to, subscriber: input.subscriber }),
});

export const previewCampaign = defineOperation({
  name: 'preview_campaign',
  summary: 'Render a campaign as one subscriber would get it, sending nothing',
  resource: 'campaigns',
  description: [
    "Renders the campaign's subject, HTML and text as the send renders them for one recipient: personalized as the given subscriber (id or email), or with each placeholder's default (or nothing) when none is given, with the unsubscribe footer or link (a preview link that unsubscribes nobody). Sends nothing and changes nothing.",
    'To preview unsaved changes, give subject, preview and at most one of html, markdown or tiptap: they are rendered instead of the stored ones. A malformed or unknown placeholder is refused as saving or sending would refuse it.',
    QUOTA_NOTE,
  ].join(' '),
  input: withCampaignUpdateRule(z.strictObject({ id: campaignId, ...campaignPreviewFields })).transform(({ id, ...rest }) => ({
    id,
    preview: toCampaignPreviewInput(rest),
  })),
  output: z.object({
    object: z.literal('campaign_preview'),
    subject: z.string().describe('The subject, personalized.'),
    html: z.string().describe('The HTML body, personalized, with the unsubscribe link; show it only in a sandbox (it is the sender’s content).'),
    text: z.string().describe('The plain-text body, personalized.'),
    subscriber: z.object({ id: z.string(), email: z.string() }).nullable().describe('The subscriber it is personalized for; null when none was given.'),
  }),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found', 'validation_error'],
  example: { id: EXAMPLE_ID, subscriber: 'ada@example.com' },
  run: ({ services, scope }, input) => services.campaigns.preview(scope, input.id, input.preview),
});

export const countAudience = defineOperation({
  name: 'count_audience',
  summary: 'Count how many subscribers a campaign would reach',
  resource: 'campaigns',
  description: [
    "Counts the subscribed subscribers of a campaign's audience (campaign_id) or of an audience given here ({tags, match}; none = every subscribed subscriber): how many emails a send would queue now. Unknown tags are refused, naming them.",
    QUOTA_NOTE,
  ].join(' '),
  input: z
    .strictObject({
      campaign_id: campaignId.optional().describe("Count this campaign's audience."),
      audience: audienceSchema.optional(),
    })
    .refine((v) => v.campaign_id === undefined || v.audience === undefined, { error: 'give campaign_id or audience, not both' })
    .meta(atMostOneOf(['campaign_id', 'audience'])),
  output: z.object({ object: z.literal('audience_count'), count: z.number().int().describe('Subscribed subscribers in the audience now.') }),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found', 'validation_error'],
  example: { audience: { tags: [], match: 'any' } },
  run: ({ services, scope }, input) => services.campaigns.countAudience(scope, { campaignId: input.campaign_id, audience: input.audience }),
});
