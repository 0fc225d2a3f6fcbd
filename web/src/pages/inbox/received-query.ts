import { mailgate, unwrap } from '../../api.ts';
import { INBOX_PAGE_SIZE } from './threads.ts';

/** One page of received mail, newest first: for a receiving domain ('' for all), after this cursor. Shared by the inbox and a message's conversation. */
export function receivedListQuery(domain: string, after: string | undefined) {
  return {
    queryKey: ['received', 'list', domain, after] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      unwrap(mailgate.receivedEmails.list({ limit: INBOX_PAGE_SIZE, ...(domain ? { domain } : {}), ...(after ? { after } : {}) }, { signal })),
  };
}
