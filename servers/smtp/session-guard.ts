// What keeps the submission port's slots for honest clients: a cap on the
// connections one address holds, a cap on all connections that a few busy
// addresses cannot fill for everyone else, and a cap on the failed AUTH attempts
// one address makes. The deadlines of a session (AUTH, idle, DATA) are kept by
// the connection itself (server.ts). One guard serves both ports.

/** The window failed AUTH attempts of one address are counted in. */
export const AUTH_FAILURE_WINDOW_MS = 10 * 60 * 1000;

export interface SessionGuardOptions {
  /** All connections together (SMTP_MAX_CONNECTIONS). */
  maxConnections: number;
  maxConnectionsPerAddress: number;
  maxAuthFailuresPerAddress: number;
  now?: () => number;
}

/**
 * The answer to a new connection: a slot, possibly taken from an older connection
 * that must now be closed, or a refusal saying which cap it met.
 */
export type Admission<H> = { admitted: true; evicted: H | null } | { admitted: false; reason: 'address_full' | 'server_full' };

/** `H` is whatever names one connection to the caller (server.ts: its session). */
export interface SessionGuard<H> {
  /**
   * Take a slot for a connection from this address. When the server is full, an
   * address holding less than its fair share (the cap over the addresses connected,
   * itself counted) takes the slot of the oldest connection that has not
   * authenticated from the address holding the most; the caller closes that one.
   * That address must hold at least two more than the newcomer's (one more when the
   * newcomer's holds none), so that a swap never leaves it below the newcomer's and
   * two busy addresses do not take turns closing each other's connections.
   */
  open(address: string, holder: H): Admission<H>;
  /** The connection authenticated: it is never closed to make room. */
  authenticated(holder: H): void;
  /** Give the slot back; a holder that holds none (refused, or closed to make room) is ignored. */
  closed(holder: H): void;
  /** Count a failed AUTH from this address. */
  authFailed(address: string): void;
  /** Has this address failed AUTH too often lately? */
  lockedOut(address: string): boolean;
  /** Open connections by address (for tests and diagnostics). */
  readonly connections: ReadonlyMap<string, number>;
  /** Open connections, all addresses together. */
  readonly size: number;
}

/** One address's connections, oldest first, and how many of them have not authenticated. */
interface AddressSlots<H> {
  holders: Set<H>;
  unauthenticated: number;
}

interface Slot {
  address: string;
  authenticated: boolean;
  /** Order of arrival, all addresses together: the oldest of equals makes room first. */
  seq: number;
}

export function createSessionGuard<H>(options: SessionGuardOptions): SessionGuard<H> {
  const now = options.now ?? Date.now;
  const byAddress = new Map<string, AddressSlots<H>>();
  const holders = new Map<H, Slot>();
  let arrivals = 0;
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

  function release(holder: H): void {
    const slot = holders.get(holder);
    if (!slot) return;
    holders.delete(holder);
    const slots = byAddress.get(slot.address)!;
    slots.holders.delete(holder);
    if (!slot.authenticated) slots.unauthenticated--;
    if (slots.holders.size === 0) byAddress.delete(slot.address);
  }

  /** An address's oldest connection that has not authenticated (it has one). */
  function oldestUnauthenticated(slots: AddressSlots<H>): { holder: H; seq: number } {
    for (const holder of slots.holders) {
      const slot = holders.get(holder)!;
      if (!slot.authenticated) return { holder, seq: slot.seq };
    }
    throw new Error('an address counted as unauthenticated has no such connection');
  }

  /**
   * Whose slot a newcomer from an address holding `held` may take: the oldest
   * unauthenticated connection of the busiest address that has one (of equally
   * busy ones, the oldest such connection), when that address holds enough more.
   */
  function victimFor(held: number): H | null {
    const least = held === 0 ? 1 : held + 2;
    let best: { size: number; holder: H; seq: number } | null = null;
    for (const slots of byAddress.values()) {
      const size = slots.holders.size;
      if (slots.unauthenticated === 0 || size < least || (best && size < best.size)) continue;
      const oldest = oldestUnauthenticated(slots);
      if (!best || size > best.size || oldest.seq < best.seq) best = { size, ...oldest };
    }
    return best ? best.holder : null;
  }

  function admit(address: string, holder: H): void {
    let slots = byAddress.get(address);
    if (!slots) byAddress.set(address, (slots = { holders: new Set(), unauthenticated: 0 }));
    slots.holders.add(holder);
    slots.unauthenticated++;
    holders.set(holder, { address, authenticated: false, seq: arrivals++ });
  }

  return {
    open(address, holder) {
      const held = byAddress.get(address)?.holders.size ?? 0;
      if (held >= options.maxConnectionsPerAddress) return { admitted: false, reason: 'address_full' };
      if (holders.size < options.maxConnections) {
        admit(address, holder);
        return { admitted: true, evicted: null };
      }
      const addresses = byAddress.size + (held === 0 ? 1 : 0);
      const fairShare = Math.max(1, Math.floor(options.maxConnections / addresses));
      const evicted = held < fairShare ? victimFor(held) : null;
      if (evicted === null) return { admitted: false, reason: 'server_full' };
      release(evicted);
      admit(address, holder);
      return { admitted: true, evicted };
    },
    authenticated(holder) {
      const slot = holders.get(holder);
      if (!slot || slot.authenticated) return;
      slot.authenticated = true;
      byAddress.get(slot.address)!.unauthenticated--;
    },
    closed: release,
    authFailed(address) {
      const times = recent(address);
      times.push(now());
      if (times.length > options.maxAuthFailuresPerAddress) times.shift();
      failures.set(address, times);
    },
    lockedOut(address) {
      return recent(address).length >= options.maxAuthFailuresPerAddress;
    },
    get connections() {
      return new Map([...byAddress].map(([address, slots]) => [address, slots.holders.size]));
    },
    get size() {
      return holders.size;
    },
  };
}
