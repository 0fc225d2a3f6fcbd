// bench:dashboard's campaign case: the campaign page while a campaign sends to
// BENCH_CAMPAIGN_RECIPIENTS (default 100 000) subscribers. A server of its own
// (roles http and worker, SQLite, RELAY_URL into bench/relay-sink.ts in its own
// process, the audience written straight into the file as bench:campaign does),
// the campaign sent through the API, then in Chromium:
//   0. the baseline: the same page's first figures before the send, the server idle;
//   1. the time from the start of a navigation to the page's first figures
//      (the "Sent" figure shown), median of `loads` cold loads during the send
//      (target ≤ 500 ms);
//   2. one page left open until the campaign is sent: every change of the shown
//      "Sent" figure, timed in the page; the longest gap between two changes
//      while it sends (target ≤ 2 s: the page asks every second).
// Timing never fails the bench; a refused request, a page that never shows its
// figures, or a campaign that does not end `sent` does (returned in `broken`).
import type { Browser } from 'playwright-core';
import { AUDIENCE_TAG, CAMPAIGN_FROM, CAMPAIGN_MARKDOWN, CAMPAIGN_SUBJECT, insertAudience } from './campaign-fixture.ts';
import { cookiesOfAVisit, median, SIGN_MESSAGE, waitForConsole } from './dashboard-browser.ts';
import { createOrg, freePort, insertVerifiedDomain, mailgateCli, startChild, startMailgate, stopChild, tempDir } from './lib.ts';

export const CAMPAIGN_RECIPIENTS = Math.max(100, Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000));
export const TARGET_FIRST_FIGURES_MS = 500;
export const TARGET_MAX_GAP_MS = 2_000;
const PASSWORD = 'bench campaign page password';
const EMAIL = 'owner@acme.example';
const LIMIT = 1_000_000_000;
const PAGE_TIMEOUT_MS = 10_000;

export interface CampaignPageResult {
  recipients: number;
  /** Median over the cold loads, ms from navigation start; null when none showed them. */
  firstFigures: number | null;
  loads: (number | null)[];
  /** Baseline: the same page's first figures, median of as many cold loads before the send (the campaign a draft). */
  idleFirstFigures: number | null;
  /** Medians over the cold loads of when each part had arrived, ms from navigation start (as bench:dashboard's other pages print them). */
  parts: Record<Part, number | null>;
  /** The "Sent" figure's changes while the page was open, and the longest gap between two while sending. */
  changes: number;
  maxGap: number | null;
  /** The first of those gaps: from the figure the page arrived with (rendered by the server) to its first update. */
  firstGap: number | null;
  /** From POST send to the page showing `sent`. */
  sendSeconds: number | null;
  broken: string[];
}

/** The console message the page gives when the "Sent" figure first shows (the bench waits for it: waitForConsole). */
const FIRST_SHOWN = SIGN_MESSAGE('sent');
/** The console message the page gives when its scripts have taken the figure over. */
const LIVE = SIGN_MESSAGE('live');

/** What the page records from its first script on: when the "Sent" figure first shows and each time its text changes. */
const RECORDER = `(() => {
  const FIRST_SHOWN = ${JSON.stringify(FIRST_SHOWN)};
  const LIVE = ${JSON.stringify(LIVE)};
  const f = (window.__sentFigure = { changes: [] });
  const look = () => {
    const el = document.querySelector('[data-figure="sent"]');
    if (!el) return;
    const text = el.textContent;
    const last = f.changes[f.changes.length - 1];
    if (!last || last.text !== text) f.changes.push({ text, at: performance.now() });
    // The first figure counts from the frame that shows it (the parser may add it while a style sheet still blocks rendering).
    if (!last) {
      const first = f.changes[0];
      requestAnimationFrame(() => {
        first.at = performance.now();
        console.debug(FIRST_SHOWN);
      });
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  // When the page's scripts have taken the figure over (React's own properties on it; no mutation tells of that).
  const live = () => {
    const el = document.querySelector('[data-figure="sent"]');
    if (el && Object.keys(el).some((key) => key.startsWith('__reactProps$'))) {
      f.live = performance.now();
      console.debug(LIVE);
    } else requestAnimationFrame(live);
  };
  requestAnimationFrame(live);
})();`;

type Recorded = { changes: { text: string; at: number }[]; live?: number };

const PARTS = ['html', 'entry', 'scripts', 'session', 'data', 'painted', 'live'] as const;
type Part = (typeof PARTS)[number];

/** When the page's parts had arrived: its HTML, its first and last script, the session, and the campaign (`dataPath`); its first contentful paint; and when its scripts had taken it over. */
function partsOf(page: import('playwright-core').Page, dataPath: string): Promise<Record<Part, number | null>> {
  // No functions declared inside: tsx would name them with a helper the page does not have.
  return page.evaluate((data) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    let entry: number | null = null;
    let scripts: number | null = null;
    let session: number | null = null;
    let found: number | null = null;
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const path = new URL(r.name).pathname;
      if (path.endsWith('.js')) {
        if (/\/assets\/index-[\w-]+\.js$/.test(path)) entry ??= r.responseEnd;
        scripts = Math.max(scripts ?? 0, r.responseEnd);
      } else if (path === '/api/v2/auth/session') session ??= r.responseEnd;
      else if (path === data) found ??= r.responseEnd;
    }
    const live = (window as unknown as { __sentFigure: { live?: number } }).__sentFigure.live ?? null;
    const painted = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint')?.startTime ?? null;
    return { html: navigation ? navigation.responseEnd : null, entry, scripts, session, data: found, painted, live };
  }, dataPath);
}

