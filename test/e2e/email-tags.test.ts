import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { removeTestTls, submissionTransport, startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Email tags through fetch on a real socket: given on send_email and batch
 * items, refused with every problem named, stored with the email and returned
 * by get_email and list_emails, filtered on by list_emails' tag, and counted
 * apart by get_email_stats' tag (real sends delivered by the worker through the
 * fixture outcomes); over SMTP, the X-Mailgate-Tags header.
 */
const T0 = Date.parse('2026-05-04T10:00:00Z');
const ZERO = { sent: 0, delivered: 0, bounced: 0, complained: 0, opened: 0, clicked: 0, failed: 0, suppressed: 0 };
const RULE = 'must be 1–256 characters of ASCII letters, digits, _ and -';

type Tag = { name: string; value: string };

describe('email tags', () => {
  const clock = new ManualClock(T0);
  let server: TestServer;
  const ids: Record<string, string> = {};

  async function lastEvent(id: string, event: string): Promise<void> {
    await waitFor(
      async () => (((await (await server.api(`/api/v2/emails/${id}`)).json()) as { last_event: string }).last_event === event ? true : undefined),
      10_000,
      `${id} ${event}`,
    );
  }

  const body = (to: string, tags?: Tag[], from = 'App <app@one.example>') => ({ from, to, subject: 'Tagged', markdown: 'Hi', ...(tags ? { tags } : {}) });

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const sends: [string, string, Tag[] | undefined, string, string?][] = [
      [
        'welcome',
        'delivered+w@mailgate.test',
        [
          { name: 'category', value: 'welcome' },
          { name: 'user_id', value: 'u-1' },
        ],
        'delivered',
      ],
      ['receipt', 'bounced+r@mailgate.test', [{ name: 'category', value: 'receipt' }], 'bounced'],
      ['plain', 'delivered+p@mailgate.test', undefined, 'delivered'],
      ['other', 'delivered+o@mailgate.test', [{ name: 'category', value: 'welcome' }], 'delivered', 'hi@two.example'],
    ];
    for (const [name, to, tags, outcome, from] of sends) {
      clock.set(clock.now() + 60_000);
      const res = await server.api('/api/v2/emails', { body: body(to, tags, from) });
      expect(res.status).toBe(200);
      ids[name] = ((await res.json()) as { id: string }).id;
      await lastEvent(ids[name]!, outcome);
    }
  });
  afterAll(async () => server?.close());

  it('refuses tags that break the rules, naming each problem', async () => {
    const long = 'a'.repeat(257);
    const cases: [unknown, { path: string; message: string }[]][] = [
      [
        [
          { name: 'has space', value: 'ok' },
          { name: 'ok', value: '' },
          { name: long, value: 'é' },
        ],
        [
          { path: 'tags.0.name', message: RULE },
          { path: 'tags.1.value', message: RULE },
          { path: 'tags.2.name', message: RULE },
          { path: 'tags.2.value', message: RULE },
        ],
      ],
      [
        [
          { name: 'a', value: '1' },
          { name: 'a', value: '2' },
        ],
        [{ path: 'tags.1.name', message: 'must be unique within an email (a is given twice)' }],
      ],
      [Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, value: 'v' })), [{ path: 'tags', message: 'must hold at most 10 tags' }]],
      ['category=welcome', [{ path: 'tags', message: 'must be an array of {name, value} objects' }]],
    ];
    for (const [tags, details] of cases) {
      const res = await server.api('/api/v2/emails', { body: { ...body('delivered@mailgate.test'), tags } });
      const answer = (await res.json()) as { name: string; details: unknown };
      expect([res.status, answer.name, answer.details]).toEqual([422, 'validation_error', details]);
    }
    const extra = await server.api('/api/v2/emails', { body: { ...body('delivered@mailgate.test'), tags: [{ name: 'a', value: 'b', c: 1 }] } });
    expect(extra.status).toBe(422);

    const batch = await server.api('/api/v2/emails/batch', {
      body: [body('delivered+b1@mailgate.test', [{ name: 'ok', value: 'yes' }]), body('delivered+b2@mailgate.test', [{ name: 'bad!', value: 'x' }])],
    });
    const refused = (await batch.json()) as { details: unknown };
    expect([batch.status, refused.details]).toEqual([422, [{ path: '[1].tags.0.name', message: RULE }]]);
  });

  it('returns the tags on get_email and on list items, by name; none is an empty array', async () => {
    const welcome = (await (await server.api(`/api/v2/emails/${ids.welcome}`)).json()) as { tags: Tag[] };
    expect(welcome.tags).toEqual([
      { name: 'category', value: 'welcome' },
      { name: 'user_id', value: 'u-1' },
    ]);
    const page = (await (await server.api('/api/v2/emails?domain=one.example')).json()) as { data: { id: string; tags: Tag[] }[] };
    expect(page.data.map((e) => [e.id, e.tags])).toEqual([
      [ids.plain, []],
      [ids.receipt, [{ name: 'category', value: 'receipt' }]],
      [ids.welcome, welcome.tags],
    ]);
  });

  it('filters the list by a tag name or name:value, with the other filters', async () => {
    const listed = async (query: string) => {
      const res = await server.api(`/api/v2/emails?${query}`);
      expect(res.status, query).toBe(200);
      const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
      return ((await res.json()) as { data: { id: string }[] }).data.map((e) => byId.get(e.id) ?? 'batch');
    };
    expect(await listed('tag=category')).toEqual(['other', 'receipt', 'welcome']);
    expect(await listed('tag=category:welcome')).toEqual(['other', 'welcome']);
    expect(await listed('tag=category:welcome&domain=one.example')).toEqual(['welcome']);
    expect(await listed('tag=user_id:u-1')).toEqual(['welcome']);
    expect(await listed('tag=category:Welcome')).toEqual([]);
    expect(await listed('tag=nothing')).toEqual([]);
    const res = await server.api('/api/v2/emails?tag=a%3Db');
    expect([res.status, ((await res.json()) as { details: unknown }).details]).toEqual([
      422,
      [{ path: 'tag', message: 'must be a tag name, or name:value (ASCII letters, digits, _ and -)' }],
    ]);
  });

  it('counts only the events of the emails carrying the tag, by name or name:value, with a domain too', async () => {
    const stats = async (query: string) => {
      const res = await server.api(`/api/v2/emails/stats?days=1${query}`);
      expect(res.status, query).toBe(200);
      return (await res.json()) as { tag: string | null; domain: string | null; totals: typeof ZERO };
    };
    const all = await stats('');
    expect([all.tag, all.totals]).toEqual([null, { ...ZERO, sent: 4, delivered: 3, bounced: 1 }]);
    const category = await stats('&tag=category');
    expect([category.tag, category.totals]).toEqual(['category', { ...ZERO, sent: 3, delivered: 2, bounced: 1 }]);
    const welcome = await stats('&tag=category:welcome');
    expect([welcome.tag, welcome.totals]).toEqual(['category:welcome', { ...ZERO, sent: 2, delivered: 2 }]);
    const welcomeOne = await stats('&tag=category:welcome&domain=one.example');
    expect([welcomeOne.domain, welcomeOne.tag, welcomeOne.totals]).toEqual(['one.example', 'category:welcome', { ...ZERO, sent: 1, delivered: 1 }]);
    expect((await stats('&tag=user_id')).totals).toEqual({ ...ZERO, sent: 1, delivered: 1 });
    expect((await stats('&tag=nothing')).totals).toEqual(ZERO);
    const bad = await server.api('/api/v2/emails/stats?tag=');
    expect(bad.status).toBe(422);
  });

  it('stores a batch item’s tags with its email', async () => {
    const res = await server.api('/api/v2/emails/batch', {
      body: [
        body('delivered+b3@mailgate.test', [{ name: 'batch', value: 'b-1' }], 'b@three.example'),
        body('delivered+b4@mailgate.test', undefined, 'b@three.example'),
      ],
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string }[] };
    const tagsOf = async (id: string) => ((await (await server.api(`/api/v2/emails/${id}`)).json()) as { tags: Tag[] }).tags;
    expect(await tagsOf(data[0]!.id)).toEqual([{ name: 'batch', value: 'b-1' }]);
    expect(await tagsOf(data[1]!.id)).toEqual([]);
  });

  it('shows another organization none of these tags', async () => {
    const other = (await server.core.orgs.create({ name: 'Other', plan: 'free' })).token.token;
    const list = (await (await server.api('/api/v2/emails?tag=category', { token: other })).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
    const stats = (await (await server.api('/api/v2/emails/stats?days=1&tag=category', { token: other })).json()) as { totals: unknown };
    expect(stats.totals).toEqual(ZERO);
  });
});

