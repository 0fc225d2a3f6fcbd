import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, signIn, TEST_PASSWORD } from '../helpers/users.ts';

// Failed sign-ins are limited per client address (20 in 15 minutes) and per
// account (10 in 15 minutes), counted in the database in fixed windows: over a
// limit, sign-in is 429 SIGN_IN_LIMITED with Retry-After until the window ends
// (for the account, even with the right password). Through fetch on a real
// socket; the server's clock is moved instead of waiting.

const MINUTE = 60_000;
/** The start of a 15-minute window. */
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);

describe('sign-in limits', () => {
  let server: TestServer;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock(T0);
    server = await startTestServer({ worker: false, clock });
    await createUser(server, { email: 'ada@example.com', role: 'admin' });
    await createUser(server, { email: 'bob@example.com', role: 'member' });
  });
  afterEach(async () => server?.close());

  const attempt = (email: string, password: string) => server.api('/api/v2/auth/sign-in', { body: { email, password }, token: null });

  async function expectLimited(res: Response, retryAfter: number, minutes: number): Promise<void> {
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(retryAfter));
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toEqual({
      name: 'rate_limit_exceeded',
      message: `Too many failed sign-in attempts: try again in ${minutes} minutes`,
      statusCode: 429,
      code: 'SIGN_IN_LIMITED',
    });
  }

  it('stops an account after 10 failures, the right password too, until the window ends; others sign in meanwhile', async () => {
    // Successful sign-ins count nothing.
    for (let i = 0; i < 3; i++) await signIn(server, 'ada@example.com');
    // Sent at once: each is counted before its password is checked, so the two beyond the ten are refused, not tried.
    const failures = await Promise.all(Array.from({ length: 12 }, () => attempt('ada@example.com', 'not the password')));
    expect(failures.map((r) => r.status).sort()).toEqual([...Array(10).fill(401), 429, 429]);

    clock.advance(MINUTE + 500);
    await expectLimited(await attempt('ADA@example.com', TEST_PASSWORD), 14 * 60, 14);
    clock.advance(MINUTE);
    await expectLimited(await attempt('ada@example.com', 'not the password'), 13 * 60, 13);
    // Another account from the same address is not held.
    await signIn(server, 'bob@example.com');

    clock.set(T0 + 15 * MINUTE);
    await signIn(server, 'ada@example.com');
  });

  it('stops a client address after 20 failures, whatever the account, until the window ends', async () => {
    const failures = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`guess${i}@example.com`, 'not the password')));
    expect(failures.map((r) => r.status)).toEqual(Array(20).fill(401));
    await expectLimited(await attempt('bob@example.com', TEST_PASSWORD), 15 * 60, 15);

    clock.set(T0 + 15 * MINUTE - 1000);
    await expectLimited(await attempt('bob@example.com', TEST_PASSWORD), 1, 1);
    clock.set(T0 + 15 * MINUTE);
    await signIn(server, 'bob@example.com');
    // The ended window's count is gone from the table.
    const rows = await server.database.handle.db.selectFrom('sign_in_failures').selectAll().where('key', '=', 'ip:127.0.0.1').execute();
    expect(rows.map((r) => ({ ...r, window_start: Number(r.window_start), count: Number(r.count) }))).toEqual([
      { key: 'ip:127.0.0.1', window_start: T0 + 15 * MINUTE, count: 0 },
    ]);
  });

  it('counts a wrong second-factor code as a failure, and a missing one not', async () => {
    const me = await signIn(server, 'ada@example.com');
    const { secret } = await (await me.api('/api/v2/account/totp', { method: 'POST' })).json();
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() });
    expect((await me.api('/api/v2/account/totp/enable', { body: { code } })).status).toBe(200);

    // The right password without a code: asked for one, twelve times, and not held for it.
    for (let i = 0; i < 3; i++) {
      const asked = await Promise.all(Array.from({ length: 4 }, () => attempt('ada@example.com', TEST_PASSWORD)));
      for (const res of asked) expect(await res.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    }
    const wrongCode = (c: string) =>
      server.api('/api/v2/auth/sign-in', { body: { email: 'ada@example.com', password: TEST_PASSWORD, totp_code: c }, token: null });
    const valid = [-30_000, 0, 30_000].map((d) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() + d }));
    const guesses = Array.from({ length: 13 }, (_, i) => String(100000 + i))
      .filter((c) => !valid.includes(c))
      .slice(0, 10);
    const wrong = await Promise.all(guesses.map(wrongCode));
    expect(wrong.map((r) => r.status)).toEqual(Array(10).fill(401));
    await expectLimited(await wrongCode(code), 15 * 60, 15);
  });
});
