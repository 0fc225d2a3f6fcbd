import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_WINDOW_MS, createSessionGuard } from '../../servers/smtp/session-guard.ts';

// The submission port's per-address shares, on an injected clock.
describe('SMTP session guard', () => {
  it('gives each address its share of connections, and takes back what closes', () => {
    const guard = createSessionGuard({ maxConnectionsPerAddress: 2, maxAuthFailuresPerAddress: 3 });
    expect([guard.open('10.0.0.1'), guard.open('10.0.0.1'), guard.open('10.0.0.1')]).toEqual([true, true, false]);
    expect(guard.open('10.0.0.2')).toBe(true);
    guard.closed('10.0.0.1');
    expect(guard.open('10.0.0.1')).toBe(true);
    guard.closed('10.0.0.1');
    guard.closed('10.0.0.1');
    guard.closed('10.0.0.2');
    expect([...guard.connections]).toEqual([]);
  });

  it('locks an address out after its failed AUTH attempts in the window, until the oldest leaves it', () => {
    let now = 1_000_000;
    const guard = createSessionGuard({ maxConnectionsPerAddress: 2, maxAuthFailuresPerAddress: 3, now: () => now });
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
