// A subscriber import through the API against its floor, for bench:dashboard:
// `rows` CSV rows POSTed to /api/v2/subscribers/imports of a real server (http
// and worker roles, SQLite), timed from the POST to the import's `completed`
// (polled every 50 ms); then the same rows parsed with csv-parse and written
// with the repository function the import job uses (writeImportedSubscribers,
// 1 000 rows per transaction) into a new SQLite database of the same
// settings, in this process. Rows per second for both, and the ratio.
import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { openConfiguredDatabase } from '../src/app.ts';
import { writeImportedSubscribers, type ImportRow } from '../src/audience/index.ts';
import { loadConfig } from '../src/config.ts';
import { createOrg, startMailgate, stopChild, tempDir } from './lib.ts';

export const TARGET_IMPORT_RATIO = 0.7;
const CHUNK = 1000;
const POLL_MS = 50;

export interface ImportBench {
  rows: number;
  apiSeconds: number;
  apiRowsPerSecond: number;
  floorSeconds: number;
  floorRowsPerSecond: number;
  ratio: number;
  /** What went wrong (a refusal, counts that do not add up); empty when nothing did. */
  broken: string[];
}

/** `rows` subscribers as a CSV file: names, two tags of four, two attributes. */
export function importCsv(rows: number): string {
  const lines = ['email,first_name,last_name,tags,plan,city'];
  const plans = ['free', 'pro', 'team'];
  const cities = ['Paris', 'Oslo', 'Lagos', 'Lima', 'Osaka'];
  for (let i = 0; i < rows; i++) {
    lines.push(`person${i}@bench.example,First${i},Last${i},"news, t${i % 4}",${plans[i % 3]},${cities[i % 5]}`);
  }
  return `${lines.join('\n')}\n`;
}

function call(url: string, token: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        timeout: 120_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Through the API: the seconds from the POST to `completed`. */
async function throughApi(csv: string, rows: number, broken: string[]): Promise<number> {
  const dataDir = tempDir('mailgate-bench-import-');
  const org = await createOrg(dataDir, { name: 'Import', plan: 'enterprise', rateLimit: 1_000_000_000 });
  const server = await startMailgate(dataDir, {
    MAILGATE_ROLES: 'http,worker',
    IP_RATE_LIMIT: '1000000000',
    IMPORT_MAX_ROWS: String(Math.max(rows, 100_000)),
    IMPORT_MAX_BYTES: String(Math.max(csv.length * 2, 50 * 1024 * 1024)),
  });
  try {
    const body = JSON.stringify({ content: Buffer.from(csv).toString('base64') });
    const start = performance.now();
    const posted = await call(`${server.url}/api/v2/subscribers/imports`, org.token, body);
    if (posted.status !== 201) {
      broken.push(`import: POST answered ${posted.status}: ${posted.body.slice(0, 200)}`);
      return Number.NaN;
    }
    const { id } = JSON.parse(posted.body) as { id: string };
    for (;;) {
      const got = await call(`${server.url}/api/v2/subscribers/imports/${id}`, org.token);
      const record = JSON.parse(got.body) as { status: string; created: number; failed: number; skipped: number };
      if (record.status === 'completed' || record.status === 'failed') {
        const seconds = (performance.now() - start) / 1000;
        if (record.status !== 'completed' || record.created !== rows || record.failed + record.skipped > 0) {
          broken.push(`import: ended ${record.status} with ${record.created} created, ${record.failed} failed, ${record.skipped} skipped of ${rows}`);
        }
        return seconds;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await stopChild(server.child);
  }
}

/** The floor: csv-parse and the import's repository write alone, in this process. */
async function floor(csv: string, rows: number, broken: string[]): Promise<number> {
  const dataDir = tempDir('mailgate-bench-import-floor-');
  const org = await createOrg(dataDir, { name: 'Floor', plan: 'enterprise' });
  const handle = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
  try {
    const start = performance.now();
    const records = parse(csv, { from_line: 2 }) as string[][];
    let created = 0;
    for (let i = 0; i < records.length; i += CHUNK) {
      const chunk: ImportRow[] = records.slice(i, i + CHUNK).map(([email, first, last, tags, plan, city], k) => ({
        row: i + k + 1,
        email: email!,
        key: email!.toLowerCase(),
        firstName: first!,
        lastName: last!,
        tags: tags!.split(',').map((t) => t.trim()),
        attributes: { plan: plan!, city: city! },
      }));
      const now = Date.now();
      await handle.db.transaction().execute(async (trx) => {
        created += (await writeImportedSubscribers(trx, org.id, chunk, { updateExisting: true }, now)).created;
      });
    }
    const seconds = (performance.now() - start) / 1000;
    if (created !== rows) broken.push(`import floor: ${created} created of ${rows}`);
    return seconds;
  } finally {
    await handle.close();
  }
}

/** Import `rows` CSV rows through the API and through its floor; see the file's comment. */
export async function benchImport(rows: number): Promise<ImportBench> {
  const csv = importCsv(rows);
  const broken: string[] = [];
  const apiSeconds = await throughApi(csv, rows, broken);
  const floorSeconds = await floor(csv, rows, broken);
  const apiRowsPerSecond = rows / apiSeconds;
  const floorRowsPerSecond = rows / floorSeconds;
  return { rows, apiSeconds, apiRowsPerSecond, floorSeconds, floorRowsPerSecond, ratio: apiRowsPerSecond / floorRowsPerSecond, broken };
}

/** The lines bench:dashboard prints for it. */
export function describeImport(r: ImportBench): string[] {
  return [
    `subscriber import of ${r.rows} CSV rows (6 columns, 2 tags a row, ${(importCsv(r.rows).length / 1e6).toFixed(1)} MB):`,
    `  through the API (POST /api/v2/subscribers/imports to completed)   ${r.apiRowsPerSecond.toFixed(0).padStart(7)} rows/s  (${r.apiSeconds.toFixed(2)} s)`,
    `  floor: csv-parse + writeImportedSubscribers, 1 000 rows a transaction ${r.floorRowsPerSecond.toFixed(0).padStart(7)} rows/s  (${r.floorSeconds.toFixed(2)} s)`,
    `import ratio API/floor ${r.ratio.toFixed(2)} (target ≥ ${TARGET_IMPORT_RATIO}: ${r.ratio >= TARGET_IMPORT_RATIO ? 'met' : 'NOT met'})`,
  ];
}
