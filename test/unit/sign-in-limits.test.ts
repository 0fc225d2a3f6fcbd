import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { AppError } from '../../src/errors.ts';
import {
  ACCOUNT_LIMIT,
  accountKey,
  createSignInLimits,
  IP_LIMIT,
  ipKey,
  isOverLimit,
  secondsToWindowEnd,
  windowStartOf,
  type SignInLimits,
} from '../../src/users/sign-in-limits.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

// The windows of the sign-in limits (fixed, 15 minutes, aligned to the epoch)
// and their counter in the database, driven by a hand-moved clock.

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;
/** 09:00 UTC: the start of a window. */
const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);

describe('sign-in limit windows', () => {
  it('are the contract: 20 per address, 10 per account, in 15 minutes', () => {
    expect(IP_LIMIT).toEqual({ max: 20, windowMs: WINDOW });
    expect(ACCOUNT_LIMIT).toEqual({ max: 10, windowMs: WINDOW });
  });

  it('start on the quarter hour and end after 15 minutes', () => {
    expect(windowStartOf(T0, WINDOW)).toBe(T0);
    expect(windowStartOf(T0 + 14 * MINUTE + 59_999, WINDOW)).toBe(T0);
    expect(windowStartOf(T0 + WINDOW, WINDOW)).toBe(T0 + WINDOW);
    expect(windowStartOf(T0 - 1, WINDOW)).toBe(T0 - WINDOW);
  });

  it('ask to wait until the window ends, in whole seconds, at least 1', () => {
    expect(secondsToWindowEnd(T0, WINDOW)).toBe(900);
    expect(secondsToWindowEnd(T0 + 1, WINDOW)).toBe(900);
    expect(secondsToWindowEnd(T0 + 1000, WINDOW)).toBe(899);
    expect(secondsToWindowEnd(T0 + WINDOW - 1, WINDOW)).toBe(1);
  });

  it('refuse the attempt that goes beyond the limit, not the one that reaches it', () => {
    expect(isOverLimit(10, ACCOUNT_LIMIT)).toBe(false);
    expect(isOverLimit(11, ACCOUNT_LIMIT)).toBe(true);
    expect(isOverLimit(20, IP_LIMIT)).toBe(false);
    expect(isOverLimit(21, IP_LIMIT)).toBe(true);
  });

  it('count an account by its address in any case, and an address by itself', () => {
    expect(accountKey(' Ada@Example.COM ')).toBe('account:ada@example.com');
    expect(ipKey('2001:db8::1')).toBe('ip:2001:db8::1');
  });
});

describe('sign-in limits in the database', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let limits: SignInLimits;
  const small = { max: 2, windowMs: WINDOW };
  const keys = [{ key: 'ip:192.0.2.1', limit: small }];

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = new ManualClock(T0 + 5 * MINUTE);
    limits = createSignInLimits({ db: database.handle, clock });
  });
  afterEach(async () => database?.cleanup());

  async function refusal(): Promise<AppError> {
    const error = await limits.attempt(keys).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it('refuses past the limit until the window ends, with the wait to its end', async () => {
    await limits.attempt(keys);
    await limits.attempt(keys);
    const refused = await refusal();
    expect({ kind: refused.kind, code: refused.code, retryAfter: refused.retryAfter, message: refused.message }).toEqual({
      kind: 'rate_limit_exceeded',
      code: 'SIGN_IN_LIMITED',
      retryAfter: 600,
      message: 'Too many failed sign-in attempts: try again in 10 minutes',
    });
    clock.set(T0 + WINDOW - 1);
    expect((await refusal()).retryAfter).toBe(1);
    clock.set(T0 + WINDOW);
    await limits.attempt(keys);
    // Only the current window's row is kept.
    const rows = await database.handle.db.selectFrom('sign_in_failures').selectAll().execute();
    expect(rows.map((r) => [r.key, Number(r.window_start), Number(r.count)])).toEqual([['ip:192.0.2.1', T0 + WINDOW, 1]]);
  });

  it('takes back an attempt that succeeded', async () => {
    for (let i = 0; i < 5; i++) await (await limits.attempt(keys)).succeeded();
    await limits.attempt(keys);
    await limits.attempt(keys);
    await refusal();
  });

  it('counts each key on its own and refuses when any is over, with the longest wait of those over', async () => {
    const hourly = { key: 'account:ada@example.com', limit: { max: 2, windowMs: 60 * MINUTE } };
    const roomy = { key: 'account:bob@example.com', limit: { max: 5, windowMs: 60 * MINUTE } };
    await limits.attempt([keys[0]!, roomy]);
    await limits.attempt([keys[0]!, roomy]);
    // Only the address is over: its 10 minutes, not the roomy key's 55.
    expect(((await limits.attempt([keys[0]!, roomy]).catch((e: AppError) => e)) as AppError).retryAfter).toBe(600);
    await limits.attempt([hourly]);
    await limits.attempt([hourly]);
    expect(((await limits.attempt([keys[0]!, hourly]).catch((e: AppError) => e)) as AppError).retryAfter).toBe(55 * 60);
    // The roomy key alone is still under its limit (4 of 5).
    await limits.attempt([roomy]);
  });
});
