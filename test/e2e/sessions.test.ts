import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { cookieOf, createUser, signIn, TEST_PASSWORD } from '../helpers/users.ts';

// Sessions over HTTP, as a browser holds them: sign-in sets an HttpOnly cookie
// that the v2 API takes in place of a Bearer token; a write of a session needs
// its CSRF token; sign-out ends it. Through fetch on a real socket.

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SEND = { from: 'Acme <hello@acme.example>', to: 'reader@example.com', subject: 'Hi', html: '<p>Hi</p>' };

describe('sessions', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    admin = await createUser(server, { email: 'Owner@Example.com', role: 'admin', name: 'Owner' });
  });
  afterAll(async () => server?.close());

  it('signs in with email and password: the session, and an HttpOnly, SameSite=Lax cookie that is not Secure on http', async () => {
    const res = await server.api('/api/v2/auth/sign-in', { body: { email: 'owner@example.com', password: TEST_PASSWORD }, token: null });
    expect(res.status).toBe(200);
    const session = await res.json();
    expect(session).toEqual({
      object: 'session',
      id: expect.stringMatching(/^ses_[0-9a-z]{26}$/),
      user: expect.objectContaining({
        object: 'user',
        id: admin.id,
        email: 'Owner@Example.com',
        role: 'admin',
        status: 'active',
        last_sign_in_at: expect.stringMatching(ISO),
      }),
      organization: { id: expect.stringMatching(/^org_/), name: 'default', plan: expect.any(String) },
      role: 'admin',
      totp_enabled: false,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      created_at: expect.stringMatching(ISO),
      expires_at: expect.stringMatching(ISO),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('mailgate_session='))!;
    expect(set).toMatch(/^mailgate_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(14 * 24 * 60 * 60 * 1000);
  });

  it('refuses a wrong password and an unknown address with one answer, and sets no cookie', async () => {
    const wrong = await server.api('/api/v2/auth/sign-in', { body: { email: 'owner@example.com', password: 'not the password' }, token: null });
    const unknown = await server.api('/api/v2/auth/sign-in', { body: { email: 'nobody@example.com', password: TEST_PASSWORD }, token: null });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ name: 'invalid_credentials', message: 'Wrong email or password', statusCode: 401 });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const invalid = await server.api('/api/v2/auth/sign-in', { body: { email: 'not an address', password: '' }, token: null });
    expect(invalid.status).toBe(422);
  });

  it('reads the v2 API with the cookie, and writes only with the CSRF token', async () => {
    const me = await signIn(server, 'owner@example.com');
    const session = await me.api('/api/v2/auth/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ id: me.session.id, csrf_token: me.csrf, role: 'admin' });

    const listed = await me.api('/api/v2/emails');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('ratelimit-policy')).toMatch(/^"mailgate-api";q=\d+;w=60$/);

    const missing = await me.api('/api/v2/emails', { body: SEND, csrf: null });
    const forged = await me.api('/api/v2/emails', { body: SEND, csrf: 'A'.repeat(43) });
    for (const res of [missing, forged]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        name: 'forbidden',
        message: 'Missing or wrong CSRF token: a signed-in request that changes something must send the X-CSRF-Token header its session gave',
        statusCode: 403,
        code: 'CSRF_TOKEN_INVALID',
      });
    }
    const sent = await me.api('/api/v2/emails', { body: SEND });
    expect(sent.status).toBe(200);
    const { id } = await sent.json();
    // Nothing was stored for the refused writes: the log holds the one send.
    const log = await (await me.api('/api/v2/emails')).json();
    expect(log.data.filter((e: { subject: string }) => e.subject === 'Hi').map((e: { id: string }) => e.id)).toEqual([id]);
  });

  it("keeps a viewer's session to reads: a write is 403 insufficient_role", async () => {
    await createUser(server, { email: 'viewer@example.com', role: 'viewer' });
    const viewer = await signIn(server, 'viewer@example.com');
    expect((await viewer.api('/api/v2/emails')).status).toBe(200);
    const res = await viewer.api('/api/v2/emails', { body: SEND });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ name: 'forbidden', code: 'insufficient_role' });
  });

  it("cannot reach another organization's records with its cookie", async () => {
    const other = await server.core.orgs.create({ name: 'Other', plan: 'enterprise' });
    await createUser(server, { email: 'someone@other.example', role: 'admin', organizationId: other.org.id });
    const outsider = await signIn(server, 'someone@other.example');
    const mine = await (await server.api('/api/v2/emails', { body: SEND })).json();
    const res = await outsider.api(`/api/v2/emails/${mine.id}`);
    expect(res.status).toBe(404);
    expect((await outsider.api('/api/v2/auth/session').then((r) => r.json())).organization.id).toBe(other.org.id);
  });

  it('takes the Bearer token alone when a request has both, and the frozen v1 API ignores the cookie', async () => {
    const viewer = await signIn(server, 'viewer@example.com');
    // A viewer's cookie beside a full token: the token decides, and no CSRF token is asked for.
    const both = await fetch(`${server.url}/api/v2/emails`, {
      method: 'POST',
      headers: { cookie: viewer.cookie, authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(SEND),
    });
    expect(both.status).toBe(200);
    const v1 = await fetch(`${server.url}/api/v1/emails`, { headers: { cookie: viewer.cookie } });
    expect(v1.status).toBe(401);
    // The session route needs the cookie, not a token.
    const withToken = await server.api('/api/v2/auth/session');
    expect(withToken.status).toBe(401);
    expect(await withToken.json()).toMatchObject({ name: 'invalid_credentials', code: 'SESSION_REQUIRED' });
  });

  it('signs out: 204, the cookie cleared, and the old cookie no longer works', async () => {
    const me = await signIn(server, 'owner@example.com');
    const refused = await me.api('/api/v2/auth/sign-out', { method: 'POST', csrf: null });
    expect(refused.status).toBe(403);
    const res = await me.api('/api/v2/auth/sign-out', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()[0]).toMatch(/^mailgate_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    const after = await me.api('/api/v2/emails');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      name: 'invalid_credentials',
      message: 'Your session has ended: sign in again',
      statusCode: 401,
      code: 'SESSION_ENDED',
    });
  });
});

describe('sessions behind https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false, env: { BASE_URL: 'https://mail.example' } });
    await createUser(server, { email: 'owner@example.com', role: 'admin' });
  });
  afterAll(async () => server?.close());

  it('marks the cookie Secure when BASE_URL is https', async () => {
    const res = await server.api('/api/v2/auth/sign-in', { body: { email: 'owner@example.com', password: TEST_PASSWORD }, token: null });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/^mailgate_session=/);
    expect(res.headers.getSetCookie()[0]).toMatch(/; Secure; SameSite=Lax$/);
  });
});
