import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, TEST_PASSWORD } from '../helpers/users.ts';

// The dashboard's shell in Chromium: a page that needs a session sends a
// visitor to sign in and back; a wrong password is said, the right one signs in;
// a name with markup in it is shown as text; on a phone the navigation folds
// behind a Menu button; sign-out ends the session.

const MARKUP_NAME = '<img src=x onerror="window.__owned=1">Eve';

describe('the dashboard shell', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ worker: false }), launchBrowser()]);
    await createUser(server, { email: 'eve@example.com', role: 'admin', name: MARKUP_NAME });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends a visitor to sign in, refuses a wrong password, and returns to the page asked for', async () => {
    const context = await newContext(browser, server, 1280);
    const page = await context.newPage();
    await page.goto('/app/tokens');
    await page.waitForURL(/\/app\/sign-in\?next=%2Ftokens$/);
    await page.getByLabel('Email address').fill('eve@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong email or password');

    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/tokens$/);
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
    // The name is text: shown as written, and its markup did nothing.
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(MARKUP_NAME);
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/sign-in/);
    const cookies = await context.cookies();
    expect(cookies.filter((c) => c.name === 'mailgate_session')).toEqual([]);
    await context.close();
  });

  it('folds the navigation behind a Menu button on a phone', async () => {
    const context = await newContext(browser, server, 390);
    const page = await context.newPage();
    await page.goto('/app/sign-in');
    await page.getByLabel('Email address').fill('eve@example.com');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/?$/);
    // Nothing is wider than the phone: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Emails' }).isVisible()).toBe(false);
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Emails' }).click();
    await page.waitForURL(/\/app\/emails$/);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
