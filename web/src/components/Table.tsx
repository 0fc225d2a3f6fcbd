import type { ReactNode } from 'react';
import { Cell, Column, Row, Table as AriaTable, TableBody, TableHeader } from 'react-aria-components';

export interface TableColumn<T> {
  id: string;
  title: string;
  /** What the cell shows for this row. */
  cell: (row: T) => ReactNode;
  /** The column that names the row for a screen reader (one per table). */
  isRowHeader?: boolean;
}

export interface TableProps<T extends { id: string }> {
  /** What the table lists, for a screen reader ("Emails", "API tokens"). */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  /** Shown inside the table when there are no rows (an EmptyState). */
  empty?: ReactNode;
  /** Opening a row (Enter, or a click): e.g. navigate to its page. */
  onRowAction?: (row: T) => void;
}

/**
 * A data table (React Aria: a grid with arrow-key navigation between cells and
 * rows). Scrolls sideways inside its own box on a narrow screen rather than the page.
 */
export function Table<T extends { id: string }>({ label, columns, rows, empty, onRowAction }: TableProps<T>) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (
    <div className="table-scroll">
      <AriaTable aria-label={label} className="table" {...(onRowAction ? { onRowAction: (key) => onRowAction(byId.get(String(key))!) } : {})}>
        <TableHeader columns={columns}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.isRowHeader ?? false} className="table-column">
              {column.title}
            </Column>
          )}
        </TableHeader>
        <TableBody items={rows} renderEmptyState={empty ? () => empty : undefined}>
          {(row) => (
            <Row id={row.id} columns={columns} className="table-row">
              {(column) => <Cell className="table-cell">{column.cell(row)}</Cell>}
            </Row>
          )}
        </TableBody>
      </AriaTable>
    </div>
  );
}
