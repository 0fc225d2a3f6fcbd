// Page loads in Chromium for bench:dashboard: how long from the start of a
// navigation until a page shows what it is for, timed inside the page (so the
// driver's own round trips add nothing). A script installed before the page's
// own looks at the document at each animation frame and notes performance.now()
// (milliseconds since the navigation started) at the first frame each sign holds in:
//   signin  the sign-in form: a password field and a submit button, visible
//   rows    a data row of a table: a row with cells whose text holds an address
//   chart   a chart's canvas, visible, with its bars drawn (Chart.js's first render done: data-drawn)
//   surface a chart's canvas, visible (noted, not waited for: it tells the
//           chart's own drawing apart from the wait for its data)
//   live    the page's scripts in charge of it: React's own properties on the
//           first row, form or chart (noted, not waited for: on a page the server
//           rendered, the rows show before its scripts have taken it over)
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export type Sign = 'signin' | 'rows' | 'chart' | 'surface' | 'live';

/**
 * Runs in the page before its scripts: keeps the first time each sign held in
 * window.__benchMarks, and the page's long tasks (its main thread busy ≥ 50 ms
 * at a stretch: scripts compiled and run, React rendering) in window.__benchLongTasks.
 */
function watchForSigns(): void {
  const w = window as unknown as { __benchMarks: Partial<Record<string, number>>; __benchLongTasks: { start: number; duration: number }[] };
  const marks: Partial<Record<string, number>> = {};
  w.__benchMarks = marks;
  w.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) w.__benchLongTasks.push({ start: task.startTime, duration: task.duration });
  }).observe({ type: 'longtask', buffered: true });
  const visible = (el: Element | null) => {
    if (!el) return false;
    return el.checkVisibility() && el.getBoundingClientRect().width > 0;
  };
  const tests: Record<string, () => boolean> = {
    signin: () => visible(document.querySelector('input[type=password]')) && visible(document.querySelector('button[type=submit]')),
    rows: () =>
      [...document.querySelectorAll('[role=row]')].some(
        (row) => row.querySelector('[role=gridcell], [role=cell], [role=rowheader], td') !== null && (row.textContent ?? '').includes('@') && visible(row),
      ),
    chart: () => [...document.querySelectorAll('.daily-chart-canvas canvas[data-drawn]')].some(visible),
    surface: () => [...document.querySelectorAll('.daily-chart-canvas canvas')].some(visible),
    // React sets these as it mounts or hydrates an element.
    live: () => {
      const element = document.querySelector('#root [role=row], #root form, #root canvas');
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    },
  };
  // Checked at each animation frame, just before the browser lays the frame out and paints it: a sign counts
  // from the frame that shows it. (A check on each mutation would count a row the parser has added but no
  // frame has shown yet, say while a style sheet blocks rendering, and lay the page out in the middle of its
  // parsing, 150 ms more of the page's main thread in a trace of a page rendered on the server.)
  // The cheap tests (is there such an element?) come before the ones that lay the page out (is it visible?).
  // Each sign is also told on the console, where the bench waits for it (see SIGN_MESSAGE).
  const frame = () => {
    for (const [sign, test] of Object.entries(tests))
      if (marks[sign] === undefined && test()) {
        marks[sign] = performance.now();
        console.debug(`bench-sign ${sign}`);
      }
    if (Object.keys(marks).length < Object.keys(tests).length) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** What one load measured, in ms since the navigation started; null when it did not happen. */
export interface Load {
  /** The sign waited for. */
  ready: number | null;
  /** Every sign seen by then, and `live` (the page's scripts in charge). */
  marks: Partial<Record<Sign, number>>;
  /** How long the page's main thread was busy in long tasks (≥ 50 ms each) before the sign. */
  busy: number;
  /** The HTML's last byte. */
  html: number | null;
  /** The entry script's (assets/index-*.js) last byte. */
  entry: number | null;
  /** The last script's last byte (the page's lazy chunks come after the entry has run). */
  scripts: number | null;
  /** The session's answer (GET /api/v2/auth/session). */
  session: number | null;
  /** The page's data's answer (the first request whose path starts with `dataPath`). */
  data: number | null;
  /** The browser's first contentful paint, as it reports it (the frame on screen: after its layout, paint and compositing). */
  painted: number | null;
}

interface Timings {
  marks: Partial<Record<Sign, number>>;
  busy: number;
  html: number | null;
  entry: number | null;
  scripts: number | null;
  session: number | null;
  data: number | null;
  painted: number | null;
}

/** The console message a page's watcher gives when `sign` first holds (watchForSigns writes it out: it runs in the page). */
export const SIGN_MESSAGE = (sign: string) => `bench-sign ${sign}`;

/**
 * Wait up to `timeoutMs` for the page's console to tell `message`. The bench waits
 * on the console, not with Playwright's waitForFunction or a locator: those load
 * Playwright's own script (hundreds of KB) into the page and run it on the page's
 * main thread while the page loads. Alternating 30 cold loads of the campaign page,
 * idle: 929 ms to the figures waiting with waitForFunction, 742 ms waiting on the
 * console; 754 against 688 ms with a locator. A user's browser runs no such script.
 */
export async function waitForConsole(page: Page, message: string, timeoutMs: number): Promise<boolean> {
  try {
    await page.waitForEvent('console', { predicate: (m) => m.text() === message, timeout: timeoutMs });
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return false;
    throw error;
  }
}

/** Open `url` in `page` and wait up to `timeoutMs` for `sign`; the page's own timings of the load. */
export async function timeLoad(page: Page, url: string, sign: Sign, dataPath: string | null, timeoutMs: number): Promise<Load> {
  const shown = waitForConsole(page, SIGN_MESSAGE(sign), timeoutMs);
  const live = waitForConsole(page, SIGN_MESSAGE('live'), timeoutMs);
  shown.catch(() => undefined); // a failed navigation is the error to report
  live.catch(() => undefined);
  await page.goto(url, { waitUntil: 'commit' });
  await shown;
  // The page's timings are read once its scripts have taken it over too (on a page rendered by the server, after the sign).
  await live;
  const ready = await page.evaluate((s) => (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks[s] ?? null, sign);
  const timings: Timings = await page.evaluate(
    ({ data, ready }) => {
      const w = window as unknown as { __benchMarks: Record<string, number>; __benchLongTasks: { start: number; duration: number }[] };
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const path = (r: PerformanceResourceTiming) => new URL(r.name).pathname;
      const scripts = resources.filter((r) => r.initiatorType === 'script' || path(r).endsWith('.js'));
      const first = (test: (p: string) => boolean) => resources.find((r) => test(path(r)))?.responseEnd ?? null;
      return {
        marks: { ...w.__benchMarks },
        busy: w.__benchLongTasks
          .filter((t) => ready === null || t.start < ready)
          .reduce((sum, t) => sum + Math.min(t.duration, (ready ?? Infinity) - t.start), 0),
        html: navigation ? navigation.responseEnd : null,
        entry: scripts.find((r) => /\/assets\/index-[\w-]+\.js$/.test(path(r)))?.responseEnd ?? null,
        scripts: scripts.length > 0 ? Math.max(...scripts.map((r) => r.responseEnd)) : null,
        session: first((p) => p === '/api/v2/auth/session'),
        data: data === null ? null : first((p) => p.startsWith(data)),
        painted: performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint')?.startTime ?? null,
      };
    },
    { data: dataPath, ready },
  );
  return { ready, ...timings };
}

export interface PageCase {
  label: string;
  url: string;
  sign: Sign;
  /** The API path whose answer the page waits for, to show when it came. */
  dataPath: string | null;
  /** The cookies a load starts with (a session's, and those the dashboard's script set at an earlier visit); none: signed out. */
  cookies: readonly Cookie[];
}

export interface Cookie {
  name: string;
  value: string;
}

/**
 * The cookies the dashboard's own script sets in this browser at a first visit
 * (the locale and time zone the server renders pages in): what a returning
 * person's browser starts a load with, beside the session's. Read from a real
 * visit to the sign-in page.
 */
export async function cookiesOfAVisit(browser: Browser, baseUrl: string): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    await page.goto('/app/sign-in');
    await page.locator('input[type=password]').waitFor();
    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    if (!cookies.some((c) => c.name === 'mailgate_intl')) throw new Error('the sign-in page set no mailgate_intl cookie');
    return cookies;
  } finally {
    await context.close();
  }
}

