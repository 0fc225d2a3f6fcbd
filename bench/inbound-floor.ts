// The library floor for bench:inbound, run as a child process of the bench (so
// that neither the bench's load nor its DNS server is counted, and with the
// server's node flags): what reading one received message costs in the two
// libraries the inbound listener is built on, called directly with nothing of
// Mailgate around them. For each message, mailauth's `authenticate` (SPF for the
// envelope sender against the connecting address, DKIM, ARC, DMARC; BIMI off)
// with its DNS lookups sent to the bench's DNS server as the server's are, then
// mailparser's `simpleParser`. The messages are handled `concurrency` at a
// time, as the listener's sessions overlap; a pass over `warm` of them first
// (the JIT, the caches), then every message once, timed by process.cpuUsage().
//
// Input: the path of a JSON file (FloorInput). Output: one JSON line (FloorOutput).
import { promises as dns } from 'node:dns';
import fs from 'node:fs';
import { createRequire, Module } from 'node:module';
import type { authenticate as Authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';

const require = createRequire(import.meta.url);

/**
 * mailauth's `authenticate`. Its module loads the BIMI client at once, and that
 * loads undici 8, which needs Node ≥ 22.19; on an older Node (BIMI is off here
 * anyway) the BIMI module is stood in for by one that is never called.
 */
function loadAuthenticate(): typeof Authenticate {
  try {
    return (require('mailauth') as { authenticate: typeof Authenticate }).authenticate;
  } catch {
    const bimiPath = require.resolve('mailauth/lib/bimi/index.js');
    const standIn = new Module(bimiPath);
    standIn.filename = bimiPath;
    standIn.loaded = true;
    standIn.exports = {
      bimi: () => Promise.reject(new Error('BIMI is off')),
      validateVMC: () => Promise.reject(new Error('BIMI is off')),
    };
    require.cache[bimiPath] = standIn;
    return (require('mailauth') as { authenticate: typeof Authenticate }).authenticate;
  }
}

export interface FloorInput {
  /** The messages, one after another, as sent (not dot-stuffed). */
  messagesFile: string;
  /** Their lengths in bytes, in order. */
  lengths: number[];
  /** host:port of the DNS server. */
  dnsServer: string;
  /** The envelope as the listener sees it. */
  ip: string;
  helo: string;
  sender: string;
  /** The receiving host's name, as the server's Authentication-Results names it. */
  mta: string;
  warm: number;
  concurrency: number;
}

export interface FloorOutput {
  messages: number;
  /** CPU µs (user + system) of this process per message. */
  cpuUsPerMessage: number;
  wallMs: number;
  /** How many passed each check, and how many mailparser found attachments in, in the timed pass. */
  dkimPass: number;
  spfPass: number;
  dmarcPass: number;
  withAttachments: number;
}

async function main(): Promise<void> {
  const input = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as FloorInput;
  const all = fs.readFileSync(input.messagesFile);
  const messages: Buffer[] = [];
  let at = 0;
  for (const length of input.lengths) {
    messages.push(all.subarray(at, at + length));
    at += length;
  }
  const authenticate = loadAuthenticate();
  const resolver = new dns.Resolver({ timeout: 4000, tries: 1 });
  resolver.setServers([input.dnsServer]);
  const resolve = (name: string, rrtype: string) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;

  const tally: Omit<FloorOutput, 'messages' | 'cpuUsPerMessage' | 'wallMs'> = { dkimPass: 0, spfPass: 0, dmarcPass: 0, withAttachments: 0 };
  async function read(raw: Buffer, count: boolean): Promise<void> {
    const auth = await authenticate(raw, { ip: input.ip, helo: input.helo, sender: input.sender, mta: input.mta, resolver: resolve, disableBimi: true });
    const parsed = await simpleParser(raw);
    if (!count) return;
    if (auth.dkim.results.some((r) => r.status.result === 'pass')) tally.dkimPass++;
    if (auth.spf && auth.spf.status.result === 'pass') tally.spfPass++;
    if (auth.dmarc && auth.dmarc.status.result === 'pass') tally.dmarcPass++;
    if (parsed.attachments.length > 0) tally.withAttachments++;
  }
  /** Every message of `list`, `concurrency` at a time. */
  async function pass(list: Buffer[], count: boolean): Promise<void> {
    let next = 0;
    const lanes = Array.from({ length: Math.min(input.concurrency, list.length) }, async () => {
      while (next < list.length) await read(list[next++]!, count);
    });
    await Promise.all(lanes);
  }

  await pass(messages.slice(0, input.warm), false);
  const before = process.cpuUsage();
  const t0 = performance.now();
  await pass(messages, true);
  const used = process.cpuUsage(before);
  const output: FloorOutput = {
    messages: messages.length,
    cpuUsPerMessage: (used.user + used.system) / messages.length,
    wallMs: performance.now() - t0,
    ...tally,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
