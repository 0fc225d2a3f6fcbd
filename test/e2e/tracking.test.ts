import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { linkTag } from '../../src/emails/tracking/index.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * Open and click tracking (v1 `tracking: true`) through fetch on a real socket:
 * the delivered message carries Mailgate's links, following them records
 * `opened` and `clicked`, and a click lands where the sender's link pointed.
 */
const BASE_URL = 'https://mail.acme.example';
let server: TestServer;
let recipients = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { BASE_URL } });
});
afterAll(async () => server.close());

const markdown = 'Read the [docs](https://acme.example/docs?a=1&b=2), [write to us](mailto:help@acme.example) or see [the blog](https://blog.acme.example/).';

async function sendV1(tracking?: boolean): Promise<string> {
  const res = await server.api('/api/v1/emails', {
    body: {
      from: 'hello@acme.example',
      to: `reader+${++recipients}@example.com`,
      subject: 'Tracked',
      content: markdown,
      ...(tracking === undefined ? {} : { tracking }),
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function record(id: string): Promise<any> {
  return (await server.api(`/api/v2/emails/${id}`)).json();
}

/** The delivered (captured) message's HTML part, once the worker has delivered it. */
async function deliveredHtml(id: string): Promise<string> {
  const raw = await waitFor(
    async () => {
      const r = await record(id);
      return r.last_event === 'delivered' ? (r.raw as string) : undefined;
    },
    10_000,
    'delivery',
  );
  return String((await simpleParser(raw)).html);
}

/** A link of Mailgate's, fetched from this server instead of BASE_URL. */
const local = (url: string) => server.url + url.slice(BASE_URL.length);

describe('a tracked email (v1 tracking: true)', () => {
  let id: string;
  let html: string;
  let open: string;
  let clicks: string[];

  beforeAll(async () => {
    id = await sendV1(true);
    html = await deliveredHtml(id);
    open = /<img src="([^"]+)"/.exec(html)![1]!;
    clicks = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);
  });

  it('goes out with its http links through BASE_URL and an open pixel; other links and the stored body are as sent', async () => {
    expect(open).toBe(`${BASE_URL}/t/o/${id}/${open.split('/').pop()}`);
    expect(open.split('/').pop()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const key = open.split('/').pop();
    expect(clicks).toEqual([
      `${BASE_URL}/t/c/${id}/${key}/${linkTag('https://acme.example/docs?a=1&b=2')}`,
      'mailto:help@acme.example',
      `${BASE_URL}/t/c/${id}/${key}/${linkTag('https://blog.acme.example/')}`,
    ]);
    // Only the href values changed: the tags around them are whole.
    expect(html).toContain(`<a href="${clicks[0]}">docs</a>`);
    expect(html).toContain(`<a href="mailto:help@acme.example">write to us</a>`);
    expect(html).toContain(`<a href="${clicks[2]}">the blog</a>`);
    const stored = await record(id);
    expect(stored.html).toContain('<a href="https://acme.example/docs?a=1&amp;b=2">docs</a>');
    expect(stored.html).not.toContain('/t/');
    expect(stored.text).toContain('https://acme.example/docs?a=1&b=2');
  });

  it('records an open when the pixel loads, answering a 1×1 GIF that is not cached', async () => {
    const res = await fetch(local(open), { headers: { 'user-agent': 'Test Mail Client/1.0' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store, max-age=0');
    const gif = Buffer.from(await res.arrayBuffer());
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(gif.readUInt16LE(6)).toBe(1);
    expect(gif.readUInt16LE(8)).toBe(1);
    const after = await record(id);
    expect(after.last_event).toBe('opened');
    expect(after.events.at(-1)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'opened',
      created_at: expect.any(String),
      detail: { user_agent: 'Test Mail Client/1.0' },
    });
  });

  it('records a click and redirects to where the sender’s link pointed', async () => {
    const res = await fetch(local(clicks[0]!), { redirect: 'manual', headers: { 'user-agent': 'Browser/2' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://acme.example/docs?a=1&b=2');
    expect(res.headers.get('cache-control')).toBe('no-store, max-age=0');
    // fetch's own user agent is `node`.
    const second = await fetch(local(clicks[2]!), { redirect: 'manual' });
    expect(second.headers.get('location')).toBe('https://blog.acme.example/');
    const after = await record(id);
    expect(after.last_event).toBe('clicked');
    expect(after.events.slice(-2).map((e: any) => [e.type, e.detail])).toEqual([
      ['clicked', { url: 'https://acme.example/docs?a=1&b=2', user_agent: 'Browser/2' }],
      ['clicked', { url: 'https://blog.acme.example/', user_agent: 'node' }],
    ]);
  });

  it('answers a HEAD (a link checker, not a reader) as it would a GET, and records nothing', async () => {
    const before = (await record(id)).events.length;
    const pixel = await fetch(local(open), { method: 'HEAD' });
    expect([pixel.status, pixel.headers.get('content-type')]).toEqual([200, 'image/gif']);
    const click = await fetch(local(clicks[0]!), { method: 'HEAD', redirect: 'manual' });
    expect([click.status, click.headers.get('location')]).toEqual([302, 'https://acme.example/docs?a=1&b=2']);
    const bad = await fetch(`${server.url}/t/o/${id}/${'A'.repeat(22)}`, { method: 'HEAD' });
    expect(bad.status).toBe(404);
    expect((await record(id)).events.length).toBe(before);
  });

  it('answers 404 in plain text, recording nothing, for a link Mailgate did not make', async () => {
    const key = open.split('/').pop()!;
    const tag = clicks[0]!.split('/').pop()!;
    const other = 'A'.repeat(22);
    const before = (await record(id)).events.length;
    for (const path of [
      `/t/o/${id}/${other}`,
      `/t/c/${id}/${other}/${tag}`,
      // A tag of a URL that is not in this email: no redirect anywhere else.
      `/t/c/${id}/${key}/${linkTag('https://evil.example/')}`,
      `/t/c/${id}/${key}/short`,
      `/t/o/eml_00000000000000000000000000/${key}`,
      `/t/o/${id}%00/${key}`,
      `/t/c/${id}%00/${key}/${tag}`,
      `/t/o/${id}/${key}/`,
      `/t/o/${id}/${'k'.repeat(200)}`,
      '/t/elsewhere',
    ]) {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('This link is not valid.\n');
    }
    expect((await record(id)).events.length).toBe(before);
  });
});

describe('a tracked email that bounced', () => {
  it('keeps last_event bounced when its pixel is fetched later (a scanner, say), and keeps the opened event', async () => {
    const res = await server.api('/api/v1/emails', {
      body: { from: 'hello@acme.example', to: 'bounced+tracked@mailgate.test', subject: 'Tracked', content: markdown, tracking: true },
    });
    const { id } = (await res.json()) as { id: string };
    await waitFor(async () => ((await record(id)).last_event === 'bounced' ? true : undefined), 10_000, 'the fixture bounce');
    const row = await server.core.db.db.selectFrom('emails').select('tracking_key').where('id', '=', id).executeTakeFirstOrThrow();
    const pixel = await fetch(`${server.url}/t/o/${id}/${row.tracking_key}`);
    expect(pixel.status).toBe(200);
    const after = await record(id);
    expect(after.last_event).toBe('bounced');
    expect(after.events.map((e: any) => e.type)).toEqual(['queued', 'sent', 'bounced', 'opened']);
  });
});

describe('the plain-text scope of /t', () => {
  it('answers past the per-IP limit with a plain-text 429 and Retry-After, like any other path', async () => {
    const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 0, 100));
    const limited = await startTestServer({ clock, env: { IP_RATE_LIMIT: '3' }, worker: false });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.url}/t/o/${'eml_'.padEnd(30, '0')}/${'A'.repeat(22)}`)).status);
      expect(statuses).toEqual([404, 404, 404]);
      const refused = await fetch(`${limited.url}/t/o/${'eml_'.padEnd(30, '0')}/${'A'.repeat(22)}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.text()).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });

  it("answers a malformed percent-encoding under /t with a plain-text 400, not the API's JSON", async () => {
    const res = await fetch(`${server.url}/t/o/%E0%A4%A/key`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('The URL is not valid (malformed percent-encoding)\n');
  });
});

describe('an email without tracking', () => {
  it.each([[undefined], [false]])('tracking %s: goes out with its links as sent, and has no tracking links', async (tracking) => {
    const id = await sendV1(tracking);
    const html = await deliveredHtml(id);
    expect(html).toContain('<a href="https://acme.example/docs?a=1&amp;b=2">docs</a>');
    expect(html).not.toContain('/t/');
    const row = await server.core.db.db.selectFrom('emails').select('tracking_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.tracking_key).toBeNull();
    const res = await fetch(`${server.url}/t/o/${id}/${'A'.repeat(22)}`);
    expect(res.status).toBe(404);
  });
});
