import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../servers/main.ts';
import { loadConfig, ManualClock } from '../../src/index.ts';
import { SYSTEM_BODY_WITHHELD } from '../../src/emails/index.ts';
import { verifyPassword } from '../../src/users/index.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Users over REST v2 (GET/POST /api/v2/users, GET/PATCH/DELETE /api/v2/users/{id}),
// the invitation mailed through the send pipeline, accepting it at
// POST /api/v2/auth/accept-invitation (no token: the link's secret is the proof),
// and the first admin's link printed at first start. Through fetch on a real socket.

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const USER_ID = /^usr_[0-9a-z]{26}$/;
const LINK = /^http:\/\/mailgate\.example\/app\/accept-invitation#token=([A-Za-z0-9_-]{43})$/;
const DAY = 24 * 60 * 60 * 1000;

async function json(res: Response): Promise<any> {
  return res.json();
}

describe('users', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    server = await startTestServer({ worker: false, clock, env: { BASE_URL: 'http://mailgate.example', SYSTEM_FROM: 'Team <team@mailgate.example>' } });
  });
  afterAll(async () => server?.close());
  afterEach(async () => {
    // Each test starts with no users.
    await server.database.handle.db.deleteFrom('users').execute();
    await server.database.handle.db.deleteFrom('user_invitations').execute();
  });

  const invite = (body: Record<string, unknown>, token?: string) => server.api('/api/v2/users', { body, ...(token ? { token } : {}) });
  const accept = (body: Record<string, unknown>) => server.api('/api/v2/auth/accept-invitation', { body, token: null });

  /** The invitation email last sent to `to`: its log entry through the API, and its link as it went out (the stored body: the API withholds it). */
  async function invitationTo(to: string): Promise<{ logged: any; token: string }> {
    const listed = await json(await server.api('/api/v2/emails?limit=100'));
    const summary = listed.data.find((e: { to: string[] }) => e.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    const logged = await json(await server.api(`/api/v2/emails/${summary.id}`));
    const body = await server.database.handle.db
      .selectFrom('email_bodies')
      .select(['html', 'text'])
      .where('email_id', '=', summary.id)
      .executeTakeFirstOrThrow();
    const href = /href="([^"]+)"/.exec(body.html)![1]!.replace(/&#(\d+);/g, (_: string, c: string) => String.fromCharCode(Number(c)));
    return { logged, token: LINK.exec(href)![1]! };
  }

  /** An active admin (so that the last-admin rule has one to keep), as the first admin's link makes it. */
  async function firstAdmin(email = 'owner@example.com') {
    const { link } = await server.core.users.createInvitation((await server.core.tokens.authenticate(server.token)).organizationId, { role: 'admin' });
    const res = await accept({ token: LINK.exec(link)![1], email, password: 'correct horse battery' });
    expect(res.status).toBe(200);
    return json(res);
  }

  it('invites by email: 201 with the user, and the invitation goes out through the pipeline with its one-time link', async () => {
    const res = await invite({ email: 'Ada@Example.com', name: 'Ada', role: 'member' });
    expect(res.status).toBe(201);
    const user = await json(res);
    expect(user).toEqual({
      object: 'user',
      id: expect.stringMatching(USER_ID),
      email: 'Ada@Example.com',
      name: 'Ada',
      role: 'member',
      status: 'invited',
      created_at: expect.stringMatching(ISO),
      last_sign_in_at: null,
    });
    const { logged } = await invitationTo('Ada@Example.com');
    expect(logged).toMatchObject({ from: 'Team <team@mailgate.example>', to: ['Ada@example.com'], subject: 'You are invited to default on Mailgate' });
    // Anyone who reads the log (a viewer too) sees that it was sent, never the link.
    expect({ html: logged.html, text: logged.text, raw: logged.raw }).toEqual({ html: SYSTEM_BODY_WITHHELD, text: SYSTEM_BODY_WITHHELD, raw: null });

    expect(await json(await server.api(`/api/v2/users/${user.id}`))).toEqual(user);
    expect(await json(await server.api('/api/v2/users'))).toEqual({ object: 'list', data: [user], has_more: false });
  });

  it('refuses an address that has a user (409 USER_EXISTS, any case); resend: true sends a new invitation and the earlier link stops working', async () => {
    expect((await invite({ email: 'grace@example.com', role: 'viewer' })).status).toBe(201);
    const first = await invitationTo('grace@example.com');
    const again = await invite({ email: 'GRACE@example.com', role: 'viewer' });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({
      name: 'conflict',
      statusCode: 409,
      code: 'USER_EXISTS',
      message: 'GRACE@example.com is invited already: send resend: true to send a new invitation',
      details: { email: 'GRACE@example.com' },
    });

    clock.advance(1000);
    const resent = await invite({ email: 'grace@example.com', role: 'member', resend: true });
    expect(resent.status).toBe(200);
    expect(await json(resent)).toMatchObject({ email: 'grace@example.com', role: 'member', status: 'invited' });
    const second = await invitationTo('grace@example.com');
    expect(second.token).not.toBe(first.token);
    expect((await accept({ token: first.token, password: 'a long password' })).status).toBe(404);
    expect((await accept({ token: second.token, password: 'a long password' })).status).toBe(200);

    // Active now: no more invitations to it, resend or not.
    const active = await invite({ email: 'grace@example.com', role: 'member', resend: true });
    expect(active.status).toBe(409);
    expect(await json(active)).toMatchObject({ code: 'USER_EXISTS', message: 'grace@example.com already has a user in this organization' });
  });

  it('accepts an invitation once: the password is set (scrypt), the user active; a reused, expired, unknown or bad link changes nothing', async () => {
    const user = await json(await invite({ email: 'lin@example.com', role: 'member' }));
    const { token } = await invitationTo('lin@example.com');

    const short = await accept({ token, password: 'too short' });
    expect(short.status).toBe(422);
    expect((await json(short)).details).toEqual([{ path: 'password', message: 'must be at least 10 characters' }]);
    const same = await accept({ token, password: 'LIN@example.com' });
    expect(await json(same)).toMatchObject({ name: 'validation_error', details: [{ path: 'password', message: 'must not be the email address' }] });

    const res = await accept({ token, password: 'a good long password', name: 'Lin' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ...user, name: 'Lin', status: 'active' });
    const row = await server.database.handle.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('a good long password', row.password_hash!)).toBe(true);
    expect(await verifyPassword('another password', row.password_hash!)).toBe(false);

    const refused = {
      name: 'not_found',
      statusCode: 404,
      code: 'INVITATION_INVALID',
      message:
        'This invitation link cannot be used: it may have expired (links work for 7 days), have been used already, or be incomplete. Ask an admin of the organization for a new invitation.',
    };
    const reused = await accept({ token, password: 'yet another password' });
    expect(reused.status).toBe(404);
    expect(await json(reused)).toEqual(refused);
    expect(await json(await accept({ token: 'x'.repeat(43), password: 'yet another password' }))).toEqual(refused);
    // The password did not change.
    const after = await server.database.handle.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(row.password_hash);

    // Expired: 7 days on the clock, the link is refused in the same words and the user stays invited.
    const late = await json(await invite({ email: 'late@example.com', role: 'viewer' }));
    const lateLink = await invitationTo('late@example.com');
    clock.advance(7 * DAY);
    expect(await json(await accept({ token: lateLink.token, password: 'a good long password' }))).toEqual(refused);
    expect(await json(await server.api(`/api/v2/users/${late.id}`))).toMatchObject({ status: 'invited' });
  });

  it("the first admin's link names no address: accepting it takes email and creates an active admin", async () => {
    const { link, user, expires_at } = await server.core.users.createInvitation((await server.core.tokens.authenticate(server.token)).organizationId, {
      role: 'admin',
    });
    expect({ link, user, expires_at }).toEqual({ link: expect.stringMatching(LINK), user: null, expires_at: new Date(clock.now() + 7 * DAY).toISOString() });
    const token = LINK.exec(link)![1];
    const missing = await accept({ token, password: 'a good long password' });
    expect(missing.status).toBe(422);
    expect((await json(missing)).details).toEqual([{ path: 'email', message: 'is required: this invitation names no address, give the one to sign in with' }]);
    const res = await accept({ token, email: 'root@example.com', password: 'a good long password' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      object: 'user',
      id: expect.stringMatching(USER_ID),
      email: 'root@example.com',
      name: null,
      role: 'admin',
      status: 'active',
      created_at: expect.stringMatching(ISO),
      last_sign_in_at: null,
    });
  });

  it('changes role and name; the last active admin cannot be demoted or removed (409 LAST_ADMIN); DELETE removes', async () => {
    const owner = await firstAdmin();
    const demote = await server.api(`/api/v2/users/${owner.id}`, { method: 'PATCH', body: { role: 'member' } });
    expect(demote.status).toBe(409);
    expect(await json(demote)).toEqual({
      name: 'conflict',
      statusCode: 409,
      code: 'LAST_ADMIN',
      message: "owner@example.com is the organization's last active admin: make another user admin before you make them member.",
    });
    const remove = await server.api(`/api/v2/users/${owner.id}`, { method: 'DELETE' });
    expect(await json(remove)).toMatchObject({ code: 'LAST_ADMIN', message: expect.stringContaining('before you remove them') });

    // An invited admin does not count: the owner is still the last active one.
    const invited = await json(await invite({ email: 'second@example.com', role: 'admin' }));
    expect((await server.api(`/api/v2/users/${owner.id}`, { method: 'DELETE' })).status).toBe(409);

    // With a second active admin, the first may go.
    const colleague = await firstAdmin('colleague@example.com');
    const renamed = await server.api(`/api/v2/users/${owner.id}`, { method: 'PATCH', body: { role: 'viewer', name: 'Owner' } });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toEqual({ ...owner, role: 'viewer', name: 'Owner' });
    const removed = await server.api(`/api/v2/users/${invited.id}`, { method: 'DELETE' });
    expect(await json(removed)).toEqual({ object: 'user', id: invited.id, deleted: true });
    expect((await server.api(`/api/v2/users/${invited.id}`)).status).toBe(404);
    expect((await json(await server.api('/api/v2/users'))).data.map((u: { id: string }) => u.id)).toEqual([colleague.id, owner.id]);
  });

  it("another organization's user is 404 on every route; a read-only token reads users and is refused writing them", async () => {
    const other = await server.core.orgs.create({ name: 'other', plan: 'free' });
    const theirs = await server.core.users.createInvitation(other.org.id, { email: 'them@example.com', role: 'member' });
    const id = theirs.user!.id;
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await server.api(`/api/v2/users/${id}`, { method, ...(body ? { body } : {}) });
      expect(res.status, method).toBe(404);
      expect(await json(res)).toMatchObject({ name: 'not_found', message: `User ${id} not found` });
    }
    // The same address may be a user of each organization.
    expect((await invite({ email: 'them@example.com', role: 'member' })).status).toBe(201);

    const read = await json(await server.api('/api/v2/tokens', { body: { name: 'reader', permission: 'read' } }));
    expect((await server.api('/api/v2/users', { token: read.token })).status).toBe(200);
    const refused = await invite({ email: 'new@example.com', role: 'viewer' }, read.token);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      name: 'forbidden',
      statusCode: 403,
      code: 'read_only_token',
      message: 'This API token is read-only: it cannot change data or send email. Use a token with full permission.',
    });
    // Tools: a read-only token sees list_users and get_user, not the writes.
    const tools = (await json(await server.api('/api/v2/tools', { token: read.token }))).data.map((t: { name: string }) => t.name);
    expect(tools.filter((n: string) => n.endsWith('_user') || n.endsWith('_users'))).toEqual(['list_users', 'get_user']);
    const all = (await json(await server.api('/api/v2/tools'))).data.map((t: { name: string }) => t.name);
    expect(all.filter((n: string) => n.endsWith('_user') || n.endsWith('_users'))).toEqual([
      'list_users',
      'get_user',
      'invite_user',
      'update_user',
      'remove_user',
    ]);
  });
});

describe('first start', () => {
  it('prints a one-time link that creates the first admin, besides the API token', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      MAILGATE_ROLES: 'http',
      LOG_LEVEL: 'silent',
      CPU_THREADS: '0',
      BASE_URL: 'http://mailgate.example',
    });
    const running = await startServer(config, (line) => lines.push(line), { db: database.handle, http: { logLevel: false } });
    try {
      const printed = lines.find((l) => l.startsWith('First admin'));
      expect(printed).toMatch(/^First admin, one-time link \(for 7 days\): http:\/\/mailgate\.example\/app\/accept-invitation#token=[A-Za-z0-9_-]{43}$/);
      expect(lines.indexOf(printed!)).toBe(2); // after the organization and its token
      const token = /#token=(.+)$/.exec(printed!)![1];
      const res = await fetch(`${running.httpUrl}/api/v2/auth/accept-invitation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, email: 'first@example.com', password: 'a good long password' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email: 'first@example.com', role: 'admin', status: 'active' });
    } finally {
      await running.stop();
      await database.cleanup();
    }
  });
});
