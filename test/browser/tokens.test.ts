import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, signIn } from '../helpers/users.ts';

// The API tokens screen in Chromium: an admin creates a token, sees its secret
// once (and it works), then only its name and hint, and revokes it (and it stops
// working); a viewer and a member see the list with no way to change it, and the
// API refuses them the same write.

describe('the API tokens screen', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ worker: false }), launchBrowser()]);
    await Promise.all([
      createUser(server, { email: 'ada@example.com', role: 'admin' }),
      createUser(server, { email: 'vic@example.com', role: 'viewer' }),
      createUser(server, { email: 'meg@example.com', role: 'member' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a new token once, then only its name and hint; revoking ends it', async () => {
    const context = await signedInContext(browser, server, 'ada@example.com');
    const page = await context.newPage();
    await page.goto('/app/tokens');
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByLabel('Name').fill('reporting job');
    await dialog.getByRole('button', { name: /Permission/ }).click();
    await page.getByRole('option', { name: 'Read only' }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await shown.getByText('it is shown this once').waitFor();
    const secret = (await shown.locator('code').textContent())!;
    expect(secret).toMatch(/^mailgate_/);
    await shown.getByRole('button', { name: 'Copy token' }).waitFor();
    // The secret shown is the token: it reads, and (read only) may not write.
    const asToken = (path: string, body?: unknown) => server.api(path, { token: secret, ...(body ? { body } : {}) });
    expect((await asToken('/api/v2/tokens')).status).toBe(200);
    expect((await asToken('/api/v2/tokens', { name: 'x' })).status).toBe(403);

    await shown.getByRole('button', { name: 'Done' }).click();
    const table = page.getByRole('grid', { name: 'API tokens' });
    const row = table.getByRole('row', { name: /reporting job/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`…${secret.slice(-4)}`);
    expect(await row.textContent()).toContain('Read only');
    expect(await page.locator('body').textContent()).not.toContain(secret);
    // Opening the dialog again starts anew: the secret is not kept.
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('dialog', { name: 'Create an API token' }).getByLabel('Name').waitFor();
    expect(await page.locator('body').textContent()).not.toContain(secret);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Revoke reporting job' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the token "reporting job"?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await asToken('/api/v2/tokens')).status).toBe(401);
    await context.close();
  });

  it.each([
    ['viewer', 'vic@example.com'],
    ['member', 'meg@example.com'],
  ])('shows a %s the tokens with no control to change them, and the API refuses the write', async (role, email) => {
    const context = await signedInContext(browser, server, email);
    const page = await context.newPage();
    await page.goto('/app/tokens');
    // The list is there (the bootstrap token), the controls are not.
    await page.getByRole('grid', { name: 'API tokens' }).getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Create token' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    await context.close();

    const me = await signIn(server, email);
    const res = await me.api('/api/v2/tokens', { body: { name: 'not allowed', permission: 'full' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ name: 'forbidden', code: 'insufficient_role' });
    expect(role).toBe(me.session.role);
  });

  it('passes axe at 1280 and 390 px', async () => {
    await checkScreen(browser, server, {
      email: 'ada@example.com',
      url: '/app/tokens',
      name: 'tokens',
      ready: (page) => page.getByRole('grid', { name: 'API tokens' }).getByRole('row').nth(1).waitFor(),
    });
  });
});
