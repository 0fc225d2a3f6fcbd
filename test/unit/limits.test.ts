import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { AppError } from '../../src/errors.ts';
import { createIpLimiter, rateKeyOfAddress } from '../../src/limits/ip-limit.ts';
import { createOrgQuota } from '../../src/limits/org-quota.ts';
import { PLAN_QUOTAS, quotaOf } from '../../src/auth-scope/index.ts';
import { MINIMUM_QUOTA, QUOTA_WINDOW_MS, quotaState, secondsToReset, windowStartOf } from '../../src/limits/quotas.ts';
import {
  LONG_WINDOW,
  SHORT_WINDOW,
  checkMailbox,
  recipientRateLimited,
  recordSend,
  stateExpiresAt,
  type MailboxState,
} from '../../src/limits/recipient-guard.ts';
import { admitSends, peekRecipient, purgeRecipientGuards, startBounceCooldown, type GuardedSend } from '../../src/limits/recipient-store.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const SHORT = 10 * MINUTE;
const LONG = 24 * HOUR;

/** Midnight UTC: the start of a quota window and of a second. */
const T0 = Date.UTC(2026, 0, 1);

/** One database per test; only what was opened is closed, even when setup fails. */
function useTestDatabase(): { readonly current: TestDatabase; readonly clock: ManualClock } {
  const cleanups: (() => Promise<void>)[] = [];
  const state = {} as { current: TestDatabase; clock: ManualClock };
  beforeEach(async () => {
    const opened = await createTestDatabase();
    cleanups.push(() => opened.cleanup());
    state.current = opened;
    state.clock = new ManualClock(T0);
  });
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });
  return state;
}

// ---------------------------------------------------------------------------
// 1. Quota arithmetic
// ---------------------------------------------------------------------------

describe('quota arithmetic (quotas.ts)', () => {
  it('states the plan quotas (100, 700, 2000) and the 60-second window', () => {
    expect(PLAN_QUOTAS).toEqual({ free: 100, premium: 700, enterprise: 2000 });
    expect(MINIMUM_QUOTA).toBe(100);
    expect(QUOTA_WINDOW_MS).toBe(60_000);
  });

  it('aligns windows to the minute', () => {
    expect(windowStartOf(T0)).toBe(T0);
    expect(windowStartOf(T0 + 1)).toBe(T0);
    expect(windowStartOf(T0 + 30 * SECOND)).toBe(T0);
    expect(windowStartOf(T0 + MINUTE - 1)).toBe(T0);
    expect(windowStartOf(T0 + MINUTE)).toBe(T0 + MINUTE);
    expect(windowStartOf(T0 + 5 * MINUTE + 17_345)).toBe(T0 + 5 * MINUTE);
  });

  it.each([
    ['at the window start', 0, 60],
    ['1 ms into the window', 1, 60],
    ['1 s into the window', SECOND, 59],
    ['mid-window', 30 * SECOND, 30],
    ['mid-window, half a second past', 30 * SECOND + 500, 30],
    ['1 s before the end', 59 * SECOND, 1],
    ['1 ms before the end', MINUTE - 1, 1],
    ['at the next window start', MINUTE, 60],
  ])('secondsToReset %s', (_label, offset, expected) => {
    expect(secondsToReset(T0 + offset)).toBe(expected);
  });

  it('quotaState: remaining counts down to 0 and never goes negative; allowed iff count <= limit', () => {
    const now = T0 + 15 * SECOND;
    expect(quotaState(100, 0, now)).toEqual({ limit: 100, remaining: 100, resetSeconds: 45, allowed: true });
    expect(quotaState(100, 1, now)).toEqual({ limit: 100, remaining: 99, resetSeconds: 45, allowed: true });
    expect(quotaState(100, 99, now)).toEqual({ limit: 100, remaining: 1, resetSeconds: 45, allowed: true });
    expect(quotaState(100, 100, now)).toEqual({ limit: 100, remaining: 0, resetSeconds: 45, allowed: true });
    expect(quotaState(100, 101, now)).toEqual({ limit: 100, remaining: 0, resetSeconds: 45, allowed: false });
    expect(quotaState(100, 5000, now)).toEqual({ limit: 100, remaining: 0, resetSeconds: 45, allowed: false });
  });

  it('quotaOf: a custom limit wins over the plan, else the plan quota', () => {
    expect(quotaOf('free', null)).toBe(100);
    expect(quotaOf('premium', null)).toBe(700);
    expect(quotaOf('enterprise', null)).toBe(2000);
    expect(quotaOf('enterprise', 10_000)).toBe(10_000);
    expect(quotaOf('free', 5000)).toBe(5000);
    expect(quotaOf('premium', 50)).toBe(50);
  });
});

// ---------------------------------------------------------------------------
// 2. Organization quota on the database
// ---------------------------------------------------------------------------

