// Reading a subscriber import's CSV: its bytes decoded (an encoding, a BOM),
// its header mapped to subscriber fields, and each data row checked on its own
// (a row's problem fails that row, never the file). Pure functions: the import
// service (imports.ts) stores and runs them.
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import { validationError } from '../errors.ts';
import { isValidAddress, mailboxKey } from '../emails/address.ts';
import { hasPrefix } from '../ids.ts';
import {
  JSON_FIELD_MAX_BYTES,
  NAME_MAX,
  SUBSCRIBER_STATUSES,
  TAG_NAME_MAX,
  TAGS_PER_REQUEST_MAX,
  subscriberFieldRules,
  tagName,
  type SubscriberStatus,
} from './audience-input.ts';

export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'windows-1252', 'iso-8859-1'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** Columns a file may have at most (one email, the rest names, status, tags and attributes). */
export const IMPORT_MAX_COLUMNS = 1000;
/** A single row (record) may be at most this many characters. */
export const IMPORT_MAX_RECORD_CHARS = 1024 * 1024;

const columnHeader = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

/** Which CSV column (by its header) holds each field: as an import is given it, and as its record shows the mapping used. */
export const importColumnsSchema = z
  .strictObject({
    email: columnHeader.describe('The header of the column holding the email address.'),
    first_name: columnHeader.optional(),
    last_name: columnHeader.optional(),
    status: columnHeader.optional().describe('Its cells: subscribed, unsubscribed, bounced, complained, or empty.'),
    tags: columnHeader.optional().describe('Its cells: tag names separated by commas.'),
    attributes: z
      .record(columnHeader, columnHeader, { error: 'must be an object of attribute key → column header' })
      .refine((v) => Object.keys(v).length < IMPORT_MAX_COLUMNS, { error: `must name fewer than ${IMPORT_MAX_COLUMNS} columns` })
      .optional()
      .describe('Attribute key → the header of the column holding its value.'),
  })
  .describe(
    'Which CSV column (by its header) holds each field; only the columns named are read. Left out: headers named email, first_name, last_name, status and tags (case, spaces, underscores and hyphens aside) are those fields and every other column an attribute of its header.',
  );
export type ImportColumns = z.infer<typeof importColumnsSchema>;

const ENCODING_HINT = `if the file was saved in another encoding, name it with the encoding option (${IMPORT_ENCODINGS.join(', ')})`;

/**
 * Windows-1252's characters for 0x80–0x9F (the rest is ISO-8859-1's): written
 * out, as Node's TextDecoder decodes the label windows-1252 as ISO-8859-1. The
 * five bytes it leaves undefined stay the C1 controls, as WHATWG decoders do.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** The first byte offset at which `bytes` stop being UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) low = 0xa0;
      if (c === 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) low = 0x90;
      if (c === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k];
      if (b === undefined) return i;
      if (k === 1 ? b < low || b > high : b < 0x80 || b > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The first byte offset at which `bytes` stop being UTF-16 (an odd byte, an unpaired surrogate), or -1. */
function firstInvalidUtf16(bytes: Uint8Array, littleEndian: boolean): number {
  const unit = (i: number) => (littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!);
  let i = 0;
  for (; i + 1 < bytes.length; i += 2) {
    const u = unit(i);
    if (u >= 0xdc00 && u <= 0xdfff) return i;
    if (u >= 0xd800 && u <= 0xdbff) {
      if (i + 3 >= bytes.length) return i;
      const next = unit(i + 2);
      if (next < 0xdc00 || next > 0xdfff) return i;
      i += 2;
    }
  }
  return i < bytes.length ? i : -1;
}

/** Records that end in `text` (a newline outside quotes ends one; blank lines are none): the number of the row a problem at its end is in. */
function rowAtEnd(text: string): number {
  let quoted = false;
  let rows = 0;
  let filled = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n'))) {
      if (filled) rows++;
      filled = false;
    } else if (ch !== '\r') filled = true;
  }
  // The header is row 0: after it, the first data row is 1.
  return rows;
}

/**
 * The file's text: a BOM (UTF-8, UTF-16 LE or BE) says its encoding and is
 * dropped; otherwise `encoding` does. Bytes that are not valid in it refuse the
 * whole file, naming the row of the first.
 */
