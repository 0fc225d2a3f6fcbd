import { describeRoute, type DescribedRoute } from '../route-schema.ts';

/** A v1 route's description: the frozen form of a v2 operation, named `v1_<operation>`. */
export function v1Route(
  operation: string,
  summary: string,
  rest: Omit<DescribedRoute, 'operationId' | 'summary' | 'description' | 'tags' | 'version'>,
  shape = 'camelCase fields, the answer wrapped in {success: true, …}, lists paged by page or cursor',
) {
  return describeRoute({
    operationId: `v1_${operation}`,
    summary: `${summary} (v1, frozen)`,
    description: `The frozen v1 form of ${operation}: ${shape}. New integrations use /api/v2.`,
    tags: ['v1'],
    version: 'v1',
    ...rest,
  });
}

/** The cursor for the next page, when there is one. */
export function nextCursor(page: { data: { id: string }[]; has_more: boolean }): { nextCursor?: string } {
  const last = page.data[page.data.length - 1];
  return page.has_more && last ? { nextCursor: last.id } : {};
}
