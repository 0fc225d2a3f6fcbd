import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * The REST door for emails, through fetch on a real socket: exact status codes
 * and bodies of v2 and v1 sends, reads, authentication and errors (docs/api.md).
 */
const ID = /^eml_[0-9a-hjkmnp-tv-z]{26}$/;

// A mailbox of its own for every send: the recipient guard (5 per 10 minutes) is not under test here.
let recipients = 0;
const nextRecipient = () => `ada+${++recipients}@example.com`;

const send = (overrides: Record<string, unknown> = {}) => ({
  from: 'Acme <hello@acme.example>',
  to: nextRecipient(),
  subject: 'Welcome',
  markdown: '# Hello Ada\n\nYour [workspace](https://acme.example/w) is ready.',
  ...overrides,
});

let server: TestServer;

beforeAll(async () => {
  // Room to find a too-deep document on a loaded machine: the render's time limit has its own server below.
  server = await startTestServer({ env: { MAX_BODY_BYTES: String(256 * 1024), RENDER_TIME_LIMIT_SECONDS: '30' } });
});
afterAll(async () => server.close());

async function emailCount(of: TestServer = server): Promise<number> {
  const row = await of.core.db.db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function json(res: Response): Promise<any> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

describe('authentication', () => {
  it('refuses a request without a token: 401 missing_api_key', async () => {
    const res = await server.api('/api/v2/emails', { token: null });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({
      name: 'missing_api_key',
      message: expect.stringContaining('Authorization: Bearer'),
      statusCode: 401,
    });
  });

  it('refuses an unknown token: 401 invalid_api_key', async () => {
    const res = await server.api('/api/v2/emails', { token: 'mailgate_not_a_real_token_at_all_000000' });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ name: 'invalid_api_key', message: 'API key is invalid', statusCode: 401 });
  });

  it('refuses a non-Bearer Authorization header', async () => {
    const res = await server.api('/api/v2/emails', { token: null, headers: { authorization: `Basic ${server.token}` } });
    expect(res.status).toBe(401);
    expect((await json(res)).name).toBe('missing_api_key');
  });

  it('answers v1 authentication failures in the v1 shape', async () => {
    const res = await server.api('/api/v1/emails', { token: null, body: send() });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ success: false, message: expect.stringContaining('Missing API key') });
  });

  it('authenticates before it reads the body', async () => {
    const res = await server.api('/api/v2/emails', { token: null, rawBody: '{"broken' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/v2/emails', () => {
  it('accepts a markdown send and answers exactly {id} with the eml_ prefix', async () => {
    const res = await server.api('/api/v2/emails', { body: send() });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body)).toEqual(['id']);
    expect(body.id).toMatch(ID);

    const record = await json(await server.api(`/api/v2/emails/${body.id}`));
    expect(record).toMatchObject({
      object: 'email',
      id: body.id,
      from: 'Acme <hello@acme.example>',
      to: [expect.stringMatching(/^ada\+\d+@example\.com$/)],
      subject: 'Welcome',
      reply_to: null,
      preview: null,
    });
    expect(record.html).toContain('<h1>Hello Ada</h1>');
    expect(record.html).toContain('<a href="https://acme.example/w">workspace</a>');
    expect(record.text).toBe('HELLO ADA\n\nYour workspace [https://acme.example/w] is ready.');
    expect(record.message_id).toBe(`<${body.id}@acme.example>`);
    expect(record.events[0]).toMatchObject({ type: 'queued' });
  });

  it('sends html as given and derives the text part', async () => {
    const html = '<html><body><p>Hi <b>there</b></p></body></html>';
    const { id } = await json(await server.api('/api/v2/emails', { body: send({ markdown: undefined, html }) }));
    const record = await json(await server.api(`/api/v2/emails/${id}`));
    expect(record.html).toBe(html);
    expect(record.text).toBe('Hi there');
  });

  it('renders a tiptap document', async () => {
    const tiptap = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Release notes' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Faster', marks: [{ type: 'bold' }] }] },
      ],
    };
    const res = await server.api('/api/v2/emails', { body: send({ markdown: undefined, tiptap }) });
    expect(res.status).toBe(200);
    const record = await json(await server.api(`/api/v2/emails/${(await json(res)).id}`));
    expect(record.html).toContain('<h2>Release notes</h2>');
    expect(record.html).toContain('<strong>Faster</strong>');
    expect(record.text).toContain('Faster');
  });

  it('turns preview into a hidden preheader that stays out of the text part', async () => {
    const { id } = await json(
      await server.api('/api/v2/emails', { body: send({ preview: 'Your <workspace> is ready', reply_to: 'Support <help@acme.example>' }) }),
    );
    const record = await json(await server.api(`/api/v2/emails/${id}`));
    expect(record.preview).toBe('Your <workspace> is ready');
    expect(record.reply_to).toBe('Support <help@acme.example>');
    expect(record.html).toMatch(/<body><div style="display:none;[^"]*"[^>]*>Your &lt;workspace&gt; is ready/);
    expect(record.text).not.toContain('workspace> is ready');
  });

  it('accepts `to` as an array of exactly one address', async () => {
    const res = await server.api('/api/v2/emails', { body: send({ to: [nextRecipient()] }) });
    expect(res.status).toBe(200);
  });

  it.each([
    ['content', '; use html, markdown or tiptap'],
    ['contentType', '; use html, markdown or tiptap (the field name says the type)'],
    ['replyTo', '; use reply_to'],
    ['attachments', ''],
    ['template', ''],
    ['topic_id', ''],
    ['scheduled_at', ''],
    ['react', '; use html (render the React email to HTML first)'],
    ['tracking', ''],
  ])('refuses the dropped v1 field %s, naming it and its replacement', async (field, replacement) => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails', { body: send({ [field]: field === 'tracking' ? true : 'x' }) });
    expect(res.status).toBe(422);
    // Exactly one problem, the dropped field, with the replacement (if any) named.
    const problem = `is a v1 field that v2 does not accept${replacement}`;
    expect(await json(res)).toStrictEqual({
      name: 'validation_error',
      message: `${field} ${problem}`,
      statusCode: 422,
      details: [{ path: field, message: problem }],
    });
    expect(await emailCount()).toBe(before);
  });

  it.each([
    ['no content field', { markdown: undefined }, '', 'exactly one of html, markdown or tiptap must be given'],
    ['two content fields', { html: '<p>x</p>' }, '', 'exactly one of html, markdown or tiptap must be given, not html and markdown'],
    ['an empty subject', { subject: '   ' }, 'subject', 'must not be empty'],
    ['a missing subject', { subject: undefined }, 'subject', 'is required'],
    ['a numeric subject', { subject: 42 }, 'subject', 'Invalid input: expected string, received number'],
    ['CR/LF in the subject', { subject: 'Hi\r\nBcc: victim@example.com' }, 'subject', 'must not contain CR or LF'],
    ['CR/LF in from', { from: 'a@acme.example\r\nBcc: v@example.com' }, 'from', 'must not contain CR or LF'],
    ['CR/LF in reply_to', { reply_to: 'a@acme.example\nX: y' }, 'reply_to', 'must not contain CR or LF'],
    ['an invalid to', { to: 'not-an-address' }, 'to', expect.stringContaining('valid email address')],
    ['two recipients', { to: ['a@example.com', 'b@example.com'] }, 'to', 'must be one address, or an array holding exactly one address'],
    ['an unknown field', { cc: 'x@example.com' }, 'cc', 'is not a known field'],
    ['a non-document tiptap', { markdown: undefined, tiptap: { type: 'paragraph' } }, 'tiptap.type', expect.stringContaining('tiptap document')],
  ])('refuses %s with 422 validation_error and details', async (_label, overrides, path, message) => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails', { body: send(overrides) });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body).toMatchObject({ name: 'validation_error', statusCode: 422 });
    expect(body.details).toContainEqual({ path, message });
    expect(await emailCount()).toBe(before);
  });

  it('refuses a tiptap node it cannot render, storing nothing', async () => {
    const before = await emailCount();
    const tiptap = { type: 'doc', content: [{ type: 'blink', content: [] }] };
    const res = await server.api('/api/v2/emails', { body: send({ markdown: undefined, tiptap }) });
    expect(res.status).toBe(422);
    expect((await json(res)).details).toEqual([{ path: 'tiptap', message: expect.stringContaining('cannot be rendered') }]);
    expect(await emailCount()).toBe(before);
  });

  it.each([
    ['deeply nested markdown', { markdown: `${'>'.repeat(20_000)} x` }, 'markdown'],
    ['deeply nested html', { markdown: undefined, html: '<div>'.repeat(10_000) }, 'html'],
  ])('refuses %s with 422, never a 500', async (_label, overrides, path) => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails', { body: send(overrides), headers: { 'idempotency-key': `deep-${path}` } });
    expect(res.status).toBe(422);
    expect((await json(res)).details).toEqual([{ path, message: 'cannot be rendered: it is nested too deeply' }]);
    expect(await emailCount()).toBe(before);
  });

  it('refuses a JSON body nested deeper than 64 levels with 422, with or without an idempotency key', async () => {
    // Built as text: JSON.stringify itself would overflow on a document this deep.
    const deep = `${'{"type":"blockquote","content":['.repeat(1500)}{"type":"text","text":"x"}${']}'.repeat(1500)}`;
    const head = '{"from":"hello@acme.example","to":"ada@example.com","subject":"deep",';
    for (const headers of [{}, { 'idempotency-key': 'deep-tiptap' }] as Record<string, string>[]) {
      const res = await server.api('/api/v2/emails', { rawBody: `${head}"tiptap":{"type":"doc","content":[${deep}]}}`, headers });
      expect(res.status).toBe(422);
      expect((await json(res)).details).toEqual([{ path: '', message: 'is nested more than 64 levels deep' }]);
    }
    const v1 = await server.api('/api/v1/emails', { rawBody: `${head}"contentType":"TIPTAP","content":{"type":"doc","content":[${deep}]}}` });
    expect(v1.status).toBe(422);
    expect((await json(v1)).message).toContain('nested more than 64 levels');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await server.api('/api/v2/emails', { rawBody: '{"from": "a@acme.example",' });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ name: 'invalid_json', message: expect.stringContaining('not valid JSON'), statusCode: 400 });
  });

  it('answers a body that is not an object with 422', async () => {
    const res = await server.api('/api/v2/emails', { body: ['x'] });
    expect(res.status).toBe(422);
    expect((await json(res)).details).toEqual([{ path: '', message: 'must be a JSON object' }]);
  });

  it('answers an oversized body with 413 payload_too_large and stores nothing', async () => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails', { body: send({ markdown: 'x'.repeat(260 * 1024) }) });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ name: 'payload_too_large', message: 'Request body is larger than this server accepts', statusCode: 413 });
    expect(await emailCount()).toBe(before);
  });

  it('answers a body that is not JSON (a form post) with 400 invalid_json', async () => {
    const res = await server.api('/api/v2/emails', { rawBody: 'from=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ name: 'invalid_json', message: expect.stringContaining('application/json'), statusCode: 400 });
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, creating one email', async () => {
    const before = await emailCount();
    const headers = { 'idempotency-key': 'welcome-ada-1' };
    const body = send();
    const first = await server.api('/api/v2/emails', { body, headers });
    const second = await server.api('/api/v2/emails', { body, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(await json(first));
    expect(await emailCount()).toBe(before + 1);
  });

  it('refuses the same key with another body: 409 idempotency_conflict', async () => {
    const headers = { 'idempotency-key': 'welcome-ada-2' };
    expect((await server.api('/api/v2/emails', { body: send(), headers })).status).toBe(200);
    const res = await server.api('/api/v2/emails', { body: send({ subject: 'Other' }), headers });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({
      name: 'idempotency_conflict',
      message: expect.stringContaining('different request'),
      statusCode: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('refuses a key whose first request is still in flight: 409 with Retry-After', async () => {
    // Another process holds the key: its claim row is in flight.
    const auth = await server.core.tokens.authenticate(server.token);
    const now = Date.now();
    const { requestFingerprint } = await import('../../src/emails/idempotency.ts');
    const { parseSendBody } = await import('../../src/index.ts');
    const inFlight = send();
    await server.core.db.db
      .insertInto('idempotency_keys')
      .values({
        organization_id: auth.organizationId,
        key: 'in-flight-1',
        fingerprint: requestFingerprint('emails.send', parseSendBody(inFlight)),
        claim_token: 'held-by-another-process',
        state: 'in_flight',
        response: null,
        created_at: now,
        expires_at: now + 86_400_000,
      })
      .execute();
    const res = await server.api('/api/v2/emails', { body: inFlight, headers: { 'idempotency-key': 'in-flight-1' } });
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await json(res)).toMatchObject({ name: 'idempotency_conflict', code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS' });
  });

  it('does not keep a key whose request failed validation', async () => {
    const headers = { 'idempotency-key': 'fix-and-retry' };
    expect((await server.api('/api/v2/emails', { body: send({ to: 'nope' }), headers })).status).toBe(422);
    expect((await server.api('/api/v2/emails', { body: send(), headers })).status).toBe(200);
  });

  it('refuses a malformed key with 422', async () => {
    const res = await server.api('/api/v2/emails', { body: send(), headers: { 'idempotency-key': 'x'.repeat(257) } });
    expect(res.status).toBe(422);
    expect((await json(res)).details).toEqual([{ path: 'Idempotency-Key', message: expect.stringContaining('1 to 256') }]);
  });
});

describe('GET /api/v2/emails and /api/v2/emails/{id}', () => {
  it('pages newest first with limit/after/before and returns no bodies', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await json(await server.api('/api/v2/emails', { body: send({ subject: `Page ${i}` }) }))).id);
    const newest = [...ids].reverse();

    const page1 = await json(await server.api('/api/v2/emails?limit=2'));
    expect(Object.keys(page1)).toEqual(['object', 'data', 'has_more']);
    expect(page1.object).toBe('list');
    expect(page1.has_more).toBe(true);
    expect(page1.data.map((e: { id: string }) => e.id)).toEqual(newest.slice(0, 2));
    for (const item of page1.data) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'from', 'id', 'last_event', 'object', 'reply_to', 'subject', 'tags', 'to', 'updated_at']);
    }

    const page2 = await json(await server.api(`/api/v2/emails?limit=2&after=${page1.data[1].id}`));
    expect(page2.data.map((e: { id: string }) => e.id)).toEqual(newest.slice(2, 4));
    expect(page2.has_more).toBe(true);

    const back = await json(await server.api(`/api/v2/emails?limit=2&before=${page2.data[0].id}`));
    expect(back.data.map((e: { id: string }) => e.id)).toEqual(newest.slice(0, 2));
    expect(back.has_more).toBe(false);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'after=sub_01m81aqmz93wm4cjfrw6fxfzrv', 'after=x&before=y'])(
    'refuses bad list parameters (%s) with 422',
    async (query) => {
      const res = await server.api(`/api/v2/emails?${query}`);
      expect(res.status).toBe(422);
      expect((await json(res)).name).toBe('validation_error');
    },
  );

  it('answers an unknown id with 404 not_found', async () => {
    const res = await server.api('/api/v2/emails/eml_01m81aqmz93wm4cjfrw6fxfzrv');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ name: 'not_found', message: expect.stringContaining('not found'), statusCode: 404 });
  });

  it("never shows another organization's email", async () => {
    const { id } = await json(await server.api('/api/v2/emails', { body: send() }));
    const other = await server.core.orgs.create({ name: 'Other', plan: 'free' });
    const res = await server.api(`/api/v2/emails/${id}`, { token: other.token.token });
    expect(res.status).toBe(404);
    const list = await json(await server.api('/api/v2/emails', { token: other.token.token }));
    expect(list).toEqual({ object: 'list', data: [], has_more: false });
  });

  it('captures a real recipient: last_event delivered, event history, raw message', async () => {
    const { id } = await json(await server.api('/api/v2/emails', { body: send({ subject: 'Captured' }) }));
    const record = await waitFor(async () => {
      const r = await json(await server.api(`/api/v2/emails/${id}`));
      return r.last_event === 'delivered' ? r : undefined;
    });
    expect(record.events.map((e: { type: string }) => e.type)).toEqual(['queued', 'sent', 'delivered']);
    for (const e of record.events) expect(e.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(record.raw).toContain('Subject: Captured');
    expect(record.raw).toContain(`Message-ID: ${record.message_id}`);
    expect(record.raw).toContain('Content-Type: text/plain');
    expect(record.raw).toContain('Content-Type: text/html');
  });

  it.each([
    ['delivered@mailgate.test', 'delivered'],
    ['bounced+e2e@mailgate.test', 'bounced'],
    ['complained@mailgate.test', 'complained'],
  ])('walks the fixture %s to %s without a transport', async (to, outcome) => {
    const { id } = await json(await server.api('/api/v2/emails', { body: send({ to }) }));
    const record = await waitFor(async () => {
      const r = await json(await server.api(`/api/v2/emails/${id}`));
      return r.last_event === outcome ? r : undefined;
    });
    expect(record.events.map((e: { type: string }) => e.type)).toEqual(['queued', 'sent', outcome]);
    expect(record.raw).toBeNull();
  });
});

