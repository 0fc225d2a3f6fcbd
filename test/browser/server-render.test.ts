import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext } from '../helpers/browser.ts';
import { sendEmail } from '../helpers/emails.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

// The busiest pages rendered on the server: once the browser has told the server
// its locale and time zone (at its first page), the Overview, the email log, the
// audience and a campaign arrive written with their data, in that locale and time
// zone; the page's scripts then take over the very same tree (no hydration error),
// and the page works as if the browser had rendered it. A script in a subscriber's
// attribute stays text, in the markup and in the state handed over.

const LOCALE = 'de-DE';
const TIME_ZONE = 'America/New_York';
const SCRIPT = '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';

describe('pages rendered on the server', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let campaignId = '';
  let adaCreatedAt = '';
  /** Everything the page reported as an error: console errors (React's hydration errors among them) and uncaught exceptions. */
  const errors: string[] = [];

  /** Open `url` and give the HTML the server answered with. */
  const open = async (page: Page, url: string): Promise<string> => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    return (await response?.text()) ?? '';
  };
  const newPage = async (): Promise<Page> => {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await createUser(server, { email: 'meg@example.com', role: 'member' });
    const ada = await server.api('/api/v2/subscribers', {
      body: { email: 'ada@shop.example', first_name: 'Ada', attributes: { note: SCRIPT }, tags: ['news'] },
    });
    adaCreatedAt = ((await ada.json()) as { created_at: string }).created_at;
    await server.api('/api/v2/subscribers', { body: { email: 'bob@shop.example', first_name: 'Bob', tags: ['news'] } });
    await sendEmail(server, { from: 'news@acme.example', to: 'reader@example.com', subject: 'Rendered first', html: '<p>Hi</p>' });
    const campaign = await server.api('/api/v2/campaigns', {
      body: { name: 'November news', from: 'news@acme.example', subject: 'News', html: '<p>Hi</p>', audience: { tags: ['news'] } },
    });
    expect(campaign.status).toBe(201);
    campaignId = ((await campaign.json()) as { id: string }).id;
    context = await browser.newContext({ ...(await contextOptions()), locale: LOCALE, timezoneId: TIME_ZONE });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-in context's options, with this test's locale and time zone (signedInContext sets neither). */
  async function contextOptions() {
    const signedIn = await signedInContext(browser, server, 'meg@example.com');
    const storageState = await signedIn.storageState();
    await signedIn.close();
    return { baseURL: server.url, viewport: { width: 1280, height: 900 }, storageState };
  }

  it('renders in the browser until the browser has told its locale and time zone, then on the server', async () => {
    const page = await newPage();
    const first = await open(page, '/app/audience');
    expect(first).not.toContain('id="mailgate-state"');
    await page.getByRole('rowheader', { name: 'ada@shop.example' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'mailgate_intl');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe(`${LOCALE} ${TIME_ZONE}`);

    const second = await open(page, '/app/audience');
    expect(second).toContain('id="mailgate-state"');
    // The rows are in the markup itself, before any script has run.
    expect(second).toMatch(/role="rowheader"[^>]*>(<[^>]+>)*ada@shop\.example</);
    // The attribute's script is in the state handed over, as text: the page's script and the state's are its only <script> elements.
    expect(second).toContain('\\u003c/script>\\u003cscript>window.__pwned=1');
    expect(second.match(/<script\b/g)).toHaveLength(2);
    expect(second).toContain('bob@shop.example');
    await page.getByRole('rowheader', { name: 'ada@shop.example' }).waitFor();
    const added = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(adaCreatedAt));
    expect(second).toContain(added);
    await expect.poll(() => page.getByRole('row', { name: /ada@shop\.example/ }).textContent()).toContain(added);
    expect(errors).toEqual([]);
  });

  it('hands over pages that then work as the browser would have rendered them', async () => {
    const page = await newPage();
    await open(page, '/app/audience');
    // Taken over: the search filters the rows, and a row leads to the subscriber's page, all in this one document.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const search = page.getByRole('search', { name: 'Subscribers' });
    await search.getByLabel('Email or name contains').fill('bob');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('grid', { name: /^Subscribers/ })
          .getByRole('rowheader')
          .allTextContents(),
      )
      .toEqual(['bob@shop.example']);
    await page.getByRole('link', { name: 'bob@shop.example' }).click();
    await page.waitForURL(/\/app\/audience\/sub_/);
    await page.getByRole('heading', { level: 1, name: 'bob@shop.example' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('renders the email log, the Overview and a campaign on the server too', async () => {
    const page = await newPage();
    const emails = await open(page, '/app/emails');
    expect(emails).toContain('id="mailgate-state"');
    expect(emails).toContain('Rendered first');
    await page.getByRole('link', { name: /Rendered first/ }).waitFor();

    const overview = await open(page, '/app');
    expect(overview).toContain('id="mailgate-state"');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    const campaign = await open(page, `/app/campaigns/${campaignId}`);
    expect(campaign).toContain('id="mailgate-state"');
    expect(campaign).toContain('November news');
    await page.getByRole('heading', { level: 1, name: 'November news' }).waitFor();
    // Taken over: its Edit link opens the editor in this same document.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/app/campaigns/${campaignId}/edit`);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('leaves to the browser what it cannot write as the browser would', async () => {
    const page = await newPage();
    // Days of the email log start at the reader's midnight, which the browser computes.
    expect(await open(page, '/app/emails?since=2026-01-01')).not.toContain('id="mailgate-state"');
    await page.getByRole('heading', { level: 1, name: 'Emails' }).waitFor();
    // A campaign that is not there: the browser's own page for a failure.
    expect(await open(page, '/app/campaigns/cmp_00000000000000000000000000')).not.toContain('id="mailgate-state"');
    // A page that is not among the busiest.
    expect(await open(page, '/app/tokens')).not.toContain('id="mailgate-state"');
    // Only the missing campaign's own 404s.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
});
