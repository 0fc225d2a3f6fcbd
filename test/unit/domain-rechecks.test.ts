import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECHECK, type DomainRecord } from '../../src/domains/index.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { useTestCore, type TestCore } from '../helpers/core.ts';

// Scheduled re-checks of sending domains (domains.recheckDue, run by the
// scheduled task domain_rechecks), against a real DNS server on loopback and a
// ManualClock: when each domain is due, and what a re-check may change.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('scheduled re-checks of sending domains', () => {
  let dns: TestDnsServer;
  let t: TestCore;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(async () => dns?.close());
  // The DNS server is up before the core is made: DNS_SERVERS names it.
  useTestCore(
    {
      get env() {
        return { DNS_SERVERS: dns.address, INBOUND_MX_HOST: 'mx.mailgate.example' };
      },
    },
    (started) => (t = started),
  );
  beforeEach(() => dns.records.clear());

  /** Publish the domain's records of these purposes, as a person would. */
  function publish(d: DomainRecord, purposes = ['dkim', 'spf', 'return_path_mx']) {
    for (const r of d.records.filter((r) => purposes.includes(r.purpose))) {
      const [priority, exchange] = r.value.split(' ');
      const record = r.type === 'MX' ? { type: 'MX' as const, exchange: exchange!, preference: Number(priority) } : { type: 'TXT' as const, text: r.value };
      dns.set(r.name, [...(dns.records.get(r.name) ?? []), record]);
    }
  }
  const recheck = () => t.core.domains.recheckDue({ limit: 50 });
  const get = (id: string) => t.core.domains.get(t.auth, id);
  const statuses = (d: DomainRecord) => Object.fromEntries(d.records.map((r) => [r.purpose, r.status]));

  it('checks a new domain every few minutes in its first 72 hours, and verifies it once its records appear', async () => {
    const d = await t.core.domains.create(t.auth, 'news.example.com');
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
    // Not published yet: it stays pending (a check of its owner's would say failed), and shows what is missing.
    const pending = await get(d.id);
    expect(pending).toMatchObject({ status: 'pending', checked_at: new Date(t.clock.now()).toISOString() });
    expect(statuses(pending)).toMatchObject({ dkim: 'failed', spf: 'failed' });

    t.clock.advance(RECHECK.newEveryMs - 1);
    publish(d);
    expect(await recheck()).toEqual({ checked: 0, verified: 0, failed: 0 });
    t.clock.advance(1);
    expect(await recheck()).toEqual({ checked: 1, verified: 1, failed: 0 });
    expect(await get(d.id)).toMatchObject({ status: 'verified', verified_at: new Date(t.clock.now()).toISOString() });
    expect(await t.core.domains.sendingDomain(t.auth.organizationId, 'news.example.com')).toMatchObject({ returnPathDomain: 'bounces.news.example.com' });
  });

  it('fails a pending domain whose records are still missing after 72 hours', async () => {
    const d = await t.core.domains.create(t.auth, 'late.example.com');
    for (let hours = 0; hours < 72; hours += 12) {
      expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
      t.clock.advance(12 * HOUR);
    }
    expect((await get(d.id)).status).toBe('pending');
    // Past its first days: daily, and the first check that finds them missing fails it.
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 1 });
    expect(await get(d.id)).toMatchObject({ status: 'failed', verified_at: null });
    t.clock.advance(30 * DAY);
    expect(await recheck()).toEqual({ checked: 0, verified: 0, failed: 0 });
  });

  it('checks a verified domain daily; one whose records went missing stays verified for 72 hours, checked hourly, then fails', async () => {
    const d = await t.core.domains.create(t.auth, 'shop.example.com');
    publish(d);
    expect((await t.core.domains.verify(t.auth, d.id)).status).toBe('verified');
    const verifiedAt = (await get(d.id)).verified_at;
    t.clock.advance(DAY - 1);
    expect(await recheck()).toEqual({ checked: 0, verified: 0, failed: 0 });
    t.clock.advance(1);
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });

    // The DKIM record is removed: still verified (signed, allowed to send), its record shown failed.
    dns.records.delete(d.records[0]!.name);
    t.clock.advance(DAY);
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
    const failingFrom = t.clock.now();
    expect(await get(d.id)).toMatchObject({ status: 'verified', verified_at: verifiedAt });
    expect(statuses(await get(d.id))).toMatchObject({ dkim: 'failed', spf: 'verified' });
    expect(await t.core.domains.isVerified(t.auth.organizationId, 'shop.example.com')).toBe(true);

    // Put back within the 72 hours: the next hourly check finds it, and nothing failed.
    t.clock.advance(HOUR);
    publish(d, ['dkim']);
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
    expect(statuses(await get(d.id))).toMatchObject({ dkim: 'verified' });
    expect(await t.database.handle.db.selectFrom('domains').select('failing_since').where('id', '=', d.id).executeTakeFirstOrThrow()).toEqual({
      failing_since: null,
    });

    // Removed for good: failed 72 hours after the first check that found it missing.
    dns.records.delete(d.records[0]!.name);
    t.clock.advance(DAY);
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
    const since = t.clock.now();
    while (t.clock.now() + HOUR < since + RECHECK.failingGraceMs) {
      t.clock.advance(HOUR);
      expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
    }
    expect((await get(d.id)).status).toBe('verified');
    t.clock.set(since + RECHECK.failingGraceMs);
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 1 });
    expect(await get(d.id)).toMatchObject({ status: 'failed', verified_at: null });
    expect(await t.core.domains.isVerified(t.auth.organizationId, 'shop.example.com')).toBe(false);
    expect(failingFrom).toBeLessThan(since);
  });

  it('DNS that does not answer changes nothing: status, and what each record was found to be', async () => {
    const d = await t.core.domains.create(t.auth, 'quiet.example.com');
    publish(d);
    const verified = await t.core.domains.verify(t.auth, d.id);
    expect(statuses(verified)).toMatchObject({ dkim: 'verified', spf: 'verified', return_path_mx: 'verified' });
    for (const r of d.records) dns.servfail.add(r.name);
    t.clock.advance(DAY);
    expect(await recheck()).toEqual({ checked: 1, verified: 0, failed: 0 });
    const after = await get(d.id);
    expect(after.status).toBe('verified');
    expect(after.records).toEqual(verified.records);
    expect(after.checked_at).toBe(new Date(t.clock.now()).toISOString());
    // The domain's own return path is still used: its MX was not found missing, only not looked at.
    expect(await t.core.domains.sendingDomain(t.auth.organizationId, 'quiet.example.com')).toMatchObject({ returnPathDomain: 'bounces.quiet.example.com' });
    for (const r of d.records) dns.servfail.delete(r.name);
  });

  it('checks the longest unchecked first, at most the limit per run', async () => {
    const names = ['a.example.com', 'b.example.com', 'c.example.com'];
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await t.core.domains.create(t.auth, name)).id);
      t.clock.advance(1);
    }
    expect(await t.core.domains.recheckDue({ limit: 2 })).toEqual({ checked: 2, verified: 0, failed: 0 });
    expect((await get(ids[2]!)).checked_at).toBeNull();
    t.clock.advance(1);
    expect(await t.core.domains.recheckDue({ limit: 2 })).toEqual({ checked: 1, verified: 0, failed: 0 });
    expect((await get(ids[2]!)).checked_at).not.toBeNull();
  });
});