describe('POST /api/v2/emails/batch', () => {
  it('accepts up to 100 valid sends and answers {data:[{id}…]} in order', async () => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails/batch', { body: [send({ subject: 'B1' }), send({ subject: 'B2' }), send({ subject: 'B3' })] });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toHaveLength(3);
    for (const item of body.data) expect(item).toEqual({ id: expect.stringMatching(ID) });
    const subjects = await Promise.all(body.data.map(async (d: { id: string }) => (await json(await server.api(`/api/v2/emails/${d.id}`))).subject));
    expect(subjects).toEqual(['B1', 'B2', 'B3']);
    expect(await emailCount()).toBe(before + 3);
  });

  it('refuses the whole batch when one item is invalid (strict by default)', async () => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails/batch', { body: [send(), send({ to: 'bad' }), send({ replyTo: 'x@example.com' })] });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.name).toBe('validation_error');
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(['[1].to', '[2].replyTo']);
    expect(await emailCount()).toBe(before);
  });

  it('sends the valid items and lists the invalid ones with Batch-Validation: permissive', async () => {
    const before = await emailCount();
    const res = await server.api('/api/v2/emails/batch', {
      body: [send({ subject: 'P0' }), send({ to: 'bad' }), send({ subject: 'P2' })],
      headers: { 'batch-validation': 'permissive' },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data).toHaveLength(2);
    const badTo = 'must be a valid email address ("name@example.com" or "Name <name@example.com>")';
    expect(body.errors).toEqual([{ index: 1, message: `[1].to ${badTo}`, details: [{ path: '[1].to', message: badTo }] }]);
    expect(await emailCount()).toBe(before + 2);
  });

  it('reports an item that fails while rendering at its own index, in both modes', async () => {
    const unknownNode = send({ markdown: undefined, tiptap: { type: 'doc', content: [{ type: 'nope' }] } });
    const strict = await server.api('/api/v2/emails/batch', { body: [send(), unknownNode] });
    expect(strict.status).toBe(422);
    expect((await json(strict)).details).toEqual([{ path: '[1].tiptap', message: expect.stringContaining('cannot be rendered') }]);

    const before = await emailCount();
    const permissive = await server.api('/api/v2/emails/batch', {
      body: [send({ subject: 'kept' }), unknownNode, send({ to: 'bad' })],
      headers: { 'batch-validation': 'permissive' },
    });
    expect(permissive.status).toBe(200);
    const body = await json(permissive);
    expect(body.data).toHaveLength(1);
    expect(body.errors.map((e: { index: number; details: { path: string }[] }) => [e.index, e.details[0]!.path])).toEqual([
      [1, '[1].tiptap'],
      [2, '[2].to'],
    ]);
    expect(await emailCount()).toBe(before + 1);
  });

  it.each([
    ['an empty array', []],
    ['more than 100 items', Array.from({ length: 101 }, () => send())],
    ['an object instead of an array', send()],
  ])('refuses %s with 422', async (_label, body) => {
    const res = await server.api('/api/v2/emails/batch', { body });
    expect(res.status).toBe(422);
    expect((await json(res)).name).toBe('validation_error');
  });

  it('refuses an unknown Batch-Validation mode', async () => {
    const res = await server.api('/api/v2/emails/batch', { body: [send()], headers: { 'batch-validation': 'lenient' } });
    expect(res.status).toBe(422);
    expect((await json(res)).details).toEqual([{ path: 'Batch-Validation', message: 'must be strict or permissive' }]);
  });

  it('honours Idempotency-Key for the whole batch', async () => {
    const before = await emailCount();
    const headers = { 'idempotency-key': 'batch-1' };
    const batch = [send(), send()];
    const first = await json(await server.api('/api/v2/emails/batch', { body: batch, headers }));
    const again = await json(await server.api('/api/v2/emails/batch', { body: batch, headers }));
    expect(again).toEqual(first);
    expect(await emailCount()).toBe(before + 2);
    const other = await server.api('/api/v2/emails/batch', { body: [send()], headers });
    expect(other.status).toBe(409);
  });
});

