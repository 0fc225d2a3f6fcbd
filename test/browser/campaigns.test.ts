import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

// Campaigns in Chromium: a member writes a campaign with a personalized field in
// the rich-text editor, previews it as a subscriber, sends a test copy to a
// fixture address, sends it to a tagged audience and watches it reach `sent`;
// then a recipient's unsubscribe link, opened in the browser, unsubscribes them,
// and the campaign's page counts it.

const BASE_URL = 'https://mail.acme.example';
// Ada's address is not a fixture: the capture transport keeps her message, whose link is opened below.
const ADA = 'ada@example.com';
const BOB = 'delivered+bob@mailgate.test';

describe('campaigns in the dashboard', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let campaignId = '';
  const subscriberIds: Record<string, string> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ verifiedDomains: ['acme.example'], env: { BASE_URL } }), launchBrowser()]);
    await createUser(server, { email: 'meg@example.com', role: 'member' });
    for (const [key, body] of Object.entries({
      ada: { email: ADA, first_name: 'Ada', tags: ['news'] },
      bob: { email: BOB, tags: ['news'] },
      cat: { email: 'delivered+cat@mailgate.test', first_name: 'Cat' },
    })) {
      const res = await server.api('/api/v2/subscribers', { body });
      subscriberIds[key] = ((await res.json()) as { id: string }).id;
    }
    page = await (await signedInContext(browser, server, 'meg@example.com')).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const campaign = async () => (await (await server.api(`/api/v2/campaigns/${campaignId}`)).json()) as any;

  it('writes a campaign with a personalized field in the rich-text editor and saves the draft', async () => {
    await page.goto('/app/campaigns');
    await page.getByText('No campaigns yet').waitFor();
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Autumn news');
    await page.getByLabel('From', { exact: true }).fill('Acme <news@acme.example>');
    await page.getByLabel('Subject', { exact: true }).fill('News for {{first_name | "you"}}');

    const content = page.getByRole('textbox', { name: 'Content' });
    await content.click();
    await page.keyboard.type('Hello ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.getByRole('button', { name: 'Insert field' }).click(); // First name, default "there"
    // The field is in, and the caret back in the editor after it (a busy machine gives the focus back late).
    await expect.poll(async () => (await content.textContent())?.replace(/\u00a0/g, ' ')).toBe('Hello {{first_name | "there"}}');
    await content.press('End');
    await page.keyboard.type('!');
    await expect.poll(async () => (await content.textContent())?.replace(/\u00a0/g, ' ')).toBe('Hello {{first_name | "there"}}!');

    // A React Aria checkbox or radio is pressed through its label (its input is visually hidden).
    await page
      .locator('label')
      .filter({ hasText: /^news$/ })
      .click();
    expect(await page.getByRole('checkbox', { name: 'news' }).isChecked()).toBe(true);
    await page.getByText('2 subscribed subscribers now.').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/app\/campaigns\/cmp_[0-9a-z]{26}\/edit$/);
    campaignId = /cmp_[0-9a-z]{26}/.exec(page.url())![0];
    const saved = await campaign();
    expect(saved).toMatchObject({ name: 'Autumn news', status: 'draft', html: null, markdown: null, audience: { tags: ['news'], match: 'any' } });
    // The field is bold, inside the tiptap document the API stores.
    expect(JSON.stringify(saved.tiptap)).toContain('{"type":"text","marks":[{"type":"bold"}],"text":"{{first_name | \\"there\\"}}!"}');
  });

  it('previews it as a subscriber at desktop and phone widths, and sends a test to a fixture address', async () => {
    await page.getByLabel('As subscriber').fill(ADA);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.locator('[data-preview-subject]').textContent()).toBe('News for Ada');
    const frame = page.frameLocator('iframe[title="The email as the subscriber gets it"]');
    await frame.getByText('Hello Ada!').waitFor();
    await expect.poll(() => page.locator('iframe.preview-frame').evaluate((f) => f.getBoundingClientRect().width)).toBe(600);
    await page
      .locator('label')
      .filter({ hasText: /^Phone/ })
      .click();
    await expect.poll(() => page.locator('iframe.preview-frame').evaluate((f) => f.getBoundingClientRect().width)).toBe(375);
    expect(await page.locator('iframe.preview-frame').getAttribute('sandbox')).toBe('');

    await page.getByLabel('Test addresses').fill('delivered+test@mailgate.test');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test sent to 1 address.').waitFor();
    const tests = (await (await server.api('/api/v2/emails?to=delivered%2Btest%40mailgate.test')).json()) as any;
    expect(tests.data.map((e: any) => e.subject)).toEqual(['News for you']);
  });

  it('passes axe at 1280 and 390 px: the editor', async () => {
    await checkScreen(browser, server, {
      email: 'meg@example.com',
      url: `/app/campaigns/${campaignId}/edit`,
      name: 'campaign-editor',
      ready: (p) => p.getByText('2 subscribed subscribers now.').waitFor(),
    });
  });

  it('sends it to the tagged audience after a confirmation naming the count, and watches it reach sent', async () => {
    await page.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send to 2 subscribers?' });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL(`**/app/campaigns/${campaignId}`);
    await page.locator('.badge', { hasText: /^Sent$/ }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-figure="sent"]').textContent()).toBe('2');
    expect(await page.locator('[data-figure="recipients"]').textContent()).toBe('2');
    await page.getByRole('heading', { name: 'How it went' }).waitFor();
    const sent = await campaign();
    expect(sent.status).toBe('sent');
    expect(sent.stats).toMatchObject({ recipients: 2, sent: 2 });
  });

  it("opens a delivered message's unsubscribe link in the browser: the subscriber is unsubscribed and the page counts it", async () => {
    const list = (await (await server.api(`/api/v2/emails?to=${encodeURIComponent(ADA)}`)).json()) as any;
    expect(list.data).toHaveLength(1);
    const raw = await (await server.api(`/api/v2/emails/${list.data[0].id}/raw`)).text();
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1];
    expect(link, raw.slice(0, 800)).toBeDefined();
    expect(link!.startsWith(`${BASE_URL}/unsubscribe/`)).toBe(true);

    const visitor = await browser.newPage();
    await visitor.goto(link!.replace(BASE_URL, server.url));
    await visitor.getByText(ADA).waitFor();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.waitForLoadState();
    await visitor.close();
    await waitFor(
      async () => ((await (await server.api(`/api/v2/subscribers/${subscriberIds.ada}`)).json()) as any).status === 'unsubscribed' || undefined,
      5_000,
      'Ada to be unsubscribed',
    );
    // The subscriber's page says so, with the change in its status history.
    await page.goto(`/app/audience/${subscriberIds.ada}`);
    await page.getByRole('grid', { name: 'Status changes' }).getByRole('row').filter({ hasText: 'Unsubscribed' }).waitFor();
    await page.goBack();

    await page.reload();
    const losses = page.getByRole('table', { name: 'Unsubscribed, bounced, complained' });
    await expect
      .poll(() =>
        losses
          .getByRole('row', { name: /Unsubscribed/ })
          .getByRole('cell')
          .first()
          .textContent(),
      )
      .toBe('1');
  });

  it('passes axe at 1280 and 390 px: the list and the campaign page', async () => {
    await checkScreen(browser, server, {
      email: 'meg@example.com',
      url: '/app/campaigns',
      name: 'campaigns',
      ready: (p) => p.getByRole('rowheader', { name: 'Autumn news' }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: 'meg@example.com',
      url: `/app/campaigns/${campaignId}`,
      name: 'campaign',
      ready: (p) => p.locator('canvas[data-drawn]').nth(1).waitFor(),
    });
  });
});
