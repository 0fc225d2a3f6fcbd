import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * The email log through fetch on a real socket: GET /api/v2/emails narrowed by
 * status, recipient, sender domain, creation time and subject, paged as
 * before; and GET /api/v2/emails/{id}/raw, the finished message the capture
 * transport kept.
 */
const T0 = Date.parse('2026-04-01T10:00:00Z');
const HOUR = 3_600_000;

describe('the email log', () => {
  const clock = new ManualClock(T0);
  let server: TestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const sends: [string, number, { from: string; to: string; subject: string }, string][] = [
      ['ada', T0, { from: 'Acme <news@acme.example>', to: 'Delivered+Ada@mailgate.test', subject: 'Welcome Ada' }, 'delivered'],
      ['bob', T0 + HOUR, { from: 'billing@shop.example', to: 'bounced+bob@mailgate.test', subject: 'Your invoice: 100%_off' }, 'bounced'],
      ['cy', T0 + 2 * HOUR, { from: 'Acme <hello@acme.example>', to: 'delivered+cy@mailgate.test', subject: 'Invoice reminder' }, 'delivered'],
      ['dee', T0 + 3 * HOUR, { from: 'x@sub.acme.example', to: 'reader@example.com', subject: 'From a subdomain' }, 'delivered'],
    ];
    for (const [name, at, body, outcome] of sends) {
      clock.set(at);
      const res = await server.api('/api/v2/emails', { body: { ...body, markdown: 'Hi' } });
      expect(res.status).toBe(200);
      ids[name] = ((await res.json()) as { id: string }).id;
      await waitFor(
        async () => (((await (await server.api(`/api/v2/emails/${ids[name]}`)).json()) as { last_event: string }).last_event === outcome ? true : undefined),
        10_000,
        `${name} ${outcome}`,
      );
    }
  });
  afterAll(async () => server?.close());

  async function names(query: string): Promise<{ names: string[]; has_more: boolean }> {
    const res = await server.api(`/api/v2/emails?${query}`);
    expect(res.status, query).toBe(200);
    const page = (await res.json()) as { data: { id: string }[]; has_more: boolean };
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return { names: page.data.map((e) => byId.get(e.id) ?? e.id), has_more: page.has_more };
  }

  it('filters by last_event, recipient text and sender domain, without regard to case', async () => {
    expect(await names('status=bounced')).toEqual({ names: ['bob'], has_more: false });
    expect(await names('status=delivered')).toEqual({ names: ['dee', 'cy', 'ada'], has_more: false });
    expect(await names('to=ADA')).toEqual({ names: ['ada'], has_more: false });
    expect(await names('to=%40mailgate.test')).toEqual({ names: ['cy', 'bob', 'ada'], has_more: false });
    // The domain itself, not its subdomains; a From with a display name or without.
    expect(await names('domain=ACME.example')).toEqual({ names: ['cy', 'ada'], has_more: false });
    expect(await names('domain=sub.acme.example')).toEqual({ names: ['dee'], has_more: false });
    expect(await names('domain=example')).toEqual({ names: [], has_more: false });
  });

  it('filters by creation time (since inclusive, until exclusive) and by subject text, LIKE wildcards taken literally', async () => {
    expect(await names(`since=${new Date(T0 + HOUR).toISOString()}`)).toEqual({ names: ['dee', 'cy', 'bob'], has_more: false });
    expect(await names(`until=${new Date(T0 + HOUR).toISOString()}`)).toEqual({ names: ['ada'], has_more: false });
    expect(await names(`since=2026-04-01T11:00:00%2B00:00&until=2026-04-01T12:00:00.001Z`)).toEqual({ names: ['cy', 'bob'], has_more: false });
    expect(await names('query=INVOICE')).toEqual({ names: ['cy', 'bob'], has_more: false });
    expect(await names('query=100%25_')).toEqual({ names: ['bob'], has_more: false });
    expect(await names('query=%25')).toEqual({ names: ['bob'], has_more: false });
    expect(await names('domain=acme.example&query=invoice&status=delivered')).toEqual({ names: ['cy'], has_more: false });
  });

  it('pages a filtered list with the cursors, in the list shape', async () => {
    expect(await names('status=delivered&limit=2')).toEqual({ names: ['dee', 'cy'], has_more: true });
    expect(await names(`status=delivered&limit=2&after=${ids.cy}`)).toEqual({ names: ['ada'], has_more: false });
    expect(await names(`status=delivered&limit=1&before=${ids.ada}`)).toEqual({ names: ['cy'], has_more: true });
    const res = await server.api('/api/v2/emails?domain=shop.example');
    expect(await res.json()).toEqual({
      object: 'list',
      data: [
        {
          object: 'email',
          id: ids.bob,
          from: 'billing@shop.example',
          to: ['bounced+bob@mailgate.test'],
          subject: 'Your invoice: 100%_off',
          reply_to: null,
          last_event: 'bounced',
          tags: [],
          created_at: new Date(T0 + HOUR).toISOString(),
          updated_at: new Date(T0 + HOUR).toISOString(),
        },
      ],
      has_more: false,
    });
  });

  it('refuses a bad filter with 422 naming it', async () => {
    const cases: [string, string, string][] = [
      ['status=lost', 'status', 'must be one of queued, sent, delivered, delivery_delayed, bounced, complained, failed, opened, clicked, suppressed'],
      ['since=yesterday', 'since', 'must be an ISO 8601 date and time with an offset, like 2026-12-01T09:00:00Z'],
      ['until=2026-04-01', 'until', 'must be an ISO 8601 date and time with an offset, like 2026-12-01T09:00:00Z'],
      ['domain=a%20b', 'domain', 'must be a domain name, like example.com'],
      ['query=', 'query', 'must not be empty'],
    ];
    for (const [query, path, message] of cases) {
      const res = await server.api(`/api/v2/emails?${query}`);
      const body = (await res.json()) as { name: string; details: unknown };
      expect([query, res.status, body.name, body.details]).toEqual([query, 422, 'validation_error', [{ path, message }]]);
    }
  });

  it('answers the finished message of an email the capture transport delivered, as message/rfc822', async () => {
    const res = await server.api(`/api/v2/emails/${ids.dee}/raw`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'message/rfc822']);
    const raw = await res.text();
    const record = (await (await server.api(`/api/v2/emails/${ids.dee}`)).json()) as { raw: string };
    expect(raw).toBe(record.raw);
    expect(raw).toMatch(/^Return-Path: <bounce\+/);
    expect(raw).toContain('Subject: From a subdomain');
    // Over the tools door the same bytes come base64.
    const tool = await server.api('/api/v2/tools/get_email_raw', { body: { id: ids.dee } });
    expect(await tool.json()).toEqual({
      data: { object: 'email_raw', id: ids.dee, content_type: 'message/rfc822', size: Buffer.byteLength(raw), content: Buffer.from(raw).toString('base64') },
    });
  });

  it('answers 404 RAW_NOT_KEPT for an email whose message was not kept, and not_found for one it does not know', async () => {
    const fixture = await server.api(`/api/v2/emails/${ids.ada}/raw`);
    expect([fixture.status, await fixture.json()]).toEqual([
      404,
      {
        name: 'not_found',
        message: `The finished message of email ${ids.ada} was not kept (only the capture transport keeps it)`,
        statusCode: 404,
        code: 'RAW_NOT_KEPT',
      },
    ]);
    const unknown = await server.api('/api/v2/emails/eml_01jd3zq8x6v5t0n2c4b7m9k1pq/raw');
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { name: 'not_found', message: 'Email eml_01jd3zq8x6v5t0n2c4b7m9k1pq not found', statusCode: 404 },
    ]);
    const other = (await server.core.orgs.create({ name: 'Other', plan: 'free' })).token.token;
    const theirs = await server.api(`/api/v2/emails/${ids.dee}/raw`, { token: other });
    expect(theirs.status).toBe(404);
    expect((await server.api(`/api/v2/emails?to=reader`, { token: other })).status).toBe(200);
    expect(((await (await server.api(`/api/v2/emails?to=reader`, { token: other })).json()) as { data: unknown[] }).data).toEqual([]);
  });
});
