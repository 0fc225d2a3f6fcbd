// Audience: subscribers, tags and subscriber events, scoped to an organization.
// Owns the subscribers, tags, subscriber_tags and subscriber_events tables.
// Must not import any protocol library, nor workflows/ or anything above: the
// events it records reach workflows through the EventTriggers port createCore gives it.
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import { isTransientConflict, isUniqueViolation, subscriberSearchCandidates, type DatabaseHandle } from '../db/index.ts';
import type { Database, SubscribersTable } from '../db/schema.ts';
import { mailboxKey } from '../emails/address.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import { publishSubscriberChange } from './subscriber-webhooks.ts';
import type { EventTriggers } from './event-triggers.ts';
import { recordEvents } from './record-events.ts';
import { applySubscriberChanges, newSubscriberRow } from './subscriber-changes.ts';
import { EXPORT_PAGE_ROWS, exportFilename, subscriberCsv } from './csv-export.ts';
import type { EventCreate, SubscriberFilter, SubscriberWrite } from './audience-input.ts';
import {
  attachTags,
  countSubscribers,
  countTagSubscribers,
  detachTags,
  ensureTags,
  findSubscriber,
  findSubscriberByEmail,
  findTag,
  findTagIds,
  listSubscriberEventRows,
  listSubscriberRows,
  listTagRows,
  searchTextOf,
  tagNamesOf,
  type NewSubscriberEvent,
  type SubscriberQuery,
} from './audience.repository.ts';
import {
  toSubscriberEventRecord,
  toSubscriberRecord,
  toTagRecord,
  type SubscriberEventRecord,
  type SubscriberRecord,
  type TagRecord,
} from './audience-record.ts';

export * from './audience-input.ts';
export { parseSubscriberListQuery } from './list-query.ts';
export {
  subscriberRecordSchema,
  tagRecordSchema,
  subscriberEventRecordSchema,
  type SubscriberRecord,
  type TagRecord,
  type SubscriberEventRecord,
} from './audience-record.ts';
export { IMPORT_ENCODINGS, importColumnsSchema } from './csv-import.ts';
export {
  createSubscriberImports,
  importTooLarge,
  subscriberImportRecordSchema,
  SUBSCRIBER_IMPORT_JOB,
  IMPORT_ERRORS_KEPT,
  type SubscriberImportRecord,
  type SubscriberImportService,
} from './imports.ts';
export { writeImportedSubscribers } from './imports.repository.ts';
export type { ImportRow } from './csv-import.ts';
export { recordDeliveryOutcome, recordDeliveryOutcomes, type DeliveryOutcome } from './delivery-outcome.ts';
export type { EventTriggers, RecordedEvent } from './event-triggers.ts';

/** Events the platform records on a subscriber by itself (custom events are named by the caller). */
export const SUBSCRIBER_EVENTS = {
  created: 'subscriber_created',
  tagAdded: 'tag_added',
  tagRemoved: 'tag_removed',
} as const;

export interface AudienceService {
  /** Create, or update the subscriber with this email (compared lower-cased). */
  upsertSubscriber(auth: OrgScope, write: SubscriberWrite): Promise<{ subscriber: SubscriberRecord; created: boolean }>;
  /** `ref`: id or email. Throws not_found. */
  getSubscriber(auth: OrgScope, ref: string): Promise<SubscriberRecord>;
  updateSubscriber(auth: OrgScope, ref: string, write: SubscriberWrite): Promise<SubscriberRecord>;
  unsubscribe(auth: OrgScope, ref: string, options?: UnsubscribeOptions): Promise<SubscriberRecord>;
  addTags(auth: OrgScope, ref: string, tags: string[], options?: WorkflowOption): Promise<SubscriberRecord>;
  /** Detaching a tag the subscriber does not have (or that does not exist) is not an error. */
  removeTags(auth: OrgScope, ref: string, tags: string[], options?: WorkflowOption): Promise<SubscriberRecord>;
  listSubscribers(auth: OrgScope, filter: SubscriberFilter, page: PageRequest & { offset?: number }): Promise<Page<SubscriberRecord>>;
  countSubscribers(auth: OrgScope, filter: SubscriberFilter): Promise<number>;
  listSubscriberEvents(auth: OrgScope, ref: string, page: PageRequest): Promise<Page<SubscriberEventRecord>>;
  /** Record an event for the subscriber with this email, creating the subscriber if absent. */
  recordEvent(auth: OrgScope, input: EventCreate): Promise<SubscriberEventRecord>;
  listTags(auth: OrgScope, page: PageRequest): Promise<Page<TagRecord>>;
  /** Throws conflict if the name exists. */
  createTag(auth: OrgScope, name: string): Promise<TagRecord>;
  getTag(auth: OrgScope, ref: string): Promise<TagRecord>;
  /** The subscribers the filter selects as CSV, in pieces as they are read (csv-export.ts); at most `maxRows`. */
  exportSubscribers(auth: OrgScope, filter: SubscriberFilter, maxRows?: number): { filename: string; body: AsyncGenerator<string> };
}

