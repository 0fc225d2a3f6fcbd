import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * GET /api/v2/emails/stats through fetch on a real socket: real sends delivered
 * by the worker (fixture outcomes, the capture transport), an open by the
 * tracking pixel, on a manual clock that crosses midnight (UTC), so that each
 * event is counted on the day it happened.
 */
const BASE_URL = 'https://mail.acme.example';
const EVENING = Date.parse('2026-03-10T23:58:00Z');
const AFTER_MIDNIGHT = Date.parse('2026-03-11T00:00:30Z');

const ZERO = { sent: 0, delivered: 0, bounced: 0, complained: 0, opened: 0, clicked: 0, failed: 0, suppressed: 0 };

describe('email statistics by day', () => {
  const clock = new ManualClock(EVENING);
  let server: TestServer;

  async function lastEvent(id: string, event: string): Promise<void> {
    await waitFor(
      async () => (((await (await server.api(`/api/v2/emails/${id}`)).json()) as { last_event: string }).last_event === event ? true : undefined),
      10_000,
      `${id} ${event}`,
    );
  }

  async function send(from: string, to: string): Promise<string> {
    const res = await server.api('/api/v2/emails', { body: { from, to, subject: 'Counted', markdown: 'Hi' } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  async function stats(query = '', token?: string): Promise<{ status: number; body: any }> {
    const res = await server.api(`/api/v2/emails/stats${query}`, token === undefined ? {} : { token });
    return { status: res.status, body: await res.json() };
  }

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { BASE_URL } });
    // The evening before: one delivered from one.example, one tracked email delivered from two.example (v1 tracking: true).
    await lastEvent(await send('App <app@one.example>', 'delivered+stats@mailgate.test'), 'delivered');
    const tracked = await server.api('/api/v1/emails', {
      body: { from: 'hello@Two.Example', to: 'reader@example.com', subject: 'Tracked', content: 'Hi', tracking: true },
    });
    const trackedId = ((await tracked.json()) as { id: string }).id;
    await lastEvent(trackedId, 'delivered');
    const raw = ((await (await server.api(`/api/v2/emails/${trackedId}`)).json()) as { raw: string }).raw;
    const pixel = /<img src="https:\/\/mail\.acme\.example([^"]+)"/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!;

    // After midnight: the tracked email is opened, and one more from one.example bounces.
    clock.set(AFTER_MIDNIGHT);
    expect((await fetch(server.url + pixel)).status).toBe(200);
    await lastEvent(trackedId, 'opened');
    await lastEvent(await send('app@one.example', 'bounced+stats@mailgate.test'), 'bounced');
  });
  afterAll(async () => server?.close());

  it('counts each event on the UTC day it happened, zeros for quiet days, oldest first', async () => {
    const { status, body } = await stats('?days=3');
    expect(status).toBe(200);
    expect(body).toEqual({
      object: 'email_stats',
      from: '2026-03-09',
      to: '2026-03-11',
      domain: null,
      tag: null,
      data: [
        { date: '2026-03-09', ...ZERO },
        { date: '2026-03-10', ...ZERO, sent: 2, delivered: 2 },
        { date: '2026-03-11', ...ZERO, sent: 1, bounced: 1, opened: 1 },
      ],
      totals: { ...ZERO, sent: 3, delivered: 2, bounced: 1, opened: 1 },
      quota: { limit: 2000, used: expect.any(Number), remaining: expect.any(Number), reset_seconds: 30 },
    });
    expect(body.quota.used + body.quota.remaining).toBe(2000);
  });

  it('narrows to one sender domain, given in any case', async () => {
    const one = await stats('?days=2&domain=ONE.example');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-11',
      domain: 'one.example',
      data: [
        { date: '2026-03-10', ...ZERO, sent: 1, delivered: 1 },
        { date: '2026-03-11', ...ZERO, sent: 1, bounced: 1 },
      ],
      totals: { ...ZERO, sent: 2, delivered: 1, bounced: 1 },
    });
    const two = await stats('?days=1&domain=two.example');
    expect(two.body).toMatchObject({ data: [{ date: '2026-03-11', ...ZERO, opened: 1 }], totals: { ...ZERO, opened: 1 } });
    const none = await stats('?days=2&domain=nobody.example');
    expect(none.body.totals).toEqual(ZERO);
  });

  it('counts 30 days by default, and each call against the quota like any other', async () => {
    const first = await stats();
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(30);
    expect([first.body.from, first.body.to, first.body.data[0].date, first.body.data[29].date]).toEqual([
      '2026-02-10',
      '2026-03-11',
      '2026-02-10',
      '2026-03-11',
    ]);
    const second = await stats();
    expect(second.body.quota.used).toBe(first.body.quota.used + 1);
    expect(second.body.quota.remaining).toBe(first.body.quota.remaining - 1);
  });

  it('refuses a number of days outside 1–90, and an address for a domain, naming the field', async () => {
    for (const query of ['?days=0', '?days=91', '?days=abc', '?days=1.5']) {
      const { status, body } = await stats(query);
      expect([query, status, body.name, body.details]).toEqual([
        query,
        422,
        'validation_error',
        [{ path: 'days', message: 'must be an integer from 1 to 90' }],
      ]);
    }
    const { status, body } = await stats('?domain=a@b.example');
    expect([status, body.details]).toEqual([422, [{ path: 'domain', message: 'must be a domain name, like example.com' }]]);
  });

  it("shows another organization none of this organization's events", async () => {
    const other = (await server.core.orgs.create({ name: 'Other', plan: 'free' })).token.token;
    const { status, body } = await stats('?days=2', other);
    expect(status).toBe(200);
    expect(body.totals).toEqual(ZERO);
    expect(body.quota).toEqual({ limit: 100, used: 1, remaining: 99, reset_seconds: 30 });
  });
});
