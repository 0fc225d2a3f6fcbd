import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/**
 * Insert rows with a multi-row statement, in chunks that keep each statement's
 * parameters under both databases' limits (SQLite 32 766, PostgreSQL 65 535): an
 * SMTP message may have thousands of recipients. Returns what the statements
 * return (RETURNING), in order.
 *
 * Kysely builds a multi-row insert as a tree with a frozen node per value and
 * compiles it again on every call; on the send path that costs about as much as
 * SQLite's own work for the rows. Statements of one shape (the same statement,
 * the same columns, the same number of rows) compile to the same SQL text, so it
 * is compiled once and only the values are bound again.
 *
 * `build` is the ordinary Kysely query for a chunk of the rows. It runs when the
 * shape is new, and its SQL is kept only if its parameters are exactly the rows'
 * values, row by row and column by column: so its SQL must depend on nothing but
 * the rows (no `sql.lit` or `sql.raw` of a per-call value), and its other clauses
 * must take no parameters (conflict clauses that only refer to `excluded` are
 * fine). A row holding a Kysely expression or a function is always built anew.
 */
export async function insertRows<T extends object, R>(
  db: Kysely<any>,
  /** Names the statement (its table and any conflict or returning clause). */
  statement: string,
  rows: readonly T[],
  build: (chunk: T[]) => Compilable<R>,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[0]!).length)));
  const returned: R[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    returned.push(...(await insertChunk(db, statement, rows.slice(i, i + perStatement), build)));
  }
  return returned;
}

/** Parameters per statement: well under either database's limit, and so at most a few hundred shapes per statement. */
const MAX_PARAMETERS = 16_000;

async function insertChunk<T extends object, R>(db: Kysely<any>, statement: string, chunk: T[], build: (chunk: T[]) => Compilable<R>): Promise<R[]> {
  const rows = chunk as readonly Record<string, unknown>[];
  const columns = Object.keys(rows[0]!);
  const key = `${db.getExecutor().adapter.constructor.name}\u0000${statement}\u0000${rows.length}\u0000${columns.join(',')}`;
  const known = shapes.get(key);
  if (known !== undefined && bindable(rows, columns)) {
    return (await db.executeQuery<R>(CompiledQuery.raw(known, valuesOf(rows, columns)) as CompiledQuery<R>)).rows;
  }
  const query = build(chunk).compile();
  if (known === undefined && shapes.size < MAX_SHAPES && bindable(rows, columns) && sameValues(query.parameters, valuesOf(rows, columns))) {
    shapes.set(key, query.sql);
  }
  return (await db.executeQuery(query)).rows;
}

/** SQL text by dialect, statement, row count and columns. */
const shapes = new Map<string, string>();
const MAX_SHAPES = 2_000;

/**
 * Every row has exactly these columns, and every value is one Kysely would bind
 * as a parameter: not undefined (Kysely writes DEFAULT), a function or an
 * expression (both become SQL).
 */
function bindable(rows: readonly Record<string, unknown>[], columns: readonly string[]): boolean {
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return false;
    for (const c of columns) {
      const value = row[c];
      if (value === undefined || typeof value === 'function') return false;
      if (typeof value === 'object' && value !== null && 'toOperationNode' in value) return false;
    }
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