describe('createOrgQuota', () => {
  const ctx = useTestDatabase();

  const windows = async () =>
    (await ctx.current.handle.db.selectFrom('quota_windows').selectAll().orderBy('organization_id').orderBy('window_start').execute()).map((r) => ({
      organization_id: r.organization_id,
      window_start: Number(r.window_start),
      count: Number(r.count),
    }));

  it('hands out positions 1, 2, 3… to consecutive requests', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    ctx.clock.advance(20 * SECOND);
    for (let i = 1; i <= 5; i++) {
      expect(await quota.consume('org_a', 100)).toEqual({ limit: 100, remaining: 100 - i, resetSeconds: 40, allowed: true });
    }
    expect(await windows()).toEqual([{ organization_id: 'org_a', window_start: T0, count: 5 }]);
  });

  it('refuses the 101st request of a free organization, with remaining 0, and still counts it', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    const limit = PLAN_QUOTAS.free;
    for (let i = 1; i <= limit; i++) {
      const state = await quota.consume('org_free', limit);
      expect(state.allowed).toBe(true);
      expect(state.remaining).toBe(limit - i);
    }
    expect(await quota.consume('org_free', limit)).toEqual({ limit: 100, remaining: 0, resetSeconds: 60, allowed: false });
    expect(await quota.consume('org_free', limit)).toEqual({ limit: 100, remaining: 0, resetSeconds: 60, allowed: false });
    expect(await windows()).toEqual([{ organization_id: 'org_free', window_start: T0, count: 102 }]);
  });

  it('counts two organizations separately, in the same burst and across bursts', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    const burst = await Promise.all([
      quota.consume('org_a', 3),
      quota.consume('org_b', 3),
      quota.consume('org_a', 3),
      quota.consume('org_a', 3),
      quota.consume('org_b', 3),
    ]);
    expect(burst.map((s) => [s.remaining, s.allowed])).toEqual([
      [2, true],
      [2, true],
      [1, true],
      [0, true],
      [1, true],
    ]);
    expect(await quota.consume('org_a', 3)).toMatchObject({ remaining: 0, allowed: false });
    expect(await quota.consume('org_b', 3)).toMatchObject({ remaining: 0, allowed: true });
    expect(await quota.consume('org_c', 3)).toMatchObject({ remaining: 2, allowed: true });
    expect(await windows()).toEqual([
      { organization_id: 'org_a', window_start: T0, count: 4 },
      { organization_id: 'org_b', window_start: T0, count: 3 },
      { organization_id: 'org_c', window_start: T0, count: 1 },
    ]);
  });

  it('starts over in the next window', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    ctx.clock.advance(MINUTE - 1);
    for (let i = 0; i < 3; i++) await quota.consume('org_a', 2);
    expect(await quota.consume('org_a', 2)).toEqual({ limit: 2, remaining: 0, resetSeconds: 1, allowed: false });
    ctx.clock.advance(1); // exactly the next window's start
    expect(await quota.consume('org_a', 2)).toEqual({ limit: 2, remaining: 1, resetSeconds: 60, allowed: true });
    expect(await quota.consume('org_a', 2)).toEqual({ limit: 2, remaining: 0, resetSeconds: 60, allowed: true });
    expect(await windows()).toEqual([
      { organization_id: 'org_a', window_start: T0, count: 4 },
      { organization_id: 'org_a', window_start: T0 + MINUTE, count: 2 },
    ]);
  });

  it('admits exactly the limit out of 300 concurrent requests, positions 1..100 once each', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    const states = await Promise.all(Array.from({ length: 300 }, () => quota.consume('org_busy', 100)));
    const allowed = states.filter((s) => s.allowed);
    expect(allowed).toHaveLength(100);
    expect(allowed.map((s) => s.remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    // Arrival order: the first 100 callers are the admitted ones.
    expect(states.slice(0, 100).every((s) => s.allowed)).toBe(true);
    expect(states.slice(100).every((s) => !s.allowed && s.remaining === 0)).toBe(true);
    expect(await windows()).toEqual([{ organization_id: 'org_busy', window_start: T0, count: 300 }]);
  });

  it('stays exact when concurrent requests arrive over several bursts', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    const pending: Promise<{ remaining: number; allowed: boolean }>[] = [];
    for (let wave = 0; wave < 6; wave++) {
      for (let i = 0; i < 50; i++) pending.push(quota.consume('org_busy', 100));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const states = await Promise.all(pending);
    expect(states.filter((s) => s.allowed)).toHaveLength(100);
    expect(
      states
        .filter((s) => s.allowed)
        .map((s) => s.remaining)
        .sort((a, b) => b - a),
    ).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    expect(await windows()).toEqual([{ organization_id: 'org_busy', window_start: T0, count: 300 }]);
  });

  it('shares the count with another quota over the same table (another process)', async () => {
    const first = createOrgQuota(ctx.current.handle, ctx.clock);
    const second = createOrgQuota(ctx.current.handle, ctx.clock);
    expect(await first.consume('org_a', 10)).toMatchObject({ remaining: 9, allowed: true });
    expect(await second.consume('org_a', 10)).toMatchObject({ remaining: 8, allowed: true });
    expect(await first.consume('org_a', 10)).toMatchObject({ remaining: 7, allowed: true });

    const states = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? first : second).consume('org_a', 10)));
    const allowed = states.filter((s) => s.allowed);
    expect(allowed).toHaveLength(7);
    expect(allowed.map((s) => s.remaining).sort((a, b) => b - a)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(await windows()).toEqual([{ organization_id: 'org_a', window_start: T0, count: 43 }]);
  });

  it('two quotas flushing the same organizations in opposite orders neither deadlock nor lose a count', async () => {
    // Regression: the counters were upserted in arrival order, so on PostgreSQL two
    // processes with bursts over the same organizations could lock rows in opposite
    // orders ("deadlock detected", the whole burst failing). Timing-dependent: this
    // failed in 4 runs out of 4 before the fix (SQLite has one writer: always passes).
    const first = createOrgQuota(ctx.current.handle, ctx.clock);
    const second = createOrgQuota(ctx.current.handle, ctx.clock);
    const orgs = Array.from({ length: 30 }, (_, i) => `org_${String(i).padStart(2, '0')}`);
    const rounds = 300;
    for (let round = 0; round < rounds; round++) {
      await Promise.all([...orgs.map((org) => first.consume(org, 1_000_000)), ...[...orgs].reverse().map((org) => second.consume(org, 1_000_000))]);
    }
    expect(await windows()).toEqual(orgs.map((org) => ({ organization_id: org, window_start: T0, count: 2 * rounds })));
  });

  it('purge drops windows older than the previous one and keeps the previous and current windows', async () => {
    const quota = createOrgQuota(ctx.current.handle, ctx.clock);
    for (let w = 0; w < 4; w++) {
      await quota.consume('org_a', 100);
      await quota.consume('org_b', 100);
      ctx.clock.advance(MINUTE);
    }
    ctx.clock.advance(-MINUTE + 30 * SECOND); // inside window 3 (T0 + 3 min + 30 s)
    await quota.purge(ctx.clock.now());
    expect(await windows()).toEqual([
      { organization_id: 'org_a', window_start: T0 + 2 * MINUTE, count: 1 },
      { organization_id: 'org_a', window_start: T0 + 3 * MINUTE, count: 1 },
      { organization_id: 'org_b', window_start: T0 + 2 * MINUTE, count: 1 },
      { organization_id: 'org_b', window_start: T0 + 3 * MINUTE, count: 1 },
    ]);
    // The current window's count survives the purge.
    expect(await quota.consume('org_a', 100)).toMatchObject({ remaining: 98 });

    // At the exact start of the next window, the old "previous" one goes.
    ctx.clock.set(T0 + 4 * MINUTE);
    await quota.purge(ctx.clock.now());
    expect(await windows()).toEqual([
      { organization_id: 'org_a', window_start: T0 + 3 * MINUTE, count: 2 },
      { organization_id: 'org_b', window_start: T0 + 3 * MINUTE, count: 1 },
    ]);
  });
});

