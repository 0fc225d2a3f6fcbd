import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { insertRows } from '../db/index.ts';
import type { Database, SubscriberImportsTable, SubscribersTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import type { PageRequest } from '../pagination.ts';
import { fetchIdPage } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { ensureTags, findSubscribersByEmails, type NewSubscriberEvent } from './audience.repository.ts';
import type { SubscriberChanges } from './audience-input.ts';
import { applySubscriberChanges, newSubscriberRow } from './subscriber-changes.ts';
import type { ImportRow, RowProblem } from './csv-import.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A new import and its file. */
export async function insertImport(db: Db, row: SubscriberImportsTable, content: Buffer): Promise<void> {
  await db.insertInto('subscriber_imports').values(row).execute();
  await db.insertInto('subscriber_import_files').values({ import_id: row.id, content }).execute();
}

const RECORD_COLUMNS = [
  'id',
  'organization_id',
  'status',
  'columns',
  'tags',
  'update_existing',
  'total_rows',
  'processed_rows',
  'created_count',
  'updated_count',
  'skipped_count',
  'failed_count',
  'errors',
  'error_count',
  'created_at',
  'updated_at',
  'finished_at',
] as const;
export type ImportRowState = SubscriberImportsTable;

export async function findImport(db: Db, organizationId: string, id: string): Promise<ImportRowState | undefined> {
  return db.selectFrom('subscriber_imports').select(RECORD_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** An import and its file (null once the import ended). */
export async function findImportWithContent(db: Db, id: string): Promise<(SubscriberImportsTable & { content: Buffer | null }) | undefined> {
  return db
    .selectFrom('subscriber_imports')
    .leftJoin('subscriber_import_files', 'subscriber_import_files.import_id', 'subscriber_imports.id')
    .selectAll('subscriber_imports')
    .select('subscriber_import_files.content')
    .where('subscriber_imports.id', '=', id)
    .executeTakeFirst();
}

export async function listImportRows(db: Db, organizationId: string, page: PageRequest): Promise<ImportRowState[]> {
  return fetchIdPage(db.selectFrom('subscriber_imports').select(RECORD_COLUMNS).where('organization_id', '=', organizationId), 'id', page);
}

/** What one chunk adds to an import's progress. */
export interface ImportStep {
  /** processed_rows after the chunk. */
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** The errors list after the chunk (the first ones kept) and how many there are in all. */
  errors: string;
  errorCount: number;
  now: number;
}

/**
 * Save a chunk's progress, only while `holder` holds the import's job and the
 * import is where the chunk began (`from` rows done): false otherwise, and the
 * caller's transaction must not commit.
 */
export async function advanceImport(db: Db, id: string, from: number, step: ImportStep, holder: { jobId: string; owner: string }): Promise<boolean> {
  const moved = await db
    .updateTable('subscriber_imports')
    .set((eb) => ({
      status: 'running' as const,
      processed_rows: step.processed,
      created_count: eb('created_count', '+', step.created),
      updated_count: eb('updated_count', '+', step.updated),
      skipped_count: eb('skipped_count', '+', step.skipped),
      failed_count: eb('failed_count', '+', step.failed),
      errors: step.errors,
      error_count: step.errorCount,
      updated_at: step.now,
    }))
    .where('id', '=', id)
    .where('processed_rows', '=', from)
    .where((eb) => heldBy(eb, holder))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

function heldBy(eb: ExpressionBuilder<Database, 'subscriber_imports'>, holder: { jobId: string; owner: string }) {
  return eb.exists(eb.selectFrom('jobs').select('jobs.id').where('jobs.id', '=', holder.jobId).where('jobs.lease_owner', '=', holder.owner));
}

/** The import has ended (completed or failed): its file is dropped. Run it in a transaction. */
export async function finishImport(
  db: Db,
  id: string,
  status: 'completed' | 'failed',
  now: number,
  extra: { errors?: string; errorCount?: number } = {},
): Promise<void> {
  await db.deleteFrom('subscriber_import_files').where('import_id', '=', id).execute();
  await db
    .updateTable('subscriber_imports')
    .set({
      status,
      finished_at: now,
      updated_at: now,
      ...(extra.errors !== undefined ? { errors: extra.errors } : {}),
      ...(extra.errorCount !== undefined ? { error_count: extra.errorCount } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export interface ImportWriteOptions {
  /** false: a subscriber that exists already is left as it is (counted as skipped). */
  updateExisting: boolean;
}

export interface ImportWriteResult {
  created: number;
  updated: number;
  /** Existing subscribers left as they were (updateExisting false). */
  skipped: number;
  /** Rows refused here, not written: their attributes merged with the stored ones would be too large. */
  failed: RowProblem[];
}

/**
 * Write checked import rows (unique addresses) in a few statements: existing
 * subscribers found at once and updated by one upsert, new ones inserted (the
 * rules of applySubscriberChanges: names set where the row has them, attributes
 * merged, status set, except that an import never makes subscribed again someone
 * who unsubscribed, bounced or complained); tags created and attached; the
 * subscriber_created, status and tag_added events recorded. An address another
 * request created since the lookup is that subscriber's update (skipped when
 * updateExisting is false), read again and written as any existing one is.
 * Starts no workflow and sends no webhook.
 */
export async function writeImportedSubscribers(
  trx: Db,
  organizationId: string,
  rows: readonly ImportRow[],
  options: ImportWriteOptions,
  now: number,
): Promise<ImportWriteResult> {
  const result: ImportWriteResult = { created: 0, updated: 0, skipped: 0, failed: [] };
  if (rows.length === 0) return result;
  /** The writes `rows` mean over the subscribers found now: rows of existing ones left out when updateExisting is false. */
  const plan = async (of: readonly ImportRow[]): Promise<ImportWrite[]> => {
    const keys = of.map((r) => r.key);
    const existing = new Map((await findSubscribersByEmails(trx, organizationId, keys)).map((r) => [r.email_key, r]));
    const writes: ImportWrite[] = [];
    for (const row of of) {
      const before = existing.get(row.key);
      if (before && !options.updateExisting) {
        result.skipped++;
        continue;
      }
      const write = importWrite(row, before, organizationId, now);
      if ('message' in write) result.failed.push(write);
      else writes.push(write);
    }
    return writes;
  };
  const writes = await plan(rows);
  if (writes.length === 0) return result;

  const updates = writes.filter((w) => w.before);
  const inserts = writes.filter((w) => !w.before);
  const idOf = await upsertExisting(trx, updates);
  const inserted = await insertRows(
    trx as Kysely<Database>,
    'subscribers:import-insert',
    inserts.map((w) => w.values),
    (chunk) =>
      trx
        .insertInto('subscribers')
        .values(chunk)
        .onConflict((oc) => oc.columns(['organization_id', 'email_key']).doNothing())
        .returning(['id', 'email_key']),
  );
  for (const s of inserted) idOf.set(s.email_key, s.id);
  // An address another request created since the lookup: its new row was not inserted.
  const lost = inserts.filter((w) => idOf.get(w.row.key) !== w.values.id);
  let settled = writes;
  if (lost.length > 0) {
    const again = await plan(lost.map((w) => w.row));
    for (const [key, id] of await upsertExisting(trx, again)) idOf.set(key, id);
    const order = new Map(rows.map((r, i) => [r.key, i]));
    settled = [...writes.filter((w) => !lost.includes(w)), ...again].sort((a, b) => order.get(a.row.key)! - order.get(b.row.key)!);
  }

  const events: { id: string; organization_id: string; subscriber_id: string; name: string; properties: string; created_at: number }[] = [];
  const event = (subscriberId: string, name: string, properties: Record<string, unknown>) =>
    events.push({
      id: newId('evt', now),
      organization_id: organizationId,
      subscriber_id: subscriberId,
      name,
      properties: JSON.stringify(properties),
      created_at: now,
    });
  for (const w of settled) {
    const id = idOf.get(w.row.key)!;
    if (w.before) result.updated++;
    else {
      result.created++;
      event(id, 'subscriber_created', { source: 'import' });
    }
    for (const e of w.events) event(id, e.name, { ...e.properties, source: 'import' });
  }

  const tagNames = [...new Set(settled.flatMap((w) => w.row.tags))];
  if (tagNames.length > 0) {
    const tagIds = await ensureTags(trx, organizationId, tagNames, now);
    const nameOf = new Map([...tagIds].map(([name, id]) => [id, name]));
    const pairs = settled.flatMap((w) => w.row.tags.map((name) => ({ tag_id: tagIds.get(name)!, subscriber_id: idOf.get(w.row.key)!, created_at: now })));
    const attached = await insertRows(trx as Kysely<Database>, 'subscriber_tags:import', pairs, (chunk) =>
      trx
        .insertInto('subscriber_tags')
        .values(chunk)
        .onConflict((oc) => oc.columns(['tag_id', 'subscriber_id']).doNothing())
        .returning(['tag_id', 'subscriber_id']),
    );
    for (const a of attached) event(a.subscriber_id, 'tag_added', { tag: nameOf.get(a.tag_id)!, source: 'import' });
  }
  await insertRows(trx as Kysely<Database>, 'subscriber_events:import', events, (chunk) => trx.insertInto('subscriber_events').values(chunk));
  return result;
}

interface ImportWrite {
  row: ImportRow;
  /** The subscriber as written. */
  values: SubscribersTable;
  /** The subscriber as found; undefined: a new one. */
  before: SubscribersTable | undefined;
  /** The status event the row means, if any. */
  events: NewSubscriberEvent[];
}

/** What `row` writes over `before` (undefined: a new subscriber), or why it is refused (its merged attributes too large). */
function importWrite(row: ImportRow, before: SubscribersTable | undefined, organizationId: string, now: number): ImportWrite | RowProblem {
  const base: SubscribersTable = before ?? newSubscriberRow(organizationId, row.email, row.key, now);
  const changes: SubscriberChanges = {};
  if (row.firstName !== undefined) changes.firstName = row.firstName;
  if (row.lastName !== undefined) changes.lastName = row.lastName;
  if (Object.keys(row.attributes).length > 0) changes.attributes = row.attributes;
  if (row.status !== undefined) changes.status = row.status;
  try {
    const applied = applySubscriberChanges(base, changes, now, { resubscribe: false });
    return { row, values: applied.row, before, events: applied.events };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'validation_error') return { row: row.row, email: row.email, message: error.message };
    throw error;
  }
}

/** Write existing subscribers' new values; their ids by email key. */
async function upsertExisting(trx: Db, writes: readonly ImportWrite[]): Promise<Map<string, string>> {
  const saved = await insertRows(
    trx as Kysely<Database>,
    'subscribers:import-upsert',
    writes.map((w) => w.values),
    (chunk) =>
      trx
        .insertInto('subscribers')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['organization_id', 'email_key']).doUpdateSet((eb) => ({
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            status: eb.ref('excluded.status'),
            attributes: eb.ref('excluded.attributes'),
            search_text: eb.ref('excluded.search_text'),
            updated_at: eb.ref('excluded.updated_at'),
            unsubscribed_at: eb.ref('excluded.unsubscribed_at'),
          })),
        )
        .returning(['id', 'email_key']),
  );
  return new Map(saved.map((s) => [s.email_key, s.id]));
}
