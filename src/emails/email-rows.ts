import type { OrgScope } from '../auth-scope/index.ts';
import { newId } from '../ids.ts';
import type { RenderedEmail } from '../render/index.ts';
import { domainOf, formatMailbox, mailboxKey, type Mailbox } from './address.ts';
import type { NewEmailRow, NewSubmission } from './email.repository.ts';
import type { EmailTag } from './email-tags.ts';
import { recipientsOf, type SendRequest } from './send-request.ts';
import type { SubmissionContent } from './submission.ts';
import { newTrackingKey } from './tracking/links.ts';

/** Where a send came in; kept on the record. */
export type EmailSource =
  | 'api'
  | 'api_v1'
  | 'batch'
  | 'smtp'
  | 'mcp'
  | 'workflow'
  | 'campaign'
  | 'campaign_test'
  | 'form_confirmation'
  | 'integration'
  | 'system';

/** What a tracked email tracks. */
export interface TrackingChoice {
  opens: boolean;
  clicks: boolean;
}

/** What an email row is made of, whichever door it came in by. */
export interface EmailRowInput {
  from: Mailbox;
  replyTo: Mailbox | null;
  subject: string;
  preview: string | null;
  /** The sender's own Message-ID (SMTP); null: Mailgate makes one from the id and the sender's domain. */
  messageId: string | null;
  tracking?: TrackingChoice | boolean | undefined;
  source: EmailSource;
  submissionId: string | null;
  campaignId?: string | undefined;
  listUnsubscribe?: string | undefined;
  tags?: readonly EmailTag[] | undefined;
}

/** The stored form of a tracking choice: null when nothing is tracked. */
function trackingEvents(tracking: TrackingChoice | boolean | undefined): string | null {
  if (tracking === undefined || tracking === false) return null;
  const choice = tracking === true ? { opens: true, clicks: true } : tracking;
  const events = [choice.opens ? 'opens' : null, choice.clicks ? 'clicks' : null].filter((e) => e !== null);
  return events.length > 0 ? events.join(',') : null;
}

/** One recipient's email, queued, with its rendered parts. */
export function emailRow(auth: OrgScope, input: EmailRowInput, to: Mailbox, rendered: RenderedEmail, now: number): NewEmailRow {
  const id = newId('eml', now);
  const domain = domainOf(input.from.address);
  const tracked = trackingEvents(input.tracking);
  const row: NewEmailRow = {
    email: {
      id,
      organization_id: auth.organizationId,
      from_address: formatMailbox(input.from),
      to_address: formatMailbox(to),
      reply_to: input.replyTo ? formatMailbox(input.replyTo) : null,
      subject: input.subject,
      preview: input.preview,
      message_id: input.messageId ?? `<${id}@${domain}>`,
      last_event: 'queued',
      source: input.source,
      submission_id: input.submissionId,
      tracking_key: tracked ? newTrackingKey() : null,
      tracking_events: tracked,
      campaign_id: input.campaignId ?? null,
      list_unsubscribe: input.listUnsubscribe ?? null,
      created_at: now,
      updated_at: now,
    },
    mailbox: mailboxKey(to.address),
    html: rendered.html,
    text: rendered.text,
  };
  if (input.tags !== undefined && input.tags.length > 0) row.tags = input.tags;
  return row;
}

/** A submitted message's kept headers and attachments, written with its emails. */
function submissionRows(auth: OrgScope, id: string, submission: SubmissionContent, now: number): NewSubmission {
  return {
    row: { id, organization_id: auth.organizationId, headers: JSON.stringify(submission.headers), created_at: now },
    attachments: submission.attachments.map((a, position) => ({
      submission_id: id,
      position,
      filename: a.filename,
      content_type: a.contentType,
      content_id: a.contentId,
      inline: a.inline ? 1 : 0,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
}

/** A send request's rows, one per recipient, all with the parts rendered once; a submitted message's rows share its submission. */
export function requestRows(
  auth: OrgScope,
  request: SendRequest,
  rendered: { subject: string } & RenderedEmail,
  source: EmailSource,
  now: number,
): { rows: NewEmailRow[]; submission?: NewSubmission } {
  const { subject, ...parts } = rendered;
  const { from, replyTo, preview, tracking, tags } = request;
  const submission = request.submission ? submissionRows(auth, newId('sbm', now), request.submission, now) : undefined;
  // A client's own Message-ID is kept (its Sent folder and replies thread by it).
  const messageId = request.submission?.messageId ?? null;
  const submissionId = submission?.row.id ?? null;
  const input: EmailRowInput = { from, replyTo, subject, preview, messageId, tracking, source, submissionId, tags };
  const rows = recipientsOf(request).map((to) => emailRow(auth, input, to, parts, now));
  return submission ? { rows, submission } : { rows };
}
