import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Receiving domains through fetch (PATCH /api/v2/domains/{id} {receiving}),
// with a real DNS server on loopback holding the records each organization
// publishes: only a verified domain receives, one organization at most per
// name, and while it receives its records include the MX that brings its
// mail here, which verify checks without touching the (sending) status.

interface DnsRecord {
  purpose: string;
  type: string;
  name: string;
  value: string;
  required: boolean;
  status: string;
  found: string[];
}
interface DomainRecord {
  object: 'domain';
  id: string;
  name: string;
  status: string;
  receiving: boolean;
  records: DnsRecord[];
  created_at: string;
  verified_at: string | null;
  checked_at: string | null;
}

const RECEIVING_MX = { purpose: 'receiving_mx', type: 'MX', name: 'news.example.com', value: '10 mx.mailgate.example', required: false };

describe('receiving domains', () => {
  let dns: TestDnsServer;
  let server: TestServer;
  let orgId: string;
  let other: { id: string; token: string };
  let domain: DomainRecord;
  let theirs: DomainRecord;

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer({ worker: false, env: { DNS_SERVERS: dns.address, INBOUND_MX_HOST: 'mx.mailgate.example' } });
    orgId = (await server.core.tokens.authenticate(server.token)).organizationId;
    const created = await server.core.orgs.create({ name: 'Other', plan: 'enterprise' });
    other = { id: created.org.id, token: created.token.token };
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  const api = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const res = await server.api(path, init);
    return { status: res.status, body: (await res.json()) as any };
  };
  const patch = (d: { id: string }, body: unknown, token?: string) => api(`/api/v2/domains/${d.id}`, { method: 'PATCH', body, token });
  const verify = async (d: { id: string }, token?: string) => (await api(`/api/v2/domains/${d.id}/verify`, { method: 'POST', token })).body as DomainRecord;
  const receiver = (name: string) => server.core.domains.receivingOrganizationOf(name);

  /** Publish a domain's DKIM key and its SPF record (one SPF record per name, as RFC 7208 wants). */
  function publishSending(d: DomainRecord) {
    for (const r of d.records.filter((r) => r.purpose === 'dkim' || r.purpose === 'spf')) {
      const existing = dns.records.get(r.name) ?? [];
      if (!existing.some((e) => e.type === 'TXT' && e.text === r.value)) dns.set(r.name, [...existing, { type: 'TXT', text: r.value }]);
    }
  }

  it('refuses receiving for a domain not verified yet: 409 DOMAIN_NOT_VERIFIED, the domain unchanged', async () => {
    const created = await api('/api/v2/domains', { body: { name: 'news.example.com' } });
    expect(created.status).toBe(201);
    domain = created.body;
    expect(domain.receiving).toBe(false);
    expect(domain.records.map((r) => r.purpose)).toEqual(['dkim', 'spf', 'dmarc', 'return_path_mx', 'return_path_spf']);

    const { status, body } = await patch(domain, { receiving: true });
    expect(status).toBe(409);
    expect(body).toEqual({
      name: 'conflict',
      statusCode: 409,
      code: 'DOMAIN_NOT_VERIFIED',
      message: 'The domain news.example.com is not verified: publish its DKIM and SPF records and verify it before it receives mail',
    });
    expect((await api(`/api/v2/domains/${domain.id}`)).body).toEqual(domain);
    expect(await receiver('news.example.com')).toBeNull();
  });

  it('turns receiving on for a verified domain: receiving true, and the MX to publish among its records', async () => {
    publishSending(domain);
    domain = await verify(domain);
    expect(domain.status).toBe('verified');

    const { status, body } = await patch(domain, { receiving: true });
    expect(status).toBe(200);
    expect(body).toEqual({ ...domain, receiving: true, records: [...domain.records, { ...RECEIVING_MX, status: 'pending', found: [] }] });
    domain = body;
    expect((await api(`/api/v2/domains/${domain.id}`)).body).toEqual(domain);
    expect((await api('/api/v2/domains')).body.data).toEqual([domain]);
    // The inbound listener's question: this organization, for the name as written in any address.
    expect(await receiver('news.example.com')).toBe(orgId);
    expect(await receiver('NEWS.Example.COM')).toBe(orgId);
    expect(await receiver('mail.news.example.com')).toBeNull();

    // Idempotent: the same answer again.
    expect(await patch(domain, { receiving: true })).toEqual({ status: 200, body: domain });
  });

  it('verify checks the receiving MX (any priority, an exchange that is INBOUND_MX_HOST) and leaves the status alone', async () => {
    const missing = await verify(domain);
    expect(missing.status).toBe('verified');
    expect(missing.records.at(-1)).toEqual({ ...RECEIVING_MX, status: 'failed', found: [] });

    dns.set('news.example.com', [
      ...dns.records.get('news.example.com')!,
      { type: 'MX', exchange: 'mx.other.example', preference: 5 },
      { type: 'MX', exchange: 'MX.Mailgate.Example.', preference: 20 },
    ]);
    const found = await verify(domain);
    expect(found.status).toBe('verified');
    expect(found.receiving).toBe(true);
    expect(found.records.at(-1)).toEqual({ ...RECEIVING_MX, status: 'verified', found: ['5 mx.other.example', '20 mx.mailgate.example'] });
    expect((await api(`/api/v2/domains/${domain.id}`)).body).toEqual(found);

    // An MX elsewhere only: failed, and still no change to the sending status.
    dns.set('news.example.com', [
      ...dns.records.get('news.example.com')!.filter((r) => r.type !== 'MX'),
      { type: 'MX', exchange: 'mx.other.example', preference: 10 },
    ]);
    const elsewhere = await verify(domain);
    expect(elsewhere.status).toBe('verified');
    expect(elsewhere.records.at(-1)).toEqual({ ...RECEIVING_MX, status: 'failed', found: ['10 mx.other.example'] });
    domain = elsewhere;
  });

  it("refuses another organization while one receives the name: 409 DOMAIN_RECEIVING_ELSEWHERE, naming no one; the other's domain stays its own", async () => {
    theirs = (await api('/api/v2/domains', { body: { name: 'news.example.com' }, token: other.token })).body;
    publishSending(theirs);
    theirs = await verify(theirs, other.token);
    expect(theirs.status).toBe('verified');

    const { status, body } = await patch(theirs, { receiving: true }, other.token);
    expect(status).toBe(409);
    expect(body).toEqual({
      name: 'conflict',
      statusCode: 409,
      code: 'DOMAIN_RECEIVING_ELSEWHERE',
      message: 'Another organization receives mail for news.example.com',
    });
    expect(JSON.stringify(body)).not.toContain(orgId);
    expect(JSON.stringify(body)).not.toContain(domain.id);
    expect((await api(`/api/v2/domains/${theirs.id}`, { token: other.token })).body).toEqual(theirs);
    expect(await receiver('news.example.com')).toBe(orgId);
    // Neither organization reaches the other's domain.
    expect((await patch(domain, { receiving: false }, other.token)).status).toBe(404);
    expect((await patch(theirs, { receiving: false })).status).toBe(404);
  });

  it('turns receiving off (always allowed, idempotent): the MX record gone, the name free for the other organization', async () => {
    const { status, body } = await patch(domain, { receiving: false });
    expect(status).toBe(200);
    expect(body).toEqual({ ...domain, receiving: false, records: domain.records.slice(0, 5) });
    domain = body;
    expect(await patch(domain, { receiving: false })).toEqual({ status: 200, body: domain });
    expect(await receiver('news.example.com')).toBeNull();

    const taken = await patch(theirs, { receiving: true }, other.token);
    expect(taken.status).toBe(200);
    expect(taken.body.receiving).toBe(true);
    theirs = taken.body;
    expect(await receiver('news.example.com')).toBe(other.id);
    // Now the first organization is the one refused.
    expect((await patch(domain, { receiving: true })).body.code).toBe('DOMAIN_RECEIVING_ELSEWHERE');
  });

  it('a receiving domain whose verification failed receives nothing: a verified one of another organization takes the name over', async () => {
    // The other organization's DKIM key is no longer published: its check fails, receiving stays on but counts for nothing.
    const key = theirs.records[0]!;
    dns.set(key.name, []);
    theirs = await verify(theirs, other.token);
    expect(theirs).toMatchObject({ status: 'failed', receiving: true });
    expect(await receiver('news.example.com')).toBeNull();
    // It may still turn receiving off, but not on again while not verified.
    expect((await patch(theirs, { receiving: true }, other.token)).body.code).toBe('DOMAIN_NOT_VERIFIED');

    const { status, body } = await patch(domain, { receiving: true });
    expect(status).toBe(200);
    expect(body.receiving).toBe(true);
    domain = body;
    expect(await receiver('news.example.com')).toBe(orgId);
    expect((await api(`/api/v2/domains/${theirs.id}`, { token: other.token })).body).toEqual({
      ...theirs,
      receiving: false,
      records: theirs.records.slice(0, 5),
    });
  });

  it('deleting a receiving domain frees its name', async () => {
    expect((await api(`/api/v2/domains/${domain.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await receiver('news.example.com')).toBeNull();
    dns.set(theirs.records[0]!.name, [{ type: 'TXT', text: theirs.records[0]!.value }]);
    expect((await verify(theirs, other.token)).status).toBe('verified');
    expect((await patch(theirs, { receiving: true }, other.token)).status).toBe(200);
    expect(await receiver('news.example.com')).toBe(other.id);
  });

  it('two organizations asking for a free name at once: one receives it, the other is refused with 409', async () => {
    const both = [
      { token: undefined, org: orgId },
      { token: other.token, org: other.id },
    ];
    const domains: DomainRecord[] = [];
    for (const { token } of both) {
      const { body } = await api('/api/v2/domains', { body: { name: 'race.example.com' }, token });
      publishSending(body);
      domains.push(await verify(body, token));
    }
    expect(domains.map((d) => d.status)).toEqual(['verified', 'verified']);
    const answers = await Promise.all(domains.map((d, i) => patch(d, { receiving: true }, both[i]!.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(answers[1 - winner]!.body.code).toBe('DOMAIN_RECEIVING_ELSEWHERE');
    expect(await receiver('race.example.com')).toBe(both[winner]!.org);
  });

  it('refuses a body without receiving, or with anything else, with 422 naming the field; an unknown id with 404', async () => {
    const { body: d } = await api('/api/v2/domains', { body: { name: 'shop.example.com' } });
    for (const [body, path] of [
      [{}, 'receiving'],
      [{ receiving: 'yes' }, 'receiving'],
      [{ receiving: null }, 'receiving'],
      [{ receiving: true, name: 'x.example.com' }, 'name'],
    ] as const) {
      const res = await patch(d, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ name: 'validation_error', statusCode: 422 });
      expect(res.body.details.map((x: { path: string }) => x.path)).toEqual([path]);
    }
    const unknown = await patch({ id: 'dom_01jd3zq8x6v5t0n2c4b7m9k1pq' }, { receiving: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'not_found' });
  });

  it('is the update_domain tool too, with the same refusals', async () => {
    const { body: d } = await api('/api/v2/domains', { body: { name: 'tools.example.com' } });
    const refused = await api('/api/v2/tools/update_domain', { body: { id: d.id, receiving: true } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ name: 'conflict', code: 'DOMAIN_NOT_VERIFIED' });
    const off = await api('/api/v2/tools/update_domain', { body: { id: d.id, receiving: false } });
    expect(off).toEqual({ status: 200, body: { data: d } });
  });
});
