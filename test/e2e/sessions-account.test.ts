import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The worktree's SDK (the package import resolves to the installed copy, which may lag behind).
import { Mailgate } from '../../sdk/src/index.ts';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, signIn, TEST_PASSWORD } from '../helpers/users.ts';

// The rest of a person's account over HTTP, as the dashboard uses it: password
// reset by an emailed link, their sessions (list, end one, end all), changing
// the password, the second factor (TOTP and recovery codes), and what removing
// a user or changing their role does to their sessions. Through fetch on a
// real socket, with the server's clock moved by hand.

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const HOUR = 60 * 60 * 1000;
const RESET_LINK = /^http:\/\/mailgate\.example\/app\/reset-password#token=([A-Za-z0-9_-]{43})$/;

describe('account', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 0));

  beforeAll(async () => {
    server = await startTestServer({ worker: false, clock, env: { BASE_URL: 'http://mailgate.example', SYSTEM_FROM: 'Team <team@mailgate.example>' } });
    // An admin other than the users the tests change, so that the last-admin rule never stands in the way.
    await createUser(server, { email: 'owner@example.com', role: 'admin' });
  });
  afterAll(async () => server?.close());

  /** The reset links mailed to `to`, newest first: read from the stored bodies (the API withholds a system email's body). */
  async function resetTokensTo(to: string): Promise<string[]> {
    const rows = await server.database.handle.db
      .selectFrom('emails')
      .innerJoin('email_bodies', 'email_bodies.email_id', 'emails.id')
      .select(['email_bodies.html', 'emails.subject'])
      .where('emails.to_address', '=', to)
      .orderBy('emails.id', 'desc')
      .execute();
    return rows
      .filter((r) => r.subject.startsWith('Reset your Mailgate password'))
      .map((r) => RESET_LINK.exec(/href="([^"]+)"/.exec(r.html)![1]!.replace(/&#(\d+);/g, (_: string, c: string) => String.fromCharCode(Number(c))))![1]!);
  }

  const requestReset = (email: string) => server.api('/api/v2/auth/password-reset', { body: { email }, token: null });
  const completeReset = (token: string, password: string) => server.api('/api/v2/auth/password-reset/complete', { body: { token, password }, token: null });
  const RESET_INVALID = {
    name: 'not_found',
    statusCode: 404,
    code: 'RESET_LINK_INVALID',
    message: 'This reset link cannot be used: it may have expired (links work for 1 hour), have been used already, or be incomplete. Ask for a new one.',
  };

  it('resets a password by an emailed link: 202 {} for any address, the link works once, within the hour, and ends the sessions', async () => {
    const user = await createUser(server, { email: 'reset@example.com', role: 'member' });
    const before = await signIn(server, 'reset@example.com');

    const unknown = await requestReset('nobody@example.com');
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({});
    const res = await requestReset('Reset@Example.com');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({});
    expect(await resetTokensTo('nobody@example.com')).toEqual([]);
    const [token] = await resetTokensTo('reset@example.com');
    // Logged as sent, from SYSTEM_FROM, its body withheld from the API.
    const listed = await (await server.api('/api/v2/emails?limit=100')).json();
    expect(listed.data.find((e: { to: string[] }) => e.to[0] === 'reset@example.com')).toMatchObject({
      from: 'Team <team@mailgate.example>',
      subject: 'Reset your Mailgate password for default',
    });

    const forged = await completeReset('A'.repeat(43), 'a brand new password');
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual(RESET_INVALID);
    const done = await completeReset(token!, 'a brand new password');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      object: 'user',
      id: user.id,
      email: 'reset@example.com',
      name: null,
      role: 'member',
      status: 'active',
      created_at: expect.stringMatching(ISO),
      last_sign_in_at: expect.stringMatching(ISO),
    });
    // The session of before the reset has ended; the old password no longer signs in, the new one does.
    expect(await (await before.api('/api/v2/auth/session')).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await server.api('/api/v2/auth/sign-in', { body: { email: 'reset@example.com', password: TEST_PASSWORD }, token: null })).status).toBe(401);
    await signIn(server, 'reset@example.com', 'a brand new password');

    const reused = await completeReset(token!, 'yet another password');
    expect(reused.status).toBe(404);
    expect(await reused.json()).toEqual(RESET_INVALID);

    // A new link, an hour later, is expired.
    await requestReset('reset@example.com');
    const [late] = await resetTokensTo('reset@example.com');
    clock.advance(HOUR);
    const expired = await completeReset(late!, 'yet another password');
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual(RESET_INVALID);
    await signIn(server, 'reset@example.com', 'a brand new password');
  });

  it('lists the sessions, ends one, and signs out everywhere (the other browser too)', async () => {
    const user = await createUser(server, { email: 'many@example.com', role: 'viewer' });
    const laptop = await signIn(server, 'many@example.com');
    clock.advance(2 * 60_000);
    const phone = await signIn(server, 'many@example.com');
    clock.advance(2 * 60_000);
    const tablet = await signIn(server, 'many@example.com');

    const listed = await phone.api('/api/v2/account/sessions');
    expect(listed.status).toBe(200);
    const info = (id: string, current: boolean) => ({
      object: 'session_info',
      id,
      current,
      created_at: expect.stringMatching(ISO),
      last_seen_at: expect.stringMatching(ISO),
      expires_at: expect.stringMatching(ISO),
      user_agent: 'node',
      ip: '127.0.0.1',
    });
    expect(await listed.json()).toEqual({
      object: 'list',
      data: [info(tablet.session.id, false), info(phone.session.id, true), info(laptop.session.id, false)],
      has_more: false,
    });

    // Writes need the session's CSRF token (a viewer may still end their own sessions).
    expect((await phone.api(`/api/v2/account/sessions/${laptop.session.id}`, { method: 'DELETE', csrf: null })).status).toBe(403);
    const revoked = await phone.api(`/api/v2/account/sessions/${laptop.session.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect((await laptop.api('/api/v2/auth/session')).status).toBe(401);
    // Another user's session is not found, and stays.
    const owner = await signIn(server, 'owner@example.com');
    const other = await phone.api(`/api/v2/account/sessions/${owner.session.id}`, { method: 'DELETE' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ name: 'not_found', message: `Session ${owner.session.id} not found`, statusCode: 404 });
    expect((await owner.api('/api/v2/auth/session')).status).toBe(200);

    const everywhere = await phone.api('/api/v2/account/sign-out-everywhere', { method: 'POST' });
    expect(everywhere.status).toBe(204);
    expect(everywhere.headers.getSetCookie()[0]).toMatch(/^mailgate_session=; Max-Age=0; Path=\//);
    for (const ended of [phone, tablet]) {
      const res = await ended.api('/api/v2/account/sessions');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ name: 'invalid_credentials', code: 'SESSION_ENDED' });
    }
    const rows = await server.database.handle.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses an API token (403 SESSION_REQUIRED) and a request with neither (401)', async () => {
    const token = await server.api('/api/v2/account/sessions');
    expect(token.status).toBe(403);
    expect(await token.json()).toEqual({
      name: 'forbidden',
      message: "This is a signed-in person's own account: it needs their session (the dashboard's cookie), not an API token",
      statusCode: 403,
      code: 'SESSION_REQUIRED',
    });
    const write = await server.api('/api/v2/account/totp', { method: 'POST' });
    expect(write.status).toBe(403);
    expect((await server.api('/api/v2/account/sessions', { token: 'mailgate_not_a_token_0123456789abcdefghij' })).status).toBe(401);
    const none = await server.api('/api/v2/account/sessions', { token: null });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      name: 'invalid_credentials',
      message: 'Sign in first: your account needs a signed-in session',
      statusCode: 401,
      code: 'SESSION_REQUIRED',
    });
  });

  it('changes the password with the current one: the other sessions end, this one stays', async () => {
    await createUser(server, { email: 'change@example.com', role: 'member' });
    const here = await signIn(server, 'change@example.com');
    const elsewhere = await signIn(server, 'change@example.com');
    const wrong = await here.api('/api/v2/account/password', { body: { current_password: 'not my password', new_password: 'a new long password' } });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      name: 'validation_error',
      message: 'The password is not right',
      statusCode: 422,
      code: 'PASSWORD_INVALID',
      details: [{ path: 'current_password', message: 'is not your current password' }],
    });
    expect((await elsewhere.api('/api/v2/auth/session')).status).toBe(200);
    const same = await here.api('/api/v2/account/password', { body: { current_password: TEST_PASSWORD, new_password: 'CHANGE@example.com' } });
    expect(await same.json()).toMatchObject({ details: [{ path: 'new_password', message: 'must not be the email address' }] });

    const res = await here.api('/api/v2/account/password', { body: { current_password: TEST_PASSWORD, new_password: 'a new long password' } });
    expect(res.status).toBe(204);
    expect((await here.api('/api/v2/auth/session')).status).toBe(200);
    expect((await elsewhere.api('/api/v2/auth/session')).status).toBe(401);
    await signIn(server, 'change@example.com', 'a new long password');
  });

  it('turns TOTP on with a code from the app: sign-in then asks for one; a recovery code works once; off with the password', async () => {
    await createUser(server, { email: 'totp@example.com', role: 'member' });
    const me = await signIn(server, 'totp@example.com');
    expect((await me.api('/api/v2/account/totp/enable', { body: { code: '123456' } })).status).toBe(409);

    const setUp = await me.api('/api/v2/account/totp', { method: 'POST' });
    expect(setUp.status).toBe(200);
    const { secret, otpauth_uri } = await setUp.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(`otpauth://totp/Mailgate:totp%40example.com?issuer=Mailgate&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    const codeAt = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
    // Pending: sign-in does not ask yet.
    await signIn(server, 'totp@example.com');

    const bad = await me.api('/api/v2/account/totp/enable', { body: { code: codeAt(clock.now() + 5 * 60_000) } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ name: 'validation_error', code: 'TOTP_INVALID' });
    const enabled = await me.api('/api/v2/account/totp/enable', { body: { code: codeAt(clock.now()) } });
    expect(enabled.status).toBe(200);
    const { recovery_codes } = await enabled.json();
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[2-9a-km-np-z]{5}-[2-9a-km-np-z]{5}$/);
    expect(new Set(recovery_codes).size).toBe(10);
    const stored = await server.database.handle.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash).filter((h) => recovery_codes.some((c: string) => h.includes(c.replace('-', ''))))).toEqual([]);
    expect((await me.api('/api/v2/account/totp', { method: 'POST' })).status).toBe(409);

    const signInWith = (extra: Record<string, unknown>) =>
      server.api('/api/v2/auth/sign-in', { body: { email: 'totp@example.com', password: TEST_PASSWORD, ...extra }, token: null });
    const required = await signInWith({});
    expect(required.status).toBe(401);
    expect(await required.json()).toEqual({
      name: 'invalid_credentials',
      message: 'Enter the code from your authenticator app (or a recovery code)',
      statusCode: 401,
      code: 'TOTP_REQUIRED',
    });
    const invalid = await signInWith({ totp_code: codeAt(clock.now() - 5 * 60_000) });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ name: 'invalid_credentials', code: 'TOTP_INVALID' });
    // The right code, but with the wrong password, is still the one answer.
    const wrongPassword = await signInWith({ password: 'not the password', totp_code: codeAt(clock.now()) });
    expect(await wrongPassword.json()).toEqual({ name: 'invalid_credentials', message: 'Wrong email or password', statusCode: 401 });

    clock.advance(30_000);
    await signIn(server, 'totp@example.com', TEST_PASSWORD, { totp_code: codeAt(clock.now()) });
    const recovery = recovery_codes[3].toUpperCase().replace('-', ' ');
    await signIn(server, 'totp@example.com', TEST_PASSWORD, { totp_code: recovery });
    const again = await signInWith({ totp_code: recovery });
    expect(await again.json()).toMatchObject({ code: 'TOTP_INVALID' });
    await signIn(server, 'totp@example.com', TEST_PASSWORD, { totp_code: recovery_codes[4] });

    const wrongOff = await me.api('/api/v2/account/totp/disable', { body: { password: 'not my password' } });
    expect(wrongOff.status).toBe(422);
    expect(await wrongOff.json()).toMatchObject({ code: 'PASSWORD_INVALID', details: [{ path: 'password', message: 'is not your current password' }] });
    const off = await me.api('/api/v2/account/totp/disable', { body: { password: TEST_PASSWORD } });
    expect(off.status).toBe(204);
    await signIn(server, 'totp@example.com');
    expect(await server.database.handle.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
  });

  it('is reachable through the SDK in session mode: account.sessions, changePassword, auth.requestPasswordReset', async () => {
    await createUser(server, { email: 'sdk@example.com', role: 'member' });
    const me = await signIn(server, 'sdk@example.com');
    // What a browser does for the page: the cookie goes with every call.
    const withCookie: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: me.cookie } });
    const mg = new Mailgate({ session: true, csrfToken: () => me.csrf }, { baseUrl: server.url, fetch: withCookie, maxRetries: 0 });
    const { data: sessions, error } = await mg.account.sessions();
    expect(error).toBeNull();
    expect(sessions!.data.map((s) => [s.id, s.current])).toEqual([[me.session.id, true]]);
    const changed = await mg.account.changePassword({ current_password: TEST_PASSWORD, new_password: 'sdk password 123' });
    expect(changed).toEqual({ data: null, error: null });
    expect(await mg.auth.requestPasswordReset({ email: 'sdk@example.com' })).toEqual({ data: {}, error: null });
    const refused = await new Mailgate(server.token, { baseUrl: server.url, maxRetries: 0 }).account.setUpTotp();
    expect(refused.error).toMatchObject({ name: 'forbidden', code: 'SESSION_REQUIRED', statusCode: 403 });
  });

  it("ends a removed user's sessions (their cookie answers 401), and a role change applies to the next request", async () => {
    const user = await createUser(server, { email: 'leaving@example.com', role: 'member' });
    const them = await signIn(server, 'leaving@example.com');
    const SEND = { from: 'Acme <hello@acme.example>', to: 'reader@example.com', subject: 'Hi', html: '<p>Hi</p>' };

    expect((await server.api(`/api/v2/users/${user.id}`, { method: 'PATCH', body: { role: 'viewer' } })).status).toBe(200);
    const asViewer = await them.api('/api/v2/emails', { body: SEND });
    expect(asViewer.status).toBe(403);
    expect(await asViewer.json()).toMatchObject({ name: 'forbidden', code: 'insufficient_role' });
    expect(await (await them.api('/api/v2/auth/session')).json()).toMatchObject({ role: 'viewer', user: { role: 'viewer' } });

    expect((await server.api(`/api/v2/users/${user.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await them.api('/api/v2/emails');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      name: 'invalid_credentials',
      message: 'Your session has ended: sign in again',
      statusCode: 401,
      code: 'SESSION_ENDED',
    });
    expect(await server.database.handle.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
