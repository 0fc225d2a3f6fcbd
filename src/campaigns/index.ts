// Campaigns: one content sent to an audience of subscribers, personalized per
// recipient, through the one send pipeline; scheduling, cancelling, test copies,
// one-click unsubscribe links and stats. Owns the campaigns, campaign_recipients
// and signing_keys tables. Must not import any protocol library.
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { CampaignRow, CampaignRowChanges, NewCampaignRow } from './campaign-record.ts';
import { countSubscribedAudience, findSubscriberById, findTagIds, type AudienceService, type AudienceSelection } from '../audience/index.ts';
import { formatMailbox, type Mailbox } from '../emails/address.ts';
import type { EmailService } from '../emails/index.ts';
import { AppError, validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { cancelJobs, enqueueJobs, rescheduleJobs } from '../queue/index.ts';
import { personalize, type CompiledTemplate, type EmailContent, type PlaceholderOptions, type Template, type TiptapDocument } from '../render/index.ts';
import { TaskTooSlow, type ThreadPool } from '../threads/index.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import { withUnsubscribeLink } from './campaign-content.ts';
import { EDITABLE_STATUSES, type Audience, type CampaignChanges, type CampaignDraft } from './campaign-input.ts';
import { deleteCampaignIf, findCampaign, findCampaignById, insertCampaign, listCampaignRows, updateCampaignIf } from './campaign.repository.ts';
import { toCampaignRecord, type CampaignRecord } from './campaign-record.ts';
import { CAMPAIGN_SEND_JOB, createCampaignSendHandler, storedMailbox } from './fan-out.ts';
import { countCampaignEvents } from './stats.ts';
import { createUnsubscribeLinks, TEST_COPY_TOKEN, UNSUBSCRIBE_PATH, type UnsubscribeLinks } from './unsubscribe-links.ts';

export * from './campaign-input.ts';
export * from './campaign-record.ts';
export { CAMPAIGN_SEND_JOB, FANOUT_PAGE_SIZE } from './fan-out.ts';
export { countCampaignEvents, COUNTED_EVENTS, markSentWhenDone, type CampaignCount, type CampaignCounter } from './stats.ts';
export { TEST_COPY_TOKEN, UNSUBSCRIBE_PATH } from './unsubscribe-links.ts';

/** The pool task campaigns need (createCore's pool has it): a template rendered once. */
export type CompileTask = {
  compileTemplate: (input: { template: Template; options: PlaceholderOptions }) => CompiledTemplate;
};

export interface CampaignSendResult extends CampaignRecord {
  /** Subscribed members of the audience now: the emails this send queues (less any on bounce cooldown). */
  recipient_count: number;
}

/** What an unsubscribe link leads to, for its confirmation page. */
export type UnsubscribeTarget =
  | { kind: 'subscriber'; email: string; status: string }
  | { kind: 'test_copy' };

export interface CampaignService {
  create(scope: OrgScope, draft: CampaignDraft): Promise<CampaignRecord>;
  list(scope: OrgScope, page: PageRequest, filter?: { status?: CampaignRow['status'] | undefined }): Promise<Page<CampaignRecord>>;
  /** Throws not_found. */
  get(scope: OrgScope, id: string): Promise<CampaignRecord>;
  /** Draft and scheduled campaigns only (conflict otherwise). */
  update(scope: OrgScope, id: string, changes: CampaignChanges): Promise<CampaignRecord>;
  /** Draft and scheduled campaigns only (conflict otherwise). */
  remove(scope: OrgScope, id: string): Promise<{ object: 'campaign'; id: string; deleted: true }>;
  /** Send a draft now, or schedule it. Throws conflict for any other status, validation_error for a past time. */
  send(scope: OrgScope, id: string, options: { scheduledAt?: number | undefined }): Promise<CampaignSendResult>;
  /** A scheduled or sending campaign stops: no new recipient is started; what is in flight finishes. */
  cancel(scope: OrgScope, id: string): Promise<CampaignRecord>;
  /** One copy to each given address, personalized as `subscriber` (id or email) would see it; a transactional send. */
  sendTest(scope: OrgScope, id: string, input: { to: Mailbox[]; subscriber?: string | undefined }): Promise<{ object: 'campaign_test'; ids: string[] }>;
  /** How many subscribed subscribers an audience (or a campaign's) holds now. Throws validation_error for unknown tags. */
  countAudience(scope: OrgScope, input: { campaignId?: string | undefined; audience?: Audience | undefined }): Promise<{ object: 'audience_count'; count: number }>;
  /** What a link names, for the page a GET shows; throws not_found for a forged, truncated or foreign token. */
  readUnsubscribeLink(token: string): Promise<UnsubscribeTarget>;
  /**
   * One-click unsubscribe (RFC 8058 POST), idempotent: records the subscriber
   * event (workflows it triggers start) and the campaign's stat on the first
   * call only. Throws not_found like readUnsubscribeLink.
   */
  unsubscribeByLink(token: string): Promise<UnsubscribeTarget>;
}

export interface CampaignServiceDeps {
  db: DatabaseHandle;
  clock: Clock;
  emails: EmailService;
  audience: AudienceService;
  pool: ThreadPool<CompileTask>;
  baseUrl: string;
  owner: string;
}

export interface Campaigns {
  service: CampaignService;
  /** The queue handler of CAMPAIGN_SEND_JOB. */
  sendHandler: ReturnType<typeof createCampaignSendHandler>;
}

function contentOfRow(row: Pick<CampaignRow, 'content_kind' | 'content'>): EmailContent {
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

const notFound = (id: string) => new AppError('not_found', `Campaign ${id} not found`);

const notEditable = (row: CampaignRow) =>
  new AppError('conflict', `Campaign ${row.id} is ${row.status}; only draft and scheduled campaigns can be changed or deleted`, {
    details: { status: row.status },
  });

export function createCampaigns(deps: CampaignServiceDeps): Campaigns {
  const { clock, emails, audience, pool } = deps;
  const db = deps.db.db;
  const links: UnsubscribeLinks = createUnsubscribeLinks(db, deps.baseUrl, () => clock.now());

  /** Render a campaign's template (with its unsubscribe link) once, off this thread; bad placeholders and unrenderable content are validation errors. */
  async function compile(organizationId: string, fields: { subject: string; preview: string | null; content: EmailContent }): Promise<CompiledTemplate> {
    try {
      const template = { subject: fields.subject, preview: fields.preview, content: withUnsubscribeLink(fields.content) };
      return await pool.run('compileTemplate', { template, options: { allowUnsubscribeUrl: true } }, { tenant: organizationId });
    } catch (error) {
      if (!(error instanceof TaskTooSlow)) throw error;
      const field = fields.content.kind === 'parts' ? 'html' : fields.content.kind;
      throw validationError([{ path: field, message: `cannot be rendered: it takes longer than ${error.limitMs / 1000} s` }]);
    }
  }

  /** Compiled templates by campaign and version: a fan-out that resumes page after page renders once. */
  const compiled = new Map<string, Promise<CompiledTemplate>>();
  function compileRow(row: CampaignRow): Promise<CompiledTemplate> {
    const key = `${row.id}:${row.updated_at}:${row.subject}:${row.preview}`;
    let found = compiled.get(key);
    if (!found) {
      found = compile(row.organization_id, { subject: row.subject, preview: row.preview, content: contentOfRow(row) });
      found.catch(() => compiled.delete(key));
      if (compiled.size >= 32) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, found);
    }
    return found;
  }

  /** Tag names to ids; unknown names are a validation_error naming them. */
  async function selectionOf(scope: OrgScope, audienceInput: Audience): Promise<AudienceSelection> {
    if (audienceInput.tags.length === 0) return { tagIds: [], match: audienceInput.match };
    const ids = await findTagIds(db, scope.organizationId, audienceInput.tags);
    const unknown = audienceInput.tags.filter((name) => !ids.has(name));
    if (unknown.length > 0) {
      throw validationError([{ path: 'audience.tags', message: `names tags that do not exist: ${unknown.map((n) => JSON.stringify(n)).join(', ')}` }]);
    }
    return { tagIds: [...new Set(audienceInput.tags.map((n) => ids.get(n)!))], match: audienceInput.match };
  }

  async function mustFind(scope: OrgScope, id: string): Promise<CampaignRow> {
    const row = await findCampaign(db, scope.organizationId, id);
    if (!row) throw notFound(id);
    return row;
  }

  /** Write `changes` to a campaign only if its status is still `from` (it may have moved on since it was read). */
  async function writeIf(row: CampaignRow, from: readonly CampaignRow['status'][], changes: CampaignRowChanges): Promise<CampaignRow> {
    if (!(await updateCampaignIf(db, row.id, from, changes))) {
      const now = await findCampaignById(db, row.id);
      if (!now) throw notFound(row.id);
      throw notEditable(now);
    }
    return { ...row, ...changes };
  }

  function target(subscriber: { email: string; status: string }): UnsubscribeTarget {
    return { kind: 'subscriber', email: subscriber.email, status: subscriber.status };
  }

  /** The subscriber an unsubscribe token names, or not_found. */
  async function linked(token: string) {
    if (token === TEST_COPY_TOKEN) return { test: true as const };
    const ref = await links.read(token);
    const subscriber = ref && (await findSubscriberById(db, ref.subscriberId));
    if (!ref || !subscriber) throw new AppError('not_found', 'This unsubscribe link is not valid');
    return { test: false as const, ref, subscriber };
  }

  const service: CampaignService = {
    async create(scope, draft) {
      await selectionOf(scope, draft.audience);
      await compile(scope.organizationId, draft);
      const now = clock.now();
      const row: NewCampaignRow = {
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
      await insertCampaign(db, row);
      return service.get(scope, row.id);
    },

    async list(scope, page, filter = {}) {
      const rows = await listCampaignRows(db, scope.organizationId, page, filter.status);
      return toPage(rows, page, toCampaignRecord);
    },

    async get(scope, id) {
      return toCampaignRecord(await mustFind(scope, id));
    },

    async update(scope, id, changes) {
      const row = await mustFind(scope, id);
      if (!EDITABLE_STATUSES.has(row.status)) throw notEditable(row);
      const now = clock.now();
      const next: CampaignRowChanges = { updated_at: now };
      if (changes.name !== undefined) next.name = changes.name;
      if (changes.subject !== undefined) next.subject = changes.subject;
      if (changes.from !== undefined) next.from_address = formatMailbox(changes.from);
      if (changes.replyTo !== undefined) next.reply_to = changes.replyTo ? formatMailbox(changes.replyTo) : null;
      if (changes.preview !== undefined) next.preview = changes.preview;
      if (changes.content !== undefined) Object.assign(next, contentColumns(changes.content));
      if (changes.audience !== undefined) {
        await selectionOf(scope, changes.audience);
        next.audience = JSON.stringify(changes.audience);
      }
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
      const merged = { ...row, ...next };
      if (changes.subject !== undefined || changes.preview !== undefined || changes.content !== undefined) {
        await compile(row.organization_id, { subject: merged.subject, preview: merged.preview, content: contentOfRow(merged) });
      }
      return db.transaction().execute(async (trx) => {
        if (!(await updateCampaignIf(trx, row.id, [row.status], next))) throw notEditable((await findCampaignById(trx, row.id)) ?? row);
        // A new time moves the waiting job; back to draft, the job goes.
        if (next.status === 'draft') await cancelJobs(trx, CAMPAIGN_SEND_JOB, row.id);
        else if (next.scheduled_at) await rescheduleJobs(trx, CAMPAIGN_SEND_JOB, row.id, next.scheduled_at);
        return toCampaignRecord(merged);
      });
    },

    async remove(scope, id) {
      const row = await mustFind(scope, id);
      if (!EDITABLE_STATUSES.has(row.status)) throw notEditable(row);
      await db.transaction().execute(async (trx) => {
        if (!(await deleteCampaignIf(trx, row.id, [...EDITABLE_STATUSES]))) throw notEditable((await findCampaignById(trx, row.id)) ?? row);
        await cancelJobs(trx, CAMPAIGN_SEND_JOB, row.id);
      });
      return { object: 'campaign', id: row.id, deleted: true };
    },

    async send(scope, id, options) {
      const row = await mustFind(scope, id);
      if (row.status !== 'draft') {
        throw new AppError('conflict', `Campaign ${row.id} is ${row.status}; only a draft campaign can be sent`, { details: { status: row.status } });
      }
      const now = clock.now();
      if (options.scheduledAt !== undefined && options.scheduledAt <= now) {
        throw validationError([{ path: 'scheduled_at', message: 'must be in the future' }]);
      }
      await emails.checkSenders(scope, [storedMailbox(row.from_address)]);
      const selection = await selectionOf(scope, JSON.parse(row.audience) as Audience);
      const count = await countSubscribedAudience(db, scope.organizationId, selection);
      const scheduled = options.scheduledAt !== undefined;
      const changes: CampaignRowChanges = scheduled
        ? { status: 'scheduled', scheduled_at: options.scheduledAt!, updated_at: now }
        : { status: 'sending', started_at: now, updated_at: now };
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await updateCampaignIf(trx, row.id, ['draft'], changes))) {
          const current = await findCampaignById(trx, row.id);
          throw new AppError('conflict', `Campaign ${row.id} is ${current?.status ?? 'gone'}; only a draft campaign can be sent`, { details: { status: current?.status ?? null } });
        }
        await enqueueJobs(trx, [{ kind: CAMPAIGN_SEND_JOB, refId: row.id, runAt: scheduled ? options.scheduledAt! : now, organizationId: row.organization_id }], now);
        return { ...row, ...changes };
      });
      emails.accepted(CAMPAIGN_SEND_JOB);
      return { ...toCampaignRecord(sent), recipient_count: count };
    },

    async cancel(scope, id) {
      const row = await mustFind(scope, id);
      if (row.status !== 'scheduled' && row.status !== 'sending') {
        throw new AppError('conflict', `Campaign ${row.id} is ${row.status}; only a scheduled or sending campaign can be cancelled`, { details: { status: row.status } });
      }
      const cancelled = await writeIf(row, ['scheduled', 'sending'], { status: 'cancelled', updated_at: clock.now() });
      return toCampaignRecord(cancelled);
    },

    async sendTest(scope, id, input) {
      const row = await mustFind(scope, id);
      const subscriber = input.subscriber === undefined ? undefined : await audience.getSubscriber(scope, input.subscriber);
      const template = await compileRow(row);
      const parts = personalize(template, {
        first_name: subscriber?.first_name ?? null,
        last_name: subscriber?.last_name ?? null,
        email: subscriber?.email ?? input.to[0]!.address,
        attributes: subscriber?.attributes ?? {},
        unsubscribe_url: `${deps.baseUrl}${UNSUBSCRIBE_PATH}/${TEST_COPY_TOKEN}`,
      });
      const sent = await emails.send(
        scope,
        {
          from: storedMailbox(row.from_address),
          to: input.to,
          subject: parts.subject,
          content: { kind: 'parts', html: parts.html, text: parts.text },
          replyTo: row.reply_to === null ? null : storedMailbox(row.reply_to),
          preview: null,
        },
        { source: 'campaign_test' },
      );
      return { object: 'campaign_test', ids: sent.ids };
    },

    async countAudience(scope, input) {
      const audienceInput = input.campaignId !== undefined ? (JSON.parse((await mustFind(scope, input.campaignId)).audience) as Audience) : (input.audience ?? { tags: [], match: 'any' });
      const count = await countSubscribedAudience(db, scope.organizationId, await selectionOf(scope, audienceInput));
      return { object: 'audience_count', count };
    },

    async readUnsubscribeLink(token) {
      const found = await linked(token);
      return found.test ? { kind: 'test_copy' } : target(found.subscriber);
    },

    async unsubscribeByLink(token) {
      const found = await linked(token);
      if (found.test) return { kind: 'test_copy' };
      const { ref, subscriber } = found;
      if (subscriber.status === 'unsubscribed') return target(subscriber);
      const record = await audience.unsubscribe({ organizationId: subscriber.organization_id }, subscriber.id, {
        properties: { campaign_id: ref.campaignId, via: 'unsubscribe_link' },
        whenChanged: (trx) => countCampaignEvents(trx, [{ campaignId: ref.campaignId, counter: 'unsubscribed' }], clock.now()),
      });
      return target(record);
    },
  };

  return {
    service,
    sendHandler: createCampaignSendHandler({ db: deps.db, clock, emails, owner: deps.owner, links, compile: compileRow }),
  };
}
