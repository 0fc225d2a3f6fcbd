import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

// The audience in Chromium: the subscriber list filtered by text, tag and status;
// one subscriber's page, where a member changes an attribute and the tags,
// unsubscribes and resubscribes them and sees it in the status history (a script
// in an attribute shown as text); and a CSV import with its per-row report, then
// the export of what was imported.

const SCRIPT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

interface Subscriber {
  id: string;
  email: string;
  status: string;
  attributes: Record<string, unknown>;
  tags: string[];
}

describe('the audience screens', () => {
  let server: TestServer;
  let browser: Browser;
  let ada: Subscriber;

  const subscriber = async (ref: string) => (await (await server.api(`/api/v2/subscribers/${encodeURIComponent(ref)}`)).json()) as Subscriber;
  const rowsOf = async (page: Page) =>
    (
      await page
        .getByRole('grid', { name: /^Subscribers/ })
        .getByRole('rowheader')
        .allTextContents()
    ).sort();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await createUser(server, { email: 'meg@example.com', role: 'member' });
    const upsert = (body: Record<string, unknown>) => server.api('/api/v2/subscribers', { body });
    await upsert({ email: 'bob@shop.example', first_name: 'Bob', tags: ['customers'] });
    await upsert({ email: 'cy@news.example', first_name: 'Cy', status: 'unsubscribed', tags: ['newsletter'] });
    ada = (await (
      await upsert({
        email: 'ada@shop.example',
        first_name: 'Ada',
        last_name: 'Lovelace',
        attributes: { plan: 'pro', note: SCRIPT },
        tags: ['customers', 'beta'],
      })
    ).json()) as Subscriber;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the subscribers, filtered by text, tag and status', async () => {
    const context = await signedInContext(browser, server, 'meg@example.com');
    const page = await context.newPage();
    await page.goto('/app/audience');
    await page.getByRole('rowheader', { name: 'ada@shop.example' }).waitFor();
    expect(await rowsOf(page)).toEqual(['ada@shop.example', 'bob@shop.example', 'cy@news.example']);

    const search = page.getByRole('search', { name: 'Subscribers' });
    await search.getByRole('button', { name: /Tag/ }).click();
    await page.getByRole('option', { name: 'customers' }).click();
    await page.getByRole('rowheader', { name: 'cy@news.example' }).waitFor({ state: 'detached' });
    expect(await rowsOf(page)).toEqual(['ada@shop.example', 'bob@shop.example']);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('customers');

    await search.getByLabel('Email or name contains').fill('lovelace');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('rowheader', { name: 'bob@shop.example' }).waitFor({ state: 'detached' });
    expect(await rowsOf(page)).toEqual(['ada@shop.example']);

    await search.getByRole('button', { name: 'Clear filters' }).click();
    await search.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Unsubscribed' }).click();
    await page.getByRole('rowheader', { name: 'ada@shop.example' }).waitFor({ state: 'detached' });
    expect(await rowsOf(page)).toEqual(['cy@news.example']);
    await context.close();
  });

  it("changes a subscriber's attribute and tags, unsubscribes and resubscribes them; a script in an attribute stays text", async () => {
    const context = await signedInContext(browser, server, 'meg@example.com');
    const page = await context.newPage();
    await page.goto('/app/audience');
    await page.getByRole('link', { name: 'ada@shop.example' }).click();
    await page.getByRole('heading', { level: 1, name: 'ada@shop.example' }).waitFor();

    // The script is a value in the table, as text, and never ran.
    const attributes = page.getByRole('grid', { name: 'Attributes' });
    await attributes.getByText(SCRIPT, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.getByRole('button', { name: 'Change plan' }).click();
    const change = page.getByRole('dialog', { name: 'Change plan' });
    await change.getByLabel('Value').fill('team');
    await change.getByRole('button', { name: 'Save' }).click();
    await change.waitFor({ state: 'detached' });
    await attributes.getByText('team', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Remove note' }).click();
    await page.getByRole('alertdialog', { name: 'Remove the attribute note?' }).getByRole('button', { name: 'Remove attribute' }).click();
    await attributes.getByRole('rowheader', { name: 'note' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Remove the tag beta' }).click();
    await page.getByRole('row', { name: 'beta' }).waitFor({ state: 'detached' });
    await page.getByLabel('Add a tag').fill('vip');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('row', { name: 'vip' }).waitFor();

    const stored = await subscriber(ada.id);
    expect(stored.attributes).toEqual({ plan: 'team' });
    expect(stored.tags.sort()).toEqual(['customers', 'vip']);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('alertdialog', { name: 'Unsubscribe ada@shop.example?' }).getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('button', { name: 'Resubscribe' }).waitFor();
    expect((await subscriber(ada.id)).status).toBe('unsubscribed');
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByRole('alertdialog', { name: 'Resubscribe ada@shop.example?' }).getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect((await subscriber(ada.id)).status).toBe('subscribed');

    // Added, unsubscribed, subscribed again: newest first.
    const history = page.getByRole('grid', { name: 'Status changes' });
    await expect
      .poll(async () => (await history.getByRole('row').allTextContents()).slice(1).map((row) => row.replace(/^.*?(Added|Subscribed|Unsubscribed)/, '$1')))
      .toEqual(['UnsubscribedSubscribed—', 'SubscribedUnsubscribed—', 'AddedSubscribed—']);
    await context.close();
  });

  it('passes axe at 1280 and 390 px: the list and a subscriber', async () => {
    await checkScreen(browser, server, {
      email: 'meg@example.com',
      url: '/app/audience?tag=customers',
      name: 'audience',
      ready: (p) => p.getByRole('rowheader', { name: 'ada@shop.example' }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: 'meg@example.com',
      url: `/app/audience/${ada.id}`,
      name: 'subscriber',
      ready: (p) => p.getByRole('grid', { name: 'Status changes' }).getByRole('row').nth(3).waitFor(),
    });
  });
});
