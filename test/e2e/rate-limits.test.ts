import http from 'node:http';
import { reportDsn } from '../helpers/returns.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ManualClock } from '../../src/index.ts';
import { startTestServer, TEST_TOKEN, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * The limits (docs/api.md, Rate limits) through fetch on real sockets:
 * the organization quota and its headers, the per-IP rate, RATE_LIMITS=off,
 * the recipient guard and bounce cooldown, and exact counting under load.
 * Time is a ManualClock: tests move it instead of sleeping, so every
 * `t`, `RateLimit-Reset` and `Retry-After` is asserted exactly.
 */

const MINUTE = 60_000;
const ID = /^eml_[0-9a-z]{26}$/;
const RATE_HEADERS = [
  'ratelimit-policy',
  'ratelimit',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;

/** Move `clock` forward into the next quota window, `secondsLeft` seconds before that window ends. */
function freshWindow(clock: ManualClock, secondsLeft: number): number {
  const now = clock.now();
  const nextStart = now - (now % MINUTE) + MINUTE;
  const at = nextStart + MINUTE - secondsLeft * 1000;
  clock.set(at);
  return at;
}

/** The rate-limit headers, byte for byte, all families agreeing. */
function expectQuotaHeaders(res: Response, q: number, r: number, t: number): void {
  const got = Object.fromEntries(RATE_HEADERS.map((h) => [h, res.headers.get(h)]));
  expect(got, `${res.status} ${res.url}`).toEqual({
    'ratelimit-policy': `"mailgate-api";q=${q};w=60`,
    ratelimit: `"mailgate-api";r=${r};t=${t}`,
    'ratelimit-limit': String(q),
    'ratelimit-remaining': String(r),
    'ratelimit-reset': String(t),
    'x-ratelimit-limit': String(q),
    'x-ratelimit-remaining': String(r),
    'x-ratelimit-reset': String(t),
  });
}

function expectNoQuotaHeaders(res: Response): void {
  for (const h of RATE_HEADERS) expect(res.headers.get(h), `${h} on ${res.status} ${res.url}`).toBeNull();
}

/** The v2 body of a request over its organization's quota of `limit` a minute, `seconds` before the window ends. */
function quotaRefusal(limit: number, seconds: number) {
  const message = `Too many requests: this organization's quota of ${limit} requests per minute is used up; retry after ${seconds} s`;
  return { name: 'rate_limit_exceeded', message, statusCode: 429 };
}

async function json(res: Response): Promise<any> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

/** GET with node:http, for what fetch normalizes away: the raw header lines, and the local address. */
function rawRequest(
  url: string,
  options: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<{ status: number; rawHeaders: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { headers: options.headers ?? {}, ...(options.localAddress ? { localAddress: options.localAddress } : {}), agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, body }));
      },
    );
    req.on('error', reject);
  });
}

/** Wait until the in-process worker has walked a fixture email to `bounced` (read in the database: polling the API would use up the quota). */
/** Wait for the email to be delivered (polled in the database: polling the API would use up the quota), then report a soft bounce for it. */
async function softBounced(server: TestServer, emailId: string): Promise<void> {
  await waitFor(
    async () => {
      const row = await server.core.db.db.selectFrom('emails').select('last_event').where('id', '=', emailId).executeTakeFirst();
      return row?.last_event === 'delivered' ? true : undefined;
    },
    15_000,
    'the email to be delivered',
  );
  expect(await reportDsn(server.core, emailId)).toEqual({ stored: 'matched' });
}

/** The v2 body of a send refused by the recipient guard (429, RECIPIENT_RATE_LIMITED), with these details. */
const recipientRefusal = (details: Record<string, unknown>) => ({
  name: 'recipient_rate_limited',
  code: 'RECIPIENT_RATE_LIMITED',
  message: expect.stringMatching(/temporarily rate limited/i),
  statusCode: 429,
  details,
});

let recipientSeq = 0;
const uniqueRecipient = () => `user+${++recipientSeq}@example.com`;
const sendBody = (to: unknown = uniqueRecipient(), overrides: Record<string, unknown> = {}) => ({
  from: 'Acme <hello@acme.example>',
  to,
  subject: 'Limits',
  html: '<p>hi</p>',
  ...overrides,
});
const sendBodyV1 = (to: string) => ({ from: 'hello@acme.example', to, subject: 'Limits v1', content: 'hi' });

// ---------------------------------------------------------------------------
// The main server: a frozen ManualClock. The per-IP limit is raised out of the
// way because, with time frozen, every request of the file falls in one second;
// the per-IP rate has its own server below.
// ---------------------------------------------------------------------------

