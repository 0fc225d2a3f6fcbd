// The audience as CSV: a header, then the subscribers page by page as they are
// read, so an export of any size holds one page in memory. Cells a spreadsheet
// would run as a formula (=, +, -, @, tab, carriage return first) are escaped.
import { stringify } from 'csv-stringify/sync';
import type { SubscriberRecord } from './audience-record.ts';

/** Subscribers read per page of an export. */
export const EXPORT_PAGE_ROWS = 1000;

export const EXPORT_COLUMNS = ['email', 'first_name', 'last_name', 'status', 'tags', 'created_at'] as const;

/** `subscribers-YYYY-MM-DD.csv` for the day `now` falls on (UTC). */
export function exportFilename(now: number): string {
  return `subscribers-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

const cellOf = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The CSV, in pieces: a UTF-8 BOM and the header (the fixed columns, then one per
 * attribute key found, sorted), then one piece per page. `readPage(after)` gives
 * the page after that subscriber id (newest first), empty at the end; it is
 * walked twice, first for the attribute keys. The second walk leaves out
 * subscribers added since the first began (ids grow with time), whose
 * attributes the header may lack. `maxRows` stops early.
 */
export async function* subscriberCsv(readPage: (after: string | undefined) => Promise<SubscriberRecord[]>, maxRows = Infinity): AsyncGenerator<string> {
  const keys = new Set<string>();
  let after: string | undefined;
  let seen = 0;
  let newest: string | undefined;
  for (;;) {
    const page = await readPage(after);
    newest ??= page[0]?.id;
    for (const s of page.slice(0, Math.max(0, maxRows - seen))) for (const key of Object.keys(s.attributes)) keys.add(key);
    seen += page.length;
    if (page.length === 0 || seen >= maxRows) break;
    after = page[page.length - 1]!.id;
  }
  const attributeKeys = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const options = { escape_formulas: true, record_delimiter: '\r\n' } as const;
  yield `\ufeff${stringify([[...EXPORT_COLUMNS, ...attributeKeys]], options)}`;
  if (newest === undefined) return;
  const known = newest;
  after = undefined;
  let written = 0;
  while (written < maxRows) {
    const read = await readPage(after);
    if (read.length === 0) return;
    after = read[read.length - 1]!.id;
    const page = read.filter((s) => s.id <= known).slice(0, maxRows - written);
    if (page.length === 0) continue;
    yield stringify(
      page.map((s) => [
        s.email,
        s.first_name ?? '',
        s.last_name ?? '',
        s.status,
        s.tags.join(', '),
        s.created_at,
        ...attributeKeys.map((k) => cellOf(s.attributes[k])),
      ]),
      options,
    );
    written += page.length;
  }
}
