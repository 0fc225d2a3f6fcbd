import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Resolver } from 'node:dns/promises';
// mailauth is CommonJS without an exports map: its DKIM verifier by path.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { waitFor } from '../helpers/server.ts';
import { removeTestTls, startTestSmtpServer, submissionTransport, type TestSmtpServer } from '../helpers/smtp.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { readReturnPath, returnPathKey } from '../../src/returns/verp.ts';

// Sending domains through fetch, a real DNS server on loopback holding (or not)
// the records Mailgate asks for, and a relay (smtp-server) receiving the mail:
// a verified domain's mail arrives DKIM-signed, and mailauth's verifier checks
// the signature against the key published in that DNS server; its envelope
// sender is a return path, at the domain's own bounces.<domain> once that MX is found.

interface DomainRecord {
  object: 'domain';
  id: string;
  name: string;
  status: string;
  receiving: boolean;
  records: { purpose: string; type: string; name: string; value: string; required: boolean; status: string; found: string[] }[];
  created_at: string;
  verified_at: string | null;
  checked_at: string | null;
}

describe('sending domains', () => {
  let dns: TestDnsServer;
  let sink: SmtpSink;
  let server: TestSmtpServer;
  let domain: DomainRecord;

  beforeAll(async () => {
    dns = await startDnsServer();
    sink = await startSmtpSink();
    server = await startTestSmtpServer({
      env: {
        DNS_SERVERS: dns.address,
        RELAY_URL: `smtp://127.0.0.1:${sink.port}`,
        RETURN_PATH_DOMAIN: 'Returns.Mailgate.example',
        INBOUND_MX_HOST: 'mx.mailgate.example',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await dns?.close();
    await removeTestTls();
  });

  const api = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await server.api(path, init);
    return { status: res.status, body: (await res.json()) as any };
  };

  /** Publish what Mailgate asks for, as a person would in their DNS. */
  function publish(d: DomainRecord, purposes = ['dkim', 'spf', 'dmarc']) {
    for (const r of d.records.filter((r) => purposes.includes(r.purpose))) {
      const [priority, exchange] = r.value.split(' ');
      const record = r.type === 'MX' ? { type: 'MX' as const, exchange: exchange!, preference: Number(priority) } : { type: 'TXT' as const, text: r.value };
      dns.set(r.name, [...(dns.records.get(r.name) ?? []), record]);
    }
  }

  /** The email a return path names, read with the key of the server's database. */
  async function emailOfReturnPath(address: string) {
    return readReturnPath(await returnPathKey(server.core.db.db, () => Date.now())(), address);
  }

  /** The id of the last email sent with this subject. */
  async function emailWithSubject(subject: string): Promise<string> {
    const list = (await api('/api/v2/emails?limit=100')).body.data as { id: string; subject: string }[];
    return list.find((e) => e.subject === subject)!.id;
  }

  /** mailauth's DKIM verifier, resolving through the test's DNS server. */
  async function dkimOf(raw: string) {
    const resolver = new Resolver();
    resolver.setServers([dns.address]);
    const { results } = await dkimVerify(Buffer.from(raw), { resolver: (name: string, type: string) => resolver.resolve(name, type as 'TXT') });
    return results;
  }

  it('adds a domain: a DKIM key, and the DKIM, SPF, DMARC and return-path records to publish', async () => {
    const { status, body } = await api('/api/v2/domains', { body: { name: 'News.Example.COM' } });
    expect(status).toBe(201);
    domain = body;
    const selector = /^(mg[0-9a-f]{8})\._domainkey\.news\.example\.com$/.exec(body.records[0].name)?.[1];
    expect(selector).toBeDefined();
    expect(body).toEqual({
      object: 'domain',
      id: expect.stringMatching(/^dom_[0-9a-z]{26}$/),
      name: 'news.example.com',
      status: 'pending',
      receiving: false,
      records: [
        {
          purpose: 'dkim',
          type: 'TXT',
          name: `${selector}._domainkey.news.example.com`,
          value: expect.stringMatching(/^v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA[A-Za-z0-9+/]+=*$/),
          required: true,
          status: 'pending',
          found: [],
        },
        { purpose: 'spf', type: 'TXT', name: 'news.example.com', value: 'v=spf1 ip4:127.0.0.1 ~all', required: true, status: 'pending', found: [] },
        { purpose: 'dmarc', type: 'TXT', name: '_dmarc.news.example.com', value: 'v=DMARC1; p=none;', required: false, status: 'pending', found: [] },
        {
          purpose: 'return_path_mx',
          type: 'MX',
          name: 'bounces.news.example.com',
          value: '10 mx.mailgate.example',
          required: false,
          status: 'pending',
          found: [],
        },
        {
          purpose: 'return_path_spf',
          type: 'TXT',
          name: 'bounces.news.example.com',
          value: 'v=spf1 include:news.example.com -all',
          required: false,
          status: 'pending',
          found: [],
        },
      ],
      created_at: expect.any(String),
      verified_at: null,
      checked_at: null,
    });
    // The private key is never shown.
    expect(JSON.stringify(body)).not.toContain('PRIVATE');
    expect((await api(`/api/v2/domains/${domain.id}`)).body).toEqual(body);
    expect((await api('/api/v2/domains')).body.data.map((d: DomainRecord) => d.id)).toEqual([domain.id]);
  });

  it('refuses a name that is not a domain with 422 naming it, and a domain added twice with 409', async () => {
    for (const name of ['localhost', 'not a domain', 'example.123', '-x.example.com', 'a..b.com', '']) {
      const { status, body } = await api('/api/v2/domains', { body: { name } });
      expect(status, name).toBe(422);
      expect(body.details.map((d: { path: string }) => d.path)).toEqual(['name']);
    }
    const twice = await api('/api/v2/domains', { body: { name: 'news.example.com' } });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ name: 'conflict', message: expect.stringContaining('news.example.com') });
    expect((await api('/api/v2/domains')).body.data).toHaveLength(1);
  });

  it('verify before the records are published: failed, with what was found', async () => {
    dns.set('news.example.com', [{ type: 'TXT', text: 'v=spf1 include:other.example -all' }]);
    dns.set('bounces.news.example.com', [
      { type: 'MX', exchange: 'mx.other.example', preference: 5 },
      { type: 'TXT', text: 'v=spf1 include:other.example -all' },
    ]);
    const { status, body } = await api(`/api/v2/domains/${domain.id}/verify`, { method: 'POST' });
    expect(status).toBe(200);
    expect(body.status).toBe('failed');
    expect(body.records.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    expect(body.records[1].found).toEqual(['v=spf1 include:other.example -all']);
    expect(body.records[3].found).toEqual(['5 mx.other.example']);
    expect(body.records[4].found).toEqual(['v=spf1 include:other.example -all']);
    expect(body.checked_at).not.toBeNull();
  });

  it('verify once the required ones are: verified, though the recommended return-path records are not', async () => {
    dns.set('news.example.com', []);
    dns.set('bounces.news.example.com', []);
    publish(domain);
    const { body } = await api(`/api/v2/domains/${domain.id}/verify`, { method: 'POST' });
    expect(body.status).toBe('verified');
    expect(body.records.map((r: { status: string }) => r.status)).toEqual(['verified', 'verified', 'verified', 'failed', 'failed']);
    expect(body.verified_at).not.toBeNull();
  });

  it("signs a verified domain's mail: the relay receives a signature mailauth verifies against the published key", async () => {
    const res = await server.api('/api/v2/emails', {
      body: { from: 'News <hello@news.example.com>', to: 'reader@example.net', subject: 'Signed', markdown: 'Hi' },
    });
    expect(res.status).toBe(200);
    const message = await waitFor(async () => sink.messages.find((m) => m.parsed.subject === 'Signed'), 15_000, 'the relayed message');
    expect(message.raw).toMatch(/^DKIM-Signature: /m);
    const [result] = await dkimOf(message.raw);
    expect(result).toMatchObject({ signingDomain: 'news.example.com', selector: domain.records[0]!.name.split('.')[0], status: { result: 'pass' } });
    // The envelope sender is the email's return path at RETURN_PATH_DOMAIN (the domain's own MX is not published); the From header is the sender's.
    expect(message.envelope.mailFrom).toMatch(/^bounce\+[0-9a-z]{26}-[0-9a-z]{16}@returns\.mailgate\.example$/);
    expect(await emailOfReturnPath(message.envelope.mailFrom)).toEqual({ emailId: await emailWithSubject('Signed') });
    expect(message.parsed.from?.value).toEqual([{ address: 'hello@news.example.com', name: 'News' }]);
    expect(message.raw).not.toMatch(/^Return-Path:/im);
  });

  it("sends from a domain's own bounces.<domain> once verify found its MX; the return-path SPF includes the domain's", async () => {
    const { body: own } = await api('/api/v2/domains', { body: { name: 'mail.example.org' } });
    publish(own, ['dkim', 'spf', 'return_path_mx', 'return_path_spf']);
    const { body } = await api(`/api/v2/domains/${own.id}/verify`, { method: 'POST' });
    expect(body.status).toBe('verified');
    expect(body.records.slice(3)).toEqual([
      {
        purpose: 'return_path_mx',
        type: 'MX',
        name: 'bounces.mail.example.org',
        value: '10 mx.mailgate.example',
        required: false,
        status: 'verified',
        found: ['10 mx.mailgate.example'],
      },
      {
        purpose: 'return_path_spf',
        type: 'TXT',
        name: 'bounces.mail.example.org',
        value: 'v=spf1 include:mail.example.org -all',
        required: false,
        status: 'verified',
        found: ['v=spf1 include:mail.example.org -all'],
      },
    ]);
    expect((await api(`/api/v2/domains/${own.id}`)).body).toEqual(body);
    // A return-path SPF that names the relay itself does too; two SPF records are an error (RFC 7208).
    dns.set('bounces.mail.example.org', [
      { type: 'MX', exchange: 'mx.mailgate.example', preference: 20 },
      { type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' },
    ]);
    const again = (await api(`/api/v2/domains/${own.id}/verify`, { method: 'POST' })).body;
    expect(again.records.slice(3).map((r: { status: string; found: string[] }) => [r.status, r.found])).toEqual([
      ['verified', ['20 mx.mailgate.example']],
      ['verified', ['v=spf1 ip4:127.0.0.1 -all']],
    ]);
    dns.set('bounces.mail.example.org', [...dns.records.get('bounces.mail.example.org')!, { type: 'TXT', text: 'v=spf1 include:mail.example.org -all' }]);
    expect((await api(`/api/v2/domains/${own.id}/verify`, { method: 'POST' })).body.records[4].status).toBe('failed');

    // Its MX was found at the last check (its SPF not, which is the person's business): its mail goes out with bounces.<domain>.
    const res = await server.api('/api/v2/emails', {
      body: { from: 'Mail <hi@mail.example.org>', to: 'reader@example.net', subject: 'Own return path', markdown: 'Hi' },
    });
    expect(res.status).toBe(200);
    const message = await waitFor(async () => sink.messages.find((m) => m.parsed.subject === 'Own return path'), 15_000, 'the relayed message');
    expect(message.envelope.mailFrom).toMatch(/^bounce\+[0-9a-z]{26}-[0-9a-z]{16}@bounces\.mail\.example\.org$/);
    expect(await emailOfReturnPath(message.envelope.mailFrom)).toEqual({ emailId: ((await res.json()) as { id: string }).id });
    expect(message.parsed.from?.value).toEqual([{ address: 'hi@mail.example.org', name: 'Mail' }]);
    const [result] = await dkimOf(message.raw);
    expect(result).toMatchObject({ signingDomain: 'mail.example.org', status: { result: 'pass' } });
  });

  it("signs a campaign's List-Unsubscribe and List-Unsubscribe-Post headers too", async () => {
    await server.api('/api/v2/subscribers', { body: { email: 'fan@example.net', tags: ['signed'] } });
    const created = await api('/api/v2/campaigns', {
      body: { name: 'Signed news', from: 'News <hello@news.example.com>', subject: 'Signed campaign', markdown: 'Hello', audience: { tags: ['signed'] } },
    });
    expect((await api(`/api/v2/campaigns/${created.body.id}/send`, { method: 'POST' })).status).toBe(200);
    const message = await waitFor(async () => sink.messages.find((m) => m.parsed.subject === 'Signed campaign'), 15_000, 'the campaign message');
    const [result] = await dkimOf(message.raw);
    expect(result?.status.result).toBe('pass');
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(message.raw)![1]!.replace(/\s+/g, '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
  });

  it('with a relay, refuses mail from a domain the organization has not verified, on every door, and keeps nothing', async () => {
    const before = ((await api('/api/v2/emails?limit=100')).body.data as unknown[]).length;
    const body = { from: 'Hello <hello@unverified.example.org>', to: 'reader@example.net', subject: 'Unverified', markdown: 'Hi' };

    const rest = await api('/api/v2/emails', { body });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ name: 'forbidden', statusCode: 403, code: 'domain_not_verified', details: { domains: ['unverified.example.org'] } });
    expect(rest.body.message).toContain('unverified.example.org is not verified');

    // A batch is refused whole, in either mode, naming every such domain once.
    const batch = await api('/api/v2/emails/batch', {
      body: [{ ...body, from: 'hello@news.example.com' }, body, { ...body, from: 'x@other.example' }, body],
      headers: { 'x-batch-validation': 'permissive' },
    });
    expect(batch.status).toBe(403);
    expect(batch.body.details).toEqual({ domains: ['unverified.example.org', 'other.example'] });
    expect(batch.body.message).toContain('domains unverified.example.org, other.example are not verified');

    const v1 = await server.api('/api/v1/emails', {
      body: { from: 'hello@unverified.example.org', to: 'reader@example.net', subject: 'Unverified', content: '<p>Hi</p>', contentType: 'HTML' },
    });
    expect(v1.status).toBe(403);
    expect(JSON.stringify(await v1.json())).toContain('unverified.example.org is not verified');

    const smtp = submissionTransport(server);
    const refused = await smtp.sendMail({ from: body.from, to: body.to, subject: 'Unverified', text: 'Hi' }).then(
      () => null,
      (error: { responseCode?: number; response?: string }) => error,
    );
    smtp.close();
    expect(refused?.responseCode).toBe(550);
    expect(refused?.response).toMatch(/^550 5\.7\.1 The sending domain unverified\.example\.org is not verified/);

    const mcp = new Client({ name: 'domains-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      const result = (await mcp.callTool({ name: 'send_email', arguments: body })) as { isError?: boolean; content: { type: string; text: string }[] };
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toContain('unverified.example.org is not verified');
    } finally {
      await mcp.close();
    }

    // A campaign is refused when it is sent, and stays a draft.
    await server.api('/api/v2/subscribers', { body: { email: 'fan2@example.net', tags: ['unverified'] } });
    const campaign = await api('/api/v2/campaigns', {
      body: { name: 'Unverified news', from: body.from, subject: 'Unverified', markdown: 'Hi', audience: { tags: ['unverified'] } },
    });
    const sent = await api(`/api/v2/campaigns/${campaign.body.id}/send`, { method: 'POST' });
    expect(sent.status).toBe(403);
    expect(sent.body.code).toBe('domain_not_verified');
    expect((await api(`/api/v2/campaigns/${campaign.body.id}`)).body.status).toBe('draft');

    expect(((await api('/api/v2/emails?limit=100')).body.data as unknown[]).length).toBe(before);
    expect(sink.messages.some((m) => m.parsed.subject === 'Unverified')).toBe(false);

    // The verified domain is matched whatever the case or form of the address.
    expect((await api('/api/v2/emails', { body: { ...body, from: 'Hello@NEWS.Example.COM', subject: 'Case' } })).status).toBe(200);
  }, 30_000);

  it('DNS that never answers: a bounded wait, dns_unavailable per record, the status left as it was', async () => {
    const { body: slow } = await api('/api/v2/domains', { body: { name: 'slow.example' } });
    for (const r of slow.records as DomainRecord['records']) dns.silent.add(r.name);
    const start = performance.now();
    const { status, body } = await api(`/api/v2/domains/${slow.id}/verify`, { method: 'POST' });
    expect(status).toBe(200);
    expect(performance.now() - start).toBeLessThan(6_000);
    expect(body.status).toBe('pending');
    expect(body.records.map((r: { status: string }) => r.status)).toEqual([
      'dns_unavailable',
      'dns_unavailable',
      'dns_unavailable',
      'dns_unavailable',
      'dns_unavailable',
    ]);
  }, 15_000);

  it('deletes a domain: gone, its key with it', async () => {
    const { status, body } = await api(`/api/v2/domains/${domain.id}`, { method: 'DELETE' });
    expect(status).toBe(200);
    expect(body).toEqual({ object: 'domain', id: domain.id, deleted: true });
    expect((await api(`/api/v2/domains/${domain.id}`)).status).toBe(404);
    expect((await api(`/api/v2/domains/${domain.id}/verify`, { method: 'POST' })).status).toBe(404);
    // Its mail is refused from now on.
    const res = await api('/api/v2/emails', { body: { from: 'hello@news.example.com', to: 'reader@example.net', subject: 'After', markdown: 'Hi' } });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual({ domains: ['news.example.com'] });
  });
});