describe('organization quota, headers and recipient guard', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 0));

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { IP_RATE_LIMIT: '1000000', MAX_BODY_BYTES: String(16 * 1024) } });
  });
  afterAll(async () => server?.close());

  async function newOrg(plan: 'free' | 'premium' | 'enterprise' = 'free', rateLimit?: number) {
    const { org, token } = await server.core.orgs.create({ name: `Org ${plan}`, plan, ...(rateLimit !== undefined ? { rateLimit } : {}) });
    return { id: org.id, token: token.token };
  }

  async function storedEmails(organizationId: string): Promise<number> {
    const row = await server.core.db.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('rate-limit headers', () => {
    it("counts and answers URLs the router cannot route, in the scope's error shape", async () => {
      freshWindow(clock, 42);
      const { token } = await newOrg('free');
      const badUrl = await server.api('/api/v2/emails/%E0%A4%A', { token });
      expect(badUrl.status).toBe(400);
      expectQuotaHeaders(badUrl, 100, 99, 42);
      expect(await json(badUrl)).toEqual({ name: 'bad_request', message: expect.stringContaining('not valid'), statusCode: 400 });

      const longId = await server.api(`/api/v1/subscribers/${'a'.repeat(150)}`, { token });
      expect(longId.status).toBe(404);
      expectQuotaHeaders(longId, 100, 98, 42);
      expect(await json(longId)).toEqual({ success: false, message: expect.stringContaining('No resource') });

      const anonymous = await server.api('/api/v2/emails/%E0%A4%A', { token: null });
      expect(anonymous.status).toBe(401);
      expectQuotaHeaders(anonymous, 100, 100, 42);
    });

    it('carries the quota on every authenticated response, counting every request once, whatever its outcome', async () => {
      freshWindow(clock, 42);
      const { id, token } = await newOrg('free');
      let remaining = 100;
      /** One more counted request: its status, its place in the count, and its whole body. */
      const expectNext = async (res: Response, status: number, body: unknown) => {
        remaining -= 1;
        expect(res.status, `${res.url}`).toBe(status);
        expectQuotaHeaders(res, 100, remaining, 42);
        expect(res.headers.get('retry-after')).toBeNull();
        expect(await json(res), `${res.status} ${res.url}`).toStrictEqual(body);
      };
      const v2Error = (name: string, message: string, statusCode: number, details?: unknown) => ({
        name,
        message,
        statusCode,
        ...(details === undefined ? {} : { details }),
      });

      await expectNext(await server.api('/api/v2/emails', { token }), 200, { object: 'list', data: [], has_more: false });
      await expectNext(await server.api('/api/v2/no-such-route', { token }), 404, v2Error('not_found', 'No route for GET /api/v2/no-such-route', 404));
      const noEmail = 'eml_00000000000000000000000000';
      await expectNext(await server.api(`/api/v2/emails/${noEmail}`, { token }), 404, v2Error('not_found', `Email ${noEmail} not found`, 404));
      await expectNext(await server.api('/api/v1/no-such-route', { token }), 404, { success: false, message: 'No route for GET /api/v1/no-such-route' });
      await expectNext(await server.api('/v1/no-such-route', { token }), 404, { success: false, message: 'No route for GET /v1/no-such-route' });
      await expectNext(
        await server.api('/api/v2/emails', { token, body: { to: 'a@example.com' } }),
        422,
        v2Error('validation_error', 'exactly one of html, markdown or tiptap must be given (and 2 more problems)', 422, [
          { path: '', message: 'exactly one of html, markdown or tiptap must be given' },
          { path: 'from', message: 'is required' },
          { path: 'subject', message: 'is required' },
        ]),
      );
      await expectNext(await server.api('/api/v1/emails', { token, body: {} }), 422, { success: false, message: 'from is required (and 3 more problems)' });
      await expectNext(
        await server.api('/api/v2/emails', { token, rawBody: '{"from": "a@acme.example",' }),
        400,
        v2Error('invalid_json', "Request body is not valid JSON: Body is not valid JSON but content-type is set to 'application/json'", 400),
      );
      const big = JSON.stringify(sendBody(uniqueRecipient(), { html: `<p>${'x'.repeat(20_000)}</p>` }));
      await expectNext(
        await server.api('/api/v2/emails', { token, rawBody: big }),
        413,
        v2Error('payload_too_large', 'Request body is larger than this server accepts', 413),
      );
      await expectNext(await server.api('/api/v2/emails', { token, body: sendBody() }), 200, { id: expect.stringMatching(ID) });
      expect(remaining).toBe(90);

      // The rest of the quota at once: each answer holds its own place in the count.
      const rest = await Promise.all(Array.from({ length: 90 }, () => server.api('/api/v2/emails', { token })));
      expect(rest.map((r) => r.status)).toEqual(Array(90).fill(200));
      const places = rest.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
      expect(places).toEqual(Array.from({ length: 90 }, (_, i) => i));
      for (const r of rest) {
        const left = r.headers.get('ratelimit-remaining')!;
        expectQuotaHeaders(r, 100, Number(left), 42);
      }
      await Promise.all(rest.map((r) => r.arrayBuffer()));

      // Over the quota: 429, remaining stays 0, Retry-After = the seconds left in the window.
      for (const path of ['/api/v2/emails', '/api/v2/no-such-route']) {
        const over = await server.api(path, { token });
        expect(over.status).toBe(429);
        expectQuotaHeaders(over, 100, 0, 42);
        expect(over.headers.get('retry-after')).toBe('42');
        expect(await json(over)).toStrictEqual(quotaRefusal(100, 42));
      }
      expect(await storedEmails(id)).toBe(1);
    });

    it('sends each header exactly once, in the exact byte form', async () => {
      freshWindow(clock, 42);
      const { token } = await newOrg('free');
      const res = await rawRequest(`${server.url}/api/v2/emails`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const lines: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        if (/^(x-)?ratelimit/i.test(res.rawHeaders[i]!)) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      }
      expect(lines.map((l) => l.toLowerCase()).sort()).toEqual(
        [
          'ratelimit-policy: "mailgate-api";q=100;w=60',
          'ratelimit: "mailgate-api";r=99;t=42',
          'ratelimit-limit: 100',
          'ratelimit-remaining: 99',
          'ratelimit-reset: 42',
          'x-ratelimit-limit: 100',
          'x-ratelimit-remaining: 99',
          'x-ratelimit-reset: 42',
        ].sort(),
      );
    });

    it('shows each plan its own quota, and a custom rate limit wins over the plan', async () => {
      freshWindow(clock, 42);
      const premium = await newOrg('premium');
      expectQuotaHeaders(await server.api('/api/v2/emails', { token: premium.token }), 700, 699, 42);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token: premium.token }), 700, 698, 42);

      // The bootstrap organization `default` is enterprise.
      expectQuotaHeaders(await server.api('/api/v2/emails', { token: TEST_TOKEN }), 2000, 1999, 42);

      const larger = await newOrg('free', 5000);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token: larger.token }), 5000, 4999, 42);
      const smaller = await newOrg('enterprise', 3);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token: smaller.token }), 3, 2, 42);
    });

    it('counts the reset down with the clock: t is 1–60 and the window is aligned to the minute', async () => {
      const start = freshWindow(clock, 60); // exactly at a window start
      const { token } = await newOrg('free');
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 100, 99, 60);
      clock.set(start + 500);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 100, 98, 60);
      clock.set(start + 17_500);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 100, 97, 43);
      clock.set(start + MINUTE - 1001);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 100, 96, 2);
      clock.set(start + MINUTE - 1);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 100, 95, 1);
      // The next window: the count starts again.
      clock.set(start + MINUTE);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 100, 99, 60);
    });
  });

  describe('authentication failures carry the minimum policy', () => {
    it('carry the minimum policy: the Free quota', async () => {
      freshWindow(clock, 42);
      const cases: [string, string | null][] = [
        ['/api/v2/emails', null],
        ['/api/v2/emails', 'mailgate_not_a_real_token_at_all_000000'],
        ['/api/v2/emails', 'not-even-the-prefix'],
        ['/api/v1/emails', null],
        ['/v1/emails', 'mailgate_not_a_real_token_at_all_000000'],
        ['/api/v2/no-such-route', null],
      ];
      for (const [path, token] of cases) {
        const res = await server.api(path, { token });
        expect(res.status, `${path} ${token}`).toBe(401);
        expect(res.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=100;w=60');
        expect(res.headers.get('ratelimit-limit')).toBe('100');
        expect(res.headers.get('x-ratelimit-limit')).toBe('100');
        expectQuotaHeaders(res, 100, 100, 42); // the minimum policy counts nothing
        expect(res.headers.get('retry-after')).toBeNull();
        await res.arrayBuffer();
      }
    });
  });

  describe('over the quota', () => {
    it('v2: 429 {name, message, statusCode} with Retry-After to the end of the window; the next window admits again', async () => {
      const start = freshWindow(clock, 42) - (MINUTE - 42_000);
      const { token } = await newOrg('free', 2);
      expect((await server.api('/api/v2/emails', { token })).status).toBe(200);
      expect((await server.api('/api/v2/emails', { token })).status).toBe(200);

      const over = await server.api('/api/v2/emails', { token });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('42');
      expectQuotaHeaders(over, 2, 0, 42);
      const body = await json(over);
      expect(body).toStrictEqual(quotaRefusal(2, 42));

      clock.set(start + MINUTE - 17_500);
      const later = await server.api('/api/v2/emails', { token, body: sendBody() });
      expect(later.status).toBe(429);
      expect(later.headers.get('retry-after')).toBe('18');
      expectQuotaHeaders(later, 2, 0, 18);
      clock.set(start + MINUTE - 1);
      expect((await server.api('/api/v2/emails', { token })).headers.get('retry-after')).toBe('1');

      clock.set(start + MINUTE);
      const again = await server.api('/api/v2/emails', { token });
      expect(again.status).toBe(200);
      expectQuotaHeaders(again, 2, 1, 60);
    });

    it('v1 (/api/v1 and /v1): 429 {message, docs}; docs is a page on this server about the limits', async () => {
      const start = freshWindow(clock, 42) - (MINUTE - 42_000);
      const { id, token } = await newOrg('free', 1);
      const first = await server.api('/api/v1/emails', { token, body: sendBodyV1(uniqueRecipient()) });
      expect(first.status).toBe(200);
      expect(await storedEmails(id)).toBe(1);

      const docsUrls = new Set<string>();
      for (const path of ['/api/v1/emails', '/v1/emails']) {
        const res = await server.api(path, { token, body: sendBodyV1(uniqueRecipient()) });
        expect(res.status, path).toBe(429);
        expect(res.headers.get('retry-after')).toBe('42');
        expectQuotaHeaders(res, 1, 0, 42);
        const body = await json(res);
        expect(body).toStrictEqual({
          message: 'Too many requests: slow down and retry after the number of seconds in Retry-After',
          docs: `${server.core.config.baseUrl}/docs/rate-limits`,
        });
        docsUrls.add(body.docs);
      }
      expect(await storedEmails(id)).toBe(1);
      expect(docsUrls.size).toBe(1);

      const docsPath = new URL([...docsUrls][0]!).pathname;
      const page = await fetch(server.url + docsPath);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toMatch(/rate limits/i);
      for (const text of ['100', '700', '2000', '429', 'Retry-After', 'RateLimit']) expect(html).toContain(text);

      clock.set(start + MINUTE);
      const again = await server.api('/v1/emails', { token, body: sendBodyV1(uniqueRecipient()) });
      expect(again.status).toBe(200);
      expect(await json(again)).toMatchObject({ success: true, id: expect.stringMatching(ID) });
      expect(await storedEmails(id)).toBe(2);
    });

    it('v2 and v1 share one quota per organization', async () => {
      freshWindow(clock, 30);
      const { token } = await newOrg('free', 3);
      expectQuotaHeaders(await server.api('/api/v2/emails', { token }), 3, 2, 30);
      expectQuotaHeaders(await server.api('/api/v1/nope', { token }), 3, 1, 30);
      expectQuotaHeaders(await server.api('/v1/nope', { token }), 3, 0, 30);
      const over = await server.api('/api/v2/emails', { token });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('30');
    });
  });

  describe('recipient guard over HTTP', () => {
    it('refuses the 6th send to one mailbox within 10 minutes, case-insensitively, with an exact Retry-After', async () => {
      const t0 = freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      const spellings = ['Ada@Example.com', 'ada@example.com', 'Ada Lovelace <ADA@example.com>', 'ada@EXAMPLE.com', ['Ada@example.com']];
      for (const [i, to] of spellings.entries()) {
        clock.set(t0 + i * 10_000);
        const res = await server.api('/api/v2/emails', { token, body: sendBody(to) });
        expect(res.status, `send ${i + 1}`).toBe(200);
      }
      expect(await storedEmails(id)).toBe(5);

      clock.set(t0 + 45_000);
      const refused = await server.api('/api/v2/emails', { token, body: sendBody('ADA@EXAMPLE.COM') });
      expect(refused.status).toBe(429);
      // The first send (t0) leaves the 10-minute window at t0 + 600 s.
      expect(refused.headers.get('retry-after')).toBe('555');
      // A refused send is still a request: it counts, and carries the quota headers.
      expectQuotaHeaders(refused, 100, 94, 5);
      const body = await json(refused);
      expect(body).toStrictEqual(recipientRefusal({ reason: 'short_window', recipient: 'ada@example.com' }));
      expect(body.message).toContain('ada@example.com');
      expect(await storedEmails(id)).toBe(5);

      // Another mailbox of the same organization is not held back.
      const other = await server.api('/api/v2/emails', { token, body: sendBody('grace@example.com') });
      expect(other.status).toBe(200);
      expectQuotaHeaders(other, 100, 93, 5);

      clock.set(t0 + 600_000 - 1);
      const almost = await server.api('/api/v2/emails', { token, body: sendBody('ada@example.com') });
      expect(almost.status).toBe(429);
      expect(almost.headers.get('retry-after')).toBe('1');
      expect((await json(almost)).details).toEqual({ reason: 'short_window', recipient: 'ada@example.com' });

      // The first send has left the window (and the refused ones were never counted).
      clock.set(t0 + 600_000);
      const passes = await server.api('/api/v2/emails', { token, body: sendBody('Ada@Example.com') });
      expect(passes.status).toBe(200);
      const next = await server.api('/api/v2/emails', { token, body: sendBody('ada@example.com') });
      expect(next.status).toBe(429);
      expect(next.headers.get('retry-after')).toBe('10');
      expect(await storedEmails(id)).toBe(7);
    });

    it('refuses a whole batch that names a guarded recipient (strict): nothing is stored or counted', async () => {
      freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      for (let i = 0; i < 5; i++) expect((await server.api('/api/v2/emails', { token, body: sendBody('guarded@example.com') })).status).toBe(200);

      const before = await storedEmails(id);
      const res = await server.api('/api/v2/emails/batch', {
        token,
        body: [sendBody('kept-1@example.com'), sendBody('Guarded@Example.com'), sendBody('kept-2@example.com')],
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('600');
      expectQuotaHeaders(res, 100, 94, 50);
      const body = await json(res);
      expect(body).toStrictEqual(recipientRefusal({ reason: 'short_window', recipient: 'guarded@example.com', index: 1 }));
      expect(await storedEmails(id)).toBe(before);

      // The refused batch recorded nothing for its other recipients: five more to one of them pass.
      const five = await server.api('/api/v2/emails/batch', { token, body: Array.from({ length: 5 }, () => sendBody('kept-1@example.com')) });
      expect(five.status).toBe(200);
      expect((await json(five)).data).toHaveLength(5);
      expect(await storedEmails(id)).toBe(before + 5);
    });

    it('counts one mailbox named several times in one batch: the 6th item refuses the batch', async () => {
      freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      const res = await server.api('/api/v2/emails/batch', {
        token,
        body: [...Array.from({ length: 5 }, () => sendBody('twin@example.com')), sendBody('TWIN@example.com')],
      });
      expect(res.status).toBe(429);
      expect((await json(res)).details).toEqual({ reason: 'short_window', recipient: 'twin@example.com', index: 5 });
      expect(await storedEmails(id)).toBe(0);
      // Nothing of the refused batch was recorded.
      expect((await server.api('/api/v2/emails', { token, body: sendBody('twin@example.com') })).status).toBe(200);
    });

    it("refuses a whole batch in permissive mode too, naming the client's index", async () => {
      freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      for (let i = 0; i < 5; i++) expect((await server.api('/api/v2/emails', { token, body: sendBody('held@example.com') })).status).toBe(200);
      const before = await storedEmails(id);

      // Item 0 is invalid (reported, not sent); item 2 is the guarded one.
      const invalid = sendBody('x@example.com', { subject: '' });
      for (const header of ['Batch-Validation', 'X-Batch-Validation']) {
        const res = await server.api('/api/v2/emails/batch', {
          token,
          headers: { [header]: 'permissive' },
          body: [invalid, sendBody('fine@example.com'), sendBody('HELD@example.com'), sendBody('fine-2@example.com')],
        });
        expect(res.status, header).toBe(429);
        expect(res.headers.get('retry-after')).toBe('600');
        const body = await json(res);
        expect(body).toMatchObject({ name: 'recipient_rate_limited', code: 'RECIPIENT_RATE_LIMITED', statusCode: 429 });
        expect(body.details).toEqual({ reason: 'short_window', recipient: 'held@example.com', index: 2 });
        expect(await storedEmails(id)).toBe(before);
      }

      // The same batch without the guarded item goes through, permissively.
      const ok = await server.api('/api/v2/emails/batch', {
        token,
        headers: { 'Batch-Validation': 'permissive' },
        body: [invalid, sendBody('fine@example.com')],
      });
      expect(ok.status).toBe(200);
      expect(await json(ok)).toMatchObject({ data: [{ id: expect.stringMatching(ID) }], errors: [{ index: 0 }] });
    });

    it('applies to the v1 send too (one guard for both versions): 429 with code RECIPIENT_RATE_LIMITED', async () => {
      const t0 = freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      for (let i = 0; i < 3; i++) expect((await server.api('/api/v1/emails', { token, body: sendBodyV1('Lin@example.com') })).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await server.api('/api/v2/emails', { token, body: sendBody('lin@example.com') })).status).toBe(200);

      clock.set(t0 + 30_000);
      for (const path of ['/api/v1/emails', '/v1/emails']) {
        const res = await server.api(path, { token, body: sendBodyV1('LIN@example.com') });
        expect(res.status, path).toBe(429);
        expect(res.headers.get('retry-after')).toBe('570');
        expect(res.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=100;w=60');
        const body = await json(res);
        expect(body).toMatchObject({ code: 'RECIPIENT_RATE_LIMITED' });
        expect(body.message).toMatch(/temporarily rate limited/i);
        expect(body).not.toHaveProperty('docs');
      }
      expect(await storedEmails(id)).toBe(5);
    });

    it('is not cleared by raising the plan or the rate limit', async () => {
      const t0 = freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      for (let i = 0; i < 5; i++) expect((await server.api('/api/v2/emails', { token, body: sendBody('vip@example.com') })).status).toBe(200);
      expect((await server.api('/api/v2/emails', { token, body: sendBody('vip@example.com') })).status).toBe(429);

      await server.core.db.db.updateTable('organizations').set({ plan: 'enterprise' }).where('id', '=', id).execute();
      // Past the token cache (5 s), well inside the 10-minute window.
      clock.set(t0 + 6_000);
      const enterprise = await server.api('/api/v2/emails', { token, body: sendBody('vip@example.com') });
      expect(enterprise.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=2000;w=60');
      expect(enterprise.status).toBe(429);
      expect(await json(enterprise)).toMatchObject({ name: 'recipient_rate_limited', details: { reason: 'short_window' } });
      expect(enterprise.headers.get('retry-after')).toBe('594');

      await server.core.db.db.updateTable('organizations').set({ rate_limit: 100_000 }).where('id', '=', id).execute();
      clock.set(t0 + 12_000);
      const custom = await server.api('/api/v2/emails', { token, body: sendBody('vip@example.com') });
      expect(custom.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=100000;w=60');
      expect(custom.status).toBe(429);
      expect((await json(custom)).code).toBe('RECIPIENT_RATE_LIMITED');
      expect(await storedEmails(id)).toBe(5);
    });

    it('holds a mailbox to 20 sends per 24 hours', async () => {
      const t0 = freshWindow(clock, 60);
      const { id, token } = await newOrg('free');
      // Four rounds of five, ten minutes apart: never more than four in any 10 minutes before a send.
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 5; i++) {
          clock.set(t0 + round * 600_000 + i * 1000);
          const res = await server.api('/api/v2/emails', { token, body: sendBody('daily@example.com') });
          expect(res.status, `round ${round} send ${i}`).toBe(200);
        }
      }
      expect(await storedEmails(id)).toBe(20);

      clock.set(t0 + 4 * 600_000);
      const refused = await server.api('/api/v2/emails', { token, body: sendBody('Daily@Example.com') });
      expect(refused.status).toBe(429);
      // The first send (t0) leaves the 24-hour window at t0 + 86400 s.
      expect(refused.headers.get('retry-after')).toBe(String(86_400 - 2_400));
      expectQuotaHeaders(refused, 100, 99, 60);
      expect(await json(refused)).toStrictEqual(recipientRefusal({ reason: 'long_window', recipient: 'daily@example.com' }));

      clock.set(t0 + 86_400_000 - 1);
      const almost = await server.api('/api/v2/emails', { token, body: sendBody('daily@example.com') });
      expect(almost.status).toBe(429);
      expect(almost.headers.get('retry-after')).toBe('1');
      expect((await json(almost)).details.reason).toBe('long_window');

      clock.set(t0 + 86_400_000);
      expect((await server.api('/api/v2/emails', { token, body: sendBody('daily@example.com') })).status).toBe(200);
      expect(await storedEmails(id)).toBe(21);
    });

    it('admits exactly 5 of 12 concurrent sends to one mailbox', async () => {
      freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => server.api('/api/v2/emails', { token, body: sendBody(i % 2 ? 'Burst@example.com' : 'burst@example.com') })),
      );
      const bodies = (await Promise.all(responses.map((r) => r.json()))) as any[];
      expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
      expect(responses.filter((r) => r.status === 429)).toHaveLength(7);
      for (const [i, r] of responses.entries()) {
        if (r.status === 429) {
          expect(bodies[i]).toMatchObject({ code: 'RECIPIENT_RATE_LIMITED', details: { reason: 'short_window', recipient: 'burst@example.com' } });
          expect(r.headers.get('retry-after')).toBe('600');
        }
      }
      expect(await storedEmails(id)).toBe(5);
    });

    it('does not count an idempotent replay as a send, and a refused send leaves its key free for the retry', async () => {
      const t0 = freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      const body = sendBody('replayed@example.com');
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await server.api('/api/v2/emails', { token, body, headers: { 'Idempotency-Key': 'replay-guard-1' } });
        expect(res.status).toBe(200);
        ids.add((await json(res)).id);
      }
      expect(ids.size).toBe(1);
      expect(await storedEmails(id)).toBe(1);
      // One send so far: four more pass; the next is the sixth, refused.
      for (let i = 0; i < 4; i++) expect((await server.api('/api/v2/emails', { token, body: sendBody('replayed@example.com') })).status).toBe(200);
      const retry = sendBody('replayed@example.com', { subject: 'Retried later' });
      const refused = await server.api('/api/v2/emails', { token, body: retry, headers: { 'Idempotency-Key': 'replay-guard-2' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('600');
      expect((await json(refused)).code).toBe('RECIPIENT_RATE_LIMITED');

      // The client waits Retry-After and retries with the same key: it is sent now, not refused again or called a conflict.
      clock.set(t0 + 600_000);
      const later = await server.api('/api/v2/emails', { token, body: retry, headers: { 'Idempotency-Key': 'replay-guard-2' } });
      expect(later.status).toBe(200);
      expect((await json(later)).id).toMatch(ID);
      expect(await storedEmails(id)).toBe(6);
    });

    it('puts a mailbox that bounced softly on cooldown for BOUNCE_COOLDOWN_SECONDS (default 24 h)', async () => {
      freshWindow(clock, 50);
      const { id, token } = await newOrg('free');
      const first = await server.api('/api/v2/emails', { token, body: sendBody('Full@example.com') });
      expect(first.status).toBe(200);
      const emailId = (await json(first)).id as string;
      // Delivered, then a report comes back: mailbox full (4.2.2), a soft bounce.
      await softBounced(server, emailId);
      const bouncedAt = clock.now(); // the clock has not moved since

      const refused = await server.api('/api/v2/emails', { token, body: sendBody('full@example.com') });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(server.core.config.limits.bounceCooldownSeconds));
      expect(refused.headers.get('retry-after')).toBe('86400');
      expect(refused.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=100;w=60');
      expect(await json(refused)).toStrictEqual(recipientRefusal({ reason: 'bounce_cooldown', recipient: 'full@example.com' }));
      const batch = await server.api('/api/v2/emails/batch', { token, body: [sendBody('someone@example.com'), sendBody('FULL@example.com')] });
      expect(batch.status).toBe(429);
      expect((await json(batch)).details).toEqual({ reason: 'bounce_cooldown', recipient: 'full@example.com', index: 1 });
      expect(await storedEmails(id)).toBe(1);

      // Only that mailbox: another fixture address still passes.
      expect((await server.api('/api/v2/emails', { token, body: sendBody('delivered@mailgate.test') })).status).toBe(200);

      clock.set(bouncedAt + 86_400_000 - 1);
      const almost = await server.api('/api/v2/emails', { token, body: sendBody('full@example.com') });
      expect(almost.status).toBe(429);
      expect(almost.headers.get('retry-after')).toBe('1');
      clock.set(bouncedAt + 86_400_000);
      expect((await server.api('/api/v2/emails', { token, body: sendBody('full@example.com') })).status).toBe(200);
      expect(await storedEmails(id)).toBe(3);
    });
  });

  describe('exactness under load', () => {
    it('admits exactly the quota out of 300 concurrent sends: 100 answered 200, 200 answered 429, 100 stored', async () => {
      freshWindow(clock, 30);
      const { id, token } = await newOrg('free');
      const responses = await Promise.all(
        Array.from({ length: 300 }, (_, i) => server.api('/api/v2/emails', { token, body: sendBody(`load+${i}@example.com`) })),
      );
      const bodies = await Promise.all(responses.map((r) => r.json() as Promise<any>));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(200);

      const admitted = responses.map((r, i) => ({ r, body: bodies[i] })).filter(({ r }) => r.status === 200);
      const refused = responses.map((r, i) => ({ r, body: bodies[i] })).filter(({ r }) => r.status === 429);
      for (const { body } of admitted) expect(body).toEqual({ id: expect.stringMatching(ID) });
      expect(new Set(admitted.map(({ body }) => body.id)).size).toBe(100);
      // Each admitted request holds its own place in the count: remaining 99 … 0, once each.
      expect(admitted.map(({ r }) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      for (const { r, body } of refused) {
        expect(body).toStrictEqual(quotaRefusal(100, 30));
        expect(r.headers.get('retry-after')).toBe('30');
        expectQuotaHeaders(r, 100, 0, 30);
      }
      expect(await storedEmails(id)).toBe(100);
    });
  });
});

// ---------------------------------------------------------------------------
// Per-IP rate, before authentication.
// ---------------------------------------------------------------------------

describe('per-IP rate (500 per second)', () => {
  it('defaults to 500 per second, limits on, bounce cooldown 24 h', () => {
    const config = loadConfig({});
    expect(config.limits.perIpPerSecond).toBe(500);
    expect(config.limits.enabled).toBe(true);
    expect(config.limits.bounceCooldownSeconds).toBe(86_400);
    expect(loadConfig({ IP_RATE_LIMIT: '20', RATE_LIMITS: 'off' }).limits).toMatchObject({ perIpPerSecond: 20, enabled: false });
  });

  describe('with IP_RATE_LIMIT=20', () => {
    let server: TestServer;
    const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 0, 300));

    beforeAll(async () => {
      server = await startTestServer({ clock, env: { IP_RATE_LIMIT: '20' }, worker: false });
    });
    afterAll(async () => server?.close());

    it('answers the 21st request of one second 429 whoever sends it, before authentication; the next second admits again', async () => {
      const first = await Promise.all([
        ...Array.from({ length: 7 }, () => fetch(`${server.url}/health`)),
        ...Array.from({ length: 7 }, () => server.api('/api/v2/emails', { token: null })),
        ...Array.from({ length: 6 }, () => server.api('/api/v2/emails')),
      ]);
      expect(first.map((r) => r.status)).toEqual([...Array(7).fill(200), ...Array(7).fill(401), ...Array(6).fill(200)]);
      await Promise.all(first.map((r) => r.arrayBuffer()));

      clock.advance(650); // still inside the same second
      for (const make of [
        () => fetch(`${server.url}/health`),
        () => server.api('/api/v2/emails', { token: null }),
        () => server.api('/api/v2/emails'),
        () => server.api('/api/v2/no-such-route'),
      ]) {
        const res = await make();
        expect(res.status, res.url).toBe(429);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(await json(res)).toStrictEqual({
          name: 'rate_limit_exceeded',
          message: 'Too many requests from this address (more than 20 per second); retry after 1 s',
          statusCode: 429,
        });
      }
      for (const path of ['/api/v1/emails', '/v1/emails']) {
        const res = await server.api(path, { body: sendBodyV1(uniqueRecipient()) });
        expect(res.status, path).toBe(429);
        expect(res.headers.get('retry-after')).toBe('1');
        await res.arrayBuffer();
      }

      // Another client address is counted on its own (the loopback network is all local).
      const other = await rawRequest(`${server.url}/health`, { localAddress: '127.0.0.2' });
      expect(other.status).toBe(200);

      clock.advance(50); // 09:00:01.000: a new second
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      const authed = await server.api('/api/v2/emails');
      expect(authed.status).toBe(200);
      expect(authed.headers.get('ratelimit-policy')).toBe('"mailgate-api";q=2000;w=60');
    });
  });
});

describe('per-IP rate behind a trusted proxy (TRUST_PROXY)', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 0, 300));

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { IP_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' }, worker: false });
  });
  afterAll(async () => server?.close());

  it('counts the client named in X-Forwarded-For, not the proxy', async () => {
    const from = (client: string) => fetch(`${server.url}/health`, { headers: { 'x-forwarded-for': client } });
    expect([(await from('203.0.113.7')).status, (await from('203.0.113.7')).status, (await from('203.0.113.7')).status]).toEqual([200, 200, 429]);
    expect((await from('198.51.100.9')).status).toBe(200);
  });

  it('believes no one when unset, and refuses a value that is not addresses', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustedProxies).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

