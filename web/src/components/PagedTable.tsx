import type { JSX, ReactNode } from 'react';
import { Loading } from '../layout/Loading.tsx';
import { Button } from './Button.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';
import { type CursorPages, PagesOf } from './Pagination.tsx';
import { Table, type TableColumn } from './Table.tsx';

/** One page of a list answer. */
export interface ListPage<T> {
  data: readonly T[];
  has_more: boolean;
}

/** What PagedTable reads of a list page's query (a useQuery result). */
export interface PageQuery<T> {
  isPending: boolean;
  error: unknown;
  data: ListPage<T> | undefined;
  /** The previous page still shown while this one loads (keepPreviousData). */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface PagedTableProps<T extends { id: string }, R extends { id: string }> {
  /** The query of the page shown (its key holds pages.after). With keepPreviousData, the page stays while the next one loads. */
  query: PageQuery<T>;
  pages: CursorPages;
  /** The table's name ("Events"). */
  label: string;
  /** The pagination landmark's name ("Event pages"). */
  pagesLabel: string;
  columns: readonly TableColumn<R>[];
  empty?: ReactNode;
  /** What a screen reader hears while the first page loads. */
  loadingLabel?: string;
  /** The sentence before the server's message when the page could not be loaded. */
  errorTitle: string;
  /** Offer "Try again" with the error. */
  retry?: boolean;
}

/** The table's rows from the page's records, when they are not the records themselves (threads, a subset); paging still follows the records. */
type RowsOf<T, R> = (records: readonly T[]) => readonly R[];

/**
 * A list screen's table over cursor pages: loading, the error, the table and
 * Previous / next under it (disabled while the next page replaces the one shown).
 * The rows are the page's records, or what `rows` makes of them.
 */
export function PagedTable<T extends { id: string }>(props: PagedTableProps<T, T>): JSX.Element;
export function PagedTable<T extends { id: string }, R extends { id: string }>(props: PagedTableProps<T, R> & { rows: RowsOf<T, R> }): JSX.Element;
export function PagedTable<T extends { id: string }, R extends { id: string }>({
  query,
  pages,
  label,
  pagesLabel,
  columns,
  rows,
  empty,
  loadingLabel,
  errorTitle,
  retry = false,
}: PagedTableProps<T, R> & { rows?: RowsOf<T, R> }): JSX.Element {
  return (
    <>
      {query.isPending && <Loading label={loadingLabel} />}
      <ErrorMessage error={query.error} title={errorTitle}>
        {retry && <Button onPress={() => void query.refetch()}>Try again</Button>}
      </ErrorMessage>
      {query.data && (
        <>
          <Table
            label={label}
            columns={columns}
            rows={rows ? rows(query.data.data) : (query.data.data as readonly { id: string }[] as readonly R[])}
            empty={empty}
          />
          <PagesOf label={pagesLabel} pages={pages} page={query.data} isPending={query.isPlaceholderData} />
        </>
      )}
    </>
  );
}
