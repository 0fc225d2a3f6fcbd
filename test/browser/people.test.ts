import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TOTP, URI } from 'otpauth';
import { ManualClock } from '../../src/index.ts';
import { checkScreen, expectAccessible, launchBrowser, newContext, screenshot, WIDTHS } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, signIn, TEST_PASSWORD, testOrganizationId } from '../helpers/users.ts';

// The Team and Account screens and the signed-out pages in Chromium: the issue's
// main flow (the first admin's link, a password, inviting a member from the Team
// screen, the member accepting the emailed link in another browser and signing
// in, seeing no admin controls), an admin's refusals said plainly, and each
// screen checked with axe at 1280 and 390 px.

const OWNER = { email: 'owner@example.com', password: 'owner password 1234' };
const MEMBER = { email: 'member@example.com', password: 'member password 1234' };

/** Waits for the page to show what is expected: a second at most is too short on a busy CI machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function json(res: Response): Promise<any> {
  return res.json();
}

describe('team and account screens', () => {
  let server: TestServer;
  let browser: Browser;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ worker: false, clock, env: { SYSTEM_FROM: 'Team <team@mailgate.example>' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The one-time link's #token=… in the email (an invitation, a password reset) last sent to `to`, read from the stored body (the API withholds it). */
  async function linkEmailedTo(to: string): Promise<string> {
    const listed = await json(await server.api('/api/v2/emails?limit=100'));
    // Newest first: the last one sent.
    const summary = listed.data.find((e: { to: string[] }) => e.to.includes(to));
    expect(summary, `an email to ${to}`).toBeDefined();
    const body = await server.database.handle.db.selectFrom('email_bodies').select(['html']).where('email_id', '=', summary.id).executeTakeFirstOrThrow();
    const href = /href="([^"]+)"/.exec(body.html)![1]!.replace(/&#(\d+);/g, (_: string, c: string) => String.fromCharCode(Number(c)));
    return new URL(href).hash;
  }

  async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/app/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signOut(page: Page, context: BrowserContext): Promise<void> {
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/sign-in/);
    expect((await context.cookies()).filter((c) => c.name === 'mailgate_session')).toEqual([]);
  }

  it('first admin by link, invites a member from Team; the member accepts, signs in and sees no admin controls', async () => {
    // The first-start link, as `mailgate` prints it: no address in it, the admin gives one.
    const { link } = await server.core.users.createInvitation(await testOrganizationId(server), { role: 'admin' });
    const admin = await newContext(browser, server);
    const page = await admin.newPage();
    await page.goto(`/app/accept-invitation${new URL(link).hash}`);
    await page.getByLabel('Email address').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByLabel('Repeat the password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL(/\/app\/?$/);
    await poll(() => page.getByRole('banner').textContent()).toContain(OWNER.email);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('Email address').fill(MEMBER.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe(`Invitation sent to ${MEMBER.email}.`);
    const invitedRow = page.getByRole('row', { name: new RegExp(MEMBER.email) });
    await poll(() => invitedRow.getByRole('gridcell').allTextContents()).toEqual(['Member', 'Invited', 'Never', expect.stringContaining('Resend invitation')]);

    // The member, in a browser of their own, opens the emailed link.
    const member = await newContext(browser, server);
    const memberPage = await member.newPage();
    await memberPage.goto(`/app/accept-invitation${await linkEmailedTo(MEMBER.email)}`);
    await memberPage.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await memberPage.getByLabel('Repeat the password').fill(MEMBER.password);
    await memberPage.getByRole('button', { name: 'Set password and sign in' }).click();
    await memberPage.waitForURL(/\/app\/?$/);
    await signOut(memberPage, member);

    await signInThroughPage(memberPage, MEMBER.email, MEMBER.password);
    await memberPage.waitForURL(/\/app\/?$/);
    await memberPage.goto('/app/team');
    const memberRow = memberPage.getByRole('row', { name: new RegExp(`${MEMBER.email}.*\\(you\\)|\\(you\\).*${MEMBER.email}`) });
    await poll(() => memberRow.getByRole('gridcell').allTextContents()).toEqual(['Member', 'Active', expect.stringMatching(/\d/)]);
    await memberPage.getByRole('row', { name: new RegExp(OWNER.email) }).waitFor();
    // A member reads the team; the controls to change it are not there at all.
    expect(await memberPage.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await memberPage.getByRole('button', { name: /Change role|Remove|Resend/ }).count()).toBe(0);
    expect(await memberPage.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await signOut(memberPage, member);
    await member.close();

    // The admin's list learns that the member accepted.
    await page.reload();
    await poll(() =>
      page
        .getByRole('row', { name: new RegExp(MEMBER.email) })
        .getByRole('gridcell')
        .nth(1)
        .textContent(),
    ).toBe('Active');
    await admin.close();
  });

  it("says why the last admin cannot step down, changes a member's role, and removes someone after confirming", async () => {
    const viewer = await createUser(server, { email: 'viewer@example.com', role: 'viewer' });
    const admin = await newContext(browser, server);
    const page = await admin.newPage();
    await signInThroughPage(page, OWNER.email, OWNER.password);
    await page.waitForURL(/\/app\/?$/);
    await page.goto('/app/team');

    await page.getByRole('button', { name: `Change role of ${OWNER.email}` }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toContain(
      `${OWNER.email} is the last active admin, and the organization must keep one. Make someone else admin first.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Change role of ${viewer.email}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Member' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe(`${viewer.email} is now member.`);
    expect(await json(await server.api(`/api/v2/users/${viewer.id}`))).toMatchObject({ role: 'member' });

    // Someone invited who lost the email: a new one, and the first link stops working.
    expect((await server.api('/api/v2/users', { body: { email: 'late@example.com', role: 'viewer' } })).status).toBe(201);
    const firstLink = await linkEmailedTo('late@example.com');
    await page.reload();
    await page.getByRole('button', { name: 'Resend invitation to late@example.com' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe('A new invitation was sent to late@example.com; the earlier link no longer works.');
    expect(await linkEmailedTo('late@example.com')).not.toBe(firstLink);

    await page.getByRole('button', { name: `Remove ${viewer.email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove ${viewer.email}?` });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await poll(() => page.getByRole('status').first().textContent()).toBe(`${viewer.email} was removed from the team.`);
    expect(await page.getByRole('row', { name: new RegExp(viewer.email) }).count()).toBe(0);
    expect((await server.api(`/api/v2/users/${viewer.id}`)).status).toBe(404);
    await admin.close();
  });

  it('turns TOTP on in Account (recovery codes shown once), then signing in asks for the code', async () => {
    const user = await createUser(server, { email: 'totp@example.com', role: 'member' });
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signInThroughPage(page, user.email, user.password);
    await page.waitForURL(/\/app\/?$/);
    await page.goto('/app/account');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    // The link is shown as text and as a QR code of exactly it (the matrix the encoder makes for that text).
    const uri = await page.getByRole('definition').filter({ hasText: 'otpauth://' }).locator('code').textContent();
    const drawn = await page
      .getByRole('img', { name: /QR code of the otpauth link/ })
      .locator('path')
      .getAttribute('d');
    const expected = encode(uri!, { ecc: 'M', border: 4 })
      .data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])))
      .join('');
    expect(drawn).toBe(expected);
    const totp = URI.parse(uri!) as TOTP;
    expect({ issuer: totp.issuer, label: totp.label }).toEqual({ issuer: 'Mailgate', label: user.email });
    expect(await page.getByRole('definition').first().locator('code').textContent()).toBe(totp.secret.base32);

    const wrong = String((Number(totp.generate({ timestamp: clock.now() })) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Code from the app').fill(wrong);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await poll(() => page.getByLabel('Code from the app').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Code from the app').fill(totp.generate({ timestamp: clock.now() }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await poll(() => codes.allTextContents()).toHaveLength(10);
    for (const code of await codes.allTextContents()) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    await page.getByText('Two-factor authentication is on: signing in asks for a code').waitFor();
    await signOut(page, context);

    await signInThroughPage(page, user.email, user.password);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    expect(page.url()).toMatch(/\/app\/sign-in/);
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => code.getAttribute('aria-invalid')).toBe('true');
    // The refusal ends with the edit: the form submits again.
    await code.fill(totp.generate({ timestamp: clock.now() }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/?$/);
    await poll(() => page.getByRole('banner').textContent()).toContain(user.email);
    await context.close();
  });

  it('lists the sessions with this device marked, signs one out, then everywhere', async () => {
    const user = await createUser(server, { email: 'sessions@example.com', role: 'viewer' });
    const elsewhere = await signIn(server, user.email, TEST_PASSWORD);
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signInThroughPage(page, user.email, TEST_PASSWORD);
    await page.waitForURL(/\/app\/?$/);
    await page.goto('/app/account');
    const table = page.getByRole('grid', { name: 'Sessions' });
    const rows = table.getByRole('row');
    await poll(() => rows.count()).toBe(3);
    await table.getByRole('row', { name: /This device/ }).waitFor();

    await table
      .getByRole('row')
      .filter({ hasNotText: 'This device' })
      .nth(1)
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await poll(() => rows.count()).toBe(2);
    expect((await elsewhere.api('/api/v2/auth/session')).status).toBe(401);

    const again = await signIn(server, user.email, TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('alertdialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/app\/sign-in/);
    expect((await again.api('/api/v2/auth/session')).status).toBe(401);
    await context.close();
  });

  it('resets a forgotten password from the sign-in page by the emailed link, which works once', async () => {
    const user = await createUser(server, { email: 'forgetful@example.com', role: 'member' });
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/app/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await poll(() => page.getByRole('status').textContent()).toContain(`If an account uses ${user.email}, an email with a link`);

    const link = `/app/reset-password${await linkEmailedTo(user.email)}`;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await poll(() => page.getByLabel('Email address').inputValue()).toBe(user.email);
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/?$/);
    await signOut(page, context);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByLabel('Repeat the new password').fill('yet another password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await poll(() => page.getByRole('alert').textContent()).toContain('This link is unknown, expired or used already.');
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await context.close();
  });

  it('asks an address with a user in two organizations which one to sign in to', async () => {
    const other = await server.core.orgs.create({ name: 'Northwind', plan: 'free' });
    const email = 'both@example.com';
    await createUser(server, { email, role: 'member', password: 'both password 1234' });
    await createUser(server, { email, role: 'viewer', password: 'both password 1234', organizationId: other.org.id });
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signInThroughPage(page, email, 'both password 1234');
    // The picker (loaded only now: the sign-in page leaves it out) lists both organizations.
    const picker = page.getByRole('button', { name: /Organization/ });
    await picker.click();
    const options = page.getByRole('listbox').getByRole('option');
    const own = await server.database.handle.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', await testOrganizationId(server))
      .executeTakeFirstOrThrow();
    await poll(async () => (await options.allTextContents()).sort()).toEqual([own.name, 'Northwind'].sort());
    await options.filter({ hasText: 'Northwind' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/?$/);
    await poll(() => page.getByRole('banner').textContent()).toContain('Northwind · viewer');
    await context.close();
  });

  it('Team and Account pass axe and are photographed at 1280 and 390 px', async () => {
    await checkScreen(browser, server, {
      email: OWNER.email,
      password: OWNER.password,
      url: '/app/team',
      name: 'team',
      ready: (page) => page.getByRole('row', { name: new RegExp(MEMBER.email) }).waitFor(),
    });
    await checkScreen(browser, server, {
      email: OWNER.email,
      password: OWNER.password,
      url: '/app/account',
      name: 'account',
      ready: (page) => page.getByRole('heading', { level: 2, name: 'Where you are signed in' }).waitFor(),
    });
  });

  it('the signed-out pages pass axe and are photographed at 1280 and 390 px: sign-in, accept-invitation, reset-password', async () => {
    const { link } = await server.core.users.createInvitation(await testOrganizationId(server), { role: 'member' });
    const signedOut = [
      { name: 'sign-in', url: '/app/sign-in', heading: 'Sign in' },
      { name: 'accept-invitation', url: `/app/accept-invitation${new URL(link).hash}`, heading: 'Accept an invitation' },
      { name: 'reset-password', url: '/app/reset-password', heading: 'Reset your password' },
    ];
    for (const width of WIDTHS) {
      const context = await newContext(browser, server, width);
      const page = await context.newPage();
      for (const screen of signedOut) {
        await page.goto(screen.url);
        await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
        await expectAccessible(page, `${screen.name} at ${width} px`);
        await screenshot(page, screen.name);
      }
      await context.close();
    }
  });
});