// ---------------------------------------------------------------------------
// RATE_LIMITS=off: no quota, no per-IP rate, no headers; the recipient guard stays.
// ---------------------------------------------------------------------------

describe('RATE_LIMITS=off', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 30));

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { RATE_LIMITS: 'off', IP_RATE_LIMIT: '5', BOUNCE_COOLDOWN_SECONDS: '90' } });
  });
  afterAll(async () => server?.close());

  it('sends no rate-limit headers and never answers 429 for the quota or the per-IP rate', async () => {
    const { org, token } = await server.core.orgs.create({ name: 'Free', plan: 'free' });
    const results = await Promise.all(Array.from({ length: 130 }, () => server.api('/api/v2/emails', { token: token.token })));
    expect(results.map((r) => r.status)).toEqual(Array(130).fill(200));
    for (const r of results) {
      expectNoQuotaHeaders(r);
      expect(r.headers.get('retry-after')).toBeNull();
    }
    await Promise.all(results.map((r) => r.arrayBuffer()));

    const sends = await Promise.all(Array.from({ length: 20 }, () => server.api('/api/v2/emails', { token: token.token, body: sendBody() })));
    expect(sends.map((r) => r.status)).toEqual(Array(20).fill(200));
    await Promise.all(sends.map((r) => r.arrayBuffer()));
    expect(org.plan).toBe('free');

    for (const res of [
      await server.api('/api/v2/emails', { token: null }),
      await server.api('/api/v2/emails', { token: 'mailgate_not_a_real_token_at_all_000000' }),
      await server.api('/api/v1/nope', { token: token.token }),
      await fetch(`${server.url}/health`),
    ]) {
      expect([401, 404, 200]).toContain(res.status);
      expectNoQuotaHeaders(res);
      await res.arrayBuffer();
    }
  });

  it('keeps the recipient guard and the bounce cooldown (BOUNCE_COOLDOWN_SECONDS)', async () => {
    const { token } = await server.core.orgs.create({ name: 'Free', plan: 'free' });
    for (let i = 0; i < 5; i++) expect((await server.api('/api/v2/emails', { token: token.token, body: sendBody('off@example.com') })).status).toBe(200);
    const refused = await server.api('/api/v2/emails', { token: token.token, body: sendBody('off@example.com') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expectNoQuotaHeaders(refused);
    expect((await json(refused)).details).toEqual({ reason: 'short_window', recipient: 'off@example.com' });

    const first = await server.api('/api/v2/emails', { token: token.token, body: sendBody('full+off@example.com') });
    const emailId = (await json(first)).id as string;
    await softBounced(server, emailId);
    const cooled = await server.api('/api/v2/emails', { token: token.token, body: sendBody('full+off@example.com') });
    expect(cooled.status).toBe(429);
    expect(cooled.headers.get('retry-after')).toBe('90');
    expect((await json(cooled)).details).toEqual({ reason: 'bounce_cooldown', recipient: 'full+off@example.com' });
    clock.advance(90_000);
    expect((await server.api('/api/v2/emails', { token: token.token, body: sendBody('full+off@example.com') })).status).toBe(200);
  });
});
