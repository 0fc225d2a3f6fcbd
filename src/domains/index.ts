// Sending domains: the DKIM key pair made for each (RSA 2048, a selector of its
// own; the private key never leaves the server), the DNS records to publish
// (DKIM, SPF, DMARC, and the MX and SPF of its own return path bounces.<domain>),
// checking them through the resolver (DNS_SERVERS), and what the worker sends a
// verified domain's mail with: its key, and its return-path domain. A verified
// domain may also receive mail (receiving on: one organization at most per name).
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import { fetchIdPage, isUniqueViolation, type DatabaseHandle } from '../db/index.ts';
import type { DomainsTable } from '../db/schema.ts';
import { DnsUnavailable, type DnsResolver } from '../dns/resolver.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { domainNameOf, type DnsRecord, type DomainRecord, type DomainStatus, type DomainUpdate, type RecordStatus } from './domain-record.ts';

export * from './domain-record.ts';

const generateRsa = promisify(generateKeyPair);

/** What nodemailer's DKIM signer takes. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface DomainService {
  /** Make the key pair; the domain is pending until verified. Throws conflict for a domain the organization has. */
  create(scope: OrgScope, name: string): Promise<DomainRecord>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<DomainRecord>>;
  get(scope: OrgScope, id: string): Promise<DomainRecord>;
  /** Look the records up now and keep what was found; DNS that does not answer leaves the status as it was. */
  verify(scope: OrgScope, id: string): Promise<DomainRecord>;
  /**
   * Turn receiving on or off; idempotent. On: throws conflict DOMAIN_NOT_VERIFIED unless the domain is verified, and conflict
   * DOMAIN_RECEIVING_ELSEWHERE while another organization receives its mail (not named). Off always succeeds.
   */
  update(scope: OrgScope, id: string, changes: DomainUpdate): Promise<DomainRecord>;
  remove(scope: OrgScope, id: string): Promise<{ object: 'domain'; id: string; deleted: true }>;
  /** What mail from this domain is sent with: null unless the organization has verified it. */
  sendingDomain(organizationId: string, domain: string): Promise<SendingDomain | null>;
  /** Has the organization verified this domain (as written in an address: any case, Unicode or punycode)? */
  isVerified(organizationId: string, domain: string): Promise<boolean>;
  /** The organization that receives mail for this domain (as written in an address): verified, with receiving on; null when none does. */
  receivingOrganizationOf(domain: string): Promise<string | null>;
  /**
   * Check again the domains that are due (RECHECK), the longest unchecked first, at most `limit`; stops early once `signal`
   * aborts. A scheduled task: run once across the processes (queue/scheduled.ts). How many were checked, newly verified, failed.
   */
  recheckDue(options: { limit: number; signal?: AbortSignal }): Promise<{ checked: number; verified: number; failed: number }>;
}

/**
 * When domains are checked again without being asked (recheckDue), as Resend does:
 * a domain not verified yet every few minutes in its first 72 hours, a verified
 * one daily, hourly while its required records are found missing; a verified
 * domain fails only once they have been missing for 72 hours.
 */
export const RECHECK = {
  newForMs: 72 * 60 * 60 * 1000,
  newEveryMs: 5 * 60 * 1000,
  verifiedEveryMs: 24 * 60 * 60 * 1000,
  failingEveryMs: 60 * 60 * 1000,
  failingGraceMs: 72 * 60 * 60 * 1000,
  /** Domains looked up at once (each is six lookups, each bounded). */
  concurrency: 4,
} as const;

/** A verified domain, as delivery uses it. */
export interface SendingDomain {
  /** The key its mail is signed with. */
  dkim: DkimKey;
  /** `bounces.<domain>` once its MX record (pointing here) was found at the last check; null until then. */
  returnPathDomain: string | null;
}

export interface DomainOptions {
  /** The SPF mechanism that authorizes the relay mail leaves through (RELAY_URL's host), e.g. `a:smtp.example.net`; `mx` without one. */
  spfMechanism: string;
  /** The host relays send bounces to (INBOUND_MX_HOST): the exchange of each domain's return-path MX record, and of a receiving domain's MX. */
  inboundMxHost: string;
  /** Told when a re-check fails a verified domain. */
  logger?: { warn(obj: unknown, msg?: string): void };
}

