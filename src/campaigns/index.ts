// Campaigns: one content sent to an audience of subscribers, personalized per
// recipient, through the one send pipeline; scheduling, cancelling, test copies,
// one-click unsubscribe links and stats. Owns the campaigns, campaign_recipients
// and signing_keys tables. Must not import any protocol library.
import { countSubscribedAudience, findTagIds, type AudienceService, type AudienceSelection } from '../audience/index.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { Mailbox } from '../emails/address.ts';
import type { EmailService } from '../emails/index.ts';
import { AppError, validationError } from '../errors.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { cancelJobs, enqueueJobs, rescheduleJobs } from '../queue/index.ts';
import { personalize } from '../render/index.ts';
import type { ThreadPool } from '../threads/index.ts';
import { createCampaignCompiler, type CompileTask } from './campaign-compiler.ts';
import { EDITABLE_STATUSES, type Audience, type CampaignChanges, type CampaignDraft, type CampaignPreviewInput } from './campaign-input.ts';
import { toCampaignRecord, type CampaignRecord, type CampaignRow, type CampaignRowChanges } from './campaign-record.ts';
import { campaignRowChanges, contentOfRow, newCampaignRow } from './campaign-rows.ts';
import { deleteCampaignIf, findCampaign, findCampaignById, insertCampaign, listCampaignRows, updateCampaignIf } from './campaign.repository.ts';
import { CAMPAIGN_SEND_JOB, createCampaignSendHandler, storedMailbox } from './fan-out.ts';
import { createUnsubscribeByLink, type UnsubscribeTarget } from './unsubscribe-by-link.ts';
import { createUnsubscribeLinks, TEST_COPY_TOKEN, UNSUBSCRIBE_PATH } from './unsubscribe-links.ts';

export * from './campaign-input.ts';
export * from './campaign-record.ts';
export { CAMPAIGN_SEND_JOB, FANOUT_PAGE_SIZE } from './fan-out.ts';
export { countCampaignEvents, COUNTED_EVENTS, markSentWhenDone, type CampaignCount, type CampaignCounter } from './stats.ts';
export { TEST_COPY_TOKEN, UNSUBSCRIBE_PATH } from './unsubscribe-links.ts';
export type { CompileTask } from './campaign-compiler.ts';
export type { UnsubscribeTarget } from './unsubscribe-by-link.ts';

export interface CampaignSendResult extends CampaignRecord {
  /** Subscribed members of the audience now: the emails this send queues (less any on bounce cooldown). */
  recipient_count: number;
}

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
  /**
   * The email as one subscriber (id or email) would get it, or with each placeholder's
   * default (or nothing) when none is given; rendered as the fan-out renders it, from
   * the stored campaign or the unsaved subject, preview and content given. Its
   * unsubscribe link is the test copies' one, which unsubscribes nobody.
   */
  preview(scope: OrgScope, id: string, input: CampaignPreviewInput): Promise<CampaignPreview>;
  /** How many subscribed subscribers an audience (or a campaign's) holds now. Throws validation_error for unknown tags. */
  countAudience(
    scope: OrgScope,
    input: { campaignId?: string | undefined; audience?: Audience | undefined },
  ): Promise<{ object: 'audience_count'; count: number }>;
  /** What a link names, for the page a GET shows; throws not_found for a forged, truncated or foreign token. */
  readUnsubscribeLink(token: string): Promise<UnsubscribeTarget>;
  /**
   * One-click unsubscribe (RFC 8058 POST), idempotent: records the subscriber
   * event (workflows it triggers start) and the campaign's stat on the first
   * call only. Throws not_found like readUnsubscribeLink.
   */
  unsubscribeByLink(token: string): Promise<UnsubscribeTarget>;
}

export interface CampaignPreview {
  object: 'campaign_preview';
  subject: string;
  html: string;
  text: string;
  subscriber: { id: string; email: string } | null;
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

const notFound = (id: string) => new AppError('not_found', `Campaign ${id} not found`);

const notEditable = (row: CampaignRow) =>
  new AppError('conflict', `Campaign ${row.id} is ${row.status}; only draft and scheduled campaigns can be changed or deleted`, {
    details: { status: row.status },
  });

export function createCampaigns(deps: CampaignServiceDeps): Campaigns {
  const { clock, emails, audience } = deps;
  const db = deps.db.db;
  const links = createUnsubscribeLinks(db, deps.baseUrl, () => clock.now());
  const { compile, compileRow } = createCampaignCompiler(deps.pool);
  const byLink = createUnsubscribeByLink(db, clock, links, audience);

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

  const service: CampaignService = {
    async create(scope, draft) {
      await selectionOf(scope, draft.audience);
      await compile(scope.organizationId, draft);
      const row = newCampaignRow(scope, draft, clock.now());
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
      if (changes.audience !== undefined) await selectionOf(scope, changes.audience);
      const next = campaignRowChanges(row, changes, clock.now());
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
          throw new AppError('conflict', `Campaign ${row.id} is ${current?.status ?? 'gone'}; only a draft campaign can be sent`, {
            details: { status: current?.status ?? null },
          });
        }
        await enqueueJobs(
          trx,
          [{ kind: CAMPAIGN_SEND_JOB, refId: row.id, runAt: scheduled ? options.scheduledAt! : now, organizationId: row.organization_id }],
          now,
        );
        return { ...row, ...changes };
      });
      emails.accepted(CAMPAIGN_SEND_JOB);
      return { ...toCampaignRecord(sent), recipient_count: count };
    },

    async cancel(scope, id) {
      const row = await mustFind(scope, id);
      if (row.status !== 'scheduled' && row.status !== 'sending') {
        throw new AppError('conflict', `Campaign ${row.id} is ${row.status}; only a scheduled or sending campaign can be cancelled`, {
          details: { status: row.status },
        });
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

    async preview(scope, id, input) {
      const row = await mustFind(scope, id);
      const subscriber = input.subscriber === undefined ? undefined : await audience.getSubscriber(scope, input.subscriber);
      const unsaved = input.subject !== undefined || input.preview !== undefined || input.content !== undefined;
      const template = unsaved
        ? await compile(row.organization_id, {
            subject: input.subject ?? row.subject,
            preview: input.preview === undefined ? row.preview : input.preview,
            content: input.content ?? contentOfRow(row),
          })
        : await compileRow(row);
      const parts = personalize(template, {
        first_name: subscriber?.first_name ?? null,
        last_name: subscriber?.last_name ?? null,
        email: subscriber?.email ?? '',
        attributes: subscriber?.attributes ?? {},
        unsubscribe_url: `${deps.baseUrl}${UNSUBSCRIBE_PATH}/${TEST_COPY_TOKEN}`,
      });
      return { object: 'campaign_preview', ...parts, subscriber: subscriber ? { id: subscriber.id, email: subscriber.email } : null };
    },

    async countAudience(scope, input) {
      const audienceInput =
        input.campaignId !== undefined
          ? (JSON.parse((await mustFind(scope, input.campaignId)).audience) as Audience)
          : (input.audience ?? { tags: [], match: 'any' });
      const count = await countSubscribedAudience(db, scope.organizationId, await selectionOf(scope, audienceInput));
      return { object: 'audience_count', count };
    },

    readUnsubscribeLink: (token) => byLink.read(token),
    unsubscribeByLink: (token) => byLink.unsubscribe(token),
  };

  return {
    service,
    sendHandler: createCampaignSendHandler({ db: deps.db, clock, emails, owner: deps.owner, links, compile: compileRow }),
  };
}
