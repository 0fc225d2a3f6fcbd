// Reads a message received for a receiving domain into the core's IncomingMail:
// mailauth checks SPF (the connecting address against the envelope sender, or
// HELO for the null sender), DKIM, DMARC and ARC; mailparser reads the bytes as
// they will be stored, with this server's Authentication-Results and Received
// headers on top. It never throws for what a client sent: a message mailparser
// cannot read is still handed over, its parsed fields empty and its headers read
// as far as they go. Every string handed over is free of NUL (PostgreSQL text
// cannot hold one); the bytes stay as received.
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import libmime from 'libmime';
import type { ARCData, ARCResult, DKIMResult, DKIMVerifyResult, DMARCResult, DNSResolver, SPFResult } from 'mailauth';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail, type SimpleParserOptions } from 'mailparser';
import type { SMTPServerSession } from 'smtp-server';
import type { AuthResult, IncomingAttachment, IncomingAuthentication, IncomingMail, IncomingMailbox, ParsedIncoming } from '../../src/index.ts';

// mailauth's `authenticate` is its four checks below in this order, plus BIMI and
// ARC sealing. Its package entry loads the BIMI module, whose HTTP client (undici
// 8) does not load on Node 20, so the checks are taken from their own modules.

/** The DNS function mailauth takes: `dns.promises.resolve`'s signature, failing with node:dns error codes. */
export type MailauthResolver = DNSResolver;

/** The transaction a message came in: what the listener knows besides its bytes. */
export interface MailEnvelope {
  /** The RCPT TO addresses it was accepted for. */
  recipients: string[];
  /** MAIL FROM; null for the null sender `<>`. */
  mailFrom: string | null;
  remoteAddress: string;
  /** What the client said in HELO/EHLO. */
  helo: string | null;
  /** Whether the session was under TLS (STARTTLS). */
  secure: boolean;
}

export interface MailReaderOptions {
  /** This server's name: the authserv-id of Authentication-Results and the `by` of Received (SMTP_HOSTNAME). */
  hostname: string;
  resolver: MailauthResolver;
  /** The Received header's time; Date.now by default. */
  now?: () => number;
  /** How long one message's DNS lookups may take together; past it the rest fail at once (temperror). */
  dnsBudgetMs?: number;
  /** How many DNS lookups one message may cause (every check together); past it the rest fail at once (temperror). */
  maxLookups?: number;
}

export interface MailReader {
  /** Authenticate and parse a message as received; resolves with what the core stores. Never rejects for the message's content. */
  read(raw: Buffer, envelope: MailEnvelope): Promise<IncomingMail>;
}

/**
 * The DNS time one message may take, every check together: RFC 7208 §4.6.4 lets
 * SPF stop after 20 s, and without a bound a message signed a thousand times by
 * domains whose servers never answer would hold its session for hours.
 */
export const DNS_BUDGET_MS = 20_000;
/** Lookups per message: SPF's own limits allow about 110 in the worst case, a real message needs a handful. */
export const MAX_LOOKUPS = 100;
/** DKIM signatures listed (in the record and in Authentication-Results), passing ones first; the result counts them all. */
export const MAX_LISTED_SIGNATURES = 20;

/**
 * mailparser's work that nothing here uses is skipped: the HTML is kept as sent
 * (inline images stay `cid:` references to their attachments, which keep their
 * Content-ID), no HTML is made from text nor text from HTML (an HTML-only message
 * has no text), and no links are searched for.
 */
const PARSER_OPTIONS: SimpleParserOptions = {
  keepCidLinks: true,
  skipImageLinks: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
};

const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/** A dns-style failure, so mailauth reports it as temperror. */
function dnsFailure(name: string, reason: string): Error {
  return Object.assign(new Error(`DNS did not answer for ${name}: ${reason}`), { code: 'ETIMEOUT' });
}

/**
 * mailauth's DNS function on `servers` (DNS_SERVERS; the system's when empty), as
 * src/dns/resolver.ts asks them: each lookup bounded by `timeoutMs`, retries
 * included; past it the lookup fails with ETIMEOUT (a temperror, never "no record").
 */
