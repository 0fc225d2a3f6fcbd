import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/clock.ts';
import {
  COOLING_BASE_MS,
  COOLING_MAX_MS,
  createRelayPace,
  isThrottle,
  waitWithTimers,
  type PaceTicket,
  type PaceTurn,
  type WaitUntil,
} from '../../src/delivery/relay-pace.ts';
import { DeliveryFailure } from '../../src/delivery/transport.ts';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A ManualClock with timers: `waitUntil` parks a waiter, and `advance` moves the
 * clock to each waiter's time in order and wakes it, so no test sleeps.
 */
function fakeTime() {
  const clock = new ManualClock();
  const waiters: { at: number; resolve: () => void }[] = [];
  const waitUntil: WaitUntil = (at, signal) =>
    new Promise((resolve, reject) => {
      const waiter = { at, resolve };
      waiters.push(waiter);
      signal.addEventListener(
        'abort',
        () => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  async function advance(ms: number): Promise<void> {
    const target = clock.now() + ms;
    for (;;) {
      await flush();
      waiters.sort((a, b) => a.at - b.at);
      const next = waiters[0];
      if (!next || next.at > target) break;
      waiters.shift();
      if (next.at > clock.now()) clock.set(next.at);
      next.resolve();
    }
    clock.set(target);
    await flush();
  }
  return { clock, t0: clock.now(), waitUntil, advance, waiting: () => waiters.length };
}

/** Start a turn and note the clock when it is given. */
function turnAt(pace: ReturnType<typeof createRelayPace>, clock: ManualClock) {
  const noted: { turn?: PaceTurn; at?: number } = {};
  const done = pace.awaitTurn().then((turn) => {
    noted.turn = turn;
    noted.at = clock.now();
    return turn;
  });
  return Object.assign(noted, { done });
}

function ticketOf(turn: PaceTurn | undefined): PaceTicket {
  if (!turn?.go) throw new Error(`no turn given: ${JSON.stringify(turn)}`);
  return turn.ticket;
}

describe('isThrottle', () => {
  it.each([
    ['421 4.7.0 Too many connections', 421, true],
    ['450 4.2.1 Mailbox busy', 450, true],
    ['451 4.3.0 Try again later', 451, true],
    ['452 4.2.2 Mailbox full', 452, true],
    ['454 4.7.0 TLS not available', 454, true],
    ['403 4.7.0 Rate limit exceeded', 403, true],
    ['432 4.7.12 A password transition is needed', 432, true],
    ['441 4.4.1 No answer from host', 441, false],
    ['447 4.4.7 Delivery time expired', 447, false],
    ['471 4.71 not an enhanced status', 471, false],
    ['550 5.7.1 Rate limited forever', 550, false],
    ['554 5.7.0 Rejected', 554, false],
  ])('%s → %s', (message, code, expected) => {
    expect(isThrottle(new DeliveryFailure(message, code >= 500, code))).toBe(expected);
  });

  it('a dropped or refused connection (no reply code) is a throttle', () => {
    expect(isThrottle(new DeliveryFailure('Connection closed unexpectedly', false))).toBe(true);
    expect(isThrottle(new DeliveryFailure('connect ECONNREFUSED 127.0.0.1:25', false))).toBe(true);
  });
});

describe('relay pace: the rate', () => {
  it('without a rate or a throttle, every turn is given at once', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil });
    const turns = await Promise.all(Array.from({ length: 50 }, () => pace.awaitTurn()));
    expect(turns.every((t) => t.go)).toBe(true);
    expect(time.waiting()).toBe(0);
    expect(time.clock.now()).toBe(time.t0);
  });

  it('20 per second: 30 concurrent hand-offs start 50 ms apart, 1.45 s from first to last', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil, ratePerSecond: 20 });
    const turns = Array.from({ length: 30 }, () => turnAt(pace, time.clock));
    await time.advance(1_449);
    expect(turns.filter((t) => t.turn).length).toBe(29);
    await time.advance(1);
    expect(turns.map((t) => t.at! - time.t0)).toEqual(Array.from({ length: 30 }, (_, i) => i * 50));
    // The next one after a quiet spell goes at once.
    await time.advance(10_000);
    const later = turnAt(pace, time.clock);
    await flush();
    expect(later.at).toBe(time.clock.now());
  });

  it('a fraction per second spaces hand-offs further apart', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil, ratePerSecond: 0.5 });
    const turns = [turnAt(pace, time.clock), turnAt(pace, time.clock), turnAt(pace, time.clock)];
    await time.advance(4_000);
    expect(turns.map((t) => t.at! - time.t0)).toEqual([0, 2_000, 4_000]);
  });

  it('a turn further off than the longest wait is refused with the time to come back, and takes no slot', async () => {
    const time = fakeTime();
    // One hand-off every 50 s: the third would wait 100 s, past the 60 s a job may wait.
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil, ratePerSecond: 0.02 });
    const first = await pace.awaitTurn();
    const second = turnAt(pace, time.clock);
    expect(await pace.awaitTurn()).toEqual({ go: false, retryAt: time.t0 + 100_000 });
    expect(await pace.awaitTurn()).toEqual({ go: false, retryAt: time.t0 + 100_000 });
    expect(first.go).toBe(true);
    await time.advance(50_000);
    expect(second.at).toBe(time.t0 + 50_000);
  });
});

