// bench:dashboard's audience case: the Audience page (/app/audience) at
// BENCH_SUBSCRIBERS (default 100 000) subscribers, in the same organization as
// the seeded emails. seedSubscribers writes them
// into the server's SQLite database in batches (rows as the audience core makes
// them: search_text by searchTextOf, tags by ensureTags; the search index kept by
// its triggers), then benchSubscribersPage times, in Chromium, from the start of
// a navigation to the page's first data row, median of `loads` cold loads, against
// the sign-in page's form in the same rounds (target ≤ 500 ms cold). It also
// prints SQLite's plan for the page's first list call (no filter, a tag, a status), read
// from the repository's own query.
import path from 'node:path';
import Database from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/app.ts';
import { ensureTags, findTag, listSubscriberRows, searchTextOf } from '../src/audience/audience.repository.ts';
import type { Database as Schema, SubscribersTable, SubscriberTagsTable } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { type Cookie, median, timePages, type PageCase } from './dashboard-browser.ts';

/** Subscribers per transaction. */
const CHUNK = 1000;
/** The page's own page size (web/src/pages/queries.ts SUBSCRIBER_PAGE_SIZE). */
const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;
const FIRST = ['Maria', 'James', 'Sofia', 'Liam', 'Emma', 'Noah', 'Olivia', 'Lucas', 'Ava', 'Mateo', 'Yuki', 'Omar', 'Anna', 'Jonas', 'Priya', 'Chen'];
const LAST = ['Garcia', 'Smith', 'Rossi', 'Müller', 'Kim', 'Nguyen', 'Silva', 'Novak', 'Haddad', 'Okafor', 'Larsen', 'Tanaka'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'web.de', 'example.org'];
const PLANS = ['free', 'pro', 'team'];
/** Tags with the share of subscribers (out of 100) each is on. */
const TAGS: readonly [string, number][] = [
  ['customers', 50],
  ['newsletter', 30],
  ['beta', 5],
];

export interface SeededSubscribers {
  subscribers: number;
  tagged: number;
  seconds: number;
}

/**
 * Write `count` subscribers for `organizationId` into the SQLite database in
 * `dataDir`, `CHUNK` per transaction, created over the last year (oldest first,
 * so ids follow time); about 5 % unsubscribed, 2 % bounced.
 */
export async function seedSubscribers(dataDir: string, organizationId: string, count: number, now: number): Promise<SeededSubscribers> {
  const handle = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, DURABILITY: 'process', LOG_LEVEL: 'warn' }));
  try {
    const start = performance.now();
    const tagIds = await ensureTags(
      handle.db,
      organizationId,
      TAGS.map(([name]) => name),
      now - 366 * DAY_MS,
    );
    let tagged = 0;
    for (let from = 0; from < count; from += CHUNK) {
      const rows: SubscribersTable[] = [];
      const links: SubscriberTagsTable[] = [];
      for (let i = from; i < Math.min(count, from + CHUNK); i++) {
        const at = now - 365 * DAY_MS + Math.floor(((i + 0.5) / count) * (365 * DAY_MS - 60_000));
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[(i * 7) % LAST.length]!;
        const email = `${first.toLowerCase()}.${last.toLowerCase().replace('ü', 'u')}.${i}@${DOMAINS[(i * 13) % DOMAINS.length]}`;
        const roll = (i * 37) % 100;
        const status = roll < 5 ? 'unsubscribed' : roll < 7 ? 'bounced' : 'subscribed';
        const row: SubscribersTable = {
          id: newId('sub', at),
          organization_id: organizationId,
          email,
          email_key: email,
          first_name: first,
          last_name: last,
          status,
          attributes: JSON.stringify({ plan: PLANS[i % PLANS.length], signup: 'bench' }),
          search_text: '',
          created_at: at,
          updated_at: at,
          unsubscribed_at: status === 'unsubscribed' ? at + DAY_MS : null,
        };
        row.search_text = searchTextOf(row);
        rows.push(row);
        for (const [k, [name, share]] of TAGS.entries()) {
          if ((i * (k + 3) * 11) % 100 < share) links.push({ tag_id: tagIds.get(name)!, subscriber_id: row.id, created_at: at });
        }
      }
      tagged += links.length;
      await handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('subscribers').values(rows).execute();
        if (links.length > 0) await trx.insertInto('subscriber_tags').values(links).execute();
      });
    }
    return { subscribers: count, tagged, seconds: (performance.now() - start) / 1000 };
  } finally {
    await handle.close();
  }
}