export function mailauthResolver(servers: readonly string[], timeoutMs: number): MailauthResolver {
  // Two tries of half the bound each, so a lost UDP packet gets a second chance within it.
  const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name, rrtype) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(dnsFailure(name, `no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      return await Promise.race([resolver.resolve(name, rrtype as 'TXT'), deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** One message's share of DNS: `budgetMs` and `maxLookups` for all its checks together. */
function budgeted(resolver: MailauthResolver, budgetMs: number, maxLookups: number): MailauthResolver {
  const end = Date.now() + budgetMs;
  let lookups = 0;
  return async (name, rrtype) => {
    lookups++;
    if (lookups > maxLookups) throw dnsFailure(name, `more than ${maxLookups} lookups for one message`);
    const left = end - Date.now();
    if (left <= 0) throw dnsFailure(name, `the message's ${budgetMs / 1000} s of DNS are spent`);
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(dnsFailure(name, `the message's ${budgetMs / 1000} s of DNS are spent`)), left);
    });
    try {
      return await Promise.race([resolver(name, rrtype), cut]);
    } finally {
      clearTimeout(timer);
    }
  };
}

const AUTH_RESULTS: ReadonlySet<string> = new Set<AuthResult>(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror', 'policy']);

/** mailauth's result word as an RFC 8601 one (its deprecated `temperr` is temperror; anything else unknown is none). */
function resultWord(result: string | undefined): AuthResult {
  if (result === 'temperr') return 'temperror';
  return result !== undefined && AUTH_RESULTS.has(result) ? (result as AuthResult) : 'none';
}

/** A client address as SPF and Received write it: an IPv4-mapped IPv6 address is the IPv4 one. */
function clientAddress(remoteAddress: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(remoteAddress);
  return mapped ? mapped[1]! : remoteAddress;
}

/** The HELO name as a header may carry it: printable ASCII without the characters that would end its clause. */
function heloToken(helo: string | null): string | null {
  if (!helo) return null;
  const token = helo.replace(/[^\x21-\x7e]|[()\\;<>"]/g, '?').slice(0, 255);
  return token || null;
}

/** RFC 5322 date-time in UTC: `Tue, 27 Nov 2024 14:48:00 +0000`. */
const headerDate = (ms: number) => new Date(ms).toUTCString().replace(/GMT$/, '+0000');

/** The Received header (RFC 5321 §4.4) this server adds; `for` only with one recipient, so as not to list the others. */
function receivedHeader(hostname: string, envelope: MailEnvelope, ip: string, now: number): string {
  const literal = isIP(ip) === 6 ? `[IPv6:${ip}]` : `[${ip}]`;
  const from = `from ${heloToken(envelope.helo) ?? 'unknown'} (${literal})`;
  const by = `by ${hostname} (Mailgate) with ${envelope.secure ? 'ESMTPS' : 'ESMTP'}`;
  const only = envelope.recipients.length === 1 ? headerSafeAddress(envelope.recipients[0]!) : null;
  return `Received: ${from}\r\n\t${by}${only ? `\r\n\tfor <${only}>` : ''};\r\n\t${headerDate(now)}\r\n`;
}

/** An envelope address as a header may carry it (SMTPUTF8 addresses stay UTF-8), or null if it would break the line. */
function headerSafeAddress(address: string): string | null {
  return /^[^\s<>()\\;\u0000-\u001f\u007f]{1,320}$/u.test(address) ? address : null;
}

interface Authenticated {
  authentication: IncomingAuthentication;
  /** The Authentication-Results header, folded, CRLF-terminated. */
  header: string;
}

/** The signatures to list: passing ones first, at most MAX_LISTED_SIGNATURES. */
function listedSignatures(results: readonly DKIMResult[]): DKIMResult[] {
  const signatures = results.filter((r) => r.signingDomain);
  const passing = signatures.filter((r) => r.status.result === 'pass');
  return [...passing, ...signatures.filter((r) => r.status.result !== 'pass')].slice(0, MAX_LISTED_SIGNATURES);
}

let checks: Promise<MailauthChecks> | undefined;
interface MailauthChecks {
  arc: typeof import('mailauth/lib/arc/index.js').arc;
  dkimVerify: typeof import('mailauth/lib/dkim/verify.js').dkimVerify;
  evaluateDmarc: typeof import('mailauth/lib/dmarc/index.js').evaluateDmarc;
  spf: typeof import('mailauth/lib/spf/index.js').spf;
}

/** mailauth's checks, loaded with the first message received: a process that receives none never reads its modules. */
function mailauthChecks(): Promise<MailauthChecks> {
  checks ??= Promise.all([
    import('mailauth/lib/arc/index.js'),
    import('mailauth/lib/dkim/verify.js'),
    import('mailauth/lib/dmarc/index.js'),
    import('mailauth/lib/spf/index.js'),
  ]).then(
    ([a, d, m, s]) => ({ arc: a.arc, dkimVerify: d.dkimVerify, evaluateDmarc: m.evaluateDmarc, spf: s.spf }),
    (error: unknown) => {
      // A load that failed (out of file descriptors, say) is tried again with the next message.
      checks = undefined;
      throw error;
    },
  );
  return checks;
}

/**
 * SPF, DKIM, ARC and DMARC as mailauth's `authenticate` runs them (lenient mode,
 * no BIMI, no sealing), with SPF run beside DKIM rather than after it. A check that
 * throws (a mailauth bug, never the message) is a temperror, and the others still run.
 */
async function authenticate(raw: Buffer, envelope: MailEnvelope, ip: string, hostname: string, resolver: MailauthResolver): Promise<Authenticated> {
  const { arc, dkimVerify, evaluateDmarc, spf } = await mailauthChecks();
  // RFC 7208 §2.3: HELO is checked for the null sender; a client that gave none is named by its address literal.
  const helo = envelope.helo && !isIP(envelope.helo) ? envelope.helo : `[${envelope.helo ?? ip}]`;
  const [dkim, spfResult] = await Promise.all([
    dkimVerify(raw, { resolver, ...(envelope.mailFrom ? { sender: envelope.mailFrom } : {}) }).catch((): DKIMVerifyResult | null => null),
    spf({ sender: envelope.mailFrom ?? '', ip, helo, mta: hostname, resolver }).catch((): SPFResult | null => null),
  ]);
  const arcResult = dkim ? await arc(dkim.arc as unknown as ARCData, { resolver, ip }).catch((): ARCResult | null => null) : null;
  let dmarcResult: DMARCResult | false | null = false;
  if (dkim && dkim.headerFrom.length > 0) {
    dmarcResult = await evaluateDmarc({
      headerFrom: dkim.headerFrom,
      fromFields: dkim.fromFields,
      spfDomains: spfResult && spfResult.status.result === 'pass' && spfResult.domain ? [spfResult.domain] : [],
      dkimDomains: dkim.results
        .filter((r) => r.status.result === 'pass' && r.signingDomain)
        .map((r) => ({ id: r.id, domain: r.signingDomain!, aligned: r.status.aligned, underSized: r.status.underSized })),
      ...(arcResult ? { arcResult } : {}),
      resolver,
    }).then(
      (evaluated) => evaluated.response,
      () => null,
    );
  }

  const signatures = dkim ? dkim.results.filter((r) => r.signingDomain) : [];
  const listed = listedSignatures(signatures);
  const dkimWord: AuthResult = !dkim ? 'temperror' : signatures.some((r) => r.status.result === 'pass') ? 'pass' : signatures.length > 0 ? 'fail' : 'none';
  const dmarcWord: AuthResult = dmarcResult === null ? 'temperror' : dmarcResult ? resultWord(dmarcResult.status.result) : 'none';
  // No DMARC record: no policy at all.
  const policy: string | undefined = dmarcResult ? dmarcResult.policy : undefined;
  const authentication: IncomingAuthentication = {
    spf: {
      result: spfResult ? resultWord(spfResult.status.result) : 'temperror',
      // mailauth names no domain `-`, and the null sender of a client without HELO by its address literal.
      domain: spfResult && /^[^[\]-]/.test(spfResult.domain) ? withoutNul(spfResult.domain) : null,
    },
    dkim: {
      result: dkimWord,
      signatures: listed.map((r) => ({
        domain: withoutNul(r.signingDomain!),
        selector: r.selector ? withoutNul(r.selector) : null,
        result: resultWord(r.status.result),
      })),
    },
    dmarc: {
      result: dmarcWord,
      domain: dmarcResult ? withoutNul(dmarcResult.status.header?.from ?? dmarcResult.domain) : null,
      policy: policy === 'none' || policy === 'quarantine' || policy === 'reject' ? policy : null,
    },
    arc: { result: arcResult ? resultWord(arcResult.status.result) : 'temperror' },
  };

  // The header as authenticate() writes it: one resinfo per line, each folded at 160 characters.
  const infos = [
    ...(dkim ? (signatures.length > 0 ? listed.map((r) => r.info) : dkim.results.slice(0, 1).map((r) => r.info)) : ['dkim=temperror']),
    spfResult ? spfResult.info : 'spf=temperror',
    ...(arcResult ? (arcResult.info ? [arcResult.info] : []) : ['arc=temperror']),
    ...(dmarcResult ? [dmarcResult.info] : dmarcResult === null ? ['dmarc=temperror'] : []),
  ];
  const header = `Authentication-Results: ${hostname};\r\n ${infos.map((info) => libmime.foldLines(withoutNul(info), 160)).join(';\r\n ')}\r\n`;
  return { authentication, header };
}

/** A header field's first line: a name of printable characters but the colon, then the colon (RFC 5322 §2.2). */
const FIELD_LINE = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

/** A raw header line (mailparser's, latin1: 8-bit bytes as they came) as a name and a decoded, unfolded value. */
function headerField(line: string): { name: string; value: string } {
  // An 8-bit header (SMTPUTF8, RFC 6532) is UTF-8 bytes.
  const text = /[\u0080-\u00ff]/.test(line) ? Buffer.from(line, 'latin1').toString('utf8') : line;
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  // Unfolding removes the line breaks, never the whitespace after them (RFC 5322 §2.2.3).
  const folded = colon < 0 ? '' : text.slice(colon + 1).replace(/\r?\n(?=[ \t])/g, '');
  let value = folded.trim();
  try {
    value = libmime.decodeWords(value);
  } catch {
    // An encoded word in an unknown charset: kept as written.
  }
  return { name: withoutNul(name), value: withoutNul(value) };
}

/**
 * The header lines of a message mailparser could not read, as far as they can be
 * read: up to the first empty line, or the first line that is neither a field nor
 * the continuation of one.
 */
function readableHeaderLines(raw: Buffer): string[] {
  const ends = [raw.indexOf('\n\r\n'), raw.indexOf('\n\n')].filter((at) => at >= 0);
  const text = raw.subarray(0, ends.length > 0 ? Math.min(...ends) + 1 : raw.length).toString('latin1');
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '') break;
    if (/^[ \t]/.test(line) && lines.length > 0) lines[lines.length - 1] += `\r\n${line}`;
    else if (FIELD_LINE.test(line)) lines.push(line);
    else break;
  }
  return lines;
}

/** Mailboxes of an address header, groups flattened; a mailbox without an address is left out. */
function mailboxes(field: AddressObject | AddressObject[] | undefined): IncomingMailbox[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flatten = (a: EmailAddress): IncomingMailbox[] =>
    a.group ? a.group.flatMap(flatten) : a.address ? [{ name: a.name ? withoutNul(a.name) : null, address: withoutNul(a.address) }] : [];
  return objects.flatMap((o) => o.value.flatMap(flatten));
}

/** The first message id of a header value, with its angle brackets. */
function firstMessageId(value: string | undefined): string | null {
  const id = value ? /<[^<>\s]+>/.exec(value)?.[0] : undefined;
  return id ? withoutNul(id) : null;
}

function attachmentOf(a: ParsedMail['attachments'][number]): IncomingAttachment {
  return {
    filename: a.filename ? withoutNul(a.filename) : null,
    contentType: withoutNul(a.contentType.toLowerCase()),
    contentId: a.cid ? withoutNul(a.cid) : null,
    // An image the HTML points at (multipart/related, with a Content-ID) is inline even when it does not say so.
    disposition: a.contentDisposition === 'inline' || (a.related === true && a.cid !== undefined) ? 'inline' : 'attachment',
    content: a.content,
  };
}

/** What a message gives that nothing could be read of: every field empty (the headers are read apart). */
export const NOTHING_PARSED: Omit<ParsedIncoming, 'headers'> = {
  from: null,
  to: [],
  cc: [],
  replyTo: [],
  subject: null,
  messageId: null,
  inReplyTo: null,
  references: [],
  date: null,
  text: null,
  html: null,
  attachments: [],
};

/** What mailparser reads of the stored bytes; what it cannot read (a MIME part's header over 1 MiB, over 1000 parts) is empty. */
async function parse(stored: Buffer): Promise<ParsedIncoming> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(stored, PARSER_OPTIONS);
  } catch {
    return { ...NOTHING_PARSED, headers: readableHeaderLines(stored).map(headerField) };
  }
  // mailparser takes any line before the first empty one as a header; one without a field name is not.
  const headers = mail.headerLines.filter((h) => FIELD_LINE.test(h.line)).map((h) => headerField(h.line));
  // mailparser puts the current time in place of a Date it cannot read: the header itself is read.
  const dateLine = headers.find((h) => h.name.toLowerCase() === 'date');
  const date = dateLine ? Date.parse(dateLine.value) : Number.NaN;
  const references = mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  return {
    from: mailboxes(mail.from)[0] ?? null,
    to: mailboxes(mail.to),
    cc: mailboxes(mail.cc),
    replyTo: mailboxes(mail.replyTo),
    subject: mail.subject ? withoutNul(mail.subject) : null,
    messageId: firstMessageId(mail.messageId),
    inReplyTo: firstMessageId(mail.inReplyTo),
    references: references.map(withoutNul),
    date: Number.isNaN(date) ? null : new Date(date).toISOString(),
    text: mail.text ? withoutNul(mail.text) : null,
    html: typeof mail.html === 'string' && mail.html ? withoutNul(mail.html) : null,
    headers,
    attachments: mail.attachments.map(attachmentOf),
  };
}