describe('v1 (frozen)', () => {
  it('sends markdown by default and answers {success, message, id}', async () => {
    const res = await server.api('/api/v1/emails', {
      body: { from: 'hello@acme.example', to: nextRecipient(), subject: 'v1', content: '**bold**', replyTo: 'help@acme.example', tracking: true },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({ success: true, message: 'Email queued for delivery', id: expect.stringMatching(ID) });
    const record = await json(await server.api(`/api/v2/emails/${body.id}`));
    expect(record.html).toContain('<strong>bold</strong>');
    expect(record.reply_to).toBe('help@acme.example');
  });

  it.each([
    ['HTML', '<p>raw <i>html</i></p>', '<p>raw <i>html</i></p>'],
    ['TIPTAP', JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'tip' }] }] }), '<p>tip</p>'],
  ])('sends contentType %s', async (contentType, content, expected) => {
    const res = await server.api('/api/v1/emails', { body: { from: 'hello@acme.example', to: nextRecipient(), subject: 'v1', content, contentType } });
    expect(res.status).toBe(200);
    const record = await json(await server.api(`/api/v2/emails/${(await json(res)).id}`));
    expect(record.html).toContain(expected);
  });

  it('honours Idempotency-Key on the v1 send too', async () => {
    const body = { from: 'hello@acme.example', to: nextRecipient(), subject: 'v1 once', content: 'hi' };
    const headers = { 'idempotency-key': 'v1-once' };
    const first = await json(await server.api('/api/v1/emails', { body, headers }));
    const again = await json(await server.api('/api/v1/emails', { body, headers }));
    expect(again.id).toBe(first.id);
    const other = await server.api('/api/v1/emails', { body: { ...body, subject: 'changed' }, headers });
    expect(other.status).toBe(409);
    expect(await json(other)).toEqual({ success: false, message: expect.stringContaining('different request') });
  });

  it('serves the same under the alternative host path /v1', async () => {
    const res = await server.api('/v1/emails', { body: { from: 'hello@acme.example', to: nextRecipient(), subject: 'alias', content: 'hi' } });
    expect(res.status).toBe(200);
    expect((await json(res)).success).toBe(true);
  });

  it('answers v1 validation errors as {success:false, message} with 422', async () => {
    const res = await server.api('/api/v1/emails', {
      body: { from: 'hello@acme.example', to: nextRecipient(), subject: 'v1', contentType: 'PDF', content: 'x' },
    });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ success: false, message: expect.stringContaining('contentType') });
  });
});

