import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Mailgate, OPERATION_ROUTES, type MailgateError } from '@mailgate/sdk';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { suppressAddresses } from '../../src/suppressions/index.ts';
import { sdkGeneratedFiles, type OpenApiDocument } from '../../scripts/sdk-types.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';
import { freePort } from '../helpers/process.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// @mailgate/sdk, as built into sdk/dist by `npm install`, against a listening
// server: every resource, the { data, error } contract, retries against the
// server's own 429 (its clock moved by the SDK's waits, so Retry-After is
// asserted exactly), against a small test server for 5xx and failed
// connections, and the types regenerated from the running server's /openapi.json.

const ID = /^[a-z]{3}_[0-9a-z]{26}$/;

/** A client whose waits are recorded (and move `clock` when given) instead of slept. */
function client(server: Pick<TestServer, 'url' | 'token'>, options: { clock?: ManualClock; maxRetries?: number; token?: string; fetch?: typeof fetch } = {}) {
  const waits: number[] = [];
  const mailgate = new Mailgate(options.token ?? server.token, {
    baseUrl: server.url,
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    sleep: async (ms) => {
      waits.push(ms);
      options.clock?.advance(ms);
    },
  });
  return { mailgate, waits };
}

function ok<T>(result: { data: T; error: null } | { data: null; error: MailgateError }): T {
  if (result.error) throw new Error(`expected data, got ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('the SDK against a listening server', () => {
  let server: TestServer;
  let dns: TestDnsServer;
  let mg: Mailgate;
  let hooks: http.Server;
  let hookUrl = '';
  const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer({ env: { DNS_SERVERS: dns.address, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    mg = client(server).mailgate;
    hooks = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
    await new Promise((resolve) => hooks?.close(resolve));
  });

  it('has the committed types of this server: regenerating them from its /openapi.json changes nothing', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
    const files = await sdkGeneratedFiles(doc);
    for (const [name, text] of Object.entries(files)) {
      expect(readFileSync(new URL(`../../sdk/src/generated/${name}`, import.meta.url), 'utf8'), `sdk/src/generated/${name} is stale: npm run sdk:types`).toBe(
        text,
      );
    }
  });

  it('has a method for every v2 operation in the document', () => {
    const source = readFileSync(new URL('../../sdk/src/index.ts', import.meta.url), 'utf8');
    const called = new Set([...source.matchAll(/this\.(?:call|records|bytes)\('([a-z_]+)'/g)].map((m) => m[1]));
    expect([...called].sort()).toEqual(Object.keys(OPERATION_ROUTES).sort());
  });

  it('emails: send, get, list and iterate over every page, batch, verify', async () => {
    const sent = ok(
      await mg.emails.send({ from: 'Acme <hello@acme.example>', to: 'delivered@mailgate.test', subject: 'From the SDK', markdown: 'Hi **there**' }),
    );
    expect(sent.id).toMatch(ID);
    const email = ok(await mg.emails.get(sent.id));
    expect(email).toMatchObject({ id: sent.id, subject: 'From the SDK', from: 'Acme <hello@acme.example>' });

    const batch = ok(
      await mg.emails.batch(
        [
          { from: 'hello@acme.example', to: 'delivered+1@mailgate.test', subject: 'One', html: '<p>1</p>' },
          { from: 'hello@acme.example', to: 'delivered+2@mailgate.test', subject: '', html: '<p>2</p>' },
          { from: 'hello@acme.example', to: 'delivered+3@mailgate.test', subject: 'Three', html: '<p>3</p>' },
        ],
        { validation: 'permissive' },
      ),
    );
    expect(batch.data).toHaveLength(2);
    expect(batch.errors?.map((e) => e.index)).toEqual([1]);

    const page = ok(await mg.emails.list({ limit: 2 }));
    expect(page).toMatchObject({ object: 'list', has_more: true });
    expect(page.data).toHaveLength(2);
    const all: string[] = [];
    for await (const item of mg.emails.iterate({ limit: 1 })) all.push(item.id);
    expect(all).toHaveLength(3);
    expect(new Set(all).size).toBe(3);

    expect(ok(await mg.verify('delivered@mailgate.test'))).toEqual({ valid: true, error: null, code: 'valid' });
    expect(ok(await mg.emails.verify({ email: 'not an address' }))).toMatchObject({ valid: false, code: 'invalid_syntax' });
  });

  it('subscribers, tags and events', async () => {
    const ada = ok(await mg.subscribers.upsert({ email: 'ada@example.com', first_name: 'Ada', tags: ['news'] }));
    expect(ada).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', tags: ['news'] });
    expect(ok(await mg.subscribers.get('ada@example.com')).id).toBe(ada.id);
    expect(ok(await mg.subscribers.update(ada.id, { last_name: 'Lovelace' })).last_name).toBe('Lovelace');
    expect(ok(await mg.subscribers.addTags(ada.id, { tags: ['vip'] })).tags).toEqual(expect.arrayContaining(['news', 'vip']));
    expect(ok(await mg.subscribers.removeTags(ada.id, { tags: ['vip'] })).tags).toEqual(['news']);
    expect(ok(await mg.events.track({ email: 'ada@example.com', name: 'signed_in' }))).toMatchObject({ name: 'signed_in' });
    const events = ok(await mg.subscribers.listEvents(ada.id));
    expect(events.data.map((e) => e.name)).toContain('signed_in');
    const names: string[] = [];
    for await (const e of mg.subscribers.iterateEvents(ada.id, { limit: 1 })) names.push(e.name);
    expect(names).toEqual(events.data.map((e) => e.name));
    expect(ok(await mg.subscribers.unsubscribe(ada.id)).status).toBe('unsubscribed');
    ok(await mg.subscribers.upsert({ email: 'bob@example.com' }));
    expect(
      ok(await mg.subscribers.list({ limit: 10 }))
        .data.map((s) => s.email)
        .sort(),
    ).toEqual(['ada@example.com', 'bob@example.com']);
    const everyone: string[] = [];
    for await (const s of mg.subscribers.iterate({ limit: 1 })) everyone.push(s.email);
    expect(everyone.sort()).toEqual(['ada@example.com', 'bob@example.com']);

    expect(ok(await mg.tags.create({ name: 'launch' }))).toMatchObject({ name: 'launch' });
    expect(ok(await mg.tags.get('news'))).toMatchObject({ name: 'news' });
    expect(ok(await mg.tags.list()).data.map((t) => t.name)).toEqual(expect.arrayContaining(['news', 'launch']));
    const tags: string[] = [];
    for await (const t of mg.tags.iterate({ limit: 1 })) tags.push(t.name);
    expect(tags.sort()).toEqual(['launch', 'news', 'vip']);
  });

  it('workflows', async () => {
    const wf = ok(await mg.workflows.create({ name: 'Welcome', trigger: { type: 'subscriber_created' }, steps: [{ type: 'add_tag', tag: 'welcomed' }] }));
    expect(wf.id).toMatch(ID);
    expect(ok(await mg.workflows.get(wf.id)).name).toBe('Welcome');
    expect(ok(await mg.workflows.update(wf.id, { name: 'Hello' })).name).toBe('Hello');
    expect(ok(await mg.workflows.list()).data.map((w) => w.id)).toContain(wf.id);
    ok(await mg.subscribers.upsert({ email: 'new@example.com' }));
    const runs = ok(await mg.workflows.listRuns(wf.id));
    expect(runs.data).toHaveLength(1);
    const iterated = [];
    for await (const r of mg.workflows.iterateRuns(wf.id)) iterated.push(r.id);
    expect(iterated).toEqual([runs.data[0]!.id]);
    for await (const w of mg.workflows.iterate()) expect(w.id).toBe(wf.id);
    expect(ok(await mg.workflows.delete(wf.id))).toEqual({ object: 'workflow', id: wf.id, deleted: true });
  });

  it('campaigns', async () => {
    ok(await mg.subscribers.upsert({ email: 'reader@example.com', tags: ['readers'] }));
    const c = ok(
      await mg.campaigns.create({ name: 'News', from: 'news@acme.example', subject: 'Hi {{first_name}}', markdown: 'Hello', audience: { tags: ['readers'] } }),
    );
    expect(c).toMatchObject({ status: 'draft' });
    expect(ok(await mg.campaigns.update(c.id, { name: 'November' })).name).toBe('November');
    expect(ok(await mg.campaigns.get(c.id)).name).toBe('November');
    expect(ok(await mg.campaigns.countAudience({ campaign_id: c.id })).count).toBe(1);
    expect(ok(await mg.campaigns.countAudience({ audience: { tags: ['readers'] } }))).toEqual({ object: 'audience_count', count: 1 });
    expect(ok(await mg.campaigns.test(c.id, { to: ['delivered@mailgate.test'] })).ids).toHaveLength(1);
    const scheduled = ok(await mg.campaigns.send(c.id, { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(scheduled).toMatchObject({ status: 'scheduled', recipient_count: 1 });
    expect(ok(await mg.campaigns.cancel(c.id)).status).toBe('cancelled');
    const draft = ok(await mg.campaigns.create({ name: 'Draft', from: 'news@acme.example', subject: 'S', markdown: 'M' }));
    expect(ok(await mg.campaigns.list()).data.map((x) => x.id)).toEqual([draft.id, c.id]);
    const ids: string[] = [];
    for await (const x of mg.campaigns.iterate({ limit: 1 })) ids.push(x.id);
    expect(ids).toEqual([draft.id, c.id]);
    expect(ok(await mg.campaigns.delete(draft.id))).toEqual({ object: 'campaign', id: draft.id, deleted: true });
  });

  it('domains', async () => {
    const d = ok(await mg.domains.create({ name: 'news.example.com' }));
    expect(d).toMatchObject({ name: 'news.example.com', status: 'pending' });
    expect(await mg.domains.update(d.id, { receiving: true })).toMatchObject({ data: null, error: { statusCode: 409, code: 'DOMAIN_NOT_VERIFIED' } });
    for (const r of d.records) dns.set(r.name, [...(dns.records.get(r.name) ?? []), { type: 'TXT', text: r.value }]);
    expect(ok(await mg.domains.verify(d.id)).status).toBe('verified');
    expect(ok(await mg.domains.get(d.id)).status).toBe('verified');
    const receiving = ok(await mg.domains.update(d.id, { receiving: true }));
    expect(receiving).toMatchObject({ id: d.id, status: 'verified', receiving: true });
    expect(receiving.records.at(-1)).toMatchObject({ purpose: 'receiving_mx', type: 'MX', name: 'news.example.com' });
    expect(ok(await mg.domains.update(d.id, { receiving: false })).receiving).toBe(false);
    expect(ok(await mg.domains.list()).data.map((x) => x.id)).toEqual([d.id]);
    for await (const x of mg.domains.iterate()) expect(x.id).toBe(d.id);
    expect(ok(await mg.domains.delete(d.id))).toEqual({ object: 'domain', id: d.id, deleted: true });
  });

  it('suppressions: add, get by address, list, iterate, and remove (a complaint only with force)', async () => {
    const added = ok(await mg.suppressions.add({ emails: ['sdk+blocked@example.com'] }));
    expect(added.data).toEqual([expect.objectContaining({ email: 'sdk+blocked@example.com', reason: 'manual', expires_at: null })]);
    const [entry] = added.data;
    expect(ok(await mg.suppressions.get('SDK+blocked@example.com'))).toEqual(entry);
    expect(ok(await mg.suppressions.list({ reason: 'manual' })).data).toEqual([entry]);
    for await (const s of mg.suppressions.iterate({ query: 'sdk+' })) expect(s).toEqual(entry);
    const sent = await mg.emails.send({ from: 'hello@acme.example', to: 'sdk+blocked@example.com', subject: 'Hi', html: '<p>Hi</p>' });
    expect(sent).toMatchObject({ data: null, error: { name: 'validation_error', statusCode: 422, code: 'RECIPIENT_SUPPRESSED' } });
    expect(ok(await mg.suppressions.remove(entry!.id))).toEqual({ object: 'suppression', id: entry!.id, email: 'sdk+blocked@example.com', deleted: true });

    const auth = await server.core.tokens.authenticate(server.token);
    await suppressAddresses(server.core.db.db, [
      { organizationId: auth.organizationId, email: 'sdk-complained@example.com', reason: 'complaint', sourceId: null, at: Date.now() },
    ]);
    expect(await mg.suppressions.remove('sdk-complained@example.com')).toMatchObject({ data: null, error: { statusCode: 409, code: 'COMPLAINT_SUPPRESSION' } });
    expect(ok(await mg.suppressions.remove('sdk-complained@example.com', { force: true })).deleted).toBe(true);
  });

  it('receivedEmails: list, iterate, get, and the raw message and an attachment as bytes', async () => {
    await addReceivingDomain(server.database.handle, 'inbox.sdk.example');
    const note = Buffer.from('reçu nº 42\n');
    const mail = incomingMail({
      to: [{ name: null, address: 'support@inbox.sdk.example' }],
      attachments: [{ filename: 'reçu.txt', contentType: 'text/plain', content: note }],
    });
    const [id] = (await server.core.receiving.receive(mail)).ids as [string];
    const listed = ok(await mg.receivedEmails.list({ to: 'support@inbox.sdk.example' }));
    expect(listed.data.map((r) => r.id)).toEqual([id]);
    for await (const r of mg.receivedEmails.iterate({ from: 'ada@sender.example' })) expect(r.id).toBe(id);
    const received = ok(await mg.receivedEmails.get(id));
    expect(received).toMatchObject({ object: 'received_email', id, subject: 'Question about my order', text: mail.parsed.text });
    expect(ok(await mg.receivedEmails.raw(id))).toEqual({ content: new Uint8Array(mail.raw), contentType: 'message/rfc822', filename: null });
    const [attachment] = received.attachments;
    expect(ok(await mg.receivedEmails.attachment(id, attachment!.id))).toEqual({
      content: new Uint8Array(note),
      contentType: 'text/plain',
      filename: 'reçu.txt',
    });
    expect(await mg.receivedEmails.raw('rcv_01jd3zq8x6v5t0n2c4b7m9k1pq')).toEqual({
      data: null,
      error: { name: 'not_found', message: 'Received email rcv_01jd3zq8x6v5t0n2c4b7m9k1pq not found', statusCode: 404 },
    });
  });

  it('tokens: the secret once, a read-only token refused a write, revoked refused at once', async () => {
    const made = ok(await mg.tokens.create({ name: 'sdk', permission: 'read' }));
    expect(made.token).toMatch(/^mailgate_/);
    const reader = client(server, { token: made.token }).mailgate;
    expect(ok(await reader.tags.list()).object).toBe('list');
    const write = await reader.tags.create({ name: 'nope' });
    expect(write).toMatchObject({ data: null, error: { name: 'forbidden', statusCode: 403, code: 'read_only_token' } });
    expect(ok(await mg.tokens.list()).data.map((t) => t.id)).toContain(made.id);
    for await (const t of mg.tokens.iterate({ limit: 1 })) expect(t.id).toMatch(ID);
    ok(await mg.tokens.revoke(made.id));
    expect((await reader.tags.list()).error).toMatchObject({ name: 'invalid_api_key', statusCode: 401 });
  });

  it('webhooks: the resource, and Mailgate.webhooks.verify on a real signed delivery', async () => {
    const hook = ok(await mg.webhooks.create({ url: hookUrl, events: ['subscriber.created'] }));
    expect(hook.secret).toMatch(/^whsec_/);
    expect(ok(await mg.webhooks.get(hook.id)).url).toBe(hookUrl);
    expect(ok(await mg.webhooks.update(hook.id, { events: ['subscriber.created', 'subscriber.updated'] })).events).toEqual([
      'subscriber.created',
      'subscriber.updated',
    ]);
    expect(ok(await mg.webhooks.list()).data.map((w) => w.id)).toEqual([hook.id]);
    for await (const w of mg.webhooks.iterate()) expect(w.id).toBe(hook.id);

    ok(await mg.subscribers.upsert({ email: 'hooked@example.com' }));
    const delivery = await waitFor(async () => received.find((r) => r.body.includes('hooked@example.com')), 10_000, 'the delivery');
    const verified = await Mailgate.webhooks.verify(delivery.body, delivery.headers as Record<string, string>, hook.secret!);
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ type: 'subscriber.created', data: { email: 'hooked@example.com' } });
    // The same as the Standard Webhooks package says.
    expect(new Webhook(hook.secret!).verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(verified.data);
    const tampered = await mg.webhooks.verify(delivery.body.replace('hooked', 'hacked'), delivery.headers as Record<string, string>, hook.secret!);
    expect(tampered).toMatchObject({ data: null, error: { name: 'webhook_verification_error', statusCode: null } });
    const stale = await Mailgate.webhooks.verify(delivery.body, delivery.headers as Record<string, string>, hook.secret!, { now: Date.now() + 600_000 });
    expect(stale.error?.message).toMatch(/too far from now/);

    await waitFor(
      async () => (ok(await mg.webhooks.listDeliveries(hook.id)).data.some((d) => d.status === 'delivered') ? true : undefined),
      10_000,
      'delivered',
    );
    expect(ok(await mg.webhooks.delete(hook.id))).toEqual({ object: 'webhook', id: hook.id, deleted: true });
  });

  it('tools: list, get and call, as an agent would', async () => {
    const tools = ok(await mg.tools.list());
    expect(tools.data.map((t) => t.name)).toContain('list_tags');
    expect(ok(await mg.tools.get('create_tag')).name).toBe('create_tag');
    const result = ok(await mg.tools.call('create_tag', { name: 'from-a-tool' }));
    expect(JSON.stringify(result)).toContain('from-a-tool');
  });

  it('never throws for an API error: { data: null, error } with the v2 error', async () => {
    const missing = await mg.emails.get('eml_00000000000000000000000000');
    expect(missing).toEqual({ data: null, error: { name: 'not_found', statusCode: 404, message: expect.any(String) } });
    const invalid = await mg.emails.send({ from: 'x', to: 'delivered@mailgate.test', subject: 'S', html: '<p>x</p>' });
    expect(invalid.data).toBeNull();
    expect(invalid.error).toMatchObject({ name: 'validation_error', statusCode: 422, details: [expect.objectContaining({ path: 'from' })] });
    const badToken = await client(server, { token: 'mailgate_not_a_real_token_000000000000000' }).mailgate.tags.list();
    expect(badToken.error).toMatchObject({ name: 'invalid_api_key', statusCode: 401 });
  });

  it('sends once under its own idempotency key when an answer is lost and the send retried', async () => {
    let lost = 0;
    const keys: (string | null)[] = [];
    // The first answer to a send never reaches the caller (the server did send): the SDK tries again.
    const losing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && String(input).endsWith('/api/v2/emails')) {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        if (lost++ === 0) return new Response('upstream gone', { status: 502 });
      }
      return response;
    };
    const { mailgate, waits } = client(server, { fetch: losing });
    const before = ok(await mg.emails.list({ limit: 100 })).data.length;
    const sent = ok(await mailgate.emails.send({ from: 'hello@acme.example', to: 'delivered+once@mailgate.test', subject: 'Once', html: '<p>once</p>' }));
    expect(waits).toEqual([1000]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^sdk-/);
    expect(keys[1]).toBe(keys[0]);
    const after = ok(await mg.emails.list({ limit: 100 })).data;
    expect(after).toHaveLength(before + 1);
    expect(after.filter((e) => e.to.includes('delivered+once@mailgate.test')).map((e) => e.id)).toEqual([sent.id]);
  });

  it('returns RECIPIENT_RATE_LIMITED at once, without retrying', async () => {
    const { mailgate, waits } = client(server);
    for (let i = 0; i < 5; i++) ok(await mailgate.emails.send({ from: 'hello@acme.example', to: 'guarded@example.org', subject: `n${i}`, html: '<p>x</p>' }));
    const refused = await mailgate.emails.send({ from: 'hello@acme.example', to: 'guarded@example.org', subject: 'n5', html: '<p>x</p>' });
    expect(refused.error).toMatchObject({ name: 'recipient_rate_limited', statusCode: 429, code: 'RECIPIENT_RATE_LIMITED' });
    expect(waits).toEqual([]);
  });
});

describe('the SDK retrying the server’s own 429 (the organization quota)', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 30));
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ clock, worker: false, env: { IP_RATE_LIMIT: '100000' } });
    token = (await server.core.orgs.create({ name: 'Small', plan: 'free', rateLimit: 2 })).token.token;
  });
  afterAll(() => server?.close());

  it('waits Retry-After seconds, then succeeds; with retries off it answers the 429', async () => {
    const { mailgate, waits } = client({ url: server.url, token }, { clock });
    ok(await mailgate.tags.list());
    ok(await mailgate.tags.list());
    // Third call in the window: 429, Retry-After = the 30 s left in the minute; the SDK waits that (the clock moves) and tries again.
    expect(ok(await mailgate.tags.list()).object).toBe('list');
    expect(waits).toEqual([30_000]);

    const off = client({ url: server.url, token }, { clock, maxRetries: 0 });
    ok(await off.mailgate.tags.list());
    const refused = await off.mailgate.tags.list();
    expect(refused.error).toMatchObject({ name: 'rate_limit_exceeded', statusCode: 429, retryAfter: 60 });
    expect(off.waits).toEqual([]);
  });
});

describe('the SDK against a failing server', () => {
  let server: http.Server;
  let url = '';
  const answers: { status: number; headers?: Record<string, string>; body?: string }[] = [];
  let requests: { method: string; url: string; key: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        requests.push({ method: request.method!, url: request.url!, key: request.headers['idempotency-key'] as string | undefined });
        const answer = answers.shift();
        if (!answer) return; // never answered: the client's timeout
        response
          .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          .end(answer.body ?? JSON.stringify({ object: 'list', data: [], has_more: false }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  const fresh = (...next: typeof answers) => {
    requests = [];
    answers.length = 0;
    answers.push(...next);
  };
  const error500 = { status: 500, body: JSON.stringify({ name: 'internal_error', message: 'boom', statusCode: 500 }) };

  it('retries a 5xx after 1 s, 2 s, 4 s, then answers the error', async () => {
    fresh(error500, error500, error500, error500);
    const { mailgate, waits } = client({ url, token: 't' });
    const result = await mailgate.tags.list();
    expect(result).toEqual({ data: null, error: { name: 'internal_error', message: 'boom', statusCode: 500 } });
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(requests).toHaveLength(4);
  });

  it('honours Retry-After on a 503, and the retry count is configurable', async () => {
    fresh({ status: 503, headers: { 'retry-after': '7' }, body: 'busy' }, { status: 200 });
    const { mailgate, waits } = client({ url, token: 't' });
    expect((await mailgate.tags.list()).data).toEqual({ object: 'list', data: [], has_more: false });
    expect(waits).toEqual([7000]);

    fresh(error500, error500);
    const one = client({ url, token: 't' }, { maxRetries: 1 });
    expect((await one.mailgate.tags.list()).error?.statusCode).toBe(500);
    expect(one.waits).toEqual([1000]);
    expect(requests).toHaveLength(2);
  });

  it('does not repeat a write that has no idempotency key on a 5xx', async () => {
    fresh(error500, { status: 201, body: '{}' });
    const { mailgate, waits } = client({ url, token: 't' });
    expect((await mailgate.tags.create({ name: 'x' })).error?.statusCode).toBe(500);
    expect(waits).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('retries a send under one key it made, the same on every attempt; none with retries off', async () => {
    fresh(error500, { status: 200, body: JSON.stringify({ id: 'eml_1' }) });
    const { mailgate } = client({ url, token: 't' });
    expect((await mailgate.emails.send({ from: 'a@b.example', to: 'c@d.example', subject: 's', html: 'h' })).data).toEqual({ id: 'eml_1' });
    expect(requests.map((r) => r.key)).toEqual([requests[0]!.key, requests[0]!.key]);
    expect(requests[0]!.key).toMatch(/^sdk-[0-9a-f-]{36}$/);

    fresh({ status: 200, body: JSON.stringify({ id: 'eml_2' }) });
    await client({ url, token: 't' }, { maxRetries: 0 }).mailgate.emails.send({ from: 'a@b.example', to: 'c@d.example', subject: 's', html: 'h' });
    expect(requests[0]!.key).toBeUndefined();

    fresh({ status: 200, body: JSON.stringify({ id: 'eml_3' }) });
    await client({ url, token: 't' }).mailgate.emails.send({ from: 'a@b.example', to: 'c@d.example', subject: 's', html: 'h' }, { idempotencyKey: 'order-42' });
    expect(requests[0]!.key).toBe('order-42');
  });

  it('names a failed connection network_error and a missing answer timeout_error, after retrying', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { mailgate, waits } = client({ url: closed, token: 't' });
    const refused = await mailgate.tags.list();
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ name: 'network_error', statusCode: null });
    expect(waits).toEqual([1000, 2000, 4000]);

    fresh();
    const slow = new Mailgate('t', { baseUrl: url, timeoutMs: 200, maxRetries: 0 });
    expect((await slow.tags.list()).error).toMatchObject({ name: 'timeout_error', statusCode: null });
  });

  it('iterate throws MailgateRequestError when a page fails (an iterator has no { data, error })', async () => {
    fresh(
      { status: 200, body: JSON.stringify({ object: 'list', data: [{ id: 'tag_1', name: 'a' }], has_more: true }) },
      { status: 404, body: JSON.stringify({ name: 'not_found', message: 'gone', statusCode: 404 }) },
    );
    const { mailgate } = client({ url, token: 't' });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const t of mailgate.tags.iterate()) seen.push(t.id);
      })(),
    ).rejects.toMatchObject({ name: 'MailgateRequestError', error: { name: 'not_found', statusCode: 404 } });
    expect(seen).toEqual(['tag_1']);
    expect(requests.map((r) => r.url)).toEqual(['/api/v2/tags', '/api/v2/tags?after=tag_1']);
  });
});