export function decodeCsv(bytes: Buffer, encoding: ImportEncoding = 'utf-8'): string {
  let body: Buffer = bytes;
  let kind: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'iso-8859-1' = encoding;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    kind = 'utf-8';
    body = bytes.subarray(3);
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    kind = 'utf-16le';
    body = bytes.subarray(2);
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    kind = 'utf-16be';
    body = bytes.subarray(2);
  }
  if (kind === 'iso-8859-1') return withoutNul(body.toString('latin1'));
  if (kind === 'windows-1252') return withoutNul(decodeWindows1252(body));
  const bad = kind === 'utf-8' ? (isUtf8(body) ? -1 : firstInvalidUtf8(body)) : firstInvalidUtf16(body, kind === 'utf-16le');
  if (bad >= 0) {
    const before = new TextDecoder(kind).decode(body.subarray(0, bad));
    const row = rowAtEnd(before);
    const where = row === 0 ? 'the header row (row 0)' : `row ${row}`;
    throw validationError(
      [
        {
          path: 'content',
          message: `is not valid ${kind.toUpperCase()}: ${where} holds bytes that are not (at byte ${bad + (bytes.length - body.length)}); ${ENCODING_HINT}`,
        },
      ],
      `The file is not valid ${kind.toUpperCase()}; ${ENCODING_HINT}`,
    );
  }
  return withoutNul(new TextDecoder(kind).decode(body));
}

/** Text holds no U+0000 (PostgreSQL stores none, and no CSV means one): refused, naming its row. */
function withoutNul(text: string): string {
  const at = text.indexOf('\u0000');
  if (at < 0) return text;
  const row = rowAtEnd(text.slice(0, at));
  throw validationError([
    {
      path: 'content',
      message: `holds a NUL character (U+0000) on ${row === 0 ? 'the header row (row 0)' : `row ${row}`}; is it a text file in another encoding (utf-16le)?`,
    },
  ]);
}

/** The records of a CSV text, one at a time (an array of cells each); blank lines are skipped. Throws CsvError for a malformed file. */
export async function* csvRecords(text: string): AsyncGenerator<string[]> {
  const SLICE = 1024 * 1024;
  const slices = (function* () {
    for (let i = 0; i < text.length; i += SLICE) yield text.slice(i, i + SLICE);
  })();
  const parser = Readable.from(slices).pipe(parse({ bom: false, relax_column_count: true, skip_empty_lines: true, max_record_size: IMPORT_MAX_RECORD_CHARS }));
  for await (const record of parser) yield record as string[];
}

/** A CSV that csv-parse refuses, as the caller's problem with its content. */
export function csvProblem(error: unknown): never {
  if (error instanceof CsvError) {
    throw validationError([{ path: 'content', message: `is not valid CSV: ${error.message}` }], `The file is not valid CSV: ${error.message}`);
  }
  throw error;
}

/** A header compared for the default mapping: without regard to case, spaces, underscores or hyphens. */
const normalized = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');

const FIELDS = ['email', 'first_name', 'last_name', 'status', 'tags'] as const;

/** The import's columns resolved against the header: each field's column index. */
export interface ColumnPlan {
  columns: ImportColumns;
  email: number;
  first_name?: number;
  last_name?: number;
  status?: number;
  tags?: number;
  attributes: [key: string, index: number][];
  width: number;
}

/**
 * Map the header row to fields: `columns` names the header of each field (and
 * nothing else is read); without it, headers named email, first_name,
 * last_name, status and tags (case, spaces, underscores and hyphens aside) are
 * those fields and every other named column an attribute of its name.
 */
export function planColumns(header: string[], columns: ImportColumns | undefined): ColumnPlan {
  const names = header.map((h) => h.trim());
  if (names.length > IMPORT_MAX_COLUMNS) {
    throw validationError([{ path: 'content', message: `has ${names.length} columns; an import takes at most ${IMPORT_MAX_COLUMNS}` }]);
  }
  const index = new Map<string, number>();
  const repeated = new Set<string>();
  names.forEach((name, i) => {
    if (name === '') return;
    if (index.has(name)) repeated.add(name);
    else index.set(name, i);
  });
  const problems: { path: string; message: string }[] = [];
  const listed = () =>
    names
      .filter(Boolean)
      .slice(0, 20)
      .map((n) => JSON.stringify(n))
      .join(', ');
  const resolved: ImportColumns = columns ? structuredClone(columns) : { email: '' };
  if (!columns) {
    const byNormal = new Map<string, string>();
    for (const name of index.keys()) if (!byNormal.has(normalized(name))) byNormal.set(normalized(name), name);
    const fieldHeaders = new Set<string>();
    for (const field of FIELDS) {
      const found = byNormal.get(normalized(field));
      if (found !== undefined) {
        resolved[field] = found;
        fieldHeaders.add(found);
      }
    }
    if (!fieldHeaders.has(resolved.email)) {
      problems.push({ path: 'content', message: `has no email column: name one "email" or say which it is with columns.email (the header holds ${listed()})` });
    }
    const attributes = [...index.keys()].filter((name) => !fieldHeaders.has(name));
    if (attributes.length > 0) resolved.attributes = Object.fromEntries(attributes.map((name) => [name.slice(0, NAME_MAX), name]));
  }
  const plan: ColumnPlan = { columns: resolved, email: -1, attributes: [], width: names.length };
  const used = (path: string, name: string): number => {
    if (repeated.has(name)) problems.push({ path, message: `names the column "${name}", which the header holds more than once` });
    const at = index.get(name);
    if (at === undefined && !(path === 'content')) problems.push({ path, message: `names no column of the header (it holds ${listed()})` });
    return at ?? -1;
  };
  const prefix = columns ? 'columns.' : 'content';
  const pathOf = (field: string) => (columns ? `${prefix}${field}` : 'content');
  if (columns || index.has(resolved.email)) plan.email = used(pathOf('email'), resolved.email);
  for (const field of ['first_name', 'last_name', 'status', 'tags'] as const) {
    const name = resolved[field];
    if (name !== undefined) plan[field] = used(pathOf(field), name);
  }
  for (const [key, name] of Object.entries(resolved.attributes ?? {}))
    plan.attributes.push([key, used(columns ? `columns.attributes.${key}` : 'content', name)]);
  if (problems.length > 0) throw validationError(problems);
  return plan;
}

