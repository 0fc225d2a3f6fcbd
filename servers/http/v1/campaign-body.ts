import { z } from 'zod';
import {
  audienceSchema,
  campaignFields,
  scheduledAtField,
  sendEmailFields,
  trackingSchema,
  type CampaignChanges,
  type CampaignDraft,
  type Tracking,
} from '../../../src/index.ts';
import { contentFieldsV1, contentFromV1 } from './send-body.ts';

// The frozen v1 campaign bodies: camelCase fields, content with contentType,
// tracking as a boolean too; mapped here onto the campaign input the core takes.

const { from, subject, reply_to, preview } = sendEmailFields;

const trackingV1 = z
  .union([z.boolean({ error: 'must be true or false, or {opens, clicks}' }), trackingSchema])
  .transform((t): Tracking => (typeof t === 'boolean' ? { opens: t, clicks: t } : t));

const v1Fields = {
  name: campaignFields.name,
  subject,
  from,
  replyTo: reply_to,
  preview,
  ...contentFieldsV1,
  audience: audienceSchema.optional(),
  tracking: trackingV1.optional(),
};

/** POST /api/v1/campaigns body. Throws validation_error from the content rule (contentFromV1). */
export const campaignCreateSchemaV1 = z.strictObject(v1Fields).transform(
  (b): CampaignDraft => ({
    name: b.name,
    subject: b.subject,
    from: b.from,
    replyTo: b.replyTo ?? null,
    preview: b.preview ?? null,
    content: contentFromV1(b.content, b.contentType),
    audience: b.audience ?? { tags: [], match: 'any' },
    tracking: b.tracking ?? { opens: false, clicks: false },
  }),
);

/** PATCH /api/v1/campaigns/{campaignId} body. */
export const campaignUpdateSchemaV1 = z
  .strictObject({
    name: v1Fields.name.optional(),
    subject: subject.optional(),
    from: from.optional(),
    replyTo: reply_to.unwrap().nullable().optional(),
    preview: preview.unwrap().nullable().optional(),
    content: contentFieldsV1.content.optional(),
    contentType: z.enum(['MARKDOWN', 'HTML', 'TIPTAP']).optional(),
    audience: audienceSchema.optional(),
    tracking: trackingV1.optional(),
    scheduledAt: scheduledAtField.nullable().optional(),
  })
  .transform((b): CampaignChanges => {
    const changes: CampaignChanges = {};
    if (b.name !== undefined) changes.name = b.name;
    if (b.subject !== undefined) changes.subject = b.subject;
    if (b.from !== undefined) changes.from = b.from;
    if (b.replyTo !== undefined) changes.replyTo = b.replyTo;
    if (b.preview !== undefined) changes.preview = b.preview;
    if (b.content !== undefined) changes.content = contentFromV1(b.content, b.contentType ?? 'MARKDOWN');
    if (b.audience !== undefined) changes.audience = b.audience;
    if (b.tracking !== undefined) changes.tracking = b.tracking;
    if (b.scheduledAt !== undefined) changes.scheduledAt = b.scheduledAt;
    return changes;
  });

/** POST /api/v1/campaigns/{campaignId}/send body (optional). */
export const campaignSendSchemaV1 = z.strictObject({ scheduledAt: scheduledAtField.optional() });
