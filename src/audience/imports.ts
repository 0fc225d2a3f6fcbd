// Subscriber imports: a CSV file checked whole when it is sent (encoding,
// structure, header, row count), stored with its import record, then written
// by a queue job in chunks, one transaction each, the progress saved with the
// chunk: a worker killed mid-import resumes at the first chunk not committed.
import { z } from 'zod';
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { AppError, validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { completeJob, enqueueJobs, JobLeaseLost, type Job } from '../queue/index.ts';
import {
  checkRow,
  csvProblem,
  csvRecords,
  decodeCsv,
  isProblem,
  planColumns,
  type ColumnPlan,
  importColumnsSchema,
  type ImportColumns,
  type ImportEncoding,
  type ImportRow,
  type RowProblem,
} from './csv-import.ts';
import {
  advanceImport,
  findImport,
  findImportWithContent,
  finishImport,
  insertImport,
  listImportRows,
  writeImportedSubscribers,
  type ImportRowState,
} from './imports.repository.ts';

export const SUBSCRIBER_IMPORT_JOB = 'subscriber_import';
/** Rows written per transaction. */
export const IMPORT_CHUNK_ROWS = 1000;
/** Errors an import keeps (error_count counts them all). */
export const IMPORT_ERRORS_KEPT = 1000;
/** A job that throws this many times fails its import. */
const IMPORT_MAX_ATTEMPTS = 5;

const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const subscriberImportRecordSchema = z.object({
  object: z.literal('subscriber_import'),
  id: z.string().describe('The import id (imp_…).'),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  total_rows: z.number().int().nullable().describe('Data rows in the file (the header is not one).'),
  processed_rows: z.number().int().describe('Data rows done so far.'),
  created: z.number().int().describe('Subscribers created.'),
  updated: z.number().int().describe('Existing subscribers updated.'),
  skipped: z
    .number()
    .int()
    .describe(
      'Rows not written: a later row with an address an earlier row of the file had (the first wins), or, with update_existing false, an existing subscriber.',
    ),
  failed: z.number().int().describe('Rows refused for their content (an invalid email, status or tag).'),
  errors: z
    .array(z.object({ row: z.number().int().describe('1-based data row; the header is row 0.'), email: z.string().nullable(), message: z.string() }))
    .describe(`The rows reported, failed ones and skipped duplicates, in file order: the first ${IMPORT_ERRORS_KEPT}.`),
  error_count: z.number().int().describe('Rows reported in all (errors keeps the first ones).'),
  columns: importColumnsSchema.describe('The column mapping used.'),
  created_at: timestamp,
  updated_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type SubscriberImportRecord = z.infer<typeof subscriberImportRecordSchema>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toImportRecord(row: ImportRowState): SubscriberImportRecord {
  return {
    object: 'subscriber_import',
    id: row.id,
    status: row.status,
    total_rows: row.total_rows === null ? null : Number(row.total_rows),
    processed_rows: Number(row.processed_rows),
    created: Number(row.created_count),
    updated: Number(row.updated_count),
    skipped: Number(row.skipped_count),
    failed: Number(row.failed_count),
    errors: JSON.parse(row.errors) as RowProblem[],
    error_count: Number(row.error_count),
    columns: JSON.parse(row.columns) as ImportColumns,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    finished_at: iso(row.finished_at),
  };
}

export interface ImportRequest {
  /** The CSV file's bytes. */
  content: Buffer;
  columns?: ImportColumns | undefined;
  tags?: string[] | undefined;
  encoding?: ImportEncoding | undefined;
  updateExisting?: boolean | undefined;
}

export interface SubscriberImportService {
  /** Check the file and queue its import; throws validation_error (422) or payload_too_large. */
  start(auth: OrgScope, request: ImportRequest): Promise<SubscriberImportRecord>;
  get(auth: OrgScope, id: string): Promise<SubscriberImportRecord>;
  list(auth: OrgScope, page: PageRequest): Promise<Page<SubscriberImportRecord>>;
  /** The queue job's handler. */
  handler(job: Job): Promise<void>;
}

export interface SubscriberImportDeps {
  db: DatabaseHandle;
  clock: Clock;
  owner: string;
  maxBytes: number;
  maxRows: number;
  /** Told after an import is queued (the worker looks for it at once). */
  onQueued?: (kind: string) => void;
  chunkRows?: number;
}

/** The refusal of a file larger than an import takes, in the words every door gives. */
export function importTooLarge(maxBytes: number, size?: number): AppError {
  const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
  return new AppError(
    'payload_too_large',
    `A subscriber import takes a CSV file of at most ${mib(maxBytes)} (${maxBytes} bytes, IMPORT_MAX_BYTES)${size !== undefined ? `; this one is ${mib(size)}` : ''}. Split the file and import each part.`,
  );
}

/** Walk the data rows: each checked, duplicates of an earlier written address skipped. */
function rowOutcome(
  cells: string[],
  row: number,
  plan: ColumnPlan,
  tags: string[],
  seen: Map<string, number>,
): ImportRow | RowProblem | { duplicate: RowProblem } {
  const checked = checkRow(cells, row, plan, tags);
  if (isProblem(checked)) return checked;
  const first = seen.get(checked.key);
  if (first !== undefined) return { duplicate: { row, email: checked.email, message: `skipped: row ${first} has the same address and was imported` } };
  seen.set(checked.key, row);
  return checked;
}

export function createSubscriberImports(deps: SubscriberImportDeps): SubscriberImportService {
  const db = deps.db.db;
  const { clock, owner } = deps;
  const chunkRows = deps.chunkRows ?? IMPORT_CHUNK_ROWS;

  async function must(auth: OrgScope, id: string): Promise<ImportRowState> {
    const row = await findImport(db, auth.organizationId, id);
    if (!row) throw new AppError('not_found', `Subscriber import ${id} not found`);
    return row;
  }

  return {
    async start(auth, request) {
      if (request.content.length > deps.maxBytes) throw importTooLarge(deps.maxBytes, request.content.length);
      const text = decodeCsv(request.content, request.encoding);
      let plan: ColumnPlan | null = null;
      let rows = 0;
      try {
        for await (const record of csvRecords(text)) {
          if (plan === null) plan = planColumns(record, request.columns);
          else rows++;
        }
      } catch (error) {
        csvProblem(error);
      }
      if (plan === null) throw validationError([{ path: 'content', message: 'is empty: its first row must name the columns (email, first_name, …)' }]);
      if (rows > deps.maxRows) {
        throw validationError([
          { path: 'content', message: `has ${rows} data rows; an import takes at most ${deps.maxRows} (IMPORT_MAX_ROWS): split the file` },
        ]);
      }
      const now = clock.now();
      const row = {
        id: newId('imp', now),
        organization_id: auth.organizationId,
        status: 'queued' as const,
        columns: JSON.stringify(plan.columns),
        tags: JSON.stringify(request.tags ?? []),
        update_existing: request.updateExisting === false ? 0 : 1,
        total_rows: rows,
        processed_rows: 0,
        created_count: 0,
        updated_count: 0,
        skipped_count: 0,
        failed_count: 0,
        errors: '[]',
        error_count: 0,
        created_at: now,
        updated_at: now,
        finished_at: null,
      };
      await db.transaction().execute(async (trx) => {
        await insertImport(trx, row, Buffer.from(text, 'utf8'));
        await enqueueJobs(trx, [{ kind: SUBSCRIBER_IMPORT_JOB, refId: row.id, runAt: now, organizationId: auth.organizationId }], now);
      });
      deps.onQueued?.(SUBSCRIBER_IMPORT_JOB);
      return toImportRecord(row);
    },

    async get(auth, id) {
      return toImportRecord(await must(auth, id));
    },

    async list(auth, page) {
      const rows = await listImportRows(db, auth.organizationId, page);
      return toPage(rows, page, toImportRecord);
    },

    async handler(job) {
      const holder = { jobId: job.id, owner };
      const found = await findImportWithContent(db, job.refId);
      if (!found || found.content === null || found.status === 'completed' || found.status === 'failed') {
        await completeJob(db, job.id, owner);
        return;
      }
      const errors = JSON.parse(found.errors) as RowProblem[];
      // The claim counted this run in `attempts`: the runs before it failed.
      const failedRuns = job.attempts - 1;
      if (failedRuns >= IMPORT_MAX_ATTEMPTS) {
        const message = `the import stopped after row ${found.processed_rows}: it failed ${failedRuns} times (the server's log says why); the rows before it were imported`;
        const kept = errors.length < IMPORT_ERRORS_KEPT ? [...errors, { row: Number(found.processed_rows) + 1, email: null, message }] : errors;
        await db
          .transaction()
          .execute((trx) => finishImport(trx, found.id, 'failed', clock.now(), { errors: JSON.stringify(kept), errorCount: Number(found.error_count) + 1 }));
        await completeJob(db, job.id, owner);
        return;
      }
      const text = Buffer.from(found.content).toString('utf8');
      const columns = JSON.parse(found.columns) as ImportColumns;
      const tags = JSON.parse(found.tags) as string[];
      const options = { updateExisting: Number(found.update_existing) === 1 };
      const organizationId = found.organization_id;
      let done = Number(found.processed_rows);
      let errorCount = Number(found.error_count);
      const seen = new Map<string, number>();
      let plan: ColumnPlan | null = null;
      let row = 0;
      let chunk: string[][] = [];

      const writeChunk = async () => {
        const from = done;
        const writes: ImportRow[] = [];
        let failed = 0;
        let skipped = 0;
        for (const [i, cells] of chunk.entries()) {
          const outcome = rowOutcome(cells, from + i + 1, plan!, tags, seen);
          if ('duplicate' in outcome) {
            skipped++;
            errorCount++;
            if (errors.length < IMPORT_ERRORS_KEPT) errors.push(outcome.duplicate);
          } else if (isProblem(outcome)) {
            failed++;
            errorCount++;
            if (errors.length < IMPORT_ERRORS_KEPT) errors.push(outcome);
          } else writes.push(outcome);
        }
        const now = clock.now();
        let refusedByWrite: RowProblem[] = [];
        await db.transaction().execute(async (trx) => {
          const written = await writeImportedSubscribers(trx, organizationId, writes, options, now);
          refusedByWrite = written.failed;
          // Rows the write refused join the report in row order (a retried chunk starts from the same report).
          const reported = written.failed.length === 0 ? errors : [...errors, ...written.failed].sort((a, b) => a.row - b.row).slice(0, IMPORT_ERRORS_KEPT);
          const step = {
            processed: from + chunk.length,
            created: written.created,
            updated: written.updated,
            skipped: skipped + written.skipped,
            failed: failed + written.failed.length,
            errors: JSON.stringify(reported),
            errorCount: errorCount + written.failed.length,
            now,
          };
          if (!(await advanceImport(trx, found.id, from, step, holder))) throw new JobLeaseLost(job.id, `subscriber import ${found.id}`);
        });
        done += chunk.length;
        chunk = [];
        if (refusedByWrite.length > 0) {
          errors.push(...refusedByWrite);
          errors.sort((a, b) => a.row - b.row).splice(IMPORT_ERRORS_KEPT);
          errorCount += refusedByWrite.length;
        }
        // SQLite answers synchronously: let requests and leases be served between chunks.
        await new Promise<void>((resolve) => setImmediate(resolve));
      };

      for await (const record of csvRecords(text)) {
        if (plan === null) {
          plan = planColumns(record, columns);
          continue;
        }
        row++;
        // Rows done before a restart: only which addresses they took (a later duplicate is skipped as it was).
        if (row <= done) {
          const checked = checkRow(record, row, plan, tags);
          if (!isProblem(checked) && !seen.has(checked.key)) seen.set(checked.key, row);
          continue;
        }
        chunk.push(record);
        if (chunk.length >= chunkRows) await writeChunk();
      }
      if (chunk.length > 0 || done === 0) await writeChunk();
      await db.transaction().execute((trx) => finishImport(trx, found.id, 'completed', clock.now()));
      await completeJob(db, job.id, owner);
    },
  };
}
