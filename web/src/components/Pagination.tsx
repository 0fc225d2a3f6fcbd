import { useState } from 'react';
import { Button } from './Button.tsx';

export interface PaginationProps {
  /** What is paged, for the landmark's name ("Emails pages"). */
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** While the next page loads. */
  isPending?: boolean;
}

/** Previous / next over the API's cursor pages (after / before), in a navigation landmark of its own. */
export function Pagination({ label, hasPrevious, hasNext, onPrevious, onNext, isPending = false }: PaginationProps) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={label} className="pagination">
      <Button onPress={onPrevious} isDisabled={!hasPrevious || isPending}>
        Previous page
      </Button>
      <Button onPress={onNext} isDisabled={!hasNext || isPending}>
        Next page
      </Button>
    </nav>
  );
}

/** The cursor state of a list: the cursors that led to the pages before this one. */
export interface CursorPages {
  /** The query's `after` for the page shown (undefined: the first page). */
  after: string | undefined;
  hasPrevious: boolean;
  next: (lastId: string) => void;
  previous: () => void;
  reset: () => void;
}

/** Cursor paging for a list page: next() with the last row's id, previous() back to the cursor before. */
export function useCursorPages(): CursorPages {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    after: cursors[cursors.length - 1],
    hasPrevious: cursors.length > 1,
    next: (lastId) => setCursors((list) => [...list, lastId]),
    previous: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
    reset: () => setCursors([undefined]),
  };
}

/**
 * Pagination over one page of a list answer ({data, has_more}) and its cursor
 * state: next() continues after the page's last record. What every list screen
 * puts under its table.
 */
export function PagesOf({
  label,
  pages,
  page,
  isPending,
}: {
  label: string;
  pages: CursorPages;
  page: { data: readonly { id: string }[]; has_more: boolean };
  isPending: boolean;
}) {
  const last = page.data.at(-1);
  return (
    <Pagination
      label={label}
      hasPrevious={pages.hasPrevious}
      hasNext={page.has_more && last !== undefined}
      onPrevious={pages.previous}
      onNext={() => last && pages.next(last.id)}
      isPending={isPending}
    />
  );
}
