// What keeps the submission port's slots for honest clients: a cap on the
// connections one address holds, and a cap on the failed AUTH attempts one
// address makes. The deadlines of a session (AUTH, idle, DATA) are kept by the
// connection itself (server.ts). One guard serves both ports.

/** The window failed AUTH attempts of one address are counted in. */
export const AUTH_FAILURE_WINDOW_MS = 10 * 60 * 1000;

export interface SessionGuardOptions {
  maxConnectionsPerAddress: number;
  maxAuthFailuresPerAddress: number;
  now?: () => number;
}

export interface SessionGuard {
  /** Take a slot for this address; false when it holds its share already. */
  open(address: string): boolean;
  /** Give the slot back (once per open that succeeded). */
  closed(address: string): void;
  /** Count a failed AUTH from this address. */
  authFailed(address: string): void;
  /** Has this address failed AUTH too often lately? */
  lockedOut(address: string): boolean;
  /** Open connections by address (for tests and diagnostics). */
  readonly connections: ReadonlyMap<string, number>;
}

export function createSessionGuard(options: SessionGuardOptions): SessionGuard {
  const now = options.now ?? Date.now;
  const connections = new Map<string, number>();
  // Failed attempts per address: the time of each, oldest first, at most the limit kept.
  const failures = new Map<string, number[]>();

  function recent(address: string): number[] {
    const times = failures.get(address);
    if (!times) return [];
    const since = now() - AUTH_FAILURE_WINDOW_MS;
    while (times.length > 0 && times[0]! <= since) times.shift();
    if (times.length === 0) failures.delete(address);
    return times;
  }

  return {
    open(address) {
      const held = connections.get(address) ?? 0;
      if (held >= options.maxConnectionsPerAddress) return false;
      connections.set(address, held + 1);
      return true;
    },
    closed(address) {
      const held = connections.get(address) ?? 0;
      if (held <= 1) connections.delete(address);
      else connections.set(address, held - 1);
    },
    authFailed(address) {
      const times = recent(address);
      times.push(now());
      if (times.length > options.maxAuthFailuresPerAddress) times.shift();
      failures.set(address, times);
    },
    lockedOut(address) {
      return recent(address).length >= options.maxAuthFailuresPerAddress;
    },
    connections,
  };
}
