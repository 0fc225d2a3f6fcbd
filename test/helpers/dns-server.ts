import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering from records the
 * test sets: MX, A, AAAA, TXT; a name with no records at all is NXDOMAIN, a name
 * with records but none of the type asked is an empty answer (NODATA); a name
 * (or one question, `TYPE name`) in `silent` is never answered (a timeout), and
 * in `servfail` is answered SERVFAIL (the server failed). Point DNS_SERVERS at
 * `address`.
 */
export interface TestDnsServer {
  /** host:port, for DNS_SERVERS. */
  readonly address: string;
  readonly records: Map<string, DnsRecord[]>;
  /** Names, or questions as `TYPE name` (`AAAA example.com`), that are dropped. */
  readonly silent: Set<string>;
  /** Names, or questions as `TYPE name`, answered SERVFAIL. */
  readonly servfail: Set<string>;
  set(name: string, records: DnsRecord[]): void;
  /** Questions received, as `TYPE name`. */
  readonly questions: string[];
  close(): Promise<void>;
}

export type DnsRecord =
  | { type: 'MX'; exchange: string; preference: number }
  | { type: 'A'; address: string }
  | { type: 'AAAA'; address: string }
  | { type: 'TXT'; text: string };

export async function startDnsServer(): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const records = new Map<string, DnsRecord[]>();
  const silent = new Set<string>();
  const servfail = new Set<string>();
  const questions: string[] = [];
  socket.on('message', (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    const asked = `${question.type} ${name}`;
    questions.push(asked);
    if (silent.has(name) || silent.has(asked)) return;
    const known = records.get(name);
    const failed = servfail.has(name) || servfail.has(asked);
    const answers = (failed ? [] : (known ?? []))
      .filter((r) => r.type === question.type)
      .map((r): dnsPacket.Answer => {
        const base = { name: question.name, ttl: 60, class: 'IN' as const };
        switch (r.type) {
          case 'MX':
            return { ...base, type: 'MX', data: { exchange: r.exchange, preference: r.preference } };
          case 'A':
            return { ...base, type: 'A', data: r.address };
          case 'AAAA':
            return { ...base, type: 'AAAA', data: r.address };
          case 'TXT':
            // Long values are split into strings of at most 255 bytes, as DNS requires.
            return { ...base, type: 'TXT', data: r.text.match(/.{1,255}/g) ?? [''] };
        }
      });
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (failed ? 2 : known ? 0 : 3), // rcode 2: SERVFAIL, 3: NXDOMAIN
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    records,
    silent,
    servfail,
    questions,
    set: (name, list) => void records.set(name.toLowerCase(), list),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
