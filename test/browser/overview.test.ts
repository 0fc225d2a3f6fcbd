import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { getEmail, sendEmail } from '../helpers/emails.ts';
import { startTestServer, type TestServer, waitFor } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

// The Overview in Chromium: the day's counts in the charts' tables and the
// totals, after emails sent through the API have been delivered (the capture
// transport), bounced and complained of (fixture addresses) by the worker.

describe('the Overview screen', () => {
  let server: TestServer;
  let browser: Browser;
  let email: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ worker: true }), launchBrowser()]);
    email = (await createUser(server, { email: 'member@acme.example', role: 'member' })).email;
    const sends = [
      { from: 'news@acme.example', to: 'ada@example.com' },
      { from: 'news@acme.example', to: 'grace@example.com' },
      { from: 'news@acme.example', to: 'bounced@mailgate.test' },
      { from: 'billing@other.example', to: 'linus@example.com' },
      { from: 'billing@other.example', to: 'complained@mailgate.test' },
    ];
    const ids = [];
    // The first two are tagged: the tag filter counts them alone.
    for (const [i, send] of sends.entries()) {
      const tags = i < 2 ? [{ name: 'category', value: 'welcome' }] : [];
      ids.push(await sendEmail(server, { ...send, subject: `Hello ${i}`, html: '<p>Hello</p>', tags }));
    }
    const finished = new Set(['delivered', 'bounced', 'complained']);
    for (const id of ids) await waitFor(async () => (finished.has((await getEmail(server, id)).last_event) ? true : undefined), 10_000, `${id} finished`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The table of a chart, as a screen reader finds it (it is visually hidden until shown). */
  const dailyTable = (page: Page, title: string) => page.getByRole('table', { name: `${title}, per day` });
  const today = new Date().toISOString().slice(0, 10);

  /** The counts of one day in a chart's table, by column. */
  async function dayCounts(page: Page, title: string, date: string): Promise<Record<string, string>> {
    const table = dailyTable(page, title);
    const headers = await table.getByRole('columnheader').allTextContents();
    const cells = await table
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime="${date}"]`) })
      .getByRole('cell')
      .allTextContents();
    return Object.fromEntries(headers.slice(1).map((header, i) => [header, cells[i]!]));
  }

  /** The totals' cards: term → value. */
  async function totals(page: Page): Promise<Record<string, string>> {
    const section = page.getByRole('region', { name: /^Last 30 days/ });
    const terms = await section.getByRole('term').allTextContents();
    const values = await section.locator('.stat-value').allTextContents();
    return Object.fromEntries(terms.map((term, i) => [term, values[i]!]));
  }

  it("shows today's counts in the charts, their tables and the totals, and the quota", async () => {
    const context = await signedInContext(browser, server, email);
    const page = await context.newPage();
    await page.goto('/app');
    await dailyTable(page, 'Sent, delivered and opened').waitFor({ state: 'attached' });
    expect(await dailyTable(page, 'Sent, delivered and opened').getByRole('row').count()).toBe(31); // the header and 30 days
    expect(await dayCounts(page, 'Sent, delivered and opened', today)).toEqual({ Sent: '5', Delivered: '3', Opened: '0' });
    expect(await dayCounts(page, 'Bounced and complained', today)).toEqual({ Bounced: '1', Complained: '1' });
    expect(await totals(page)).toEqual({ Sent: '5', Delivered: '3', Bounced: '1', Complained: '1', Opened: '0' });

    // The chart draws today's bars: sent (5) and delivered (3) as bars, opened (0) only as its legend's swatch.
    const chart = page.getByRole('figure', { name: 'Sent, delivered and opened' });
    await chart.locator('canvas[data-drawn]').waitFor();
    const painted = await chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const count = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) n++;
        return n;
      };
      return { sent: count('#1d4ed8'), delivered: count('#15803d'), opened: count('#7e22ce') };
    });
    expect(painted.sent).toBeGreaterThan(painted.delivered);
    expect(painted.delivered).toBeGreaterThan(painted.opened * 2);
    // The table is a toggle away for the eye too.
    const width = async () => (await dailyTable(page, 'Sent, delivered and opened').locator('xpath=..').boundingBox())?.width ?? 0;
    expect(await width()).toBeLessThanOrEqual(1);
    await chart.getByRole('button', { name: 'Show as a table' }).click();
    await expect.poll(width).toBeGreaterThan(100);

    const quota = page.getByRole('region', { name: 'API quota' });
    const quotaTerms = await quota.getByRole('term').allTextContents();
    expect(quotaTerms).toEqual(['Limit a minute', 'Used', 'Remaining', 'Resets in']);
    const [limit, used, remaining, resets] = await quota.getByRole('definition').allTextContents();
    const n = (text: string | undefined) => Number(text?.replace(/[^\d]/g, ''));
    expect(n(used)).toBeGreaterThan(0);
    expect(n(limit) - n(used)).toBe(n(remaining));
    expect(resets).toMatch(/^\d+ s$/);
    await context.close();
  });

  it('narrows the counts to one sender domain, kept in the address', async () => {
    const context = await signedInContext(browser, server, email);
    const page = await context.newPage();
    await page.goto('/app');
    await page.getByRole('textbox', { name: 'Sender domain' }).fill('other.example');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /Last 30 days, from other\.example/ }).count()).toBe(1);
    expect(new URL(page.url()).search).toBe('?domain=other.example');
    await expect.poll(() => totals(page)).toEqual({ Sent: '2', Delivered: '1', Bounced: '0', Complained: '1', Opened: '0' });
    expect(await dayCounts(page, 'Bounced and complained', today)).toEqual({ Bounced: '0', Complained: '1' });
    await context.close();
  });

  it('narrows the counts to the emails carrying a tag, kept in the address', async () => {
    const context = await signedInContext(browser, server, email);
    const page = await context.newPage();
    await page.goto('/app');
    await page.getByRole('textbox', { name: 'Tag' }).fill('category:welcome');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /Last 30 days, tagged category:welcome/ }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('category:welcome');
    await expect.poll(() => totals(page)).toEqual({ Sent: '2', Delivered: '2', Bounced: '0', Complained: '0', Opened: '0' });
    await context.close();
  });

  it('passes axe at both widths', async () => {
    await checkScreen(browser, server, {
      email,
      url: '/app',
      name: 'overview',
      ready: (page) => page.getByRole('figure', { name: 'Bounced and complained' }).locator('canvas[data-drawn]').waitFor(),
    });
  });
});
