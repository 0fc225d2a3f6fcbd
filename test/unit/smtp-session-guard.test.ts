import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_WINDOW_MS, createSessionGuard, type SessionGuard } from '../../servers/smtp/session-guard.ts';

// The submission port's shares of connections, per address and for the whole
// server, and its lockouts on an injected clock. A connection is named here by a
// string such as 'a1' (address a, first connection).

/** Open `count` connections from `address`, named `${name}1` … ; what the guard answered to each. */
function openMany(guard: SessionGuard<string>, address: string, name: string, count: number) {
  return Array.from({ length: count }, (_, i) => guard.open(address, `${name}${i + 1}`));
}

const admitted = { admitted: true, evicted: null };

describe('SMTP session guard', () => {
  it('gives each address its share of connections, and takes back what closes', () => {
    const guard = createSessionGuard<string>({ maxConnections: 100, maxConnectionsPerAddress: 2, maxAuthFailuresPerAddress: 3 });
    expect(openMany(guard, '10.0.0.1', 'a', 3)).toEqual([admitted, admitted, { admitted: false, reason: 'address_full' }]);
    expect(guard.open('10.0.0.2', 'b1')).toEqual(admitted);
    guard.closed('a1');
    expect(guard.open('10.0.0.1', 'a4')).toEqual(admitted);
    // A refused connection holds nothing: closing it gives nothing back.
    guard.closed('a3');
    expect(guard.connections.get('10.0.0.1')).toBe(2);
    for (const holder of ['a2', 'a4', 'b1']) guard.closed(holder);
    expect([...guard.connections]).toEqual([]);
    expect(guard.size).toBe(0);
  });

  it('when full, a newcomer under its fair share takes the slot of the oldest unauthenticated connection of the busiest address', () => {
    const guard = createSessionGuard<string>({ maxConnections: 10, maxConnectionsPerAddress: 8, maxAuthFailuresPerAddress: 3 });
    expect(openMany(guard, 'A', 'a', 7)).toEqual(Array(7).fill(admitted));
    expect(openMany(guard, 'B', 'b', 3)).toEqual(Array(3).fill(admitted));
    guard.authenticated('a1');
    // Full. C holds nothing, under its share (10 / 3 addresses): A's oldest that has not authenticated (a2) makes room.
    expect(guard.open('C', 'c1')).toEqual({ admitted: true, evicted: 'a2' });
    expect(guard.size).toBe(10);
    expect(Object.fromEntries(guard.connections)).toEqual({ A: 6, B: 3, C: 1 });
    // The evicted connection's own close later changes nothing.
    guard.closed('a2');
    expect(guard.size).toBe(10);
    expect(guard.open('C', 'c2')).toEqual({ admitted: true, evicted: 'a3' });
    expect(guard.open('C', 'c3')).toEqual({ admitted: true, evicted: 'a4' });
    // C holds 3, its share (floor(10 / 3)): no more.
    expect(guard.open('C', 'c4')).toEqual({ admitted: false, reason: 'server_full' });
    // A (4) is still the busiest; B (3) is never touched while A holds more.
    expect(Object.fromEntries(guard.connections)).toEqual({ A: 4, B: 3, C: 3 });
  });

  it('never closes an authenticated session to make room', () => {
    const guard = createSessionGuard<string>({ maxConnections: 4, maxConnectionsPerAddress: 4, maxAuthFailuresPerAddress: 3 });
    openMany(guard, 'A', 'a', 4);
    for (const holder of ['a1', 'a2', 'a3', 'a4']) guard.authenticated(holder);
    expect(guard.open('B', 'b1')).toEqual({ admitted: false, reason: 'server_full' });
    // One that has not authenticated can go, and only that one.
    guard.closed('a4');
    guard.open('A', 'a5');
    expect(guard.open('B', 'b1')).toEqual({ admitted: true, evicted: 'a5' });
    expect(guard.open('B', 'b2')).toEqual({ admitted: false, reason: 'server_full' });
  });

  it('passes over a busier address whose sessions have all authenticated, to the next busiest', () => {
    const guard = createSessionGuard<string>({ maxConnections: 10, maxConnectionsPerAddress: 10, maxAuthFailuresPerAddress: 3 });
    openMany(guard, 'A', 'a', 6);
    for (let i = 1; i <= 6; i++) guard.authenticated(`a${i}`);
    openMany(guard, 'B', 'b', 4);
    expect(guard.open('C', 'c1')).toEqual({ admitted: true, evicted: 'b1' });
    expect(guard.open('C', 'c2')).toEqual({ admitted: true, evicted: 'b2' });
    // B holds 2 and C 2: a swap would only move the imbalance, so C waits.
    expect(guard.open('C', 'c3')).toEqual({ admitted: false, reason: 'server_full' });
    expect(Object.fromEntries(guard.connections)).toEqual({ A: 6, B: 2, C: 2 });
  });

  it('lets a new address in even when every address holds one connection: the oldest that has not authenticated makes room', () => {
    const guard = createSessionGuard<string>({ maxConnections: 3, maxConnectionsPerAddress: 3, maxAuthFailuresPerAddress: 3 });
    guard.open('A', 'a1');
    guard.open('B', 'b1');
    guard.open('C', 'c1');
    guard.authenticated('c1');
    expect(guard.open('D', 'd1')).toEqual({ admitted: true, evicted: 'a1' });
    expect(guard.open('E', 'e1')).toEqual({ admitted: true, evicted: 'b1' });
    expect(guard.open('F', 'f1')).toEqual({ admitted: true, evicted: 'd1' });
    // An address that holds one already takes nothing from one that holds one.
    expect(guard.open('F', 'f2')).toEqual({ admitted: false, reason: 'server_full' });
    expect(Object.fromEntries(guard.connections)).toEqual({ C: 1, E: 1, F: 1 });
  });

  it('evens out fifteen busy addresses and still lets a sixteenth in (the 300-connection flood)', () => {
    const guard = createSessionGuard<string>({ maxConnections: 256, maxConnectionsPerAddress: 20, maxAuthFailuresPerAddress: 3 });
    const answers = [];
    for (let n = 2; n <= 16; n++) answers.push(...openMany(guard, `127.0.0.${n}`, `s${n}-`, 20));
    expect(guard.size).toBe(256);
    // Each of the 44 past the cap was refused, or got in by closing another.
    const refused = answers.filter((a) => !a.admitted);
    const evicting = answers.filter((a) => a.admitted && a.evicted !== null);
    expect(refused.length + evicting.length).toBe(44);
    expect(new Set(refused.map((a) => !a.admitted && a.reason))).toEqual(new Set(['server_full']));
    const shares = [...guard.connections.values()];
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    const honest = guard.open('127.0.0.1', 'honest');
    expect(honest).toMatchObject({ admitted: true, evicted: expect.stringMatching(/^s\d+-\d+$/) });
    guard.authenticated('honest');
    expect(guard.size).toBe(256);
  });

  it('locks an address out after its failed AUTH attempts in the window, until the oldest leaves it', () => {
    let now = 1_000_000;
    const guard = createSessionGuard<string>({ maxConnections: 100, maxConnectionsPerAddress: 2, maxAuthFailuresPerAddress: 3, now: () => now });
    guard.authFailed('10.0.0.1');
    now += 60_000;
    guard.authFailed('10.0.0.1');
    expect(guard.lockedOut('10.0.0.1')).toBe(false);
    guard.authFailed('10.0.0.1');
    expect(guard.lockedOut('10.0.0.1')).toBe(true);
    expect(guard.lockedOut('10.0.0.2')).toBe(false);
    // The first failure leaves the window: two are left, under the limit.
    now = 1_000_000 + AUTH_FAILURE_WINDOW_MS;
    expect(guard.lockedOut('10.0.0.1')).toBe(false);
    now += 60_000 + AUTH_FAILURE_WINDOW_MS;
    expect(guard.lockedOut('10.0.0.1')).toBe(false);
  });
});
