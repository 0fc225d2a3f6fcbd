import { isAppError, validationError, type ErrorDetail } from '../errors.ts';
import { parsePageRequest, type PageRequest } from '../pagination.ts';
import { parseInput } from '../validation.ts';
import { subscriberFilterSchema, type SubscriberFilter } from './audience-input.ts';

/**
 * The subscriber list's query string, filters and paging (`limit`, `after`,
 * `before`) together, every problem reported at once.
 */
export function parseSubscriberListQuery(query: Record<string, unknown>): { filter: SubscriberFilter; page: PageRequest } {
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
  const filter = attempt(() => parseInput(subscriberFilterSchema, query));
  const page = attempt(() => parsePageRequest(query, 'sub'));
  if (!filter || !page) throw validationError(details);
  return { filter, page };
}