describe('routing', () => {
  it('answers an unknown v2 path with 404 not_found in the v2 shape', async () => {
    const res = await server.api('/api/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ name: 'not_found', message: 'No route for GET /api/v2/nothing-here', statusCode: 404 });
  });

  it('still requires a token for unknown paths under the API', async () => {
    const res = await server.api('/api/v2/nothing-here', { token: null });
    expect(res.status).toBe(401);
  });
});

// Some markdown makes marked quadratic (unmatched emphasis delimiters): content
// that takes longer than RENDER_TIME_LIMIT_SECONDS to render is refused, and the
// render thread, ended and replaced, serves the next send.
describe('content that takes too long to render', () => {
  // A server of its own with a short limit: the suite's other slow renders (deeply nested documents) stay under the default.
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ env: { MAX_BODY_BYTES: String(256 * 1024), RENDER_TIME_LIMIT_SECONDS: '1' } });
  });
  afterAll(async () => slow.close());

  it('is refused with 422 naming the field, nothing is stored, and the next send goes through', async () => {
    const res = await slow.api('/api/v2/emails', { body: send({ markdown: '_a'.repeat(60_000) }) });
    expect([res.status, await json(res)]).toEqual([
      422,
      {
        name: 'validation_error',
        message: 'markdown cannot be rendered: it takes longer than 1 s (markdown with many unmatched * or _ is the usual cause)',
        statusCode: 422,
        details: [{ path: 'markdown', message: 'cannot be rendered: it takes longer than 1 s (markdown with many unmatched * or _ is the usual cause)' }],
      },
    ]);
    expect(await emailCount(slow)).toBe(0);
    const next = await slow.api('/api/v2/emails', { body: send() });
    expect(next.status).toBe(200);
  });
});

