// Failed sign-ins, counted in the database (table sign_in_failures) per client
// address and per account, in fixed windows, so that every process sharing the
// database counts the same attempts. Guessing a password (or a second factor's
// six digits) stops at the limit until the window ends.
// Must not import any protocol library.
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { AppError } from '../errors.ts';

/** A limit: at most `max` failures in each fixed window of `windowMs`. */
export interface SignInLimit {
  max: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Per client address: an office behind one address has room for its typos, one guesser does not. */
export const IP_LIMIT: SignInLimit = { max: 20, windowMs: FIFTEEN_MINUTES };
/** Per account (the address signed in with, known or not): guesses from many addresses stop here too. */
export const ACCOUNT_LIMIT: SignInLimit = { max: 10, windowMs: FIFTEEN_MINUTES };

/** The stable code of a sign-in refused because a limit holds. */
export const SIGN_IN_LIMITED = 'SIGN_IN_LIMITED';

/** The start of the fixed window `now` falls in. */
export function windowStartOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** Whole seconds from `now` to the end of its window (at least 1): the refusal's Retry-After. */
export function secondsToWindowEnd(now: number, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStartOf(now, windowMs) + windowMs - now) / 1000));
}

/** Whether an attempt that brings its window's count to `count` (itself included) is over the limit. */
export const isOverLimit = (count: number, limit: SignInLimit): boolean => count > limit.max;

/** What a limit is counted under: `ip:<address>` or `account:<address signed in with, lower-cased>`. */
export const ipKey = (ip: string) => `ip:${ip}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/** An attempt counted against its keys: a failure unless it turns out to have succeeded. */
export interface CountedAttempt {
  /** It succeeded: take it back out of the counts (a person who signs in is not guessing). */
  succeeded(): Promise<void>;
}

export interface SignInLimits {
  /**
   * Count an attempt against each key before it is checked, then refuse it
   * (rate_limit_exceeded, SIGN_IN_LIMITED, retry after the window's end) when a
   * count is over its limit. Counting first makes parallel guesses count too.
   * The attempt stays counted as a failure unless `succeeded()` is called.
   */
  attempt(keys: readonly { key: string; limit: SignInLimit }[]): Promise<CountedAttempt>;
}

export function createSignInLimits(deps: { db: DatabaseHandle; clock: Clock }): SignInLimits {
  const db = deps.db.db;

  async function add(key: string, windowStart: number, by: number): Promise<number> {
    const row = await db
      .insertInto('sign_in_failures')
      .values({ key, window_start: windowStart, count: by })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('sign_in_failures.count', '+', by) })))
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    async attempt(keys) {
      const now = deps.clock.now();
      const counted = keys.map(({ key, limit }) => ({ key, limit, windowStart: windowStartOf(now, limit.windowMs) }));
      const counts = await Promise.all(counted.map(({ key, windowStart }) => add(key, windowStart, 1)));
      // Windows that ended count nothing: dropped as their keys come back.
      for (const { key, windowStart } of counted)
        await db.deleteFrom('sign_in_failures').where('key', '=', key).where('window_start', '<', windowStart).execute();
      const over = counted.filter((c, i) => isOverLimit(counts[i]!, c.limit));
      if (over.length > 0) {
        const retryAfter = Math.max(...over.map((c) => secondsToWindowEnd(now, c.limit.windowMs)));
        throw new AppError('rate_limit_exceeded', `Too many failed sign-in attempts: try again in ${Math.ceil(retryAfter / 60)} minutes`, {
          code: SIGN_IN_LIMITED,
          retryAfter,
        });
      }
      return {
        async succeeded() {
          for (const { key, windowStart } of counted) {
            await db
              .updateTable('sign_in_failures')
              .set((eb) => ({ count: eb('count', '-', 1) }))
              .where('key', '=', key)
              .where('window_start', '=', windowStart)
              .execute();
          }
        },
      };
    },
  };
}
