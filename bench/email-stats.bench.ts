// GET /api/v2/emails/stats at 100 000 emails with their events: the latency the
// dashboard's Overview waits for, p50 and p99 over sequential requests, for 30
// and 90 days, all senders, one sender domain, one tag (by name, by name:value,
// and with a domain: every email carries a `category` of five values, which its
// events are counted under in email_daily_tag_stats). The emails and events are
// written by the code every send and outcome goes through (insertEmails,
// recordEmailEvents), spread over the last 90 days, so the daily counts are
// the ones those writes keep. The baseline, measured in the same run: a page of
// GET /api/v2/emails (what every authenticated read costs: the token, the
// quota's count, one indexed query). Last, in-process, the alternative the tag's
// daily counts replaced: the events of 90 days joined to email_tags, counted.
//
//   node --import tsx bench/email-stats.bench.ts                        # SQLite, a file in a temporary directory
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/email-stats.bench.ts
//
// EMAILS (default 100000) and REQUESTS (default 1000 per case) change the sizes.
import { performance } from 'node:perf_hooks';
import { startServer } from '../servers/main.ts';
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/app.ts';
import { insertEmails, recordEmailEvents, type NewEmailEvent, type NewEmailRow } from '../src/emails/email.repository.ts';
import { newId } from '../src/ids.ts';
import { tempDir } from './lib.ts';

const EMAILS = Number(process.env.EMAILS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const TOKEN = 'mailgate_bench_stats_token_0123456789abcdef';
const DAY = 86_400_000;
const DOMAINS = ['acme.example', 'shop.example', 'news.example', 'billing.example', 'alerts.example'];
const CATEGORIES = ['welcome', 'receipt', 'reset', 'digest', 'alert'];

const schema = process.env.DATABASE_URL ? `bench_stats_${Date.now()}` : undefined;
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  MAILGATE_ROLES: 'http',
  DATA_DIR: tempDir('mailgate-bench-stats-'),
  LOG_LEVEL: 'silent',
  MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
  IP_RATE_LIMIT: '1000000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema! } : {}),
});
const handle = await openConfiguredDatabase(config);
const server = await startServer(config, () => {}, { db: handle });
const db = handle.db;
const org = await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
// The quota by arrangement, so that thousands of requests in a minute are all measured (each still counted).
await db.updateTable('organizations').set({ rate_limit: 1_000_000 }).execute();

const started = performance.now();
const now = Date.now();
const CHUNK = 1000;
for (let i = 0; i < EMAILS; i += CHUNK) {
  const rows: NewEmailRow[] = [];
  const events: NewEmailEvent[] = [];
  for (let j = i; j < Math.min(EMAILS, i + CHUNK); j++) {
    const at = now - Math.floor(((j + 0.5) / EMAILS) * 90 * DAY);
    const id = newId('eml', at);
    const domain = DOMAINS[j % DOMAINS.length]!;
    rows.push({
      email: {
        id,
        organization_id: org.id,
        from_address: `App <app@${domain}>`,
        to_address: `reader${j}@example.com`,
        reply_to: null,
        subject: `Message ${j}`,
        preview: null,
        message_id: `<${id}@${domain}>`,
        last_event: 'queued',
        source: 'api',
        submission_id: null,
        tracking_key: null,
        tracking_events: null,
        campaign_id: null,
        list_unsubscribe: null,
        created_at: at,
        updated_at: at,
      },
      mailbox: `reader${j}@example.com`,
      html: '<p>Hi</p>',
      text: 'Hi',
      // Not in step with the domains (7, not 5): a tag and a domain together select a part of each.
      tags: [{ name: 'category', value: CATEGORIES[Math.floor(j / 7) % CATEGORIES.length]! }],
    });
    const event = (type: string, after: number) => events.push({ emailId: id, organizationId: org.id, type, detail: null, at: at + after });
    event('sent', 1_000);
    if (j % 20 === 0) event('bounced', 60_000);
    else {
      event('delivered', 5_000);
      if (j % 3 === 0) event('opened', 3_600_000);
      if (j % 10 === 0) event('clicked', 3_700_000);
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertEmails(trx, rows);
    await recordEmailEvents(trx, events);
  });
}
const loadedIn = (performance.now() - started) / 1000;
const eventCount = await db
  .selectFrom('email_events')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();

async function measure(path: string): Promise<{ p50: number; p99: number; max: number }> {
  const url = `${server.httpUrl}${path}`;
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  for (let i = 0; i < 50; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await get();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1]! };
}

console.log(
  `${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${EMAILS} emails, ${Number(eventCount.n)} events over 90 days, written in ${loadedIn.toFixed(1)} s`,
);
for (const path of [
  '/api/v2/emails?limit=20',
  '/api/v2/emails/stats?days=30',
  '/api/v2/emails/stats?days=90',
  '/api/v2/emails/stats?days=90&domain=shop.example',
  '/api/v2/emails/stats?days=90&tag=category',
  '/api/v2/emails/stats?days=90&tag=category:welcome',
  '/api/v2/emails/stats?days=90&domain=shop.example&tag=category:welcome',
]) {
  const r = await measure(path);
  console.log(`GET ${path}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(2)} ms (${REQUESTS} requests)`);
}
{
  // The alternative, not used: count the events of the last 90 days of the emails carrying the tag, joined at read time.
  const since = now - 90 * DAY;
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await db
      .selectFrom('email_events as ev')
      .innerJoin('email_tags as t', 't.email_id', 'ev.email_id')
      .select((eb) => ['ev.type', eb.fn.countAll().as('n')])
      .where('t.organization_id', '=', org.id)
      .where('t.name', '=', 'category')
      .where('t.value', '=', 'welcome')
      .where('ev.created_at', '>=', since)
      .groupBy('ev.type')
      .execute();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `alternative (not used), events joined to email_tags, tag=category:welcome, 90 days, in-process: p50 ${times[10]!.toFixed(2)} ms, max ${times[19]!.toFixed(2)} ms (20 queries)`,
  );
}
await server.stop();
if (schema) await db.schema.dropSchema(schema).cascade().execute();
await handle.close();
