import { z } from 'zod';
import {
  IMPORT_ENCODINGS,
  IMPORT_ERRORS_KEPT,
  importColumnsSchema,
  subscriberFilterFields,
  subscriberImportRecordSchema,
  tagName,
  TAGS_PER_REQUEST_MAX,
  type AudienceService,
  type SubscriberFilter,
} from '../audience/index.ts';
import type { OrgScope } from '../auth-scope/index.ts';
import { idPattern } from '../ids.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { defineOperation, type OperationContext } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

/** Rows the JSON doors (tools, MCP, the CLI's `tools run`) answer at most; REST streams every row. */
export const EXPORT_JSON_MAX_ROWS = 10_000;
const CSV = 'text/csv; charset=utf-8' as const;

const base64 = z
  .string({ error: 'must be a string (the CSV file, base64)' })
  .regex(/^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/, "must be base64 (the CSV file's bytes)")
  .describe('The CSV file, base64. The first row names the columns.');

const importId = z.string({ error: 'must be a string' }).regex(idPattern('imp'), 'must be a subscriber import id (imp_…)').describe('The import id (imp_…).');

export const importSubscribers = defineOperation({
  name: 'import_subscribers',
  summary: 'Import subscribers from a CSV file',
  resource: 'subscribers',
  description: [
    'Takes a CSV file (base64 in content; its first row names the columns) and imports its rows as subscribers in the background: new addresses are created (subscribed unless the status column says otherwise), existing ones updated (names set, attributes merged, tags attached) unless update_existing is false.',
    'The file is checked whole first: an encoding it is not valid in, malformed CSV, no email column, more than IMPORT_MAX_ROWS rows (100 000 by default) or more than 1 000 columns refuse it (validation_error); a file over IMPORT_MAX_BYTES (50 MiB by default) is payload_too_large.',
    "Then each row stands alone: an invalid email, status or tag fails that row only, and a second row with an address an earlier row had is skipped (the first wins); both are listed in the import's errors with their row number (the header is row 0).",
    'An import never subscribes again someone who unsubscribed, bounced or complained, starts no workflow and sends no subscriber webhooks; it records subscriber_created, status and tag_added events.',
    'Returns the import record at once (status queued); follow it with get_subscriber_import until status is completed.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({
    content: base64,
    columns: importColumnsSchema.optional(),
    tags: z
      .array(tagName, { error: 'must be an array of tag names' })
      .max(TAGS_PER_REQUEST_MAX, `must hold at most ${TAGS_PER_REQUEST_MAX} tags`)
      .optional()
      .describe('Tag names attached to every imported subscriber (created when new).'),
    encoding: z
      .enum(IMPORT_ENCODINGS, { error: `must be one of ${IMPORT_ENCODINGS.join(', ')}` })
      .optional()
      .describe('The text encoding of the file (default utf-8). A UTF-8 or UTF-16 byte order mark overrides it.'),
    update_existing: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .describe('false: leave subscribers that exist already as they are (counted as skipped). Default true.'),
  }),
  output: subscriberImportRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: ['payload_too_large'],
  example: { content: Buffer.from('email,first_name,plan\nada@example.com,Ada,pro\n').toString('base64'), tags: ['imported'] },
  run: ({ services, scope }, input) =>
    services.subscriberImports.start(scope, {
      content: Buffer.from(input.content, 'base64'),
      columns: input.columns,
      tags: input.tags,
      encoding: input.encoding,
      updateExisting: input.update_existing,
    }),
});

export const getSubscriberImport = defineOperation({
  name: 'get_subscriber_import',
  summary: "Get a subscriber import's progress and errors",
  resource: 'subscribers',
  description: [
    'Returns the import: status (queued, running, completed, failed), total_rows and processed_rows, how many subscribers were created and updated, rows skipped and failed,',
    `and errors: each reported row's number (1-based; the header is row 0), email and what was wrong, the first ${IMPORT_ERRORS_KEPT} of error_count.`,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: importId }),
  output: subscriberImportRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: 'imp_01jb8k2m3n4p5q6r7s8t9v0w1x' },
  run: ({ services, scope }, input) => services.subscriberImports.get(scope, input.id),
});

export const listSubscriberImports = defineOperation({
  name: 'list_subscriber_imports',
  summary: 'List subscriber imports, newest first',
  resource: 'subscribers',
  description: [
    'Returns a page of the imports of this organization, newest first, each as get_subscriber_import answers it.',
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('imp', {}),
  output: listEnvelope(subscriberImportRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 10 },
  run: ({ services, scope }, page) => services.subscriberImports.list(scope, pageOf(page)),
});

const exportOutput = z.object({
  object: z.literal('subscriber_export'),
  content_type: z.literal(CSV),
  filename: z.string().describe('subscribers-YYYY-MM-DD.csv'),
  rows: z.number().int().describe('Subscribers in the file.'),
  truncated: z.boolean().describe(`true when more subscribers matched than the ${EXPORT_JSON_MAX_ROWS} this answer holds (REST's CSV route streams them all).`),
  content: z.string().describe('The CSV file, base64.'),
});

const filterOf = ({ status, tag, query }: { status?: SubscriberFilter['status']; tag?: string | undefined; query?: string | undefined }): SubscriberFilter => ({
  ...(status !== undefined ? { status } : {}),
  ...(tag !== undefined ? { tag } : {}),
  ...(query !== undefined ? { query } : {}),
});

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

/** The JSON doors' answer to export_subscribers: the first `maxRows` subscribers' CSV, base64, and whether more matched. */
export async function exportAnswer(
  audience: AudienceService,
  scope: OrgScope,
  filter: SubscriberFilter,
  maxRows = EXPORT_JSON_MAX_ROWS,
): Promise<z.output<typeof exportOutput>> {
  const total = await audience.countSubscribers(scope, filter);
  const csv = audience.exportSubscribers(scope, filter, maxRows);
  const text = await collect(csv.body);
  return {
    object: 'subscriber_export',
    content_type: CSV,
    filename: csv.filename,
    rows: Math.min(total, maxRows),
    truncated: total > maxRows,
    content: Buffer.from(text, 'utf8').toString('base64'),
  };
}

export const exportSubscribers = defineOperation({
  name: 'export_subscribers',
  summary: 'Export subscribers as a CSV file',
  resource: 'subscribers',
  description: [
    'Returns the subscribers the filters select (status, tag, query; all without them) as a CSV file, newest first: a UTF-8 byte order mark, then the columns email, first_name, last_name, status, tags (joined by ", "), created_at and one column per attribute key found.',
    'Cells that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) are prefixed with a quote.',
    `Over REST the file itself is streamed, every row; here it is base64 in content, at most ${EXPORT_JSON_MAX_ROWS} rows (truncated says when there were more).`,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject(subscriberFilterFields),
  output: exportOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { status: 'subscribed', tag: 'customers' },
  run: ({ services, scope }, input) => exportAnswer(services.audience, scope, filterOf(input)),
  stream: async ({ services, scope }: OperationContext, input) => {
    const csv = services.audience.exportSubscribers(scope, filterOf(input));
    return { contentType: CSV, filename: csv.filename, body: csv.body };
  },
});
