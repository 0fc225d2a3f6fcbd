// DNS lookups for address verification and sending domains: node:dns's
// Resolver on the servers DNS_SERVERS names (the system's otherwise), with each
// lookup bounded in time. An answer that the name or record does not exist is
// an answer (empty); a server that does not answer, or fails, is DnsUnavailable:
// the caller says "could not check", never "does not exist".
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

export class DnsUnavailable extends Error {
  constructor(
    readonly domain: string,
    readonly reason: string,
  ) {
    super(`DNS did not answer for ${domain}: ${reason}`);
    this.name = 'DnsUnavailable';
  }
}

export interface MxRecord {
  exchange: string;
  priority: number;
}

export interface DnsResolver {
  /** MX records; [] when there are none. `nxdomain`: the name does not exist. */
  mx(domain: string): Promise<{ records: MxRecord[]; nxdomain: boolean }>;
  /** A and AAAA addresses: those either family found, though the other failed; [] when both answered none. Throws DnsUnavailable when none were found and a family did not answer. */
  addresses(domain: string): Promise<string[]>;
  /** TXT records, each joined from its strings; [] when there are none. */
  txt(domain: string): Promise<string[]>;
  /**
   * A host's addresses for connecting to it, as addresses() finds them, with
   * their family; `localhost` is loopback without asking (RFC 6761). Asked of
   * DNS, never the system's getaddrinfo, whose threads a name that does not
   * answer would hold for as long as the system likes (the same threads sync the
   * database's log to disk).
   */
  hostAddresses(host: string): Promise<{ address: string; family: number }[]>;
}

export interface DnsResolverOptions {
  /** IP addresses with optional ports (dns.setServers notation, as loadConfig checks DNS_SERVERS); empty: the system's. */
  servers: readonly string[];
  /** The whole lookup's bound, retries included. */
  timeoutMs?: number;
}

/** Codes that mean the DNS answered "no such name / no such record". */
const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

export function createDnsResolver(options: DnsResolverOptions): DnsResolver {
  const timeoutMs = options.timeoutMs ?? 4_000;
  // Two tries of half the bound each, so a lost UDP packet gets a second chance within it.
  const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);

  async function ask<T>(domain: string, query: () => Promise<T>, empty: T): Promise<{ value: T; nxdomain: boolean }> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DnsUnavailable(domain, `no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      return { value: await Promise.race([query(), deadline]), nxdomain: false };
    } catch (error) {
      if (error instanceof DnsUnavailable) throw error;
      const code = (error as { code?: string }).code ?? '';
      if (NO_DATA.has(code)) return { value: empty, nxdomain: code !== 'ENODATA' };
      throw new DnsUnavailable(domain, code || String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  const api: DnsResolver = {
    async mx(domain) {
      const { value, nxdomain } = await ask(domain, () => resolver.resolveMx(domain), [] as MxRecord[]);
      return { records: value, nxdomain };
    },
    async addresses(domain) {
      // Both families asked apart: one that fails or times out must not hide addresses the other found.
      const answers = await Promise.allSettled([
        ask(domain, () => resolver.resolve4(domain), [] as string[]),
        ask(domain, () => resolver.resolve6(domain), [] as string[]),
      ]);
      const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value.value : []));
      const failed = answers.find((a) => a.status === 'rejected');
      // None found while one family went unanswered is not known to be none.
      if (found.length === 0 && failed) throw failed.reason;
      return found;
    },
    async txt(domain) {
      const { value } = await ask(domain, () => resolver.resolveTxt(domain), [] as string[][]);
      return value.map((strings) => strings.join(''));
    },
    async hostAddresses(host) {
      const name = host.toLowerCase().replace(/\.$/, '');
      if (name === 'localhost' || name.endsWith('.localhost'))
        return [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ];
      return (await api.addresses(name)).map((address) => ({ address, family: isIP(address) }));
    },
  };
  return api;
}
