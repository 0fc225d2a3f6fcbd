import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';
import { signIn } from './users.ts';

// The dashboard in a real browser: Debian's Chromium (`apt-get install -y
// chromium`; CHROMIUM_PATH names another) driven by playwright-core, headless.
// Each screen is checked with axe at the two widths the dashboard is built for,
// and photographed into test/output/screenshots/ (kept by CI, ignored by git).

/** Desktop and phone: every screen is checked at both. */
export const WIDTHS = [1280, 390] as const;
export type Width = (typeof WIDTHS)[number];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test/output/screenshots');

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export async function launchBrowser(): Promise<Browser> {
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start. The rest keep
  // Chromium from its own background work (updates, sync, network probes this machine refuses).
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** A browser context at a width (height in proportion), its pages addressed relative to the server. */
export async function newContext(browser: Browser, server: TestServer, width: Width = 1280): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.url, viewport: viewportOf(width) });
}

/** The window at a width: a phone's proportions at 390 px. */
function viewportOf(width: Width): { width: number; height: number } {
  return { width, height: width === 390 ? 844 : 900 };
}

/**
 * A context signed in as a user, the way the sign-in page does it (POST
 * /api/v2/auth/sign-in) but without the page: the session cookie set on the
 * context. For tests of a screen, not of signing in.
 */
export async function signedInContext(browser: Browser, server: TestServer, email: string, password?: string, width: Width = 1280): Promise<BrowserContext> {
  const me = await signIn(server, email, password);
  const context = await newContext(browser, server, width);
  const [name, value] = me.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

/**
 * No serious or critical axe violation on the page as it is now (each listed with
 * its nodes when there is one). Sandboxed frames are left out: they hold what
 * the dashboard shows but did not write (an email's HTML), and axe, which must
 * run a script inside every frame it checks, waits forever on one that allows none.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Only violations are read: axe then skips gathering the nodes of its passes, most of its work.
  // Legacy mode runs axe in the page itself. The default opens a second, blank page in the
  // context and loads axe into it again, only to merge the frames' results; the dashboard
  // has no frame axe checks (its only frames are sandboxed), so that page merged nothing
  // and took two thirds of each check's time (2.5 s against 0.85 s on the Audience page,
  // with the same violations found when some were planted).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .exclude('iframe[sandbox]')
    .setLegacyMode(true)
    .analyze();
  const grave = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
  expect(grave, `${label}: axe found serious or critical violations`).toEqual([]);
}

/** Photograph the page into test/output/screenshots/<name>-<width>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Check and photograph a screen at both widths: open `url` signed in as `email`,
 * wait for `ready`, run axe, check nothing scrolls sideways, save the picture;
 * then the same at the next width. One context serves both widths: the page is
 * loaded again at the new size (a real load, its scripts and styles from the
 * context's cache), which costs a fraction of a new context and sign-in.
 */
export async function checkScreen(
  browser: Browser,
  server: TestServer,
  options: { email: string; password?: string; url: string; name: string; ready: (page: Page) => Promise<unknown> },
): Promise<void> {
  const context = await signedInContext(browser, server, options.email, options.password, WIDTHS[0]);
  try {
    const page = await context.newPage();
    for (const [index, width] of WIDTHS.entries()) {
      if (index === 0) await page.goto(options.url);
      else {
        await page.setViewportSize(viewportOf(width));
        await page.reload();
      }
      await options.ready(page);
      await expectAccessible(page, `${options.name} at ${width} px`);
      // Usable at this width: nothing makes the page scroll sideways (a wide table scrolls in its own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${options.name} at ${width} px is wider than the window`).toBeLessThanOrEqual(
        width,
      );
      await screenshot(page, options.name);
    }
  } finally {
    await context.close();
  }
}
