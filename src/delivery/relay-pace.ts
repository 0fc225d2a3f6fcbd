import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.ts';
import type { DeliveryFailure } from './transport.ts';

/**
 * How fast this process hands messages to its transport. Two brakes, both per
 * process (several workers each keep their own):
 *
 * - a rate (DELIVERY_RATE_PER_SECOND): hand-offs start at least 1/rate s apart;
 * - cooling: when the relay throttles, new hand-offs pause for 1 s, doubled by
 *   each further throttle up to 60 s, and a success sets it back to nothing.
 *
 * A hand-off never waits longer than the longest cooling: a turn further off
 * than that is refused, and its job goes back to the queue instead of sitting
 * on its lease. The throttled recipient's own job is retried with the usual
 * backoff; cooling only spares the relay the hand-offs behind it.
 */

export const COOLING_BASE_MS = 1_000;
export const COOLING_MAX_MS = 60_000;

/** Replies a relay slows senders down with: RFC 5321's transient "not now" codes. */
const THROTTLE_CODES = new Set([421, 450, 451, 452, 454]);
/** An enhanced status 4.7.x (security or policy, e.g. 4.7.0 rate limited) at the start of the reply text. */
const POLICY_DEFERRAL = /^\d{3}[ -]4\.7\.\d{1,3}(?!\d)/;

/**
 * Whether a failed hand-off means "slow down": a temporary failure with a
 * throttling code (421, 450, 451, 452, 454), an enhanced 4.7.x status, or no
 * reply at all (the connection dropped or was refused).
 */
export function isThrottle(failure: DeliveryFailure): boolean {
  if (failure.permanent) return false;
  const code = failure.responseCode;
  if (code === undefined) return true;
  return THROTTLE_CODES.has(code) || (code >= 400 && code < 500 && POLICY_DEFERRAL.test(failure.message));
}

/** Resolve once the clock reads `at` or later; reject when `signal` aborts. */
export type WaitUntil = (at: number, signal: AbortSignal) => Promise<void>;

/** Real timers against `clock`: the wait the pace uses outside tests. */
export function waitWithTimers(clock: Clock): WaitUntil {
  return (at, signal) => sleep(Math.max(0, at - clock.now()), undefined, { signal });
}

export interface RelayPaceOptions {
  clock: Clock;
  waitUntil: WaitUntil;
  /** Hand-offs per second; undefined: no cap. */
  ratePerSecond?: number | undefined;
  /** The longest a hand-off waits for its turn (default: the longest cooling). */
  maxWaitMs?: number;
}

/** A hand-off that may start: report what it came to with `succeeded` or `throttled`. */
export interface PaceTicket {
  /** Throttles recorded before this hand-off started. */
  readonly throttlesBefore: number;
}

export type PaceTurn =
  | { go: true; ticket: PaceTicket }
  | {
      go: false;
      /** When to run the job again (clock time): its turn is too far off to wait for, or the pace is closing. */
      retryAt: number;
    };

export interface RelayPace {
  /** Wait for this hand-off's turn: after the cooling in force, and 1/rate after the previous start. */
  awaitTurn(): Promise<PaceTurn>;
  /** The relay accepted: cooling starts over from nothing (unless a throttle came in since this one started). */
  succeeded(ticket: PaceTicket): void;
  /**
   * The relay throttled: pause new hand-offs, 1 s the first time, twice the last
   * pause each further time. Hand-offs that were already under way when an
   * earlier throttle paused the pace only confirm that pause.
   */
  throttled(ticket: PaceTicket): void;
  /** The cooling now (0: none) and the clock time new hand-offs wait for. */
  state(): { coolingMs: number; pausedUntil: number };
  /** Stopping: every waiting and later turn is refused at once. */
  close(): void;
}

export function createRelayPace(options: RelayPaceOptions): RelayPace {
  const { clock, waitUntil } = options;
  const intervalMs = options.ratePerSecond === undefined ? 0 : 1000 / options.ratePerSecond;
  const maxWaitMs = options.maxWaitMs ?? COOLING_MAX_MS;
  let closed = false;
  /** One signal per waiting hand-off (a shared one would collect a listener per waiter). */
  const waiting = new Set<AbortController>();
  /** The earliest start the rate leaves for the next hand-off. */
  let nextStart = -Infinity;
  let pausedUntil = -Infinity;
  let coolingMs = 0;
  let throttles = 0;

  return {
    async awaitTurn() {
      const deadline = clock.now() + maxWaitMs;
      for (;;) {
        if (closed) return { go: false, retryAt: clock.now() };
        const now = clock.now();
        const start = Math.max(now, pausedUntil, nextStart);
        // Too far off to hold a job's lease for: no slot is taken.
        if (start > deadline) return { go: false, retryAt: start };
        if (intervalMs > 0) nextStart = start + intervalMs;
        if (start > now) {
          const wait = new AbortController();
          waiting.add(wait);
          try {
            await waitUntil(start, wait.signal);
          } catch (error) {
            if (closed) return { go: false, retryAt: clock.now() };
            throw error;
          } finally {
            waiting.delete(wait);
          }
        }
        if (pausedUntil <= start) return { go: true, ticket: { throttlesBefore: throttles } };
        // A throttle while this one waited puts it behind the new pause; its slot
        // is given back if nobody has taken the one after it.
        if (intervalMs > 0 && nextStart === start + intervalMs) nextStart = start;
      }
    },
    succeeded(ticket) {
      if (ticket.throttlesBefore === throttles) coolingMs = 0;
    },
    throttled(ticket) {
      if (ticket.throttlesBefore !== throttles) return;
      throttles += 1;
      coolingMs = coolingMs === 0 ? COOLING_BASE_MS : Math.min(coolingMs * 2, COOLING_MAX_MS);
      pausedUntil = Math.max(pausedUntil, clock.now() + coolingMs);
    },
    state() {
      return { coolingMs, pausedUntil };
    },
    close() {
      closed = true;
      for (const wait of waiting) wait.abort();
    },
  };
}