describe('email tags over SMTP: X-Mailgate-Tags', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer();
  });
  afterAll(async () => {
    await server?.close();
    removeTestTls();
  });

  it('reads the header into the tags and does not send it on; refuses a malformed one', async () => {
    const info = await submissionTransport(server).sendMail({
      from: 'app@example.com',
      // Not a fixture address: fixtures never reach the capture transport, whose copy shows what was sent.
      to: 'ada@example.org',
      subject: 'Tagged by header',
      text: 'Hi',
      headers: { 'X-Mailgate-Tags': 'category=welcome, user_id=u-2' },
    });
    const id = /queued as (eml_\w+)/.exec(info.response)![1]!;
    const record = await waitFor(async () => {
      const r = (await (await server.api(`/api/v2/emails/${id}`)).json()) as { tags: Tag[]; raw: string | null };
      return r.raw ? r : undefined;
    });
    expect(record.tags).toEqual([
      { name: 'category', value: 'welcome' },
      { name: 'user_id', value: 'u-2' },
    ]);
    expect(record.raw).not.toMatch(/X-Mailgate-Tags/i);

    await expect(
      submissionTransport(server).sendMail({
        from: 'app@example.com',
        to: 'delivered+smtp@mailgate.test',
        subject: 'Badly tagged',
        text: 'Hi',
        headers: { 'X-Mailgate-Tags': 'category=wel come' },
      }),
    ).rejects.toThrow(/^Message failed: 550 5\.6\.0 .*headers\.x-mailgate-tags\.0\.value/);
  });
});