describe('an address that took quadratic time to parse', () => {
  it('is refused with 422 at once, and the server answers others meanwhile', async () => {
    const started = performance.now();
    const [res, health] = await Promise.all([
      server.api('/api/v2/emails', { body: send({ to: `a${' '.repeat(200_000)}b` }) }),
      new Promise((r) => setTimeout(r, 20)).then(() => fetch(`${server.url}/health`)),
    ]);
    expect(res.status).toBe(422);
    expect((await json(res)).details).toEqual([{ path: 'to', message: expect.stringContaining('valid email address') }]);
    expect(health.status).toBe(200);
    // Linear parsing is milliseconds; the quadratic parse of this body took over half a minute.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

// PostgreSQL's text cannot hold U+0000: on either database such input is refused
// as bad input (422, or 404 for a path that can name no record), never a 500.
describe('the NUL character (U+0000)', () => {
  it('is refused in a send body with 422 naming the field, v2, batch and v1, and nothing is stored', async () => {
    const before = await emailCount();
    const v2 = await server.api('/api/v2/emails', { body: send({ subject: 'a\u0000b' }) });
    expect([v2.status, await json(v2)]).toEqual([
      422,
      {
        name: 'validation_error',
        message: 'subject must not contain the NUL character (U+0000)',
        statusCode: 422,
        details: [{ path: 'subject', message: 'must not contain the NUL character (U+0000)' }],
      },
    ]);
    const batch = await server.api('/api/v2/emails/batch', { body: [send(), send({ markdown: 'x\u0000' })] });
    expect(batch.status).toBe(422);
    expect((await json(batch)).details).toEqual([{ path: '[1].markdown', message: 'must not contain the NUL character (U+0000)' }]);
    const v1 = await server.api('/api/v1/emails', { body: { from: 'hello@acme.example', to: nextRecipient(), subject: 's', content: 'x\u0000' } });
    expect([v1.status, await json(v1)]).toEqual([422, { success: false, message: 'content must not contain the NUL character (U+0000)' }]);
    expect(await emailCount()).toBe(before);
  });

  it('names no record in a path (404) and is an invalid value in a query (422)', async () => {
    const path = await server.api('/api/v2/emails/eml_01kabcdefghjkmnpqrstvwxyz%00');
    expect([path.status, (await json(path)).name]).toEqual([404, 'not_found']);
    const v1 = await server.api('/api/v1/subscribers/a%00@example.com');
    expect([v1.status, (await json(v1)).success]).toEqual([404, false]);
    const query = await server.api('/api/v2/subscribers?query=a%00');
    expect([query.status, (await json(query)).details]).toEqual([422, [{ path: 'query', message: 'must not contain the NUL character (U+0000)' }]]);
  });
});