// ---------------------------------------------------------------------------
// 3. Per-IP limit
// ---------------------------------------------------------------------------

describe('rateKeyOfAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => expect(rateKeyOfAddress(ip)).toBe(key));

  it('counts two addresses of one IPv6 /64 together, and of two /64s apart', () => {
    const limiter = createIpLimiter(2, new ManualClock(Date.UTC(2026, 0, 1)));
    expect([limiter.hit('2001:db8:1:2::a'), limiter.hit('2001:db8:1:2::b'), limiter.hit('2001:db8:1:2:ffff:ffff:ffff:ffff')]).toEqual([0, 0, 1]);
    expect(limiter.hit('2001:db8:1:3::a')).toBe(0);
  });
});

describe('createIpLimiter', () => {
  it('admits N per second and asks request N+1 to wait', () => {
    const clock = new ManualClock(T0);
    const limiter = createIpLimiter(5, clock);
    for (let i = 0; i < 5; i++) expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(1);
    expect(limiter.hit('192.0.2.1')).toBe(1);
  });

  it('starts over in a new second', () => {
    const clock = new ManualClock(T0);
    const limiter = createIpLimiter(2, clock);
    clock.advance(998);
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(1);
    clock.advance(1); // 999 ms: still the same second
    expect(limiter.hit('192.0.2.1')).toBe(1);
    clock.advance(1); // exactly the next second
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(1);
  });

  it('counts different addresses separately', () => {
    const clock = new ManualClock(T0);
    const limiter = createIpLimiter(2, clock);
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(1);
    expect(limiter.hit('192.0.2.2')).toBe(0);
    expect(limiter.hit('2001:db8::1')).toBe(0);
    expect(limiter.hit('192.0.2.2')).toBe(0);
    expect(limiter.hit('192.0.2.2')).toBe(1);
    expect(limiter.hit('2001:db8::1')).toBe(0);
  });

  it.each([
    ['at the start of the second', 0],
    ['1 ms into it', 1],
    ['mid-second', 500],
    ['1 ms before its end', 999],
  ])('waits ceil(time left in the second) = 1 s %s', (_label, offset) => {
    const clock = new ManualClock(T0 + 7 * SECOND + offset);
    const limiter = createIpLimiter(1, clock);
    expect(limiter.hit('192.0.2.1')).toBe(0);
    expect(limiter.hit('192.0.2.1')).toBe(1);
  });

  it('applies the default rate of 500 per second', () => {
    const clock = new ManualClock(T0 + 250);
    const limiter = createIpLimiter(500, clock);
    const waits = Array.from({ length: 501 }, () => limiter.hit('198.51.100.7'));
    expect(waits.filter((w) => w === 0)).toHaveLength(500);
    expect(waits[500]).toBe(1);
  });
});

