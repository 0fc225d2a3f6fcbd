import fs from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { getEmail, sendEmail } from '../helpers/emails.ts';
import { startTestServer, type TestServer, waitFor } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

// The email log and an email's page in Chromium, over emails sent through the
// API and delivered by the worker through the capture transport (which keeps the
// finished message), plus one to a bouncing fixture address (which keeps none).

const HOSTILE_SUBJECT = '<img src=x onerror=alert(1)>';
const HOSTILE_HTML =
  '<p>Hello from the frame</p><script>document.body.setAttribute("data-script-ran", "yes"); console.log("script ran"); parent.document.title = "pwned";</script>';
/** Emails beyond one page of the log (20 rows). */
const NEWSLETTERS = 22;

describe('the Emails screens', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let hostileId: string;
  let bouncedId: string;
  /** Alerts, confirms or prompts any page opened, and what scripts logged: no script of an email's may run. */
  const dialogs: string[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ worker: true }), launchBrowser()]);
    email = (await createUser(server, { email: 'viewer@acme.example', role: 'viewer' })).email;
    for (let i = 1; i <= NEWSLETTERS; i++)
      await sendEmail(server, { from: 'news@acme.example', to: `reader${i}@example.com`, subject: `Newsletter #${i}`, html: `<p>Issue ${i}</p>` });
    bouncedId = await sendEmail(server, {
      from: 'app@acme.example',
      to: 'bounced@mailgate.test',
      subject: 'Bounce me',
      html: '<p>Nobody</p>',
      tags: [{ name: 'kind', value: 'bounce-test' }],
    });
    hostileId = await sendEmail(server, {
      from: 'app@acme.example',
      to: 'ada@example.com',
      subject: HOSTILE_SUBJECT,
      html: HOSTILE_HTML,
    });
    await waitFor(async () => ((await getEmail(server, hostileId)).last_event === 'delivered' ? true : undefined), 10_000, 'delivered');
    await waitFor(async () => ((await getEmail(server, bouncedId)).last_event === 'bounced' ? true : undefined), 10_000, 'bounced');
    context = await signedInContext(browser, server, email);
    page = await context.newPage();
    page.on('console', (message) => logged.push(message.text()));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const rows = (p: Page) => p.getByRole('grid').getByRole('row');

  it('lists the emails newest first, one page at a time, subjects as text', async () => {
    await page.goto('/app/emails');
    await expect.poll(() => rows(page).count()).toBe(21); // the header row and 20 emails
    const first = page.getByRole('rowheader').first();
    expect(await first.textContent()).toBe(HOSTILE_SUBJECT);
    expect(await page.getByRole('grid').locator('img').count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Bounce me/ })
          .getByText('Bounced', { exact: true })
          .count(),
      )
      .toBe(1);

    await page.getByRole('navigation', { name: 'Emails pages' }).getByRole('button', { name: 'Next page' }).click();
    // 24 emails: the last page has the 4 oldest, Newsletter #4 to #1.
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Newsletter #4', 'Newsletter #3', 'Newsletter #2', 'Newsletter #1']);
    await expect.poll(() => page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => rows(page).count()).toBe(21);
    expect(await page.getByRole('rowheader').first().textContent()).toBe(HOSTILE_SUBJECT);
  });

  it('narrows the log by status and by subject, keeping the filters in the address', async () => {
    await page.goto('/app/emails');
    await page.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Bounced' }).click();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Bounce me']);
    expect(new URL(page.url()).searchParams.get('status')).toBe('bounced');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(21);
    await page.getByRole('searchbox', { name: 'Subject contains' }).fill('NEWSLETTER #2');
    await page.getByRole('searchbox', { name: 'Subject contains' }).press('Enter');
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual(['Newsletter #22', 'Newsletter #21', 'Newsletter #20', 'Newsletter #2']);
    expect(new URL(page.url()).search).toBe('?q=NEWSLETTER+%232');

    // The address alone gives the same log (a link, a reload), the form showing its filters.
    await page.goto('/app/emails?status=delivered&q=newsletter+%237');
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual(['Newsletter #7']);
    expect(await page.getByRole('searchbox', { name: 'Subject contains' }).inputValue()).toBe('newsletter #7');
    await page.goto('/app/emails?q=nothing+like+this');
    await expect.poll(() => page.getByRole('heading', { name: 'No email matches these filters' }).count()).toBe(1);

    // By a tag, name:value, typed into the form and kept in the address.
    await page.goto('/app/emails');
    await page.getByRole('textbox', { name: 'Tag' }).fill('kind:bounce-test');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual(['Bounce me']);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('kind:bounce-test');
  });

  it("shows an email's timeline, its HTML sandboxed, its text, headers and download", async () => {
    await page.goto('/app/emails');
    await page.getByRole('link', { name: HOSTILE_SUBJECT }).click();
    await page.waitForURL(`**/app/emails/${hostileId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(HOSTILE_SUBJECT);
    expect(await page.title()).toBe(`${HOSTILE_SUBJECT} · Mailgate`);

    const events = page.getByRole('region', { name: 'Events' }).getByRole('listitem');
    expect((await events.allTextContents()).map((text) => /^[A-Z][a-z]+/.exec(text)?.[0])).toEqual(['Queued', 'Sent', 'Delivered']);
    // The capture transport's reply to the hand-off, as the relay's would be.
    const stored = await getEmail(server, hostileId);
    const reply = String(stored.events.find((e) => e.type === 'sent')?.detail?.response);
    expect(await events.nth(1).getByText(reply, { exact: true }).count()).toBe(1);

    const frame = page.getByTitle("The email's HTML part");
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toBe(HOSTILE_HTML);
    const inside = page.frameLocator('iframe[title="The email\'s HTML part"]');
    expect(await inside.getByText('Hello from the frame').count()).toBe(1);
    expect(await inside.locator('body').getAttribute('data-script-ran')).toBeNull();
    expect(await page.title()).toBe(`${HOSTILE_SUBJECT} · Mailgate`);

    // The text part, derived from the HTML by the server: shown as it stored it.
    expect(stored.text).toContain('Hello from the frame');
    expect(await page.getByRole('region', { name: 'Text' }).locator('pre').textContent()).toBe(stored.text);
    const headers = page.getByRole('region', { name: 'Headers' });
    expect(await headers.getByText('ada@example.com', { exact: true }).count()).toBeGreaterThan(0);
    const messageId = headers.locator('div', { has: page.locator('dt', { hasText: /^Message-ID$/ }) }).locator('dd');
    expect(await messageId.textContent()).toBe(stored.message_id);

    const [download] = await Promise.all([page.waitForEvent('download'), headers.getByRole('button', { name: /Download the message/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.eml$/);
    const saved = await fs.readFile((await download.path())!);
    const raw = await server.api(`/api/v2/emails/${hostileId}/raw`);
    expect(raw.status).toBe(200);
    expect(saved.equals(Buffer.from(await raw.arrayBuffer()))).toBe(true);
    expect(dialogs).toEqual([]);
    expect(logged.filter((text) => text.includes('script ran'))).toEqual([]);
  });

  it("shows a bounce's diagnostic, and says when the message was not kept", async () => {
    await page.goto(`/app/emails/${bouncedId}`);
    const events = page.getByRole('region', { name: 'Events' });
    await expect.poll(() => events.getByRole('listitem').count()).toBe(3);
    const stored = await getEmail(server, bouncedId);
    const bounce = stored.events.find((e) => e.type === 'bounced')?.detail?.bounce as { diagnostic: string };
    expect(await events.getByText('Bounce diagnostic').count()).toBe(1);
    expect(await events.getByText(bounce.diagnostic, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['kind: bounce-test']);
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Headers' })
          .getByText(/^The finished message was not kept/)
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole('button', { name: /Download the message/ }).count()).toBe(0);
  });

  it('passes axe at both widths: the log', async () => {
    await checkScreen(browser, server, {
      email,
      url: '/app/emails',
      name: 'emails',
      ready: (p) => expect.poll(() => rows(p).count()).toBe(21),
    });
  });

  it("passes axe at both widths: an email's page", async () => {
    await checkScreen(browser, server, {
      email,
      url: `/app/emails/${hostileId}`,
      name: 'email',
      ready: (p) => p.getByRole('button', { name: /Download the message/ }).waitFor(),
    });
  });
});
