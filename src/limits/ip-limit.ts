import type { Clock } from '../clock.ts';

const WINDOW_MS = 1000;

/** Per-IP request rate (spec §8: 500 per second), counted in this process's memory. */
export interface IpLimiter {
  /** Count one request from `ip`; returns seconds to wait when it is over the limit, else 0. */
  hit(ip: string): number;
}

export function createIpLimiter(perSecond: number, clock: Clock): IpLimiter {
  // One fixed one-second window for everyone; the map is replaced when it ends,
  // so memory holds only the addresses seen in the current second.
  let windowStart = -1;
  let counts = new Map<string, number>();
  return {
    hit(ip) {
      const now = clock.now();
      const start = now - (now % WINDOW_MS);
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      const count = (counts.get(ip) ?? 0) + 1;
      counts.set(ip, count);
      return count > perSecond ? Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) : 0;
    },
  };
}