/** SQLite's plan for the page's first list call (no filter, the tag `customers`, the status unsubscribed): the repository's own query as Kysely compiles it, explained. */
export async function subscriberListPlans(dataDir: string, organizationId: string): Promise<string[]> {
  const raw = new Database(path.join(dataDir, 'mailgate.db'), { readonly: true, fileMustExist: true });
  let last: CompiledQuery | undefined;
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: raw }),
    log: (event) => {
      if (event.level === 'query') last = event.query;
    },
  });
  try {
    const lines: string[] = [];
    const tag = await findTag(db, organizationId, 'customers');
    for (const [label, query] of [
      ['no filter', { filter: {} }],
      ['tag customers', { filter: { tag: 'customers' }, tagId: tag ? tag.id : null }],
      ['status unsubscribed', { filter: { status: 'unsubscribed' as const } }],
    ] as const) {
      await listSubscriberRows(db, organizationId, query, { limit: PAGE_SIZE });
      const compiled = last!;
      const plan = raw.prepare(`explain query plan ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
      lines.push(`  ${label}: ${plan.map((step) => step.detail).join('; ')}`);
    }
    return lines;
  } finally {
    await db.destroy();
  }
}

export interface AudiencePageResult {
  lines: string[];
  /** What did not work (the page never showed its rows): the bench fails on it. */
  broken: string[];
}

/**
 * The Audience page against the sign-in page, `loads` cold and warm loads each
 * (timePages: taking turns, one uncounted round first); the lines to print.
 */
export async function benchSubscribersPage(options: {
  browser: Browser;
  baseUrl: string;
  /** A signed-in person's cookies. */
  cookies: readonly Cookie[];
  subscribers: number;
  loads: number;
  timeoutMs: number;
  targetMs: number;
}): Promise<AudiencePageResult> {
  const cases: PageCase[] = [
    { label: 'sign-in page (baseline): the form', url: '/app/sign-in', sign: 'signin', dataPath: null, cookies: [] },
    { label: 'Audience /app/audience: first data row', url: '/app/audience', sign: 'rows', dataPath: '/api/v2/subscribers', cookies: options.cookies },
  ];
  const loads = await timePages(options.browser, options.baseUrl, cases, options.loads, options.timeoutMs);
  const lines: string[] = [];
  const broken: string[] = [];
  const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} ms`);
  const baseline = loads.get(cases[0]!.label)!;
  const audience = loads.get(cases[1]!.label)!;
  for (const [c, result] of [
    [cases[0]!, baseline],
    [cases[1]!, audience],
  ] as const) {
    for (const kind of ['cold', 'warm'] as const) {
      const list = result[kind];
      const seen = list.filter((l) => l.ready !== null).length;
      lines.push(
        `  ${c.label.padEnd(40)} ${kind}  ${ms(median(list.map((l) => l.ready))).padStart(7)}  (html ${ms(median(list.map((l) => l.html)))}, ` +
          `entry ${ms(median(list.map((l) => l.entry)))}, scripts ${ms(median(list.map((l) => l.scripts)))}, session ${ms(median(list.map((l) => l.session)))}, ` +
          `data ${ms(median(list.map((l) => l.data)))}, painted ${ms(median(list.map((l) => l.painted)))}, live ${ms(median(list.map((l) => l.marks.live ?? null)))}; long tasks ${ms(median(list.map((l) => l.busy)))})` +
          (seen < list.length ? `  shown in ${seen} of ${list.length} loads within ${options.timeoutMs / 1000} s` : ''),
      );
      if (seen < list.length) broken.push(`${c.label} (${kind}): not shown in ${list.length - seen} of ${list.length} loads`);
    }
  }
  const cold = median(audience.cold.map((l) => l.ready));
  const baseCold = median(baseline.cold.map((l) => l.ready));
  const baseWarm = median(baseline.warm.map((l) => l.ready));
  const warm = median(audience.warm.map((l) => l.ready));
  const ratio = (a: number | null, b: number | null) => (a === null || b === null ? '—' : (a / b).toFixed(2));
  lines.push(
    `Audience /app/audience at ${options.subscribers} subscribers: cold ${ms(cold)} (target ≤ ${options.targetMs} ms: ${cold !== null && cold <= options.targetMs ? 'met' : 'NOT met'}), ` +
      `ratio to the sign-in page cold ${ratio(cold, baseCold)}, warm ${ratio(warm, baseWarm)}`,
  );
  return { lines, broken };
}
