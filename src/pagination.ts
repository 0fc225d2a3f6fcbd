import { validationError, type ErrorDetail } from './errors.ts';
import { hasPrefix, type IdPrefix } from './ids.ts';

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

/** Validate raw query values (strings from a URL, or numbers from a tool call). Throws validation_error. */
export function parsePageRequest(query: Record<string, unknown>, prefix: IdPrefix): PageRequest {
  const details: ErrorDetail[] = [];
  let limit = PAGE_LIMIT_DEFAULT;
  if (query.limit !== undefined) {
    const raw = query.limit;
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > PAGE_LIMIT_MAX) {
      details.push({ path: 'limit', message: `must be an integer from 1 to ${PAGE_LIMIT_MAX}` });
    } else {
      limit = n;
    }
  }
  const page: PageRequest = { limit };
  for (const key of ['after', 'before'] as const) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !hasPrefix(value, prefix)) {
      details.push({ path: key, message: `must be an id starting with ${prefix}_` });
    } else {
      page[key] = value;
    }
  }
  if (query.after !== undefined && query.before !== undefined) {
    details.push({ path: 'before', message: 'cannot be combined with after' });
  }
  if (details.length > 0) throw validationError(details);
  return page;
}

/** Trim the `limit + 1` rows a query fetched into a page. */
export function toPage<R, T>(rows: R[], request: PageRequest, map: (row: R) => T): Page<T> {
  const has_more = rows.length > request.limit;
  const kept = request.before !== undefined ? rows.slice(rows.length - Math.min(rows.length, request.limit)) : rows.slice(0, request.limit);
  return { object: 'list', data: kept.map(map), has_more };
}

/**
 * v1 (frozen) lists page by `page` (1-based, with `limit`) or by `cursor` (the
 * last id of the previous page, as `nextCursor` gave it). Throws validation_error
 * naming v1's parameters, every problem at once.
 */
export function parseV1PageRequest(query: Record<string, unknown>, prefix: IdPrefix): PageRequest & { offset?: number } {
  const { page: rawPage, cursor, limit } = query;
  const details: ErrorDetail[] = [];
  let base: PageRequest = { limit: PAGE_LIMIT_DEFAULT };
  try {
    base = parsePageRequest({ ...(limit !== undefined ? { limit } : {}), ...(cursor !== undefined ? { after: cursor } : {}) }, prefix);
  } catch (error) {
    const found = (error as { details?: ErrorDetail[] }).details;
    if (!found) throw error;
    details.push(...found.map((d) => (d.path === 'after' ? { ...d, path: 'cursor' } : d)));
  }
  let offset: number | undefined;
  if (rawPage !== undefined) {
    const page = typeof rawPage === 'string' && /^\d+$/.test(rawPage.trim()) ? Number(rawPage) : NaN;
    if (!Number.isSafeInteger(page) || page < 1) details.push({ path: 'page', message: 'must be an integer of at least 1' });
    else if (cursor !== undefined) details.push({ path: 'page', message: 'cannot be combined with cursor' });
    else offset = (page - 1) * base.limit;
  }
  if (details.length > 0) throw validationError(details);
  return offset === undefined ? base : { ...base, offset };
}
