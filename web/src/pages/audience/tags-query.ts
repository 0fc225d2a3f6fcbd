import { mailgate, unwrap } from '../../api.ts';

/** Tags a choice of tag offers: the newest this many (the list's page size at most). */
export const TAG_CHOICES = 100;

/** The organization's tags (newest first, with their counts): for the tag filter and the tags page's first page. */
export const tagChoicesQuery = {
  queryKey: ['tags', 'choices'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(mailgate.tags.list({ limit: TAG_CHOICES }, { signal })),
  staleTime: 30_000,
};