/**
 * Load each case `rounds` times after one round not counted, taking turns (so a
 * slow moment of the machine falls on all of them), each load cold (a new context: empty cache, the cookie
 * set) and then warm (the same URL again in that context: cached scripts).
 * `profileDir`: one more warm load of each case is profiled (V8's sampling
 * profiler in the page, over CDP) into `<profileDir>/<case index>.cpuprofile`.
 */
export async function timePages(
  browser: Browser,
  baseUrl: string,
  cases: readonly PageCase[],
  rounds: number,
  timeoutMs: number,
  profileDir?: string,
): Promise<Map<string, { cold: Load[]; warm: Load[] }>> {
  const results = new Map(cases.map((c) => [c.label, { cold: [] as Load[], warm: [] as Load[] }]));
  // Round -1 warms up the browser and the server (their code compiled, the files read); it is not counted.
  // With profileDir, a round after the counted ones is profiled (profiling slows the page), and not counted either.
  for (let round = -1; round < rounds + (profileDir !== undefined ? 1 : 0); round++) {
    for (const [index, c] of cases.entries()) {
      const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      try {
        if (c.cookies.length > 0) await context.addCookies(c.cookies.map((cookie) => ({ ...cookie, url: baseUrl, sameSite: 'Lax' as const })));
        // tsx (esbuild) names functions with a __name helper the page lacks; the functions sent to the page call it.
        await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
        await context.addInitScript(watchForSigns);
        const page = await context.newPage();
        const cold = await timeLoad(page, c.url, c.sign, c.dataPath, timeoutMs);
        const profiled = round === rounds;
        const cdp = profiled ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const warm = await timeLoad(page, c.url, c.sign, c.dataPath, timeoutMs);
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          fs.mkdirSync(profileDir!, { recursive: true });
          fs.writeFileSync(path.join(profileDir!, `${index}.cpuprofile`), JSON.stringify(profile));
        }
        if (round >= 0 && round < rounds) {
          results.get(c.label)!.cold.push(cold);
          results.get(c.label)!.warm.push(warm);
        }
      } finally {
        await context.close();
      }
    }
  }
  return results;
}

/** The median of the values that are not null (the upper one of an even count), or null if none. */
export function median(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return present.length === 0 ? null : present[Math.floor(present.length / 2)]!;
}
