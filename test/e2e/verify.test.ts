import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Address verification through fetch against a server whose DNS_SERVERS is a
// real DNS server on loopback (test/helpers/dns-server.ts), answering from the
// records each case sets: MX, A only, nothing, a null MX, no such domain, one
// that never answers, and ones where only one of A and AAAA answers.

describe('address verification', () => {
  let dns: TestDnsServer;
  let server: TestServer;

  beforeAll(async () => {
    dns = await startDnsServer();
    dns.set('example.com', [{ type: 'MX', exchange: 'mx.example.com', preference: 10 }]);
    dns.set('a-only.example', [{ type: 'A', address: '192.0.2.10' }]);
    dns.set('v6-only.example', [{ type: 'AAAA', address: '2001:db8::10' }]);
    dns.set('nomail.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.set('nullmx.example', [{ type: 'MX', exchange: '.', preference: 0 }]);
    dns.set('xn--bcher-kva.example', [{ type: 'MX', exchange: 'mx.xn--bcher-kva.example', preference: 10 }]);
    dns.silent.add('slow.example');
    // Real domains close to a common provider's, or short: not typos.
    for (const domain of ['ibm.com', 'gmx.net', 'email.com', 'mail.com', 'aol.com'])
      dns.set(domain, [{ type: 'MX', exchange: `mx.${domain}`, preference: 10 }]);
    // No MX; one address family fails (SERVFAIL) or never answers, the other answers.
    dns.set('v4-fails-v6.example', [{ type: 'A', address: '192.0.2.20' }]);
    dns.servfail.add('AAAA v4-fails-v6.example');
    dns.set('v6-fails-v4.example', [{ type: 'AAAA', address: '2001:db8::20' }]);
    dns.servfail.add('A v6-fails-v4.example');
    dns.set('v4-slow-v6.example', [{ type: 'A', address: '192.0.2.21' }]);
    dns.silent.add('AAAA v4-slow-v6.example');
    dns.set('none-fails-v6.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.servfail.add('AAAA none-fails-v6.example');
    dns.set('both-fail.example', [{ type: 'TXT', text: 'v=spf1 -all' }]);
    dns.servfail.add('A both-fail.example');
    dns.servfail.add('AAAA both-fail.example');
    server = await startTestServer({ worker: false, env: { DNS_SERVERS: dns.address } });
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  const verify = async (email: string, path = '/api/v2/emails/verify') => {
    const res = await server.api(path, { body: { email } });
    expect(res.status, email).toBe(200);
    return res.json();
  };

  it.each([
    ['ada@example.com', { valid: true, error: null, code: 'valid' }],
    ['ada@a-only.example', { valid: true, error: null, code: 'valid' }],
    ['ada@v6-only.example', { valid: true, error: null, code: 'valid' }],
    ['info@example.com', { valid: true, error: null, code: 'role_account' }],
    ['jörg@bücher.example', { valid: true, error: null, code: 'valid' }],
    ['ada@nomail.example', { valid: false, error: 'nomail.example has no mail server (no MX, A or AAAA record)', code: 'no_mail_server' }],
    ['ada@nullmx.example', { valid: false, error: 'nullmx.example accepts no email (null MX)', code: 'no_mail_server' }],
    ['ada@nowhere.example', { valid: false, error: 'The domain nowhere.example does not exist', code: 'domain_not_found' }],
    ['bob@mailinator.com', { valid: false, error: 'mailinator.com hands out disposable addresses', code: 'disposable' }],
    ['bob@gmial.com', { valid: false, error: 'Did you mean bob@gmail.com?', code: 'possible_typo', suggestion: 'bob@gmail.com' }],
    ['bob@gmail.con', { valid: false, error: 'Did you mean bob@gmail.com?', code: 'possible_typo', suggestion: 'bob@gmail.com' }],
    ['Bob@Hotmial.com', { valid: false, error: 'Did you mean Bob@hotmail.com?', code: 'possible_typo', suggestion: 'Bob@hotmail.com' }],
    ['bob@yaho.com', { valid: false, error: 'Did you mean bob@yahoo.com?', code: 'possible_typo', suggestion: 'bob@yahoo.com' }],
    ['ada@ibm.com', { valid: true, error: null, code: 'valid' }],
    ['ada@gmx.net', { valid: true, error: null, code: 'valid' }],
    ['ada@email.com', { valid: true, error: null, code: 'valid' }],
    ['ada@mail.com', { valid: true, error: null, code: 'valid' }],
    ['ada@aol.com', { valid: true, error: null, code: 'valid' }],
    ['not-an-address', { valid: false, error: 'This is not a valid email address', code: 'invalid_syntax' }],
    ['ada@localhost', { valid: false, error: 'This is not a valid email address', code: 'invalid_syntax' }],
    ['a..b@example.com', { valid: false, error: 'This is not a valid email address', code: 'invalid_syntax' }],
    ['ada@-bad-.example', { valid: false, error: 'This is not a valid email address', code: 'invalid_syntax' }],
  ])('%s', async (email, expected) => {
    const answer = await verify(email);
    expect(answer, JSON.stringify(answer)).toEqual(expected);
  });

  it('takes a fixture address as valid without asking DNS', async () => {
    const before = dns.questions.length;
    expect(await verify('bounced+x@mailgate.test')).toEqual({ valid: true, error: null, code: 'valid' });
    expect(dns.questions.length).toBe(before);
  });

  it('reports DNS that never answers as dns_unavailable (valid null), within a bounded wait, not a 500', async () => {
    const start = performance.now();
    expect(await verify('ada@slow.example')).toEqual({
      valid: null,
      error: expect.stringMatching(/^Could not check slow\.example now: /),
      code: 'dns_unavailable',
    });
    expect(performance.now() - start).toBeLessThan(6_000);
  }, 15_000);

  describe('without MX, falls back to A and AAAA, each family on its own', () => {
    it.each(['v4-fails-v6.example', 'v6-fails-v4.example'])('takes %s as accepting mail: one family has addresses, the other failed', async (domain) => {
      expect(await verify(`ada@${domain}`)).toEqual({ valid: true, error: null, code: 'valid' });
    });

    it('takes addresses from one family without waiting past the bound for the other', async () => {
      const start = performance.now();
      expect(await verify('ada@v4-slow-v6.example')).toEqual({ valid: true, error: null, code: 'valid' });
      expect(performance.now() - start).toBeLessThan(6_000);
    }, 15_000);

    it.each(['none-fails-v6.example', 'both-fail.example'])(
      'reports %s as dns_unavailable: no addresses found, and a family did not answer',
      async (domain) => {
        expect(await verify(`ada@${domain}`)).toEqual({
          valid: null,
          error: `Could not check ${domain} now: ESERVFAIL`,
          code: 'dns_unavailable',
        });
      },
    );
  });

  it('answers the same on POST /api/v2/verify, and in the v1 shape on POST /api/v1/emails/verify', async () => {
    expect(await verify('ada@example.com', '/api/v2/verify')).toEqual({ valid: true, error: null, code: 'valid' });
    expect(await verify('bob@gmial.com', '/api/v1/emails/verify')).toEqual({
      success: true,
      valid: false,
      error: 'Did you mean bob@gmail.com?',
      code: 'possible_typo',
      suggestion: 'bob@gmail.com',
    });
  });

  it('refuses a body without an email with 422 naming it, in each version', async () => {
    const v2 = await server.api('/api/v2/verify', { body: {} });
    expect(v2.status).toBe(422);
    expect(((await v2.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(['email']);
    const v1 = await server.api('/api/v1/emails/verify', { body: { address: 'x' } });
    expect(v1.status).toBe(422);
    expect(await v1.json()).toMatchObject({ success: false });
  });

  it('is a read-only tool over MCP', async () => {
    const client = new Client({ name: 'verify-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === 'verify_email');
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
      const result = (await client.callTool({ name: 'verify_email', arguments: { email: 'ada@nullmx.example' } })) as { structuredContent: unknown };
      expect(result.structuredContent).toEqual({ valid: false, error: 'nullmx.example accepts no email (null MX)', code: 'no_mail_server' });
    } finally {
      await client.close();
    }
  });
});