/** The envelope of the transaction a session is in, as the reader takes it. */
export function mailEnvelope(session: SMTPServerSession): MailEnvelope {
  const from = session.envelope.mailFrom;
  return {
    recipients: session.envelope.rcptTo.map((r) => r.address),
    mailFrom: from === false ? null : from.address || null,
    remoteAddress: session.remoteAddress,
    helo: session.hostNameAppearsAs || null,
    secure: session.secure,
  };
}

/** A reader for one server: `hostname` names it in the headers it adds, `resolver` answers mailauth's DNS. */
export function createMailReader(options: MailReaderOptions): MailReader {
  const { hostname, resolver } = options;
  // The authserv-id and Received's `by` are written as they are: a host name, checked once here.
  if (!/^[A-Za-z0-9._-]+$/.test(hostname)) throw new TypeError(`createMailReader: "${hostname}" is not a host name`);
  const now = options.now ?? Date.now;
  const budgetMs = options.dnsBudgetMs ?? DNS_BUDGET_MS;
  const maxLookups = options.maxLookups ?? MAX_LOOKUPS;
  return {
    async read(raw, envelope) {
      const ip = clientAddress(envelope.remoteAddress);
      const { authentication, header } = await authenticate(raw, envelope, ip, hostname, budgeted(resolver, budgetMs, maxLookups));
      // RFC 8601 §5: Authentication-Results goes above the trace fields this server adds.
      const stored = Buffer.concat([Buffer.from(header + receivedHeader(hostname, envelope, ip, now())), raw]);
      return {
        recipients: envelope.recipients.map(withoutNul),
        mailFrom: envelope.mailFrom === null ? null : withoutNul(envelope.mailFrom),
        remoteAddress: ip,
        helo: envelope.helo === null ? null : withoutNul(envelope.helo),
        raw: stored,
        parsed: await parse(stored),
        authentication,
      };
    },
  };
}