type Trx = Transaction<Database>;

export interface UnsubscribeOptions extends WorkflowOption {
  /** Recorded on the `unsubscribed` event (a campaign's link names its campaign). */
  properties?: Record<string, unknown>;
  /** Runs in the same transaction when the status really changed (a campaign counts it). */
  whenChanged?: (trx: Trx) => Promise<void>;
}

/**
 * `triggerWorkflows: false` records the change without starting workflows: a client
 * answering a webhook passes it so that its update does not set off another round.
 */
export interface WorkflowOption {
  triggerWorkflows?: boolean;
  /** Set by a workflow run acting on a subscriber: how deep the chain of runs is. */
  chainDepth?: number;
}

/** `triggers`: what the events this service records fire (createCore: the workflows they start). */
export function createAudienceService(handle: DatabaseHandle, clock: Clock, triggers: EventTriggers): AudienceService {
  const db: Kysely<Database> = handle.db;

  /**
   * Run `work` in a transaction. A unique violation (two first writes of one
   * email at once) or a transaction the database aborted (deadlock) runs it once more.
   */
  async function inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueViolation(error) && !isTransientConflict(error)) throw error;
      return db.transaction().execute(work);
    }
  }

  async function record(dbOrTrx: Kysely<Database> | Trx, row: SubscribersTable): Promise<SubscriberRecord> {
    const tags = await tagNamesOf(dbOrTrx, [row.id]);
    return toSubscriberRecord(row, tags.get(row.id)!);
  }

  async function mustFind(trx: Kysely<Database> | Trx, auth: OrgScope, ref: string): Promise<SubscribersTable> {
    const row = await findSubscriber(trx, auth.organizationId, ref);
    if (!row) throw new AppError('not_found', `Subscriber ${ref} not found`);
    return row;
  }

  async function saveRow(trx: Trx, row: SubscribersTable): Promise<void> {
    const { id, organization_id, created_at, ...rest } = row;
    await trx.updateTable('subscribers').set(rest).where('id', '=', id).where('organization_id', '=', organization_id).execute();
  }

  async function tagEvents(trx: Trx, row: SubscribersTable, names: string[], now: number, attach: boolean): Promise<NewSubscriberEvent[]> {
    const unique = [...new Set(names)];
    const ids = attach ? await ensureTags(trx, row.organization_id, unique, now) : await findTagIds(trx, row.organization_id, unique);
    const changed = attach ? await attachTags(trx, row.id, [...ids.values()], now) : await detachTags(trx, row.id, [...ids.values()]);
    return unique
      .filter((name) => ids.has(name) && changed.has(ids.get(name)!))
      .map((tag) => ({
        organizationId: row.organization_id,
        subscriberId: row.id,
        name: attach ? SUBSCRIBER_EVENTS.tagAdded : SUBSCRIBER_EVENTS.tagRemoved,
        properties: { tag },
        at: now,
      }));
  }

  /** Attach or detach tags; the subscriber changes (and events are recorded) only for tags that really changed. */
  async function changeTags(auth: OrgScope, ref: string, tags: string[], options: WorkflowOption, attach: boolean): Promise<SubscriberRecord> {
    const now = clock.now();
    return inTransaction(async (trx) => {
      const row = await mustFind(trx, auth, ref);
      const events = await tagEvents(trx, row, tags, now, attach);
      if (events.length > 0) await trx.updateTable('subscribers').set({ updated_at: now }).where('id', '=', row.id).execute();
      await recordEvents(triggers, trx, events, options.triggerWorkflows !== false, now, options.chainDepth);
      await publishSubscriberChange(trx, row, row, events.length > 0, now);
      return record(trx, events.length > 0 ? { ...row, updated_at: now } : row);
    });
  }

  /** The subscriber with this email, created (subscribed) if absent. */
  async function findOrCreate(trx: Trx, organizationId: string, email: string, now: number): Promise<{ row: SubscribersTable; events: NewSubscriberEvent[] }> {
    const existing = await findSubscriberByEmail(trx, organizationId, email);
    if (existing) return { row: existing, events: [] };
    const row = newSubscriberRow(organizationId, email, mailboxKey(email), now);
    row.search_text = searchTextOf(row);
    await trx.insertInto('subscribers').values(row).execute();
    return { row, events: [{ organizationId, subscriberId: row.id, name: SUBSCRIBER_EVENTS.created, properties: {}, at: now }] };
  }

  async function subscriberQuery(auth: OrgScope, filter: SubscriberFilter): Promise<SubscriberQuery> {
    const candidates = filter.query ? await subscriberSearchCandidates(db, handle.dialect, filter.query) : null;
    if (filter.tag === undefined) return { filter, candidates };
    const tag = await findTag(db, auth.organizationId, filter.tag);
    return { filter, tagId: tag ? tag.id : null, candidates };
  }

  async function recordsOf(rows: SubscribersTable[]): Promise<Map<string, SubscriberRecord>> {
    const tags = await tagNamesOf(
      db,
      rows.map((r) => r.id),
    );
    return new Map(rows.map((r) => [r.id, toSubscriberRecord(r, tags.get(r.id)!)]));
  }

  return {
    async upsertSubscriber(auth, write) {
      const now = clock.now();
      return inTransaction(async (trx) => {
        const found = await findOrCreate(trx, auth.organizationId, write.changes.email!, now);
        const created = found.events.length > 0;
        // A new subscriber keeps the address as given; an existing one keeps its own spelling unless it changes.
        const { email: _email, ...changes } = write.changes;
        const changed = applySubscriberChanges(found.row, changes, now);
        await saveRow(trx, changed.row);
        const events = [...found.events, ...changed.events];
        const tagged = write.changes.tags ? await tagEvents(trx, changed.row, write.changes.tags, now, true) : [];
        events.push(...tagged);
        await recordEvents(triggers, trx, events, write.triggerWorkflows, now);
        await publishSubscriberChange(trx, created ? null : found.row, changed.row, tagged.length > 0, now);
        return { subscriber: await record(trx, changed.row), created };
      });
    },

    async getSubscriber(auth, ref) {
      return record(db, await mustFind(db, auth, ref));
    },

    async updateSubscriber(auth, ref, write) {
      const now = clock.now();
      return inTransaction(async (trx) => {
        const row = await mustFind(trx, auth, ref);
        const changed = applySubscriberChanges(row, write.changes, now);
        if (changed.row.email_key !== row.email_key) {
          const other = await findSubscriberByEmail(trx, auth.organizationId, changed.row.email_key);
          if (other) throw new AppError('conflict', `Another subscriber already has the email ${changed.row.email}`);
        }
        await saveRow(trx, changed.row);
        await recordEvents(triggers, trx, changed.events, write.triggerWorkflows, now);
        await publishSubscriberChange(trx, row, changed.row, false, now);
        return record(trx, changed.row);
      });
    },

    async unsubscribe(auth, ref, options = {}) {
      const now = clock.now();
      return inTransaction(async (trx) => {
        const row = await mustFind(trx, auth, ref);
        const changed = applySubscriberChanges(row, { status: 'unsubscribed' }, now);
        await saveRow(trx, changed.row);
        const events = changed.events.map((e) => ({ ...e, properties: { ...e.properties, ...options.properties } }));
        await recordEvents(triggers, trx, events, options.triggerWorkflows !== false, now);
        await publishSubscriberChange(trx, row, changed.row, false, now);
        if (events.length > 0 && options.whenChanged) await options.whenChanged(trx);
        return record(trx, changed.row);
      });
    },

    addTags: (auth, ref, tags, options = {}) => changeTags(auth, ref, tags, options, true),

    removeTags: (auth, ref, tags, options = {}) => changeTags(auth, ref, tags, options, false),

    async listSubscribers(auth, filter, page) {
      const rows = await listSubscriberRows(db, auth.organizationId, await subscriberQuery(auth, filter), page);
      const records = await recordsOf(rows);
      return toPage(rows, page, (r) => records.get(r.id)!);
    },

    async countSubscribers(auth, filter) {
      return countSubscribers(db, auth.organizationId, await subscriberQuery(auth, filter));
    },

    async listSubscriberEvents(auth, ref, page) {
      const row = await mustFind(db, auth, ref);
      const events = await listSubscriberEventRows(db, row.id, page);
      return toPage(events, page, (e) => toSubscriberEventRecord(e, row.email));
    },

    async recordEvent(auth, input) {
      const now = clock.now();
      return inTransaction(async (trx) => {
        const found = await findOrCreate(trx, auth.organizationId, input.email, now);
        const event: NewSubscriberEvent = {
          organizationId: auth.organizationId,
          subscriberId: found.row.id,
          name: input.name,
          properties: input.properties ?? {},
          at: now,
        };
        const inserted = await recordEvents(triggers, trx, [...found.events, event], input.triggerWorkflows !== false, now);
        if (found.events.length > 0) await publishSubscriberChange(trx, null, found.row, false, now);
        const mine = inserted[inserted.length - 1]!;
        return toSubscriberEventRecord(
          { id: mine.id, subscriber_id: found.row.id, name: event.name, properties: JSON.stringify(event.properties), created_at: now },
          found.row.email,
        );
      });
    },

    async listTags(auth, page) {
      const rows = await listTagRows(db, auth.organizationId, page);
      const counts = await countTagSubscribers(
        db,
        rows.map((r) => r.id),
      );
      return toPage(rows, page, (r) => toTagRecord(r, counts.get(r.id)!));
    },

    async createTag(auth, name) {
      const now = clock.now();
      const row = { id: newId('tag', now), organization_id: auth.organizationId, name, created_at: now };
      try {
        await db.insertInto('tags').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', `A tag named "${name}" already exists`);
        throw error;
      }
      return toTagRecord(row, 0);
    },

    async getTag(auth, ref) {
      const row = await findTag(db, auth.organizationId, ref);
      if (!row) throw new AppError('not_found', `Tag ${ref} not found`);
      const counts = await countTagSubscribers(db, [row.id]);
      return toTagRecord(row, counts.get(row.id)!);
    },

    exportSubscribers(auth, filter, maxRows) {
      let query: SubscriberQuery | undefined;
      const readPage = async (after: string | undefined) => {
        query ??= await subscriberQuery(auth, filter);
        // listSubscriberRows (fetchIdPage) reads one row past `limit` (for has_more); the export
        // takes every row it gives, so a page of EXPORT_PAGE_ROWS asks for one fewer.
        const rows = await listSubscriberRows(db, auth.organizationId, query, { limit: EXPORT_PAGE_ROWS - 1, ...(after ? { after } : {}) });
        const records = await recordsOf(rows);
        return rows.map((r) => records.get(r.id)!);
      };
      return { filename: exportFilename(clock.now()), body: subscriberCsv(readPage, maxRows) };
    },
  };
}
export { audiencePage, countSubscribedAudience, type AudienceSelection, type AudienceMember } from './audience-selection.ts';
export { findSubscriberById, findTagIds } from './audience.repository.ts';
