import { z } from 'zod';
import { TAGS_PER_REQUEST_MAX, tagName } from '../audience/audience-input.ts';
import type { Mailbox } from '../emails/address.ts';
import { CONTENT_FIELDS, sendEmailFields, withContentRule } from '../emails/send-request.ts';
import type { EmailContent, TiptapDocument } from '../render/index.ts';
import { atMostOneOf, REPORT_FIRST } from '../validation.ts';

/**
 * A campaign's input rules, once: the send rules for sender, subject, preview
 * and content (the same schema fields a send has), plus its name, audience and
 * tracking. Placeholders and rendering are checked by the service, which
 * compiles the template as a send of it would.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatusName = (typeof CAMPAIGN_STATUSES)[number];

/** Statuses in which a campaign may still be changed or deleted. */
export const EDITABLE_STATUSES: ReadonlySet<CampaignStatusName> = new Set(['draft', 'scheduled']);

export const TEST_RECIPIENTS_MAX = 5;

const name = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const audienceSchema = z
  .strictObject({
    tags: z
      .array(tagName, { error: 'must be an array of tag names' })
      .max(TAGS_PER_REQUEST_MAX, `must hold at most ${TAGS_PER_REQUEST_MAX} tags`)
      .default([])
      .describe('Tag names; none = every subscribed subscriber.'),
    match: z
      .enum(['any', 'all'], { error: 'must be any or all' })
      .default('any')
      .describe('any: subscribers with at least one of the tags; all: with every one.'),
  })
  .describe('Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber.');
export type Audience = z.output<typeof audienceSchema>;