async function json(res: Response): Promise<any> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function benchCampaignPage(options: { browser: Browser; loads: number; log: (line: string) => void }): Promise<CampaignPageResult> {
  const { browser, log } = options;
  const broken: string[] = [];
  const result: CampaignPageResult = {
    recipients: CAMPAIGN_RECIPIENTS,
    firstFigures: null,
    loads: [],
    idleFirstFigures: null,
    parts: { html: null, entry: null, scripts: null, session: null, data: null, painted: null, live: null },
    changes: 0,
    maxGap: null,
    firstGap: null,
    sendSeconds: null,
    broken,
  };
  const dataDir = tempDir('mailgate-bench-dashboard-campaign-');
  await mailgateCli(['migrate'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const org = await createOrg(dataDir, { name: 'bench-campaign-page', plan: 'enterprise', rateLimit: LIMIT });
  const inserted = insertAudience(dataDir, org.id, CAMPAIGN_RECIPIENTS);
  insertVerifiedDomain(dataDir, org.id, CAMPAIGN_FROM.slice(CAMPAIGN_FROM.lastIndexOf('@') + 1, -1));
  const sinkPort = await freePort();
  const sink = await startChild('bench/relay-sink.ts', { PORT: String(sinkPort), CONTROL_PORT: String(await freePort()) }, /LISTENING \d+ \d+/);
  const server = await startMailgate(
    dataDir,
    { RELAY_URL: `smtp://127.0.0.1:${sinkPort}`, MAILGATE_ROLES: 'http,worker', IP_RATE_LIMIT: String(LIMIT) },
    { timeoutMs: 40_000 },
  );
  try {
    log(
      `campaign page: ${CAMPAIGN_RECIPIENTS} subscribers written in ${inserted.seconds.toFixed(1)} s; a server of its own (http, worker), RELAY_URL into the relay sink`,
    );
    const api = (pathname: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${org.token}` }) =>
      fetch(server.url + pathname, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    // A user to sign in as (an invitation, accepted over HTTP), and their session cookie for the browser.
    const invited = (await mailgateCli(['user', 'create', '--email', EMAIL, '--role', 'admin', '--org', org.id], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' })) as {
      link: string;
    };
    const token = new URL(invited.link).hash.replace(/^#token=/, '');
    const accepted = await api('/api/v2/auth/accept-invitation', { token, email: EMAIL, password: PASSWORD }, {});
    if (accepted.status !== 200) throw new Error(`accept-invitation answered ${accepted.status}: ${JSON.stringify(await json(accepted))}`);
    const signedIn = await api('/api/v2/auth/sign-in', { email: EMAIL, password: PASSWORD }, {});
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
    const [name, value] = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('mailgate_session='))!
      .split(';')[0]!
      .split('=') as [string, string];

    const created = await api('/api/v2/campaigns', {
      name: 'November news (bench)',
      from: CAMPAIGN_FROM,
      subject: CAMPAIGN_SUBJECT,
      markdown: CAMPAIGN_MARKDOWN,
      audience: { tags: [AUDIENCE_TAG] },
    });
    const campaign = await json(created);
    if (created.status !== 201) throw new Error(`POST /api/v2/campaigns answered ${created.status}: ${JSON.stringify(campaign)}`);
    const url = `/app/campaigns/${campaign.id}`;
    // A signed-in person's browser: the session, and what the dashboard's script set at their earlier visit.
    const returning = [{ name, value }, ...(await cookiesOfAVisit(browser, server.url))];
    const open = async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      await context.addCookies(returning.map((cookie) => ({ ...cookie, url: server.url, sameSite: 'Lax' as const })));
      await context.addInitScript(RECORDER);
      return context;
    };
    const recorded = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { __sentFigure: Recorded }).__sentFigure);
    /** A cold load (a new context): when the "Sent" figure first showed, and when the page's parts had arrived. */
    const coldLoad = async (): Promise<{ shown: number | null; parts: Record<Part, number | null> }> => {
      const context = await open();
      try {
        const page = await context.newPage();
        const shown = waitForConsole(page, FIRST_SHOWN, PAGE_TIMEOUT_MS);
        const live = waitForConsole(page, LIVE, PAGE_TIMEOUT_MS);
        shown.catch(() => undefined); // a failed navigation is the error to report
        live.catch(() => undefined);
        await page.goto(url, { waitUntil: 'commit' });
        if (!(await shown)) throw new Error(`the "Sent" figure did not show within ${PAGE_TIMEOUT_MS} ms`);
        if (!(await live)) throw new Error(`the page's scripts did not take the "Sent" figure over within ${PAGE_TIMEOUT_MS} ms`);
        return { shown: (await recorded(page)).changes[0]?.at ?? null, parts: await partsOf(page, `/api/v2/campaigns/${campaign.id}`) };
      } finally {
        await context.close();
      }
    };

    // 0. The baseline: the same page before the send, the server idle (what the browser's own work costs on this machine).
    const idle: number[] = [];
    for (let i = 0; i < options.loads; i++) {
      try {
        const { shown } = await coldLoad();
        if (shown !== null) idle.push(shown);
      } catch (error) {
        broken.push(`campaign page before the send: load ${i + 1}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    result.idleFirstFigures = idle.length > 0 ? median(idle) : null;

    const sendAt = performance.now();
    const sent = await api(`/api/v2/campaigns/${campaign.id}/send`, {});
    if (sent.status !== 200) throw new Error(`POST send answered ${sent.status}: ${JSON.stringify(await json(sent))}`);

    // 1. Cold loads while it sends.
    const parts: Record<Part, number | null>[] = [];
    for (let i = 0; i < options.loads; i++) {
      try {
        const load = await coldLoad();
        parts.push(load.parts);
        result.loads.push(load.shown);
      } catch (error) {
        result.loads.push(null);
        broken.push(`campaign page: load ${i + 1}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    const shown = result.loads.filter((l): l is number => l !== null);
    result.firstFigures = median(shown);
    for (const part of PARTS) {
      const seen = parts.map((p) => p[part]).filter((v): v is number => v !== null);
      result.parts[part] = seen.length > 0 ? median(seen) : null;
    }
    if (shown.length < result.loads.length)
      broken.push(`campaign page: figures not shown in ${result.loads.length - shown.length} of ${result.loads.length} loads`);

    // 2. One page open until the campaign is sent.
    const context = await open();
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      const limitMs = Math.max(180_000, (CAMPAIGN_RECIPIENTS / 100) * 1000);
      await page.locator('.badge', { hasText: /^Sent$/ }).waitFor({ timeout: limitMs });
      result.sendSeconds = (performance.now() - sendAt) / 1000;
      const { changes } = await recorded(page);
      result.changes = changes.length;
      // Gaps while it sends: between changes of the figure, the last one being the final count.
      const gaps = changes.slice(1).map((c, k) => c.at - changes[k]!.at);
      result.maxGap = gaps.length > 0 ? Math.max(...gaps) : null;
      result.firstGap = gaps[0] ?? null;
      const final = await (await api(`/api/v2/campaigns/${campaign.id}`)).json();
      if (final.stats.sent !== CAMPAIGN_RECIPIENTS) broken.push(`campaign page: the campaign ended with ${final.stats.sent} sent, not ${CAMPAIGN_RECIPIENTS}`);
      if (changes[changes.length - 1]?.text.replace(/\D/g, '') !== String(CAMPAIGN_RECIPIENTS))
        broken.push(`campaign page: the last "Sent" figure shown was ${changes[changes.length - 1]?.text}`);
    } catch (error) {
      broken.push(`campaign page: the open page did not see the campaign sent (${(error as Error).message.split('\n')[0]})`);
    } finally {
      await context.close();
    }
  } finally {
    await stopChild(server.child);
    await stopChild(sink);
  }
  return result;
}

/** The lines bench:dashboard prints for it. */
export function describeCampaignPage(r: CampaignPageResult): string[] {
  const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} ms`);
  return [
    `campaign page /app/campaigns/:id during a ${r.recipients}-recipient send: first figures ${ms(r.firstFigures)} median of ${r.loads.length} cold loads ` +
      `(${r.loads.map(ms).join(', ')}; target ≤ ${TARGET_FIRST_FIGURES_MS} ms: ${r.firstFigures !== null && r.firstFigures <= TARGET_FIRST_FIGURES_MS ? 'met' : 'NOT met'})`,
    `  its parts, median of the same loads: ${PARTS.map((p) => `${p} ${ms(r.parts[p])}`).join(', ')} (data: GET /api/v2/campaigns/:id; painted: the browser's first contentful paint; live: the page's scripts in charge of the figure)`,
    `  baseline, the same page before the send (the server idle): ${ms(r.idleFirstFigures)} median of ${r.loads.length} cold loads; ratio during/before ` +
      `${r.firstFigures !== null && r.idleFirstFigures ? (r.firstFigures / r.idleFirstFigures).toFixed(2) : '—'}`,
    `campaign page left open: "Sent" changed ${r.changes} times in ${r.sendSeconds === null ? '—' : `${r.sendSeconds.toFixed(1)} s`} of sending; ` +
      `longest gap between changes ${ms(r.maxGap)} (target ≤ ${TARGET_MAX_GAP_MS} ms: ${r.maxGap !== null && r.maxGap <= TARGET_MAX_GAP_MS ? 'met' : 'NOT met'}); ` +
      `the first, from the figure the page arrived with to its first update once its scripts ran: ${ms(r.firstGap)}`,
  ];
}
