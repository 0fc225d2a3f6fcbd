import { isAppError, validationError, type ErrorDetail } from '../errors.ts';
import { parsePageRequest, parseV1PageRequest, type PageRequest } from '../pagination.ts';
import { parseQuery } from '../validation.ts';
import { subscriberFilterSchema, type SubscriberFilter } from './audience-input.ts';

/**
 * The subscriber list's query string, filters and paging together, every problem
 * reported at once. v2 pages by cursor (`after`/`before`); v1 by `page` or `cursor`.
 */
export function parseSubscriberListQuery(
  query: Record<string, unknown>,
  version: 'v1' | 'v2',
): { filter: SubscriberFilter; page: PageRequest & { offset?: number } } {
  const details: ErrorDetail[] = [];
  const attempt = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!isAppError(error) || error.kind !== 'validation_error') throw error;
      details.push(...((error.details as ErrorDetail[] | undefined) ?? []));
      return undefined;
    }
  };
  const filter = attempt(() => parseQuery(subscriberFilterSchema, query));
  const page = attempt(() => (version === 'v2' ? parsePageRequest(query, 'sub') : parseV1PageRequest(query, 'sub')));
  if (!filter || !page) throw validationError(details);
  return { filter, page };
}
