import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, signIn } from '../helpers/users.ts';

// The suppressions screen in Chromium: a member suppresses an address, finds it
// by part of the address, and takes it off again; a viewer sees the list with no
// control to change it, and the API refuses them.

describe('the suppressions screen', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ worker: false }), launchBrowser()]);
    await Promise.all([
      createUser(server, { email: 'meg@example.com', role: 'member' }),
      createUser(server, { email: 'vic@example.com', role: 'viewer' }),
      server.api('/api/v2/suppressions', { body: { emails: ['ann@shop.example', 'bob@news.example'] } }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const rowsOf = async (page: import('playwright-core').Page) =>
    (await page.getByRole('grid', { name: 'Suppressed addresses' }).getByRole('rowheader').allTextContents()).sort();

  it('adds an address, finds it by part of the address, and removes it', async () => {
    const context = await signedInContext(browser, server, 'meg@example.com');
    const page = await context.newPage();
    await page.goto('/app/suppressions');
    await page.getByRole('rowheader', { name: 'ann@shop.example' }).waitFor();

    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suppress an address' });
    await dialog.getByLabel('Email address').fill('Cat@News.example');
    await dialog.getByRole('button', { name: /For how long/ }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Suppress' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'Cat@News.example' }).waitFor();
    const added = (await (await server.api('/api/v2/suppressions/cat@news.example')).json()) as { reason: string; expires_at: string };
    expect(added.reason).toBe('manual');
    expect(Date.parse(added.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(Date.parse(added.expires_at) - Date.now()).toBeLessThan(31 * 86_400_000);

    const search = page.getByRole('search', { name: 'Suppressions' });
    await search.getByLabel('Address contains').fill('NEWS.example');
    await search.getByRole('button', { name: 'Search' }).click();
    // Polled: between the old rows leaving and the new ones coming the table may be empty for a moment.
    await expect.poll(() => rowsOf(page)).toEqual(['Cat@News.example', 'bob@news.example']);

    await page.getByRole('button', { name: 'Remove Cat@News.example' }).click();
    await page.getByRole('alertdialog', { name: 'Mail Cat@News.example again?' }).getByRole('button', { name: 'Remove suppression' }).click();
    await expect.poll(() => rowsOf(page)).toEqual(['bob@news.example']);
    expect((await server.api('/api/v2/suppressions/cat@news.example')).status).toBe(404);

    await search.getByLabel('Address contains').fill('nobody.example');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No suppressed address matches').waitFor();
    await context.close();
  });

  it('shows a viewer the list with no control to change it, and the API refuses them', async () => {
    const context = await signedInContext(browser, server, 'vic@example.com');
    const page = await context.newPage();
    await page.goto('/app/suppressions');
    await page.getByRole('rowheader', { name: 'ann@shop.example' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add address' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await context.close();

    const me = await signIn(server, 'vic@example.com');
    const res = await me.api('/api/v2/suppressions', { body: { emails: ['dan@shop.example'] } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ name: 'forbidden', code: 'insufficient_role' });
  });

  it('passes axe at 1280 and 390 px', async () => {
    await checkScreen(browser, server, {
      email: 'meg@example.com',
      url: '/app/suppressions',
      name: 'suppressions',
      ready: (page) => page.getByRole('rowheader', { name: 'ann@shop.example' }).waitFor(),
    });
  });
});
