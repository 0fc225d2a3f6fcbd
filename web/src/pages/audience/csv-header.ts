// The import dialog's reading of a CSV file in the browser: its header row (from
// the first 64 KB, decoded as the chosen encoding) to offer a column mapping, and
// the whole file as base64 for import_subscribers. Nothing else is parsed here:
// the server reads every row.
import { parse } from 'csv-parse/browser/esm/sync';

/** Bytes read for the header row. */
export const HEADER_BYTES = 64 * 1024;

export const ENCODINGS = [
  { id: 'utf-8', label: 'UTF-8' },
  { id: 'utf-16le', label: 'UTF-16 (little-endian)' },
  { id: 'windows-1252', label: 'Windows-1252 (Western European)' },
  { id: 'iso-8859-1', label: 'ISO-8859-1 (Latin-1)' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['id'];

/** What a CSV column goes into. */
export type Target = 'skip' | 'email' | 'first_name' | 'last_name' | 'status' | 'tags' | 'attribute';

export const TARGETS: readonly { id: Target; label: string }[] = [
  { id: 'skip', label: 'Skip' },
  { id: 'email', label: 'Email' },
  { id: 'first_name', label: 'First name' },
  { id: 'last_name', label: 'Last name' },
  { id: 'status', label: 'Status' },
  { id: 'tags', label: 'Tags' },
  { id: 'attribute', label: 'Attribute' },
];

/** A header as the server compares it with a field's name: without regard to case, spaces, underscores and hyphens. */
const normalized = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');
const FIELD_OF: Readonly<Record<string, Target>> = { email: 'email', firstname: 'first_name', lastname: 'last_name', status: 'status', tags: 'tags' };

/** The default mapping, as the server's own default: headers named after a field go to it (the first such), every other column to an attribute. */
export function guessTargets(headers: readonly string[]): Target[] {
  const taken = new Set<Target>();
  return headers.map((header) => {
    const field = FIELD_OF[normalized(header)];
    if (field && !taken.has(field)) {
      taken.add(field);
      return field;
    }
    return header.trim() ? 'attribute' : 'skip';
  });
}

/** The header row of a file's first bytes, decoded as `encoding` (a byte-order mark is dropped). Throws a sentence when there is none. */
export async function readHeader(file: Blob, encoding: Encoding): Promise<string[]> {
  const bytes = await file.slice(0, HEADER_BYTES).arrayBuffer();
  // Not fatal: the first 64 KB may end inside a character; the server decides about bad bytes.
  const text = new TextDecoder(encoding).decode(bytes);
  let rows: string[][];
  try {
    rows = parse(text, { to_line: 1, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (error) {
    throw new Error(`The first row could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const header = rows[0];
  if (!header || header.every((cell) => cell.trim() === '')) throw new Error('The file has no header row: its first line should name the columns.');
  return header;
}

/** The whole file as base64 (the import's `content`), read by the browser without building a string of its bytes first. */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export interface ColumnMapping {
  email: string;
  first_name?: string;
  last_name?: string;
  status?: string;
  tags?: string;
  /** Attribute key → CSV header. */
  attributes: Record<string, string>;
}

/** The import's `columns` from the chosen targets, or a sentence saying what is missing. Attributes are named after their header. */
export function mappingOf(headers: readonly string[], targets: readonly Target[]): ColumnMapping | string {
  const fields: Partial<Record<Exclude<Target, 'skip' | 'attribute'>, string>> = {};
  const attributes: Record<string, string> = {};
  for (const [i, header] of headers.entries()) {
    const target = targets[i] ?? 'skip';
    if (target === 'skip') continue;
    if (target === 'attribute') {
      attributes[header.trim()] = header;
      continue;
    }
    if (fields[target] !== undefined) return `Two columns go into ${TARGETS.find((t) => t.id === target)?.label}: choose one.`;
    fields[target] = header;
  }
  if (fields.email === undefined) return 'Choose the column that holds the email addresses.';
  return { ...fields, email: fields.email, attributes };
}
