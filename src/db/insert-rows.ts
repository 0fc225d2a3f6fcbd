import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

/**
 * Kysely builds a multi-row insert as a tree with a frozen node per value and
 * compiles it again on every call; on the send path that costs about as much as
 * SQLite's own work for the rows. Inserts of one shape (the same statement, the
 * same columns, the same number of rows) compile to the same SQL text, so it is
 * compiled once and only the values are bound again.
 *
 * `build` is the ordinary Kysely query for `rows`: it runs when the shape is new,
 * and its SQL is kept only if its parameters are exactly the rows' values, row by
 * row and column by column (so the statement must take no parameters beyond the
 * rows: conflict clauses that only refer to `excluded` columns are fine).
 */
export async function insertRows<R>(
  db: Kysely<any>,
  /** Names the statement (its table and any conflict or returning clause). */
  statement: string,
  rowObjects: readonly object[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> {
  const rows = rowObjects as readonly Record<string, unknown>[];
  const columns = Object.keys(rows[0] ?? {});
  const key = `${db.getExecutor().adapter.constructor.name}\u0000${statement}\u0000${rows.length}\u0000${columns.join(',')}`;
  const known = shapes.get(key);
  if (known !== undefined && hasColumns(rows, columns)) {
    return db.executeQuery<R>(CompiledQuery.raw(known, valuesOf(rows, columns)) as CompiledQuery<R>);
  }
  const query = build().compile();
  if (known === undefined && shapes.size < MAX_SHAPES && hasColumns(rows, columns) && sameValues(query.parameters, valuesOf(rows, columns))) {
    shapes.set(key, query.sql);
  }
  return db.executeQuery(query);
}

/** SQL text by dialect, statement, row count and columns. Batches are at most a few hundred rows, so this stays small. */
const shapes = new Map<string, string>();
const MAX_SHAPES = 2_000;

/** Every row has exactly these columns, none undefined (Kysely would write DEFAULT for one). */
function hasColumns(rows: readonly Record<string, unknown>[], columns: readonly string[]): boolean {
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return false;
    for (const c of columns) if (row[c] === undefined) return false;
  }
  return true;
}

function valuesOf(rows: readonly Record<string, unknown>[], columns: readonly string[]): unknown[] {
  const values = new Array<unknown>(rows.length * columns.length);
  let i = 0;
  for (const row of rows) for (const c of columns) values[i++] = row[c];
  return values;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
