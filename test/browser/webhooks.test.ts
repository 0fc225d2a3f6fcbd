import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { createUser, signIn } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

// The webhooks screens in Chromium, with a receiver that checks signatures: an
// admin adds a webhook (its secret shown once, and it signs what arrives), sends a
// test event, sees an event's delivery in the log with the endpoint's answer,
// shows the secret again, edits and deletes; a member sees the webhook and its
// log with no control to change it, and the API refuses them.

describe('the webhooks screens', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: Receiver;
  let secret = '';
  let webhookId = '';

  beforeAll(async () => {
    receiver = await startReceiver(() => secret);
    [server, browser] = await Promise.all([startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }), launchBrowser()]);
    await Promise.all([createUser(server, { email: 'ada@example.com', role: 'admin' }), createUser(server, { email: 'meg@example.com', role: 'member' })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  /** A React Aria checkbox is pressed through its label (its input is visually hidden). */
  async function setChecked(scope: Locator, name: RegExp, checked: boolean) {
    const box = scope.getByRole('checkbox', { name });
    if ((await box.isChecked()) !== checked)
      await scope
        .locator('label')
        .filter({ has: scope.page().getByRole('checkbox', { name }) })
        .click();
    expect(await box.isChecked()).toBe(checked);
  }

  const cell = (page: Page, row: number, column: number) =>
    page.getByRole('grid', { name: 'Deliveries' }).getByRole('row').nth(row).locator('[role=rowheader], [role=gridcell]').nth(column).textContent();

  it('adds a webhook, sends a test event, and shows a delivery with its answer', async () => {
    const context = await signedInContext(browser, server, 'ada@example.com');
    const page = await context.newPage();
    await page.goto('/app/webhooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add a webhook' });
    await form.getByLabel('URL').fill(receiver.url);
    // No event chosen: said under the group, nothing sent.
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText('Choose at least one event.').waitFor();
    await setChecked(form, /suppression\.added/, true);
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const added = page.getByRole('dialog', { name: 'Webhook added' });
    secret = (await added.locator('.secret-value').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Copy signing secret' }).waitFor();
    await added.getByRole('button', { name: 'Open the webhook' }).click();
    await page.waitForURL(/\/app\/webhooks\/whk_/);
    webhookId = page.url().split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: 'Webhook' }).waitFor();
    await page.getByText('No deliveries yet').waitFor();

    // The test event: delivered to the receiver (which checked its signature with the secret shown), and said on the page.
    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = page.locator('.test-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^Delivered HTTP 204 at /);
    expect(receiver.received.map((r) => [r.event.type, r.event.data.webhook_id])).toEqual([['webhook.test', webhookId]]);

    // A real event whose first attempt the endpoint refuses: the log shows the attempt, its HTTP status and the answer's text.
    receiver.answers.push(500);
    await server.api('/api/v2/suppressions', { body: { emails: ['gone@shop.example'] } });
    await waitFor(async () => (receiver.received.length === 2 ? true : undefined), 10_000, 'the event');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => cell(page, 1, 0)).toBe('suppression.added');
    await expect.poll(() => cell(page, 1, 3)).toBe('500');
    expect(await cell(page, 1, 2)).toBe('1');
    expect(await cell(page, 1, 4)).toBe('answered 500');

    // The secret again, on demand.
    await page.getByRole('button', { name: 'Show signing secret' }).click();
    await page.getByRole('button', { name: 'Hide' }).waitFor();
    expect(await page.getByRole('region', { name: 'Signing secret' }).locator('code').textContent()).toBe(secret);

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the webhook' });
    await setChecked(edit, /suppression\.removed/, true);
    await setChecked(edit, /^Enabled/, false);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('suppression.added, suppression.removed').waitFor();
    expect(await (await server.api(`/api/v2/webhooks/${webhookId}`)).json()).toMatchObject({
      events: ['suppression.added', 'suppression.removed'],
      enabled: false,
    });
    await context.close();
  });

  it('shows a member the webhook and its log with no control to change it, and the API refuses them', async () => {
    const context = await signedInContext(browser, server, 'meg@example.com');
    const page = await context.newPage();
    await page.goto('/app/webhooks');
    expect(await page.getByRole('button', { name: 'Add webhook' }).count()).toBe(0);
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('grid', { name: 'Deliveries' }).getByRole('row').nth(1).waitFor();
    for (const name of ['Edit', 'Delete', 'Send test event', 'Show signing secret']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    await context.close();

    const me = await signIn(server, 'meg@example.com');
    for (const [method, path] of [
      ['POST', `/api/v2/webhooks/${webhookId}/test`],
      ['GET', `/api/v2/webhooks/${webhookId}/secret`],
    ] as const) {
      const res = await me.api(path, { method });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ name: 'forbidden', code: 'insufficient_role' });
    }
  });

  it('passes axe at 1280 and 390 px', async () => {
    await checkScreen(browser, server, {
      email: 'ada@example.com',
      url: `/app/webhooks/${webhookId}`,
      name: 'webhook',
      ready: (page) => page.getByRole('grid', { name: 'Deliveries' }).getByRole('row').nth(1).waitFor(),
    });
    await checkScreen(browser, server, {
      email: 'ada@example.com',
      url: '/app/webhooks',
      name: 'webhooks',
      ready: (page) => page.getByRole('grid', { name: 'Webhooks' }).getByRole('row').nth(1).waitFor(),
    });
  });

  it('deletes a webhook after a confirmation', async () => {
    const context = await signedInContext(browser, server, 'ada@example.com');
    const page = await context.newPage();
    await page.goto(`/app/webhooks/${webhookId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete webhook' }).click();
    await page.waitForURL(/\/app\/webhooks$/);
    await page.getByText('No webhooks').waitFor();
    expect((await server.api(`/api/v2/webhooks/${webhookId}`)).status).toBe(404);
    await context.close();
  });
});
