import type { Clock } from '../clock.ts';

const WINDOW_MS = 1000;

/** Per-IP request rate (500 per second by default, IP_RATE_LIMIT), counted in this process's memory. */
export interface IpLimiter {
  /** Count one request from `ip` (an IPv6 address by its /64); returns seconds to wait when it is over the limit, else 0. */
  hit(ip: string): number;
}

/**
 * Who a client address counts as. IPv4 addresses (also IPv4-mapped IPv6) count
 * alone; an IPv6 address counts as its /64, the block one host is usually given,
 * so a client cannot step around the limit by changing its low 64 bits.
 */
export function rateKeyOfAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
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
      const key = rateKeyOfAddress(ip);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count > perSecond ? Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) : 0;
    },
  };
}