interface Check {
  status: RecordStatus;
  found: string[];
}
/** What the last check found per record; a domain checked before a record existed has none for it. */
type Checks = Partial<Record<DnsRecord['purpose'], Check>>;

/** The return path of a domain's own: its MX points at INBOUND_MX_HOST, so bounces to it reach this server. */
export const returnPathDomainOf = (name: string) => `bounces.${name}`;

const MX_PRIORITY = 10;

/** The SPF mechanism for a relay URL: its host (a:name, or ip4:/ip6: for an address literal); `mx` without a relay. */
export function spfMechanismFor(relayUrl: string | undefined): string {
  if (!relayUrl) return 'mx';
  const host = new URL(relayUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return `ip4:${host}`;
  if (host.includes(':')) return `ip6:${host}`;
  return `a:${host}`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const compact = (value: string) => value.replace(/\s+/g, '');

export function createDomainService(handle: DatabaseHandle, clock: Clock, dns: DnsResolver, options: DomainOptions): DomainService {
  const db = handle.db;
  const logger = options.logger;

  function expected(row: DomainsTable): Omit<DnsRecord, 'status' | 'found'>[] {
    const returnPath = returnPathDomainOf(row.name);
    return [
      { purpose: 'dkim', type: 'TXT', name: `${row.dkim_selector}._domainkey.${row.name}`, value: `v=DKIM1; k=rsa; p=${row.dkim_public_key}`, required: true },
      { purpose: 'spf', type: 'TXT', name: row.name, value: `v=spf1 ${options.spfMechanism} ~all`, required: true },
      { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${row.name}`, value: 'v=DMARC1; p=none;', required: false },
      { purpose: 'return_path_mx', type: 'MX', name: returnPath, value: `${MX_PRIORITY} ${options.inboundMxHost}`, required: false },
      // Receivers check SPF against the envelope sender's domain, this one: it must authorize
      // the relay's sending addresses, which Mailgate cannot know (a smarthost's submission
      // host is rarely where its mail leaves from). The domain's own SPF record already names
      // them, so this one includes it: one record to keep right, and `-all` for anyone else.
      { purpose: 'return_path_spf', type: 'TXT', name: returnPath, value: `v=spf1 include:${row.name} -all`, required: false },
      // While it receives, the domain's own MX brings mail for its addresses here. Not required: receiving is not sending.
      ...(row.receiving_name === null
        ? []
        : [{ purpose: 'receiving_mx', type: 'MX', name: row.name, value: `${MX_PRIORITY} ${options.inboundMxHost}`, required: false } as const]),
    ];
  }

  function toRecord(row: DomainsTable): DomainRecord {
    const checks = row.checks === null ? null : (JSON.parse(row.checks) as { at: number; records: Checks });
    return {
      object: 'domain',
      id: row.id,
      name: row.name,
      status: row.status as DomainStatus,
      receiving: row.receiving_name !== null,
      records: expected(row).map((r) => ({ ...r, status: checks?.records[r.purpose]?.status ?? 'pending', found: checks?.records[r.purpose]?.found ?? [] })),
      created_at: iso(row.created_at)!,
      verified_at: iso(row.verified_at),
      checked_at: iso(checks?.at ?? null),
    };
  }

  async function mustFind(scope: OrgScope, id: string): Promise<DomainsTable> {
    const row = await db.selectFrom('domains').selectAll().where('id', '=', id).where('organization_id', '=', scope.organizationId).executeTakeFirst();
    if (!row) throw new AppError('not_found', `Domain ${id} not found`);
    return row;
  }

  /** The organization's verified row for a domain as written in an address; stored names are lower-case ASCII. */
  function verifiedDomain(organizationId: string, domain: string) {
    return db
      .selectFrom('domains')
      .where('organization_id', '=', organizationId)
      .where('name', '=', domainNameOf(domain) ?? domain.toLowerCase())
      .where('status', '=', 'verified');
  }

  /** Look one record up: verified when what is there (TXT values, or MX records as `<priority> <exchange>`) passes `matches`. */
  async function check(name: string, matches: (found: string[]) => boolean, type: 'TXT' | 'MX' = 'TXT'): Promise<Check> {
    try {
      const found =
        type === 'TXT' ? await dns.txt(name) : (await dns.mx(name)).records.map((mx) => `${mx.priority} ${mx.exchange.toLowerCase().replace(/\.$/, '')}`);
      return { status: matches(found) ? 'verified' : 'failed', found };
    } catch (error) {
      if (error instanceof DnsUnavailable) return { status: 'dns_unavailable', found: [] };
      throw error;
    }
  }

  /** One SPF record (RFC 7208 §3.2: two is an error) with one of these terms (a `+` qualifier or none). */
  const spfNames = (found: string[], terms: string[]) => {
    const spfs = found.filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
    return (
      spfs.length === 1 &&
      spfs[0]!
        .trim()
        .split(/\s+/)
        .some((term) => terms.includes(term.replace(/^[+]/, '').toLowerCase()))
    );
  };

  /** Look every record of the domain up now; `result`: what its required records say, `unknown` when DNS did not answer for one and none failed. */
  async function lookUp(row: DomainsTable): Promise<{ records: Checks; result: 'verified' | 'failed' | 'unknown' }> {
    const [dkim, spf, dmarc, returnPathMx, returnPathSpf, receivingMx] = expected(row);
    const key = compact(row.dkim_public_key);
    const relay = options.spfMechanism.toLowerCase();
    // Any priority will do, as long as an exchange is this server.
    const isInboundMx = (found: string[]) => found.some((mx) => mx.split(' ')[1] === options.inboundMxHost);
    const [dkimCheck, spfCheck, dmarcCheck, mxCheck, returnSpfCheck, receivingMxCheck] = await Promise.all([
      check(dkim!.name, (found) =>
        found.some((t) => /^v=DKIM1/i.test(compact(t)) && new RegExp(`(^|;)p=${key.replace(/[+/]/g, '\\$&')}(;|$)`).test(compact(t))),
      ),
      // The domain's SPF names the relay.
      check(spf!.name, (found) => spfNames(found, [relay])),
      check(dmarc!.name, (found) => found.some((t) => /^v=DMARC1\s*(;|$)/i.test(t.trim()))),
      check(returnPathMx!.name, isInboundMx, 'MX'),
      // The return path's SPF authorizes the relay: through the domain's own record, or naming it itself.
      check(returnPathSpf!.name, (found) => spfNames(found, [`include:${row.name}`, relay])),
      receivingMx ? check(receivingMx.name, isInboundMx, 'MX') : undefined,
    ]);
    const records: Checks = { dkim: dkimCheck, spf: spfCheck, dmarc: dmarcCheck, return_path_mx: mxCheck, return_path_spf: returnSpfCheck };
    if (receivingMxCheck) records.receiving_mx = receivingMxCheck;
    const required = [dkimCheck, spfCheck];
    const result = required.every((c) => c.status === 'verified') ? 'verified' : required.some((c) => c.status === 'failed') ? 'failed' : 'unknown';
    return { records, result };
  }

  /** Keep a check's outcome; the row as it is now. */
  async function save(
    row: DomainsTable,
    next: Pick<DomainsTable, 'status' | 'verified_at' | 'failing_since'> & { records: Checks; at: number },
  ): Promise<DomainsTable> {
    const saved: DomainsTable = {
      ...row,
      status: next.status,
      checks: JSON.stringify({ at: next.at, records: next.records }),
      updated_at: next.at,
      verified_at: next.verified_at,
      checked_at: next.at,
      failing_since: next.failing_since,
    };
    await db
      .updateTable('domains')
      .set({
        status: saved.status,
        checks: saved.checks,
        updated_at: next.at,
        verified_at: saved.verified_at,
        checked_at: next.at,
        failing_since: next.failing_since,
      })
      .where('id', '=', row.id)
      .execute();
    return saved;
  }

  /**
   * A scheduled re-check, which nobody asked for and so changes less than verify:
   * a record DNS did not answer for keeps what its last check found; a new or
   * pending domain is not failed in its first days (its records may not be
   * published yet); a verified one stays verified while its required records
   * have been missing for less than RECHECK.failingGraceMs (a DNS change in
   * progress, a provider's bad hour must not stop its mail), then fails.
   */
  async function recheck(row: DomainsTable): Promise<DomainsTable> {
    const found = await lookUp(row);
    const now = clock.now();
    const before = row.checks === null ? null : (JSON.parse(row.checks) as { records: Checks }).records;
    const records: Checks = { ...found.records };
    for (const [purpose, c] of Object.entries(found.records) as [DnsRecord['purpose'], Check][]) {
      const last = before?.[purpose];
      if (c.status === 'dns_unavailable' && last) records[purpose] = last;
    }
    const status = row.status as DomainStatus;
    let next: Pick<DomainsTable, 'status' | 'verified_at' | 'failing_since'> = { status, verified_at: row.verified_at, failing_since: row.failing_since };
    if (found.result === 'verified') next = { status: 'verified', verified_at: row.verified_at ?? now, failing_since: null };
    else if (found.result === 'failed') {
      if (status === 'verified') {
        const since = row.failing_since ?? now;
        next = now - since >= RECHECK.failingGraceMs ? { status: 'failed', verified_at: null, failing_since: null } : { ...next, failing_since: since };
      } else if (status === 'pending' && row.created_at <= now - RECHECK.newForMs) {
        next = { status: 'failed', verified_at: null, failing_since: null };
      }
    }
    if (row.status === 'verified' && next.status === 'failed') {
      logger?.warn({ domain: row.id, name: row.name }, `domain ${row.name} failed: its required records have been missing since ${iso(row.failing_since)}`);
    }
    return save(row, { ...next, records, at: now });
  }

  return {
    async create(scope, name) {
      const exists = await db
        .selectFrom('domains')
        .select('id')
        .where('organization_id', '=', scope.organizationId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (exists) throw new AppError('conflict', `The domain ${name} is added already (${exists.id})`);
      const { publicKey, privateKey } = await generateRsa('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const now = clock.now();
      const row: DomainsTable = {
        id: newId('dom', now),
        organization_id: scope.organizationId,
        name,
        status: 'pending',
        dkim_selector: `mg${randomBytes(4).toString('hex')}`,
        dkim_private_key: privateKey,
        dkim_public_key: (publicKey as Buffer).toString('base64'),
        checks: null,
        created_at: now,
        updated_at: now,
        verified_at: null,
        receiving_name: null,
        checked_at: null,
        failing_since: null,
      };
      try {
        await db.insertInto('domains').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', `The domain ${name} is added already`);
        throw error;
      }
      return toRecord(row);
    },

    async list(scope, page) {
      const rows = await fetchIdPage(db.selectFrom('domains').selectAll().where('organization_id', '=', scope.organizationId), 'id', page);
      return toPage(rows, page, toRecord);
    },

    async get(scope, id) {
      return toRecord(await mustFind(scope, id));
    },

    async verify(scope, id) {
      const row = await mustFind(scope, id);
      const found = await lookUp(row);
      const now = clock.now();
      // DNS that did not answer decides nothing: the status stays what it was.
      const status: DomainStatus = found.result === 'unknown' ? (row.status as DomainStatus) : found.result;
      return toRecord(
        await save(row, {
          status,
          records: found.records,
          at: now,
          verified_at: status === 'verified' ? (row.verified_at ?? now) : status === 'failed' ? null : row.verified_at,
          failing_since: found.result === 'unknown' ? row.failing_since : null,
        }),
      );
    },

    async recheckDue({ limit, signal }) {
      const now = clock.now();
      const due = await db
        .selectFrom('domains')
        .selectAll()
        .where((eb) => {
          const checkedBefore = (ms: number) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - ms)]);
          const isNew = eb('created_at', '>', now - RECHECK.newForMs);
          return eb.or([
            // New (pending, or failed at a check of its owner's): every few minutes, to see it verified soon after the records appear.
            eb.and([eb('status', '!=', 'verified'), isNew, checkedBefore(RECHECK.newEveryMs)]),
            // Pending past its first days: at once (last checked while new), then daily; the first check that finds a required
            // record missing fails it.
            eb.and([
              eb('status', '=', 'pending'),
              eb.not(isNew),
              eb.or([checkedBefore(RECHECK.verifiedEveryMs), eb('checked_at', '<', eb('created_at', '+', RECHECK.newForMs))]),
            ]),
            eb.and([eb('status', '=', 'verified'), eb('failing_since', 'is', null), checkedBefore(RECHECK.verifiedEveryMs)]),
            eb.and([eb('status', '=', 'verified'), eb('failing_since', 'is not', null), checkedBefore(RECHECK.failingEveryMs)]),
          ]);
        })
        .orderBy((eb) => eb.fn.coalesce('checked_at', eb.lit(0)))
        .orderBy('id')
        .limit(limit)
        .execute();
      const outcome = { checked: 0, verified: 0, failed: 0 };
      let next = 0;
      const checkNext = async (): Promise<void> => {
        while (next < due.length && !signal?.aborted) {
          const row = due[next++]!;
          const after = await recheck(row);
          outcome.checked++;
          if (row.status !== 'verified' && after.status === 'verified') outcome.verified++;
          if (row.status !== 'failed' && after.status === 'failed') outcome.failed++;
        }
      };
      await Promise.all(Array.from({ length: RECHECK.concurrency }, checkNext));
      return outcome;
    },

    async update(scope, id, { receiving }) {
      const row = await mustFind(scope, id);
      const name = receiving ? row.name : null;
      if (receiving && row.status !== 'verified') {
        throw new AppError('conflict', `The domain ${row.name} is not verified: publish its DKIM and SPF records and verify it before it receives mail`, {
          code: 'DOMAIN_NOT_VERIFIED',
        });
      }
      if (row.receiving_name === name) return toRecord(row);
      const elsewhere = () => new AppError('conflict', `Another organization receives mail for ${row.name}`, { code: 'DOMAIN_RECEIVING_ELSEWHERE' });
      const now = clock.now();
      try {
        await db.transaction().execute(async (trx) => {
          if (name !== null) {
            // The name is held by at most one domain (a unique index). A holder that is no longer verified receives
            // nothing (receivingOrganizationOf): this verified domain takes the name over; a verified one keeps it.
            const holder = await trx.selectFrom('domains').select(['id', 'status']).where('receiving_name', '=', name).executeTakeFirst();
            if (holder?.status === 'verified') throw elsewhere();
            if (holder) await trx.updateTable('domains').set({ receiving_name: null, updated_at: now }).where('id', '=', holder.id).execute();
          }
          await trx.updateTable('domains').set({ receiving_name: name, updated_at: now }).where('id', '=', id).execute();
        });
      } catch (error) {
        // Another organization turned receiving on for the name at the same moment.
        if (isUniqueViolation(error)) throw elsewhere();
        throw error;
      }
      return toRecord({ ...row, receiving_name: name, updated_at: now });
    },

    async remove(scope, id) {
      await mustFind(scope, id);
      await db.deleteFrom('domains').where('id', '=', id).execute();
      return { object: 'domain', id, deleted: true };
    },

    async sendingDomain(organizationId, domain) {
      const row = await verifiedDomain(organizationId, domain).select(['name', 'dkim_selector', 'dkim_private_key', 'checks']).executeTakeFirst();
      if (!row) return null;
      const checks = row.checks === null ? null : (JSON.parse(row.checks) as { records: Checks });
      return {
        dkim: { domainName: row.name, keySelector: row.dkim_selector, privateKey: row.dkim_private_key },
        returnPathDomain: checks?.records.return_path_mx?.status === 'verified' ? returnPathDomainOf(row.name) : null,
      };
    },

    async isVerified(organizationId, domain) {
      return (await verifiedDomain(organizationId, domain).select('id').executeTakeFirst()) !== undefined;
    },

    async receivingOrganizationOf(domain) {
      const name = domainNameOf(domain);
      if (name === null) return null;
      const row = await db
        .selectFrom('domains')
        .select('organization_id')
        .where('receiving_name', '=', name)
        .where('status', '=', 'verified')
        .executeTakeFirst();
      return row?.organization_id ?? null;
    },
  };
}
