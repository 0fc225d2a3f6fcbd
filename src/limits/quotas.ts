import { AppError } from '../errors.ts';
import { PLAN_QUOTAS } from '../auth-scope/index.ts';

/** Organization quota window: 60 seconds, fixed, aligned to the minute. */
export const QUOTA_WINDOW_MS = 60_000;
export const QUOTA_WINDOW_SECONDS = QUOTA_WINDOW_MS / 1000;

/** The policy shown where no organization is known (authentication failures): the smallest plan's. */
export const MINIMUM_QUOTA = PLAN_QUOTAS.free;

/** Where a caller stands in the current window, as the rate-limit headers tell it. */
export interface QuotaState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (1–60). */
  resetSeconds: number;
  /** Whether this request is within the quota. */
  allowed: boolean;
}

export function windowStartOf(now: number): number {
  return now - (now % QUOTA_WINDOW_MS);
}

/** Seconds from `now` to the end of its window, rounded up: 1–60. */
export function secondsToReset(now: number): number {
  return Math.max(1, Math.ceil((windowStartOf(now) + QUOTA_WINDOW_MS - now) / 1000));
}

/** The state of request number `count` (1-based) of a window with quota `limit`. */
export function quotaState(limit: number, count: number, now: number): QuotaState {
  return { limit, remaining: Math.max(0, limit - count), resetSeconds: secondsToReset(now), allowed: count <= limit };
}

/** The refusal of a request over its organization's quota. */
export function quotaExceeded(state: QuotaState): AppError {
  return new AppError(
    'rate_limit_exceeded',
    `Too many requests: this organization's quota of ${state.limit} requests per minute is used up; retry after ${state.resetSeconds} s`,
    { retryAfter: state.resetSeconds },
  );
}