export const trackingSchema = z
  .strictObject({
    opens: z.boolean({ error: 'must be true or false' }).default(false),
    clicks: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .describe('Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten.');
export type Tracking = z.output<typeof trackingSchema>;

/** When to send: an ISO 8601 date and time with its offset, in the future. */
export const scheduledAtField = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date and time with an offset, like 2026-12-01T09:00:00Z' })
  .transform((value) => Date.parse(value))
  .describe('ISO 8601 date and time with an offset (2026-12-01T09:00:00Z); must be in the future.');

const { from, subject, reply_to, preview, html, markdown, tiptap } = sendEmailFields;

const contentFields = { html, markdown, tiptap };

/** The fields a campaign is made of, as v2 bodies name them. */
export const campaignFields = {
  name: name.describe('A name for the campaign, for you; recipients never see it.'),
  subject: subject.describe('Subject line; may hold placeholders like {{first_name | "there"}}.'),
  from,
  reply_to,
  preview: preview.describe('Preview (preheader) text; may hold placeholders.'),
  ...contentFields,
  audience: audienceSchema.optional(),
  tracking: trackingSchema.optional(),
};

/** At most one content field in an update (none leaves the content as it is). */
function oneContentAtMost(body: Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>>, ctx: z.RefinementCtx): void {
  const given = CONTENT_FIELDS.filter((k) => body[k] !== undefined);
  if (given.length <= 1) return;
  ctx.addIssue({ code: 'custom', message: `at most one of html, markdown or tiptap may be given, not ${given.join(' and ')}`, params: REPORT_FIRST });
}

/** What a campaign's parsed fields mean to the service. */
export interface CampaignDraft {
  name: string;
  subject: string;
  from: Mailbox;
  replyTo: Mailbox | null;
  preview: string | null;
  content: EmailContent;
  audience: Audience;
  tracking: Tracking;
}

type ContentInput = { html?: string | undefined; markdown?: string | undefined; tiptap?: unknown };

/** The content field given, if any. */
export function contentOf(b: ContentInput): EmailContent | undefined {
  if (b.html !== undefined) return { kind: 'html', html: b.html };
  if (b.markdown !== undefined) return { kind: 'markdown', markdown: b.markdown };
  if (b.tiptap !== undefined) return { kind: 'tiptap', tiptap: b.tiptap as TiptapDocument };
  return undefined;
}

export const campaignCreateSchema = withContentRule(z.strictObject(campaignFields)).transform(
  (b): CampaignDraft => ({
    name: b.name,
    subject: b.subject,
    from: b.from,
    replyTo: b.reply_to ?? null,
    preview: b.preview ?? null,
    content: contentOf(b)!,
    audience: b.audience ?? { tags: [], match: 'any' },
    tracking: b.tracking ?? { opens: false, clicks: false },
  }),
);
export type CampaignCreate = z.output<typeof campaignCreateSchema>;

/** Changes to a draft or scheduled campaign: the fields given; null clears reply_to and preview. */
export interface CampaignChanges {
  name?: string;
  subject?: string;
  from?: Mailbox;
  replyTo?: Mailbox | null;
  preview?: string | null;
  content?: EmailContent;
  audience?: Audience;
  tracking?: Tracking;
  /** A scheduled campaign only: a new time, or null to take it back to draft. */
  scheduledAt?: number | null;
}

export const campaignUpdateFields = {
  name: campaignFields.name.optional(),
  subject: campaignFields.subject.optional(),
  from: from.optional(),
  reply_to: reply_to.unwrap().nullable().optional().describe('Address replies should go to; null removes it.'),
  preview: preview.unwrap().nullable().optional().describe('Preview (preheader) text; null removes it.'),
  ...contentFields,
  audience: audienceSchema.optional(),
  tracking: trackingSchema.optional(),
  scheduled_at: scheduledAtField
    .nullable()
    .optional()
    .describe('A scheduled campaign only: a new send time (ISO 8601, in the future), or null to take it back to draft.'),
};

export function toCampaignChanges(b: z.output<z.ZodObject<typeof campaignUpdateFields>>): CampaignChanges {
  const changes: CampaignChanges = {};
  if (b.name !== undefined) changes.name = b.name;
  if (b.subject !== undefined) changes.subject = b.subject;
  if (b.from !== undefined) changes.from = b.from;
  if (b.reply_to !== undefined) changes.replyTo = b.reply_to;
  if (b.preview !== undefined) changes.preview = b.preview;
  const content = contentOf(b);
  if (content) changes.content = content;
  if (b.audience !== undefined) changes.audience = b.audience;
  if (b.tracking !== undefined) changes.tracking = b.tracking;
  if (b.scheduled_at !== undefined) changes.scheduledAt = b.scheduled_at;
  return changes;
}

/** An object holding campaignUpdateFields, with the content-count rule checked by zod and said in its JSON Schema. */
export function withCampaignUpdateRule<S extends z.ZodType<Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>>>>(schema: S): S {
  return schema.superRefine(oneContentAtMost, { when: () => true }).meta(atMostOneOf(CONTENT_FIELDS));
}

/** What preview_campaign renders instead of the stored campaign: the editor's unsaved fields, and whom for. */
export interface CampaignPreviewInput {
  /** A subscriber id or email; none = each placeholder's default (or nothing). */
  subscriber?: string | undefined;
  subject?: string | undefined;
  preview?: string | null | undefined;
  content?: EmailContent | undefined;
}

/** preview_campaign's fields besides the id: a subscriber, and unsaved content (at most one content field). */
export const campaignPreviewFields = {
  subscriber: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .optional()
    .describe("Render as this subscriber (id or email) would get it; none = each placeholder's default, or nothing."),
  subject: subject.optional().describe('An unsaved subject to render instead of the stored one.'),
  preview: preview.unwrap().nullable().optional().describe('An unsaved preview (preheader) text instead of the stored one; null for none.'),
  html: html.describe('Unsaved content as HTML, instead of the stored content.'),
  markdown: markdown.describe('Unsaved content as Markdown, instead of the stored content.'),
  tiptap: tiptap.describe('Unsaved content as a tiptap document, instead of the stored content.'),
};

export function toCampaignPreviewInput(b: z.output<z.ZodObject<typeof campaignPreviewFields>>): CampaignPreviewInput {
  return { subscriber: b.subscriber, subject: b.subject, preview: b.preview, content: contentOf(b) };
}
