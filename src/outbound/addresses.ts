// The addresses a request made on a stranger's behalf may reach (an OAuth
// client's metadata document, an outbound webhook): resolve the host, refuse
// every private, loopback, link-local or otherwise special address unless the
// operator allowed them, and connect to the very address that was checked (a
// second DNS answer cannot swap in another: DNS rebinding). node: built-ins only.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a request on a stranger's behalf must not reach: everything but
 * ordinary global unicast (IANA special-purpose registries, RFC 6890 and after).
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT shared space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64 (reaches any IPv4 address, private ones included)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/**
 * Whether an IP address is one a request on a stranger's behalf must not reach
 * (loopback, private, CGNAT, link-local, unique-local, multicast, unspecified,
 * reserved, IPv4-mapped IPv6 of those, …). Anything that is not an IP address is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d, however written) is that IPv4 address.
  const canonical = new URL(`http://[${address}]/`).hostname; // e.g. [::ffff:7f00:1]
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

export interface ResolveOptions {
  /** Loopback and private addresses are fine (tests, trusted networks). */
  allowPrivate: boolean;
  /** Resolve a host name. Default: node:dns/promises lookup with { all: true }. */
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

/**
 * Resolve the URL's host (or take its IP literal) and check every address it
 * has: the first is the one to connect to. `unresolvable` when it has none,
 * `private` when any of them may not be reached.
 */
export async function resolveChecked(url: URL, options: ResolveOptions): Promise<{ address: string; family: number } | 'unresolvable' | 'private'> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    const lookup = options.lookup ?? ((name: string) => dnsLookup(name, { all: true }));
    addresses = await lookup(host).catch(() => []);
  }
  if (addresses.length === 0) return 'unresolvable';
  if (!options.allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return 'private';
  const first = addresses[0]!;
  return { address: first.address, family: isIP(first.address) || first.family };
}

/** The `lookup` option of http(s).request that connects to this address, whatever DNS would say now. */
export function pinnedLookup(address: { address: string; family: number }): LookupFunction {
  return (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else (callback as (e: null, a: string, f: number) => void)(null, address.address, address.family);
  };
}