// ---------------------------------------------------------------------------
// 4. Recipient guard arithmetic
// ---------------------------------------------------------------------------

/** The state after sending at each of `times` (in order). */
function sentAt(times: readonly number[], cooldownUntil: number | null = null): MailboxState {
  let sends: number[] = [];
  for (const t of times) sends = recordSend(sends, t);
  return { sends, cooldownUntil };
}

describe('recipient guard arithmetic (recipient-guard.ts)', () => {
  it('states the windows: 5 per 10 minutes, 20 per 24 hours', () => {
    expect(SHORT_WINDOW).toEqual({ max: 5, windowMs: SHORT });
    expect(LONG_WINDOW).toEqual({ max: 20, windowMs: LONG });
  });

  it('passes an unknown mailbox', () => {
    expect(checkMailbox({ sends: [], cooldownUntil: null }, T0)).toBeNull();
  });

  it('refuses the 6th send within 10 minutes: short_window, wait = oldest + 10 min - now', () => {
    const state = sentAt([T0, T0 + MINUTE, T0 + 2 * MINUTE, T0 + 3 * MINUTE, T0 + 4 * MINUTE]);
    for (let i = 0; i < 4; i++) expect(checkMailbox(sentAt(state.sends.slice(0, i + 1)), T0 + 4 * MINUTE)).toBeNull();
    expect(checkMailbox(state, T0 + 5 * MINUTE)).toEqual({ reason: 'short_window', waitMs: 5 * MINUTE });
    expect(checkMailbox(state, T0 + 9 * MINUTE + 59_999)).toEqual({ reason: 'short_window', waitMs: 1 });
    // The window edge: a send exactly windowMs ago is out.
    expect(checkMailbox(state, T0 + SHORT)).toBeNull();
  });

  it('after the oldest leaves, the next wait is set by the next oldest', () => {
    // Six sends: the first left the window before the sixth went.
    const state = sentAt([T0, T0 + MINUTE, T0 + 2 * MINUTE, T0 + 3 * MINUTE, T0 + 4 * MINUTE, T0 + SHORT]);
    expect(checkMailbox(state, T0 + SHORT)).toEqual({ reason: 'short_window', waitMs: MINUTE });
    expect(checkMailbox(state, T0 + SHORT + MINUTE)).toBeNull();
  });

  it('five sends at the same instant wait the whole short window', () => {
    const state = sentAt([T0, T0, T0, T0, T0]);
    expect(checkMailbox(state, T0)).toEqual({ reason: 'short_window', waitMs: SHORT });
  });

  it('refuses the 21st send within 24 hours: long_window, wait = oldest + 24 h - now', () => {
    // Every 30 minutes: never more than one send in any 10-minute window.
    const times = Array.from({ length: 20 }, (_, i) => T0 + i * 30 * MINUTE);
    const state = sentAt(times);
    expect(state.sends).toEqual(times);
    const now = T0 + 20 * 30 * MINUTE; // 10 h
    expect(checkMailbox(state, now)).toEqual({ reason: 'long_window', waitMs: LONG - 10 * HOUR });
    expect(checkMailbox(state, T0 + LONG - 1)).toEqual({ reason: 'long_window', waitMs: 1 });
    // 24 h roll-off: the first send leaves at exactly T0 + 24 h.
    expect(checkMailbox(state, T0 + LONG)).toBeNull();
    // Once the 21st goes, the second send sets the next wait.
    const after = { sends: recordSend(state.sends, T0 + LONG), cooldownUntil: null };
    expect(checkMailbox(after, T0 + LONG)).toEqual({ reason: 'long_window', waitMs: 30 * MINUTE });
    expect(checkMailbox(after, T0 + LONG + 30 * MINUTE)).toBeNull();
  });

  it('refuses during a bounce cooldown with the exact wait, and passes at cooldownUntil', () => {
    const until = T0 + LONG;
    const state: MailboxState = { sends: [], cooldownUntil: until };
    expect(checkMailbox(state, T0)).toEqual({ reason: 'bounce_cooldown', waitMs: LONG });
    expect(checkMailbox(state, until - 1)).toEqual({ reason: 'bounce_cooldown', waitMs: 1 });
    expect(checkMailbox(state, until)).toBeNull();
    expect(checkMailbox(state, until + 1)).toBeNull();
  });

  it('names the reason with the longest wait when several apply', () => {
    // Short window full (waits 10 min) and cooldown (waits 5 min): short_window.
    const burst = [T0, T0, T0, T0, T0];
    expect(checkMailbox(sentAt(burst, T0 + 5 * MINUTE), T0)).toEqual({ reason: 'short_window', waitMs: SHORT });
    // Cooldown longer than the short window: bounce_cooldown.
    expect(checkMailbox(sentAt(burst, T0 + HOUR), T0)).toEqual({ reason: 'bounce_cooldown', waitMs: HOUR });

    // Long window full with its oldest 23 h old (waits 1 h) and the short window
    // full too (waits 10 min): long_window.
    const times = [...Array.from({ length: 15 }, (_, i) => T0 - 23 * HOUR + i * HOUR), T0, T0, T0, T0, T0];
    const full = sentAt(times);
    expect(full.sends).toEqual(times);
    expect(checkMailbox(full, T0)).toEqual({ reason: 'long_window', waitMs: HOUR });
    // A cooldown longer still wins over both; a shorter one does not.
    expect(checkMailbox({ ...full, cooldownUntil: T0 + 2 * HOUR }, T0)).toEqual({ reason: 'bounce_cooldown', waitMs: 2 * HOUR });
    expect(checkMailbox({ ...full, cooldownUntil: T0 + 30 * MINUTE }, T0)).toEqual({ reason: 'long_window', waitMs: HOUR });
    // A cooldown already over does not count.
    expect(checkMailbox({ sends: [], cooldownUntil: T0 - 1 }, T0)).toBeNull();
  });

  it('recordSend keeps the sends of the last 24 h, sorted, at most 20', () => {
    expect(recordSend([], T0)).toEqual([T0]);
    expect(recordSend([T0 + 5, T0 + 1], T0 + 3)).toEqual([T0 + 1, T0 + 3, T0 + 5]);
    // Exactly 24 h old is out; 1 ms younger stays.
    expect(recordSend([T0, T0 + 1], T0 + LONG)).toEqual([T0 + 1, T0 + LONG]);
    // At most 20: the oldest go first.
    const twenty = Array.from({ length: 20 }, (_, i) => T0 + i);
    const kept = recordSend(twenty, T0 + 100);
    expect(kept).toHaveLength(20);
    expect(kept).toEqual([...twenty.slice(1), T0 + 100]);
    let many: number[] = [];
    for (let i = 0; i < 50; i++) many = recordSend(many, T0 + i * MINUTE);
    expect(many).toEqual(Array.from({ length: 20 }, (_, i) => T0 + (30 + i) * MINUTE));
  });

  it('stateExpiresAt: last send + 24 h, or the cooldown end, whichever is later', () => {
    expect(stateExpiresAt({ sends: [], cooldownUntil: null })).toBe(0);
    expect(stateExpiresAt({ sends: [T0, T0 + HOUR], cooldownUntil: null })).toBe(T0 + HOUR + LONG);
    expect(stateExpiresAt({ sends: [T0], cooldownUntil: T0 + 2 * LONG })).toBe(T0 + 2 * LONG);
    expect(stateExpiresAt({ sends: [T0 + HOUR], cooldownUntil: T0 + LONG })).toBe(T0 + HOUR + LONG);
    expect(stateExpiresAt({ sends: [], cooldownUntil: T0 + 3 })).toBe(T0 + 3);
  });

  it('recipientRateLimited: the AppError every door answers with', () => {
    const error = recipientRateLimited('ann@d.example', { reason: 'short_window', waitMs: 5 * MINUTE });
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('recipient_rate_limited');
    expect(error.code).toBe('RECIPIENT_RATE_LIMITED');
    expect(error.retryAfter).toBe(300);
    expect(error.details).toEqual({ reason: 'short_window', recipient: 'ann@d.example' });
    expect(error.message).toBe('Recipient ann@d.example is temporarily rate limited (5 sends per 10 minutes); retry after 300 s');
  });

  it.each([
    [1, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [59_999, 60],
    [LONG, 86_400],
  ])('recipientRateLimited: %i ms → Retry-After %i s', (waitMs, seconds) => {
    expect(recipientRateLimited('a@d.example', { reason: 'bounce_cooldown', waitMs }).retryAfter).toBe(seconds);
  });

  it('recipientRateLimited names the batch item when given, index 0 included', () => {
    const zero = recipientRateLimited('bob@d.example', { reason: 'long_window', waitMs: HOUR }, 0);
    expect(zero.details).toEqual({ reason: 'long_window', recipient: 'bob@d.example', index: 0 });
    expect(zero.retryAfter).toBe(3600);
    expect(zero.message).toBe('Recipient bob@d.example (batch item 0) is temporarily rate limited (20 sends per 24 hours); retry after 3600 s');
    const seven = recipientRateLimited('bob@d.example', { reason: 'bounce_cooldown', waitMs: 1500 }, 7);
    expect(seven.details).toEqual({ reason: 'bounce_cooldown', recipient: 'bob@d.example', index: 7 });
    expect(seven.retryAfter).toBe(2);
    expect(seven.message).toBe('Recipient bob@d.example (batch item 7) is temporarily rate limited (a recent bounce); retry after 2 s');
  });
});

// ---------------------------------------------------------------------------
// 5. Recipient guard on the database
// ---------------------------------------------------------------------------

describe('recipient guard store (recipient-store.ts)', () => {
  const ctx = useTestDatabase();

  const ORG = 'org_guard';
  const to = (mailbox: string, organizationId = ORG): GuardedSend => ({ organizationId, mailbox });
  const admit = (units: readonly (readonly GuardedSend[])[], now: number) => ctx.current.handle.db.transaction().execute((trx) => admitSends(trx, units, now));
  const guardRows = async () =>
    (await ctx.current.handle.db.selectFrom('recipient_guards').selectAll().orderBy('organization_id').orderBy('mailbox').execute()).map((r) => ({
      organization_id: r.organization_id,
      mailbox: r.mailbox,
      sends: JSON.parse(r.sends) as number[],
      cooldown_until: r.cooldown_until === null ? null : Number(r.cooldown_until),
      expires_at: Number(r.expires_at),
    }));
  const sendsOf = async (mailbox: string, organizationId = ORG) =>
    (await guardRows()).find((r) => r.organization_id === organizationId && r.mailbox === mailbox)?.sends ?? [];

  it('admits nothing-to-guard units without touching the table', async () => {
    expect(await admit([[], []], T0)).toEqual([null, null]);
    expect(await guardRows()).toEqual([]);
  });

  it('admits units in order and records them', async () => {
    const decisions = await admit([[to('a@d.example')], [to('b@d.example'), to('c@d.example')], [to('a@d.example')]], T0);
    expect(decisions).toEqual([null, null, null]);
    expect(await guardRows()).toEqual([
      { organization_id: ORG, mailbox: 'a@d.example', sends: [T0, T0], cooldown_until: null, expires_at: T0 + LONG },
      { organization_id: ORG, mailbox: 'b@d.example', sends: [T0], cooldown_until: null, expires_at: T0 + LONG },
      { organization_id: ORG, mailbox: 'c@d.example', sends: [T0], cooldown_until: null, expires_at: T0 + LONG },
    ]);
  });

  it('refuses within one call the unit that would be the 6th send, and admits the ones before it', async () => {
    const units = Array.from({ length: 7 }, () => [to('a@d.example')]);
    const decisions = await admit(units, T0);
    expect(decisions.slice(0, 5)).toEqual([null, null, null, null, null]);
    const refused = { index: 0, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: SHORT } };
    expect(decisions.slice(5)).toEqual([refused, refused]);
    expect(await sendsOf('a@d.example')).toEqual([T0, T0, T0, T0, T0]);
  });

  it('refuses a batch with 6 sends to one mailbox whole, at index 5, and records nothing of it', async () => {
    const batch = [to('x@d.example'), ...Array.from({ length: 6 }, () => to('a@d.example'))];
    const decisions = await admit([batch], T0);
    expect(decisions).toEqual([{ index: 6, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: SHORT } }]);

    const six = Array.from({ length: 6 }, () => to('b@d.example'));
    expect(await admit([six], T0)).toEqual([{ index: 5, mailbox: 'b@d.example', refusal: { reason: 'short_window', waitMs: SHORT } }]);
    // No send of the refused batches was recorded, neither to the other mailbox of the first.
    expect(await sendsOf('a@d.example')).toEqual([]);
    expect(await sendsOf('b@d.example')).toEqual([]);
    expect(await sendsOf('x@d.example')).toEqual([]);
    // And so five to it pass afterwards.
    expect(await admit([six.slice(0, 5)], T0 + 1)).toEqual([null]);
    expect(await sendsOf('b@d.example')).toEqual([T0 + 1, T0 + 1, T0 + 1, T0 + 1, T0 + 1]);
  });

  it('a refused unit does not block later units in the same call', async () => {
    const six = Array.from({ length: 6 }, () => to('a@d.example'));
    const decisions = await admit([six, [to('b@d.example')], [to('a@d.example')]], T0);
    expect(decisions).toEqual([{ index: 5, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: SHORT } }, null, null]);
    expect(await sendsOf('a@d.example')).toEqual([T0]);
    expect(await sendsOf('b@d.example')).toEqual([T0]);
  });

  it('keeps its state across calls: 5 admitted in one call, the 6th refused in the next', async () => {
    expect(
      await admit(
        Array.from({ length: 5 }, () => [to('a@d.example')]),
        T0,
      ),
    ).toEqual([null, null, null, null, null]);
    expect(await admit([[to('a@d.example')]], T0 + MINUTE)).toEqual([
      { index: 0, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: 9 * MINUTE } },
    ]);
    expect(await admit([[to('a@d.example')]], T0 + SHORT - 1)).toEqual([{ index: 0, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: 1 } }]);
    expect(await admit([[to('a@d.example')]], T0 + SHORT)).toEqual([null]);
    expect(await sendsOf('a@d.example')).toEqual([T0, T0, T0, T0, T0, T0 + SHORT]);
  });

  it('judges at the latest recorded send when its own clock reading is older (it waited for the row locks)', async () => {
    // Another process recorded five sends at T0 + 1 s while this transaction, with now = T0, waited for the lock.
    expect(
      await admit(
        Array.from({ length: 5 }, () => [to('a@d.example')]),
        T0 + 1000,
      ),
    ).toEqual([null, null, null, null, null]);
    expect(await admit([[to('a@d.example')]], T0)).toEqual([{ index: 0, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: SHORT } }]);
    // An admitted send is recorded at that time too, so the stored sends stay in order;
    // each mailbox by its own sends (a later one elsewhere moves no other mailbox's time).
    expect(await admit([[to('b@d.example')]], T0 + 2000)).toEqual([null]);
    expect(await admit([[to('b@d.example')], [to('a@d.example')]], T0)).toEqual([
      null,
      { index: 0, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: SHORT } },
    ]);
    expect(await sendsOf('b@d.example')).toEqual([T0 + 2000, T0 + 2000]);
    // A look without recording (SMTP's RCPT TO) is judged the same way.
    expect(await peekRecipient(ctx.current.handle.db, to('a@d.example'), T0)).toEqual({ reason: 'short_window', waitMs: SHORT });
  });

  it('counts organizations separately for the same mailbox', async () => {
    const five = Array.from({ length: 5 }, () => to('a@d.example', 'org_one'));
    expect(await admit([five], T0)).toEqual([null]);
    expect(await admit([[to('a@d.example', 'org_two')], [to('a@d.example', 'org_one')]], T0)).toEqual([
      null,
      { index: 0, mailbox: 'a@d.example', refusal: { reason: 'short_window', waitMs: SHORT } },
    ]);
    expect(await sendsOf('a@d.example', 'org_two')).toEqual([T0]);
  });

  it('enforces the long window across calls', async () => {
    for (let i = 0; i < 20; i++) expect(await admit([[to('a@d.example')]], T0 + i * 30 * MINUTE)).toEqual([null]);
    const now = T0 + 20 * 30 * MINUTE;
    expect(await admit([[to('a@d.example')]], now)).toEqual([
      { index: 0, mailbox: 'a@d.example', refusal: { reason: 'long_window', waitMs: LONG - 10 * HOUR } },
    ]);
    expect(await admit([[to('a@d.example')]], T0 + LONG)).toEqual([null]);
    const sends = await sendsOf('a@d.example');
    expect(sends).toHaveLength(20);
    expect(sends[0]).toBe(T0 + 30 * MINUTE);
    expect(sends[19]).toBe(T0 + LONG);
  });

  it('refuses a mailbox on bounce cooldown with the exact wait, and admits it when the cooldown ends', async () => {
    await startBounceCooldown(ctx.current.handle.db, to('a@d.example'), T0 + LONG);
    expect(await guardRows()).toEqual([{ organization_id: ORG, mailbox: 'a@d.example', sends: [], cooldown_until: T0 + LONG, expires_at: T0 + LONG }]);
    expect(await admit([[to('b@d.example')], [to('b@d.example'), to('a@d.example')]], T0 + HOUR)).toEqual([
      null,
      { index: 1, mailbox: 'a@d.example', refusal: { reason: 'bounce_cooldown', waitMs: LONG - HOUR } },
    ]);
    expect(await sendsOf('b@d.example')).toEqual([T0 + HOUR]);
    expect(await admit([[to('a@d.example')]], T0 + LONG - 1)).toEqual([
      { index: 0, mailbox: 'a@d.example', refusal: { reason: 'bounce_cooldown', waitMs: 1 } },
    ]);
    expect(await admit([[to('a@d.example')]], T0 + LONG)).toEqual([null]);
    expect(await guardRows()).toContainEqual({
      organization_id: ORG,
      mailbox: 'a@d.example',
      sends: [T0 + LONG],
      cooldown_until: T0 + LONG,
      expires_at: T0 + 2 * LONG,
    });
  });

  it('a cooldown on a mailbox with sends keeps its sends and the later expiry', async () => {
    expect(await admit([[to('a@d.example')]], T0)).toEqual([null]);
    await startBounceCooldown(ctx.current.handle.db, to('a@d.example'), T0 + HOUR);
    expect(await guardRows()).toEqual([{ organization_id: ORG, mailbox: 'a@d.example', sends: [T0], cooldown_until: T0 + HOUR, expires_at: T0 + LONG }]);
    expect(await admit([[to('a@d.example')]], T0 + MINUTE)).toEqual([
      { index: 0, mailbox: 'a@d.example', refusal: { reason: 'bounce_cooldown', waitMs: HOUR - MINUTE } },
    ]);
  });

  it('a later cooldown is not shortened by an earlier one; a later one extends it', async () => {
    await startBounceCooldown(ctx.current.handle.db, to('a@d.example'), T0 + 2 * LONG);
    await startBounceCooldown(ctx.current.handle.db, to('a@d.example'), T0 + LONG);
    expect(await guardRows()).toEqual([{ organization_id: ORG, mailbox: 'a@d.example', sends: [], cooldown_until: T0 + 2 * LONG, expires_at: T0 + 2 * LONG }]);
    expect(await admit([[to('a@d.example')]], T0 + LONG)).toEqual([{ index: 0, mailbox: 'a@d.example', refusal: { reason: 'bounce_cooldown', waitMs: LONG } }]);
    await startBounceCooldown(ctx.current.handle.db, to('a@d.example'), T0 + 3 * LONG);
    expect(await guardRows()).toEqual([{ organization_id: ORG, mailbox: 'a@d.example', sends: [], cooldown_until: T0 + 3 * LONG, expires_at: T0 + 3 * LONG }]);
  });

  it('startBounceCooldown works inside a transaction too', async () => {
    await ctx.current.handle.db.transaction().execute(async (trx) => {
      await startBounceCooldown(trx, to('a@d.example'), T0 + HOUR);
      expect(await admitSends(trx, [[to('a@d.example')]], T0)).toEqual([
        { index: 0, mailbox: 'a@d.example', refusal: { reason: 'bounce_cooldown', waitMs: HOUR } },
      ]);
    });
  });

  it('purge deletes the rows that expired, and only those', async () => {
    expect(await admit([[to('a@d.example')]], T0)).toEqual([null]); // expires T0 + 24 h
    expect(await admit([[to('c@d.example')]], T0 + HOUR)).toEqual([null]); // expires T0 + 25 h
    await startBounceCooldown(ctx.current.handle.db, to('b@d.example'), T0 + 2 * LONG); // expires T0 + 48 h

    await purgeRecipientGuards(ctx.current.handle.db, T0 + LONG - 1);
    expect((await guardRows()).map((r) => r.mailbox)).toEqual(['a@d.example', 'b@d.example', 'c@d.example']);
    await purgeRecipientGuards(ctx.current.handle.db, T0 + LONG);
    expect((await guardRows()).map((r) => r.mailbox)).toEqual(['b@d.example', 'c@d.example']);
    await purgeRecipientGuards(ctx.current.handle.db, T0 + LONG + HOUR);
    expect((await guardRows()).map((r) => r.mailbox)).toEqual(['b@d.example']);
    // The survivor still refuses.
    expect(await admit([[to('b@d.example')]], T0 + LONG + HOUR)).toEqual([
      { index: 0, mailbox: 'b@d.example', refusal: { reason: 'bounce_cooldown', waitMs: LONG - HOUR } },
    ]);
    await purgeRecipientGuards(ctx.current.handle.db, T0 + 2 * LONG);
    expect(await guardRows()).toEqual([]);
  });

  it('a purged mailbox starts afresh', async () => {
    expect(await admit([Array.from({ length: 5 }, () => to('a@d.example'))], T0)).toEqual([null]);
    await purgeRecipientGuards(ctx.current.handle.db, T0 + LONG);
    expect(await guardRows()).toEqual([]);
    expect(await admit([Array.from({ length: 5 }, () => to('a@d.example'))], T0 + LONG)).toEqual([null]);
  });

  it('concurrent transactions admit exactly five sends to one mailbox', async () => {
    const decisions = await Promise.all(Array.from({ length: 12 }, () => admit([[to('a@d.example')]], T0)));
    expect(decisions.filter((d) => d[0] === null)).toHaveLength(5);
    expect(decisions.filter((d) => d[0] !== null)).toHaveLength(7);
    expect(await sendsOf('a@d.example')).toEqual([T0, T0, T0, T0, T0]);
  });

  it('concurrent transactions over mailboxes named in opposite orders do not deadlock', async () => {
    const mailboxes = Array.from({ length: 8 }, (_, i) => `m${i}@d.example`);
    const forward = mailboxes.map((m) => [to(m)]);
    const backward = [...forward].reverse();
    const decisions = await Promise.all(Array.from({ length: 8 }, (_, i) => admit(i % 2 === 0 ? forward : backward, T0)));
    const admittedPerMailbox = new Map<string, number>();
    for (const [i, d] of decisions.entries()) {
      const units = i % 2 === 0 ? forward : backward;
      d.forEach((refusal, j) => {
        if (refusal === null) {
          const mailbox = units[j]![0]!.mailbox;
          admittedPerMailbox.set(mailbox, (admittedPerMailbox.get(mailbox) ?? 0) + 1);
        }
      });
    }
    expect([...admittedPerMailbox.values()]).toEqual(Array.from({ length: 8 }, () => 5));
  });
});