describe('relay pace: cooling after a throttle', () => {
  it('pauses new hand-offs 1 s, then 2, 4, 8, 16, 32 and at most 60 s while every hand-off is throttled', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil });
    let turn = await pace.awaitTurn();
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      pace.throttled(ticketOf(turn));
      const { coolingMs, pausedUntil } = pace.state();
      expect(pausedUntil).toBe(time.clock.now() + coolingMs);
      pauses.push(coolingMs);
      const next = turnAt(pace, time.clock);
      await time.advance(coolingMs - 1);
      expect(next.turn).toBeUndefined();
      await time.advance(1);
      expect(next.at).toBe(pausedUntil);
      turn = await next.done;
    }
    expect(COOLING_BASE_MS).toBe(1_000);
    expect(COOLING_MAX_MS).toBe(60_000);
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('a success sets cooling back: the next throttle pauses 1 s again', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil });
    pace.throttled(ticketOf(await pace.awaitTurn()));
    await time.advance(1_000);
    pace.throttled(ticketOf(await pace.awaitTurn()));
    expect(pace.state().coolingMs).toBe(2_000);
    const waiting = turnAt(pace, time.clock);
    await time.advance(2_000);
    pace.succeeded(ticketOf(waiting.turn));
    expect(pace.state().coolingMs).toBe(0);
    // No pause in force: the next one goes at once.
    const now = time.clock.now();
    pace.throttled(ticketOf(await pace.awaitTurn()));
    expect(pace.state()).toEqual({ coolingMs: 1_000, pausedUntil: now + 1_000 });
  });

  it('hand-offs under way when a throttle paused the pace only confirm it: 32 throttled at once pause 1 s, not 60', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil });
    const tickets = (await Promise.all(Array.from({ length: 32 }, () => pace.awaitTurn()))).map(ticketOf);
    for (const ticket of tickets) pace.throttled(ticket);
    expect(pace.state()).toEqual({ coolingMs: 1_000, pausedUntil: time.t0 + 1_000 });
    // A success of one that started before the throttle does not end the cooling either.
    const earlier = tickets[0]!;
    pace.succeeded(earlier);
    expect(pace.state().coolingMs).toBe(1_000);
  });

  it('a throttle while a hand-off waits for its rate slot puts it behind the pause', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil, ratePerSecond: 1 });
    const first = ticketOf(await pace.awaitTurn());
    const second = turnAt(pace, time.clock); // its slot: t0 + 1 s
    await time.advance(500);
    pace.throttled(first); // pause until t0 + 1.5 s
    await time.advance(1_000);
    expect(second.at).toBe(time.t0 + 1_500);
    // And the rate still holds after it.
    const third = turnAt(pace, time.clock);
    await time.advance(1_000);
    expect(third.at).toBe(time.t0 + 2_500);
  });

  it('close() refuses the waiting turns at once, and every later one', async () => {
    const time = fakeTime();
    const pace = createRelayPace({ clock: time.clock, waitUntil: time.waitUntil });
    pace.throttled(ticketOf(await pace.awaitTurn()));
    const waiting = turnAt(pace, time.clock);
    await flush();
    expect(time.waiting()).toBe(1);
    pace.close();
    expect(await waiting.done).toEqual({ go: false, retryAt: time.t0 });
    expect(time.waiting()).toBe(0);
    expect(await pace.awaitTurn()).toEqual({ go: false, retryAt: time.t0 });
  });
});

describe('relay pace on real timers (waitWithTimers)', () => {
  it('waits in real time, and close() cuts a long wait short', async () => {
    const pace = createRelayPace({ clock: systemClock, waitUntil: waitWithTimers(systemClock), ratePerSecond: 50 });
    const started = Date.now();
    const turns = await Promise.all([pace.awaitTurn(), pace.awaitTurn(), pace.awaitTurn()]);
    expect(turns.every((t) => t.go)).toBe(true);
    // Three starts 20 ms apart: the last one 40 ms after the first (timers may fire a millisecond early).
    expect(Date.now() - started).toBeGreaterThanOrEqual(38);

    pace.throttled(ticketOf(turns[2])); // new hand-offs wait 1 s
    const cut = Date.now();
    const waiting = pace.awaitTurn();
    setTimeout(() => pace.close(), 20);
    expect((await waiting).go).toBe(false);
    expect(Date.now() - cut).toBeLessThan(500);
  });
});