/** One data row, checked: what it writes. */
export interface ImportRow {
  row: number;
  email: string;
  /** email compared (lower-cased). */
  key: string;
  firstName?: string;
  lastName?: string;
  status?: SubscriberStatus;
  tags: string[];
  attributes: Record<string, string>;
}

export interface RowProblem {
  row: number;
  email: string | null;
  message: string;
}

const STATUS_RULE = `must be one of ${SUBSCRIBER_STATUSES.join(', ')} (or empty)`;
const statusValue = z.enum(SUBSCRIBER_STATUSES);

/** Check one data row against the plan: its write, or why it cannot be imported. Empty cells leave a field as it is. */
export function checkRow(cells: string[], row: number, plan: ColumnPlan, fileTags: readonly string[]): ImportRow | RowProblem {
  const cell = (i: number | undefined) => (i === undefined || i < 0 ? '' : (cells[i] ?? '').trim());
  const rawEmail = cell(plan.email);
  const problem = (message: string): RowProblem => ({ row, email: rawEmail === '' ? null : rawEmail.slice(0, 320), message });
  if (cells.length > plan.width) return problem(`has ${cells.length} cells; the header has ${plan.width} columns`);
  if (rawEmail === '') return problem('has no email address');
  // The schema's rule (isValidAddress) first, alone: the schema only for the words of a refusal (a row costs microseconds, a file 100 000 rows).
  if (!isValidAddress(rawEmail)) {
    const email = subscriberFieldRules.email.safeParse(rawEmail);
    return problem(`email ${email.success ? 'must be a valid email address' : email.error.issues[0]!.message}`);
  }
  const write: ImportRow = { row, email: rawEmail, key: mailboxKey(rawEmail), tags: [], attributes: {} };
  for (const [field, key] of [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
  ] as const) {
    const value = cell(plan[field]);
    if (value === '') continue;
    if (value.length > NAME_MAX) return problem(`${field} must be at most ${NAME_MAX} characters`);
    write[key] = value;
  }
  const status = cell(plan.status);
  if (status !== '') {
    const parsed = statusValue.safeParse(status.toLowerCase());
    if (!parsed.success) return problem(`status "${status.slice(0, 50)}" ${STATUS_RULE}`);
    write.status = parsed.data;
  }
  const tags = new Set(fileTags);
  for (const name of cell(plan.tags).split(',')) {
    const trimmed = name.trim();
    if (trimmed === '') continue;
    // What tagName takes, checked without the schema; the schema names what is wrong.
    if (trimmed.length <= TAG_NAME_MAX && !hasPrefix(trimmed, 'tag')) {
      tags.add(trimmed);
      continue;
    }
    const tag = tagName.safeParse(name);
    if (!tag.success) return problem(`tag "${trimmed.slice(0, 50)}" ${tag.error.issues[0]!.message}`);
    tags.add(tag.data);
  }
  if (tags.size > TAGS_PER_REQUEST_MAX) return problem(`has ${tags.size} tags; a subscriber takes at most ${TAGS_PER_REQUEST_MAX} at once`);
  write.tags = [...tags];
  for (const [key, index] of plan.attributes) {
    const value = cell(index);
    if (value !== '') write.attributes[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(write.attributes)) > JSON_FIELD_MAX_BYTES) {
    return problem(`attributes must be at most ${JSON_FIELD_MAX_BYTES} bytes as JSON`);
  }
  return write;
}

export const isProblem = (value: ImportRow | RowProblem): value is RowProblem => 'message' in value;
