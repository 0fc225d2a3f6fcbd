import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, signedInContext } from '../helpers/browser.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, signIn } from '../helpers/users.ts';

// The domains screens in Chromium, against a DNS server of the test's: an admin
// adds a domain, copies its records, verifies it (not verified with only DKIM
// published, verified with SPF too), turns receiving on and removes it; a member
// sees the records with no control to change them, and the API refuses them.

describe('the domains screens', () => {
  let dns: TestDnsServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    dns = await startDnsServer();
    [server, browser] = await Promise.all([startTestServer({ worker: false, env: { DNS_SERVERS: dns.address } }), launchBrowser()]);
    await Promise.all([createUser(server, { email: 'ada@example.com', role: 'admin' }), createUser(server, { email: 'meg@example.com', role: 'member' })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await dns?.close();
  });

  async function domainNamed(name: string) {
    const list = (await (await server.api('/api/v2/domains')).json()) as {
      data: { id: string; name: string; records: { purpose: string; name: string; value: string }[] }[];
    };
    return list.data.find((d) => d.name === name);
  }

  it('adds a domain, copies a record, verifies it, turns receiving on and removes it', async () => {
    const context = await signedInContext(browser, server, 'ada@example.com');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto('/app/domains');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('dialog').getByLabel('Domain name').fill('news.example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('heading', { level: 1, name: 'news.example.com' }).waitFor();
    const domain = (await domainNamed('news.example.com'))!;
    expect(page.url()).toMatch(new RegExp(`/app/domains/${domain.id}$`));

    const dkim = domain.records.find((r) => r.purpose === 'dkim')!;
    const spf = domain.records.find((r) => r.purpose === 'spf')!;
    const dkimCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^DKIM/ }) });
    const spfCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^SPF/ }) });
    expect(await dkimCard.getByRole('heading').textContent()).toContain('Not checked yet');
    const status = page.getByText('Status', { exact: true }).locator('xpath=following-sibling::dd[1]');
    expect(await status.textContent()).toBe('Not verified yet');
    // Every name and value has its copy button; the value copied is the one to publish.
    expect(await page.getByRole('button', { name: /^Copy .* value$/ }).count()).toBe(domain.records.length);
    await dkimCard.getByRole('button', { name: 'Copy DKIM value' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(dkim.value);
    await page.getByRole('status').filter({ hasText: 'Copied to the clipboard' }).waitFor();

    // Only DKIM published: checked, still not verified, each record's state shown.
    dns.set(dkim.name, [{ type: 'TXT', text: dkim.value }]);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await dkimCard.getByRole('heading', { name: /Found$/ }).waitFor();
    expect(await spfCard.getByRole('heading').textContent()).toContain('Missing or different');
    expect(await spfCard.getByText('In DNS at the last check').locator('xpath=following-sibling::dd[1]').textContent()).toBe('Nothing');
    await page.getByRole('status').filter({ hasText: 'Checked: the domain is not verified.' }).waitFor();
    expect(await status.textContent()).toBe('Not verified');

    dns.set(spf.name, [{ type: 'TXT', text: spf.value }]);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await spfCard.getByRole('heading', { name: /Found$/ }).waitFor();
    expect(await status.textContent()).toBe('Verified');

    await page.getByRole('button', { name: 'Turn receiving on' }).click();
    await page.getByRole('button', { name: 'Turn receiving off' }).waitFor();
    expect(await (await server.api(`/api/v2/domains/${domain.id}`)).json()).toMatchObject({ status: 'verified', receiving: true });

    await page.getByRole('button', { name: 'Remove domain' }).click();
    await page.getByRole('alertdialog', { name: 'Remove news.example.com?' }).getByRole('button', { name: 'Remove domain' }).click();
    await page.waitForURL(/\/app\/domains$/);
    await page.getByRole('grid', { name: 'Domains' }).getByText('No domains yet').waitFor();
    expect((await server.api(`/api/v2/domains/${domain.id}`)).status).toBe(404);
    await context.close();
  });

  it('shows a member the records with no control to change the domain, and the API refuses them', async () => {
    const created = await server.api('/api/v2/domains', { body: { name: 'shop.example.com' } });
    const domain = (await created.json()) as { id: string };
    const context = await signedInContext(browser, server, 'meg@example.com');
    const page = await context.newPage();
    await page.goto('/app/domains');
    expect(await page.getByRole('button', { name: 'Add domain' }).count()).toBe(0);
    await page.getByRole('link', { name: 'shop.example.com' }).click();
    await page.getByRole('heading', { level: 1, name: 'shop.example.com' }).waitFor();
    await page.getByRole('button', { name: 'Copy DKIM value' }).waitFor();
    for (const name of ['Verify now', 'Remove domain', 'Turn receiving on']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    await context.close();

    const me = await signIn(server, 'meg@example.com');
    const res = await me.api(`/api/v2/domains/${domain.id}/verify`, { method: 'POST', body: {} });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ name: 'forbidden', code: 'insufficient_role' });
  });

  it('passes axe at 1280 and 390 px', async () => {
    const domain = (await domainNamed('shop.example.com'))!;
    await server.api(`/api/v2/domains/${domain.id}/verify`, { method: 'POST', body: {} });
    await checkScreen(browser, server, {
      email: 'ada@example.com',
      url: `/app/domains/${domain.id}`,
      name: 'domain',
      ready: (page) => page.getByRole('button', { name: 'Copy DKIM value' }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: 'ada@example.com',
      url: '/app/domains',
      name: 'domains',
      ready: (page) => page.getByRole('grid', { name: 'Domains' }).getByRole('row').nth(1).waitFor(),
    });
  });
});
