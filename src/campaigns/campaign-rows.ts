import type { OrgScope } from '../auth-scope/index.ts';
import { formatMailbox } from '../emails/address.ts';
import { validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { EmailContent, TiptapDocument } from '../render/index.ts';
import type { CampaignChanges, CampaignDraft } from './campaign-input.ts';
import type { CampaignRow, CampaignRowChanges, NewCampaignRow } from './campaign-record.ts';

/** A campaign's row made from a draft, the changes an update makes to it, and its content read back. */

export function contentOfRow(row: Pick<CampaignRow, 'content_kind' | 'content'>): EmailContent {
  switch (row.content_kind) {
    case 'html':
      return { kind: 'html', html: row.content };
    case 'markdown':
      return { kind: 'markdown', markdown: row.content };
    case 'tiptap':
      return { kind: 'tiptap', tiptap: JSON.parse(row.content) as TiptapDocument };
  }
}

function contentColumns(content: EmailContent): Pick<CampaignRow, 'content_kind' | 'content'> {
  switch (content.kind) {
    case 'html':
      return { content_kind: 'html', content: content.html };
    case 'markdown':
      return { content_kind: 'markdown', content: content.markdown };
    case 'tiptap':
      return { content_kind: 'tiptap', content: JSON.stringify(content.tiptap) };
    case 'parts':
      throw new Error('a campaign has html, markdown or tiptap content');
  }
}

/** A new draft campaign's row. */
export function newCampaignRow(scope: OrgScope, draft: CampaignDraft, now: number): NewCampaignRow {
  return {
    id: newId('cmp', now),
    organization_id: scope.organizationId,
    name: draft.name,
    subject: draft.subject,
    from_address: formatMailbox(draft.from),
    reply_to: draft.replyTo ? formatMailbox(draft.replyTo) : null,
    preview: draft.preview,
    ...contentColumns(draft.content),
    audience: JSON.stringify(draft.audience),
    track_opens: draft.tracking.opens ? 1 : 0,
    track_clicks: draft.tracking.clicks ? 1 : 0,
    status: 'draft',
    scheduled_at: null,
    started_at: null,
    sent_at: null,
    fanout_cursor: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * What an update changes in an editable campaign's row. A new time moves a
 * scheduled campaign; null takes it back to draft. Throws validation_error for
 * a time on a campaign that is not scheduled, or a time not in the future.
 */
export function campaignRowChanges(row: CampaignRow, changes: CampaignChanges, now: number): CampaignRowChanges {
  const next: CampaignRowChanges = { updated_at: now };
  if (changes.name !== undefined) next.name = changes.name;
  if (changes.subject !== undefined) next.subject = changes.subject;
  if (changes.from !== undefined) next.from_address = formatMailbox(changes.from);
  if (changes.replyTo !== undefined) next.reply_to = changes.replyTo ? formatMailbox(changes.replyTo) : null;
  if (changes.preview !== undefined) next.preview = changes.preview;
  if (changes.content !== undefined) Object.assign(next, contentColumns(changes.content));
  if (changes.audience !== undefined) next.audience = JSON.stringify(changes.audience);
  if (changes.tracking !== undefined) {
    next.track_opens = changes.tracking.opens ? 1 : 0;
    next.track_clicks = changes.tracking.clicks ? 1 : 0;
  }
  if (changes.scheduledAt !== undefined) {
    if (row.status !== 'scheduled') {
      throw validationError([{ path: 'scheduled_at', message: 'can only be changed on a scheduled campaign; schedule a draft with send_campaign' }]);
    }
    if (changes.scheduledAt === null) {
      next.status = 'draft';
      next.scheduled_at = null;
    } else {
      if (changes.scheduledAt <= now) throw validationError([{ path: 'scheduled_at', message: 'must be in the future' }]);
      next.scheduled_at = changes.scheduledAt;
    }
  }
  return next;
}
