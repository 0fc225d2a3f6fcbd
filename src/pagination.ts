import { z } from 'zod';
import { idPattern, type IdPrefix } from './ids.ts';
import { atMostOneOf, parseInput } from './validation.ts';

/**
 * Cursor pages for every v2 list: `limit` (default 20, 1–100), `after=<id>` for
 * the records after that one, `before=<id>` for those before it, newest first.
 */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

export interface PageRequest {
  limit: number;
  after?: string;
  before?: string;
}

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

/** The v2 list envelope of a record schema: `{object: "list", data, has_more}`. */
export function listEnvelope<S extends z.ZodType>(item: S) {
  return z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean().describe('True when more records follow: pass the last id as `after` to get them.'),
  });
}

const LIMIT_MESSAGE = `must be an integer from 1 to ${PAGE_LIMIT_MAX}`;

/**
 * The paging fields of a v2 list, as a zod shape to spread into a list
 * operation's input, and the rule across them (`pageRule`). A door hands
 * `limit` over as a number (REST turns a query string of digits into one).
 */
export function pageFields(prefix: IdPrefix) {
  const cursor = (meaning: string) =>
    z
      .string({ error: `must be an id starting with ${prefix}_` })
      .regex(idPattern(prefix), { error: `must be an id starting with ${prefix}_` })
      .optional()
      .describe(meaning);
  return {
    limit: z
      .number({ error: LIMIT_MESSAGE })
      .int({ error: LIMIT_MESSAGE })
      .min(1, { error: LIMIT_MESSAGE })
      .max(PAGE_LIMIT_MAX, { error: LIMIT_MESSAGE })
      .default(PAGE_LIMIT_DEFAULT)
      .describe(`How many records to return, 1–${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT}), newest first.`),
    after: cursor(`Cursor: the id of the last record of the previous page; returns the records after it (older).`),
    before: cursor(`Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after.`),
  };
}

/** `after` and `before` together name no page. Add with withPageRule. */
export function pageRule(value: { after?: unknown; before?: unknown }, ctx: z.RefinementCtx): void {
  if (value.after !== undefined && value.before !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['before'], message: 'cannot be combined with after' });
  }
}

/** An object holding the paging fields, with pageRule checked by zod and said in its JSON Schema. */
function withPageRule<S extends z.ZodType<{ after?: unknown; before?: unknown }>>(schema: S): S {
  return schema.superRefine(pageRule, { when: () => true }).meta(atMostOneOf(['after', 'before']));
}

/** The paging fields alone, as a schema (lists whose only input is the page). */
export function pageSchema(prefix: IdPrefix) {
  return withPageRule(z.object(pageFields(prefix)));
}

/** A list operation's input: its own fields (a parent's id, filters) and the page. */
export function pagedInput<F extends z.ZodRawShape>(prefix: IdPrefix, fields: F) {
  return withPageRule(z.strictObject({ ...fields, ...pageFields(prefix) }));
}

/** The page a parsed input asks for, without its other fields. */
export function pageOf(input: { limit: number; after?: string | undefined; before?: string | undefined }): PageRequest {
  return {
    limit: input.limit,
    ...(input.after !== undefined ? { after: input.after } : {}),
    ...(input.before !== undefined ? { before: input.before } : {}),
  };
}

/** A query string's `limit` as the number a page needs, when it is one (digits, maybe signed); anything else as given. */
export function queryNumber(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
}

/** Validate raw query values (strings from a URL, or numbers from a tool call). Throws validation_error. */
export function parsePageRequest(query: Record<string, unknown>, prefix: IdPrefix): PageRequest {
  const { limit, after, before } = query;
  return pageOf(parseInput(pageSchema(prefix), { limit: queryNumber(limit), after, before }));
}

/** Trim the `limit + 1` rows a query fetched into a page. */
export function toPage<R, T>(rows: R[], request: PageRequest, map: (row: R) => T): Page<T> {
  const has_more = rows.length > request.limit;
  const kept = request.before !== undefined ? rows.slice(rows.length - Math.min(rows.length, request.limit)) : rows.slice(0, request.limit);
  return { object: 'list', data: kept.map(map), has_more };
}
