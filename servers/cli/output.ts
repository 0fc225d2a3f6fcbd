import Table from 'cli-table3';

/** No rule between rows: a list reads as a list. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** Rows under a header, aligned (cli-table3), for a person reading a terminal. */
export function printTable(head: string[], rows: unknown[][]): void {
  const table = new Table({ head, style: { head: [], border: [] }, chars: COMPACT });
  for (const row of rows)
    table.push(row.map((cell) => (cell === null || cell === undefined ? '' : typeof cell === 'object' ? JSON.stringify(cell) : String(cell))));
  process.stdout.write(table.toString() + '\n');
}

const scalar = (value: unknown) => value === null || typeof value !== 'object';

/**
 * A tool's answer, readably: a list's records as rows of their plain fields, a
 * record as field/value lines; nested values as compact JSON. `--json` prints it as is.
 */
export function printValue(value: unknown): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (record.object === 'list' && Array.isArray(record.data)) {
      const rows = record.data as Record<string, unknown>[];
      const columns = Object.keys(rows[0] ?? {})
        .filter((k) => k !== 'object' && rows.every((r) => scalar(r[k])))
        .slice(0, 6);
      printTable(
        columns,
        rows.map((r) => columns.map((c) => r[c])),
      );
      if (record.has_more) process.stdout.write(`(more: pass "after": "${String(rows[rows.length - 1]?.id)}")\n`);
      return;
    }
    const table = new Table({ style: { head: [], border: [] }, chars: COMPACT });
    for (const [key, field] of Object.entries(record)) table.push({ [key]: scalar(field) ? String(field ?? '') : JSON.stringify(field) });
    process.stdout.write(table.toString() + '\n');
    return;
  }
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** A value as indented JSON: what `--json` (and the administration commands) print. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}
