import { z } from 'zod';
import {
  pageFields,
  pageOf,
  parseInput,
  queryNumber,
  subscriberFilterFields,
  type IdPrefix,
  type PageRequest,
  type SubscriberFilter,
} from '../../../src/index.ts';

// v1 (frozen) lists page by `page` (1-based, with `limit`) or by `cursor` (the
// last id of the previous page, as `nextCursor` gave it), mapped here onto the
// core's page request (an offset for a page number).

/** The paging fields of a v1 list query. */
export function v1PageFields(prefix: IdPrefix) {
  const { limit, after } = pageFields(prefix);
  const PAGE_MESSAGE = 'must be an integer of at least 1';
  return {
    limit,
    page: z
      .number({ error: PAGE_MESSAGE })
      .int({ error: PAGE_MESSAGE })
      .min(1, { error: PAGE_MESSAGE })
      .refine(Number.isSafeInteger, { error: PAGE_MESSAGE })
      .optional()
      .describe('Page number, from 1 (not with cursor).'),
    cursor: after.describe('The nextCursor of the previous page (not with page).'),
  };
}

/** `page` and `cursor` name two pages: one at a time (said only of a page that is a page). */
function v1PageRule(value: { page?: unknown; cursor?: unknown }, ctx: z.RefinementCtx): void {
  const page = value.page;
  if (typeof page === 'number' && Number.isSafeInteger(page) && page >= 1 && value.cursor !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: 'cannot be combined with cursor' });
  }
}

type V1Page = PageRequest & { offset?: number };

function toPageRequest(parsed: { limit: number; page?: number | undefined; cursor?: string | undefined }): V1Page {
  const base = pageOf({ limit: parsed.limit, after: parsed.cursor });
  return parsed.page === undefined ? base : { ...base, offset: (parsed.page - 1) * base.limit };
}

/** Validate v1 paging query values; throws validation_error naming v1's parameters, every problem at once. */
export function parseV1PageRequest(query: Record<string, unknown>, prefix: IdPrefix): V1Page {
  const schema = z.object(v1PageFields(prefix)).superRefine(v1PageRule, { when: () => true });
  return toPageRequest(parseInput(schema, { limit: queryNumber(query.limit), page: queryNumber(query.page), cursor: query.cursor }));
}

/** GET /api/v1/subscribers' query: its filters (the v2 list's) and v1's paging. */
export const subscriberListV1Query = z.object({ ...subscriberFilterFields, ...v1PageFields('sub') });

/** The subscriber list's query: filters and paging together, every problem reported at once. */
export function parseSubscriberListQueryV1(query: Record<string, unknown>): { filter: SubscriberFilter; page: V1Page } {
  const { limit, page, cursor, ...filter } = parseInput(subscriberListV1Query.superRefine(v1PageRule, { when: () => true }), {
    ...query,
    limit: queryNumber(query.limit),
    page: queryNumber(query.page),
  });
  return { filter, page: toPageRequest({ limit, page, cursor }) };
}
