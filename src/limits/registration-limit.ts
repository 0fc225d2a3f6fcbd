import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { rateKeyOfAddress } from './ip-limit.ts';

export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

/**
 * OAuth dynamic client registrations per client address: at most `perHour` in
 * any hour (a sliding window), counted in this process's memory like the
 * per-IP rate. Registration needs no credentials, so this is what keeps one
 * address from filling the table.
 */
export interface RegistrationLimit {
  /** Count one registration from `address`; throws rate_limit_exceeded (with retryAfter) when it already made `perHour` in the last hour. */
  admit(address: string): void;
}

export function createRegistrationLimit(perHour: number, clock: Clock): RegistrationLimit {
  // Per address key, the times of its registrations in the window, oldest first (at most perHour kept).
  const recent = new Map<string, number[]>();
  let nextSweep = 0;

  /** Forget the addresses whose registrations have all left the window, at most once a window. */
  function sweep(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + REGISTRATION_WINDOW_MS;
    for (const [key, times] of recent) if (times[times.length - 1]! <= now - REGISTRATION_WINDOW_MS) recent.delete(key);
  }

  return {
    admit(address) {
      const now = clock.now();
      sweep(now);
      const key = rateKeyOfAddress(address);
      const times = (recent.get(key) ?? []).filter((t) => t > now - REGISTRATION_WINDOW_MS);
      if (times.length >= perHour) {
        recent.set(key, times);
        const wait = Math.max(1, Math.ceil((times[0]! + REGISTRATION_WINDOW_MS - now) / 1000));
        throw new AppError(
          'rate_limit_exceeded',
          `Too many client registrations from this address (at most ${perHour} an hour); retry after ${wait} s, or reuse the client already registered`,
          { retryAfter: wait },
        );
      }
      times.push(now);
      recent.set(key, times);
    },
  };
}
