import { reportDsn } from '../helpers/returns.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { Transport } from '../../src/delivery/index.ts';
import { startSmtpSink, type ReceivedMessage, type SmtpSink } from '../helpers/smtp-sink.ts';
import { movingClock, startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// Campaigns through fetch on a real socket, delivered through RELAY_URL into a
// real SMTP server started here: personalization (defaults, escaping), the
// one-click unsubscribe headers and link, the unsubscribe pages, and stats.

const BASE_URL = 'https://mail.acme.example';

async function json(res: Response): Promise<any> {
  return res.json();
}

async function subscribe(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const res = await server.api('/api/v2/subscribers', { body });
  expect([200, 201]).toContain(res.status);
  return (await json(res)).id;
}

async function campaign(server: TestServer, id: string): Promise<any> {
  const res = await server.api(`/api/v2/campaigns/${id}`);
  expect(res.status).toBe(200);
  return json(res);
}

function waitForStatus(server: TestServer, id: string, status: string): Promise<any> {
  return waitFor(
    async () => {
      const c = await campaign(server, id);
      return c.status === status ? c : undefined;
    },
    15_000,
    `campaign ${id} to be ${status}`,
  );
}

const STATS_ZERO = {
  recipients: 0,
  skipped: 0,
  suppressed: 0,
  sent: 0,
  delivered: 0,
  bounced: 0,
  complained: 0,
  failed: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
};

describe('a campaign to a tagged audience, through a relay', () => {
  let sink: SmtpSink;
  let server: TestServer;
  const ids: Record<string, string> = {};
  let created: any;
  let messages: ReceivedMessage[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ verifiedDomains: ['acme.example'], env: { RELAY_URL: sink.url(), BASE_URL } });
    ids.ada = await subscribe(server, { email: 'ada@example.com', first_name: 'Ada', attributes: { plan: 'pro' }, tags: ['news'] });
    ids.bob = await subscribe(server, { email: 'bob@example.com', last_name: '<b>Bob & "Co"</b>', tags: ['news', 'vip'] });
    ids.carol = await subscribe(server, { email: 'carol@example.com', first_name: 'Carol', tags: ['news'], status: 'unsubscribed' });
    ids.erin = await subscribe(server, { email: 'erin@example.com', first_name: 'Erin', tags: ['news'], status: 'bounced' });
    ids.dave = await subscribe(server, { email: 'dave@example.com', first_name: 'Dave' });

    const res = await server.api('/api/v2/campaigns', {
      body: {
        name: 'November news',
        from: 'Acme News <news@acme.example>',
        subject: 'News for {{first_name | "you"}}',
        preview: 'Hi {{first_name | "there"}}',
        markdown: '# Hello {{first_name | "there"}} {{last_name}}\n\nYour plan: {{attributes.plan | "free"}}. Read [the post](https://acme.example/post).',
        audience: { tags: ['news'] },
        tracking: { opens: true, clicks: true },
      },
    });
    created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('is created as a draft with every field of the record', () => {
    expect(created).toEqual({
      object: 'campaign',
      id: expect.stringMatching(/^cmp_[0-9a-z]{26}$/),
      name: 'November news',
      subject: 'News for {{first_name | "you"}}',
      from: 'Acme News <news@acme.example>',
      reply_to: null,
      preview: 'Hi {{first_name | "there"}}',
      html: null,
      markdown: '# Hello {{first_name | "there"}} {{last_name}}\n\nYour plan: {{attributes.plan | "free"}}. Read [the post](https://acme.example/post).',
      tiptap: null,
      audience: { tags: ['news'], match: 'any' },
      tracking: { opens: true, clicks: true },
      status: 'draft',
      scheduled_at: null,
      sent_at: null,
      stats: STATS_ZERO,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('counts its audience: subscribed members only', async () => {
    const res = await server.api('/api/v2/audience/count', { body: { campaign_id: created.id } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ object: 'audience_count', count: 2 });
    const all = await server.api('/api/v2/audience/count', { body: { audience: { tags: ['news', 'vip'], match: 'all' } } });
    expect(await json(all)).toEqual({ object: 'audience_count', count: 1 });
    const everyone = await server.api('/api/v2/audience/count', { method: 'POST' });
    expect(await json(everyone)).toEqual({ object: 'audience_count', count: 3 });
  });

  it('sends to each subscribed member once, personalized, and ends sent with its stats', async () => {
    const res = await server.api(`/api/v2/campaigns/${created.id}/send`, { method: 'POST' });
    const sent = await json(res);
    expect(res.status, JSON.stringify(sent)).toBe(200);
    expect(sent).toMatchObject({ id: created.id, status: 'sending', recipient_count: 2 });

    const done = await waitForStatus(server, created.id, 'sent');
    expect(done.sent_at).toEqual(expect.any(String));
    expect(done.stats).toEqual({ ...STATS_ZERO, recipients: 2, skipped: 2, sent: 2 });
    messages = [...sink.messages].sort((a, b) => a.envelope.rcptTo[0]!.localeCompare(b.envelope.rcptTo[0]!));
    expect(messages.map((m) => m.envelope.rcptTo)).toEqual([['ada@example.com'], ['bob@example.com']]);
  });

  it('fills placeholders with values or defaults, escaping them in HTML only', () => {
    const [ada, bob] = messages;
    expect(ada!.parsed.subject).toBe('News for Ada');
    expect(bob!.parsed.subject).toBe('News for you');
    expect(String(ada!.parsed.html)).toContain('Hello Ada ');
    expect(String(ada!.parsed.html)).toContain('Your plan: pro.');
    expect(String(ada!.parsed.html)).toContain('Hi Ada');
    expect(String(bob!.parsed.html)).toContain('Hello there &lt;b&gt;Bob &amp; &quot;Co&quot;&lt;/b&gt;');
    expect(String(bob!.parsed.html)).not.toContain('<b>Bob');
    expect(String(bob!.parsed.html)).toContain('Your plan: free.');
    // The text part has values raw (its headings upper-cased, as html-to-text writes them).
    expect(bob!.parsed.text).toContain('HELLO THERE <B>BOB & "CO"</B>');
    expect(ada!.parsed.text).toContain('Your plan: pro.');
    expect(messages.map((m) => m.raw).join('')).not.toContain('{{');
  });

  it('carries the RFC 8058 headers and the same per-recipient link in the body, which tracking leaves alone', () => {
    for (const m of messages) {
      const header = m.parsed.headers.get('list-unsubscribe') as any;
      const url = typeof header === 'string' ? header : header?.url;
      const raw = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(m.raw)?.[1];
      expect(raw).toMatch(new RegExp(`^${BASE_URL}/unsubscribe/sub_[0-9a-z]{26}\\.${created.id}\\.[A-Za-z0-9_-]{22}$`));
      expect(url ?? raw).toContain(raw!.split('/').pop());
      expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(String(m.parsed.html)).toContain(`href="${raw}"`);
      expect(m.parsed.text).toContain(raw);
      // The other link is tracked; there is an open pixel.
      expect(String(m.parsed.html)).toMatch(new RegExp(`href="${BASE_URL}/t/c/eml_`));
      expect(String(m.parsed.html)).toMatch(new RegExp(`<img src="${BASE_URL}/t/o/eml_`));
    }
    expect(new Set(messages.map((m) => /^List-Unsubscribe: <([^>]+)>/m.exec(m.raw)![1])).size).toBe(2);
  });

  it('counts the first open and the first click of each email, not repeats', async () => {
    const html = String(messages[0]!.parsed.html);
    const open = /<img src="([^"]+)"/.exec(html)![1]!.replace(BASE_URL, server.url);
    const click = /href="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1]!.replace(BASE_URL, server.url);
    for (let i = 0; i < 2; i++) {
      expect((await fetch(open)).status).toBe(200);
      expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);
    }
    expect((await campaign(server, created.id)).stats).toMatchObject({ opened: 1, clicked: 1 });
  });

  it('shows a confirmation page on GET that unsubscribes nobody, and unsubscribes on POST, once', async () => {
    const workflow = await server.api('/api/v2/workflows', {
      body: { name: 'Churn', trigger: { type: 'event', name: 'unsubscribed' }, steps: [{ type: 'add_tag', tag: 'churned' }] },
    });
    expect(workflow.status).toBe(201);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(messages[1]!.raw)![1]!;
    const local = link.replace(BASE_URL, server.url);
    const shown = await fetch(local);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await shown.text();
    expect(page).toContain('bob@example.com');
    expect(page).toContain(`<form method="post" action="/unsubscribe/${link.split('/').pop()}">`);
    expect((await json(await server.api(`/api/v2/subscribers/${ids.bob}`))).status).toBe('subscribed');

    // A mail client's one-click: a form-encoded POST, no cookies, no redirect followed.
    const oneClick = () =>
      fetch(local, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('You are unsubscribed');
    const again = await oneClick();
    expect(again.status).toBe(200);

    const bob = await json(await server.api(`/api/v2/subscribers/${ids.bob}`));
    expect(bob.status).toBe('unsubscribed');
    const events = (await json(await server.api(`/api/v2/subscribers/${ids.bob}/events`))).data;
    const unsubscribed = events.filter((e: any) => e.name === 'unsubscribed');
    expect(unsubscribed).toHaveLength(1);
    expect(unsubscribed[0].properties).toMatchObject({ previous_status: 'subscribed', campaign_id: created.id });
    expect((await campaign(server, created.id)).stats.unsubscribed).toBe(1);
    // The unsubscribe fired the workflow it triggers.
    await waitFor(
      async () => ((await json(await server.api(`/api/v2/subscribers/${ids.bob}`))).tags.includes('churned') ? true : undefined),
      10_000,
      'the workflow',
    );
  });

  it('answers a forged, truncated or foreign token with a 404 page and changes nothing', async () => {
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(messages[0]!.raw)![1]!;
    const token = link.split('/').pop()!;
    const [sub, cmp, mac] = token.split('.') as [string, string, string];
    const forged = [
      `${sub}.${cmp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      token.slice(0, -3),
      `${ids.dave}.${cmp}.${mac}`,
      `${sub}.cmp_00000000000000000000000000.${mac}`,
      'sub_x.cmp_y.zzz',
      'nothing',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${server.url}/unsubscribe/${encodeURIComponent(bad)}`, { method });
        expect([bad, method, res.status]).toEqual([bad, method, 404]);
        expect(await res.text()).toContain('not valid');
      }
    }
    expect((await json(await server.api(`/api/v2/subscribers/${ids.ada}`))).status).toBe('subscribed');
    expect((await json(await server.api(`/api/v2/subscribers/${ids.dave}`))).status).toBe('subscribed');
  });

  it('refuses a second send, and changes or deletion once it is no longer a draft, naming the status', async () => {
    const again = await server.api(`/api/v2/campaigns/${created.id}/send`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ name: 'conflict', statusCode: 409, message: expect.stringContaining('is sent') });
    const patch = await server.api(`/api/v2/campaigns/${created.id}`, { method: 'PATCH', body: { name: 'x' } });
    expect(patch.status).toBe(409);
    expect((await json(patch)).message).toContain('is sent');
    const del = await server.api(`/api/v2/campaigns/${created.id}`, { method: 'DELETE' });
    expect(del.status).toBe(409);
  });

  it('sends test copies personalized as a chosen subscriber, whose link unsubscribes nobody', async () => {
    const before = sink.messages.length;
    const res = await server.api(`/api/v2/campaigns/${created.id}/test`, {
      body: { to: ['me@acme.example', 'you@acme.example'], subscriber: 'ada@example.com' },
    });
    const answer = await json(res);
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toEqual({ object: 'campaign_test', ids: [expect.stringMatching(/^eml_/), expect.stringMatching(/^eml_/)] });
    await waitFor(async () => (sink.messages.length >= before + 2 ? true : undefined), 10_000, 'the test copies');
    const copies = sink.messages.slice(before);
    expect(copies.map((m) => m.envelope.rcptTo[0]).sort()).toEqual(['me@acme.example', 'you@acme.example']);
    expect(copies[0]!.parsed.subject).toBe('News for Ada');
    expect(String(copies[0]!.parsed.html)).toContain(`${BASE_URL}/unsubscribe/test-copy`);
    const page = await fetch(`${server.url}/unsubscribe/test-copy`, { method: 'POST' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('test copy');
    const tooMany = await server.api(`/api/v2/campaigns/${created.id}/test`, {
      body: { to: ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example', 'f@x.example'] },
    });
    expect(tooMany.status).toBe(422);
  });
});

describe('campaign input and state rules', () => {
  let server: TestServer;
  const base = { name: 'N', from: 'news@acme.example', subject: 'S', html: '<p>Hi {{first_name}}</p>' };

  beforeAll(async () => {
    server = await startTestServer();
    await subscribe(server, { email: 'one@mailgate.test', tags: ['known'] });
  });
  afterAll(async () => server?.close());

  async function create(body: Record<string, unknown>): Promise<any> {
    const res = await server.api('/api/v2/campaigns', { body });
    expect(res.status, JSON.stringify(body)).toBe(201);
    return json(res);
  }

  it('refuses unknown tags, naming them', async () => {
    const res = await server.api('/api/v2/campaigns', { body: { ...base, audience: { tags: ['known', 'nope', 'nada'] } } });
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({
      name: 'validation_error',
      details: [{ path: 'audience.tags', message: 'names tags that do not exist: "nope", "nada"' }],
    });
  });

  it('refuses malformed placeholders at create and at update, never at send time', async () => {
    for (const [field, value] of [
      ['subject', 'Hi {{first_name | there}}'],
      ['html', '<p>{{nope}}</p>'],
      ['preview', '{{first_name'],
    ] as const) {
      const res = await server.api('/api/v2/campaigns', { body: { ...base, [field]: value } });
      const body = await json(res);
      expect([field, res.status]).toEqual([field, 422]);
      expect(body.details.map((d: any) => d.path)).toContain(field);
    }
    const ok = await create(base);
    const res = await server.api(`/api/v2/campaigns/${ok.id}`, { method: 'PATCH', body: { markdown: 'Hi {{attributes.}}' } });
    expect(res.status).toBe(422);
  });

  it('refuses exactly-one-content violations with the send rule', async () => {
    const { html: _html, ...none } = base;
    const res = await server.api('/api/v2/campaigns', { body: none });
    expect(res.status).toBe(422);
    expect((await json(res)).details[0]).toEqual({ path: '', message: 'exactly one of html, markdown or tiptap must be given' });
  });

  it('refuses a past scheduled_at; schedules a future one; a scheduled campaign can be moved, unscheduled and deleted', async () => {
    const c = await create(base);
    const past = await server.api(`/api/v2/campaigns/${c.id}/send`, { body: { scheduled_at: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(422);
    expect((await json(past)).details).toEqual([{ path: 'scheduled_at', message: 'must be in the future' }]);
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await json(await server.api(`/api/v2/campaigns/${c.id}/send`, { body: { scheduled_at: when } }));
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_at: when, recipient_count: 1 });
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const moved = await json(await server.api(`/api/v2/campaigns/${c.id}`, { method: 'PATCH', body: { scheduled_at: later } }));
    expect(moved).toMatchObject({ status: 'scheduled', scheduled_at: later });
    const job = await server.core.db.db.selectFrom('jobs').select('run_at').where('ref_id', '=', c.id).executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(Date.parse(later));
    const draft = await json(await server.api(`/api/v2/campaigns/${c.id}`, { method: 'PATCH', body: { scheduled_at: null } }));
    expect(draft).toMatchObject({ status: 'draft', scheduled_at: null });
    const second = await json(await server.api(`/api/v2/campaigns/${c.id}/send`, { body: { scheduled_at: when } }));
    expect(second.status).toBe('scheduled');
    const del = await server.api(`/api/v2/campaigns/${c.id}`, { method: 'DELETE' });
    expect(await json(del)).toEqual({ object: 'campaign', id: c.id, deleted: true });
    expect(await server.core.db.db.selectFrom('jobs').select('id').where('ref_id', '=', c.id).execute()).toEqual([]);
    expect((await server.api(`/api/v2/campaigns/${c.id}`)).status).toBe(404);
  });

  it('sends nothing and ends sent with recipients 0 when the audience is empty', async () => {
    await server.api('/api/v2/tags', { body: { name: 'empty' } });
    const c = await create({ ...base, audience: { tags: ['empty'] } });
    const sent = await json(await server.api(`/api/v2/campaigns/${c.id}/send`, { method: 'POST' }));
    expect(sent.recipient_count).toBe(0);
    const done = await waitForStatus(server, c.id, 'sent');
    expect(done.stats).toEqual(STATS_ZERO);
  });

  it('is not held by the transactional recipient guard, but skips an address on bounce cooldown', async () => {
    // Five transactional sends fill the guard's short window for this address…
    for (let i = 0; i < 5; i++) {
      const res = await server.api('/api/v2/emails', { body: { from: 'a@acme.example', to: 'delivered+busy@mailgate.test', subject: 'S', html: '<p>x</p>' } });
      expect(res.status).toBe(200);
    }
    expect(
      (await server.api('/api/v2/emails', { body: { from: 'a@acme.example', to: 'delivered+busy@mailgate.test', subject: 'S', html: '<p>x</p>' } })).status,
    ).toBe(429);
    // …and this one bounced softly (a report came back) before it was a subscriber: its address is on cooldown while the subscriber is subscribed.
    const bounce = await json(
      await server.api('/api/v2/emails', { body: { from: 'a@acme.example', to: 'delivered+cool@mailgate.test', subject: 'S', html: '<p>x</p>' } }),
    );
    await waitFor(
      async () => ((await json(await server.api(`/api/v2/emails/${bounce.id}`))).last_event === 'delivered' ? true : undefined),
      10_000,
      'the delivery',
    );
    expect(await reportDsn(server.core, bounce.id)).toEqual({ stored: 'matched' });
    await subscribe(server, { email: 'delivered+busy@mailgate.test', tags: ['guard'] });
    await subscribe(server, { email: 'delivered+cool@mailgate.test', tags: ['guard'] });
    const c = await create({ ...base, audience: { tags: ['guard'] } });
    await server.api(`/api/v2/campaigns/${c.id}/send`, { method: 'POST' });
    const done = await waitForStatus(server, c.id, 'sent');
    expect(done.stats).toMatchObject({ recipients: 1, skipped: 1, sent: 1, delivered: 1 });
    const rows = await server.core.db.db.selectFrom('campaign_recipients').select(['skip_reason', 'email_id']).where('campaign_id', '=', c.id).execute();
    expect(rows.map((r) => r.skip_reason).sort()).toEqual(['bounce_cooldown', null]);
  });

  it('lists campaigns newest first, filtered by status, and keeps each organization to its own', async () => {
    const list = await json(await server.api('/api/v2/campaigns?limit=100'));
    expect(list.object).toBe('list');
    const listed = list.data.map((c: any) => c.id);
    expect(listed).toEqual([...listed].sort().reverse());
    const sent = await json(await server.api('/api/v2/campaigns?status=sent'));
    expect(sent.data.every((c: any) => c.status === 'sent')).toBe(true);
    const {
      token: { token },
    } = await server.core.orgs.create({ name: 'other', plan: 'free' });
    const other = await server.api(`/api/v2/campaigns/${listed[0]}`, { token });
    expect(other.status).toBe(404);
    expect((await json(await server.api('/api/v2/campaigns', { token }))).data).toEqual([]);
  });
});

describe('v1 campaigns', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await subscribe(server, { email: 'delivered+v1@mailgate.test' });
  });
  afterAll(async () => server?.close());

  it('creates with {success, campaign, campaignId}, reads, changes, sends and deletes in v1 shapes', async () => {
    const res = await server.api('/api/v1/campaigns', {
      body: { name: 'v1', from: 'news@acme.example', subject: 'Hi {{firstName}}', content: 'x' },
    });
    expect(res.status).toBe(422);
    const ok = await server.api('/api/v1/campaigns', {
      body: {
        name: 'v1',
        from: 'news@acme.example',
        subject: 'Hi {{first_name | "all"}}',
        content: '<p>Hello</p>',
        contentType: 'HTML',
        replyTo: 'help@acme.example',
        tracking: true,
      },
    });
    const created = await json(ok);
    expect(ok.status, JSON.stringify(created)).toBe(200);
    expect(created).toEqual({
      success: true,
      campaignId: created.campaign.id,
      campaign: expect.objectContaining({
        id: created.campaignId,
        contentType: 'HTML',
        content: '<p>Hello</p>',
        replyTo: 'help@acme.example',
        tracking: { opens: true, clicks: true },
        status: 'draft',
      }),
    });
    const id = created.campaignId;
    expect(await json(await server.api(`/api/v1/campaigns/${id}`))).toEqual({ success: true, campaign: created.campaign });
    const changed = await json(await server.api(`/api/v1/campaigns/${id}`, { method: 'PATCH', body: { content: '# Hi', replyTo: null } }));
    expect(changed.campaign).toMatchObject({ content: '# Hi', contentType: 'MARKDOWN', replyTo: null });
    const list = await json(await server.api('/api/v1/campaigns'));
    expect(list).toMatchObject({ success: true, campaigns: [expect.objectContaining({ id })] });
    const sent = await json(await server.api(`/api/v1/campaigns/${id}/send`, { method: 'POST' }));
    expect(sent).toMatchObject({ success: true, recipientCount: 1, campaign: { id, status: 'sending' } });
    const done = await waitForStatus(server, id, 'sent');
    expect(done.stats).toMatchObject({ recipients: 1, sent: 1, delivered: 1 });
    const v1Conflict = await server.api(`/api/v1/campaigns/${id}`, { method: 'DELETE' });
    expect(v1Conflict.status).toBe(409);
    expect(await json(v1Conflict)).toEqual({ success: false, message: expect.stringContaining('is sent') });
    const draft = await json(await server.api('/api/v1/campaigns', { body: { name: 'gone', from: 'news@acme.example', subject: 'S', content: 'x' } }));
    expect(await json(await server.api(`/api/v1/campaigns/${draft.campaignId}`, { method: 'DELETE' }))).toEqual({ success: true, id: draft.campaignId });
  });
});

describe('a scheduled campaign (injectable clock)', () => {
  it('waits for its time, then sends', async () => {
    const start = Date.UTC(2026, 10, 1, 8, 0, 0);
    const clock = new ManualClock(start);
    const server = await startTestServer({ clock, worker: false });
    try {
      await subscribe(server, { email: 'delivered+a@mailgate.test', tags: ['t'] });
      await subscribe(server, { email: 'delivered+b@mailgate.test', tags: ['t'] });
      const c = await json(
        await server.api('/api/v2/campaigns', { body: { name: 'S', from: 'news@acme.example', subject: 'S', markdown: 'M', audience: { tags: ['t'] } } }),
      );
      const at = new Date(start + 3_600_000).toISOString();
      expect((await json(await server.api(`/api/v2/campaigns/${c.id}/send`, { body: { scheduled_at: at } }))).status).toBe('scheduled');
      await server.core.worker.drain();
      expect((await campaign(server, c.id)).status).toBe('scheduled');
      clock.advance(3_600_000 - 1);
      await server.core.worker.drain();
      expect((await campaign(server, c.id)).status).toBe('scheduled');
      clock.advance(1);
      await server.core.worker.drain();
      const done = await campaign(server, c.id);
      expect(done).toMatchObject({ status: 'sent', sent_at: new Date(start + 3_600_000).toISOString() });
      expect(done.stats).toMatchObject({ recipients: 2, sent: 2, delivered: 2 });
    } finally {
      await server.close();
    }
  });
});

describe('cancelling a campaign that is sending', () => {
  it('starts no new recipient; what was in flight finishes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const delivered: string[] = [];
    let first = true;
    const transport: Transport = {
      name: 'test',
      async deliver(message) {
        if (first) {
          first = false;
          await held;
        }
        delivered.push(message.envelope.to[0]!);
        return { outcome: 'delivered', response: '250 ok' };
      },
      async close() {},
    };
    const server = await startTestServer({ transport, env: { DELIVERY_CONCURRENCY: '1' } });
    try {
      for (let i = 0; i < 5; i++) await subscribe(server, { email: `reader${i}@example.com` });
      const c = await json(await server.api('/api/v2/campaigns', { body: { name: 'C', from: 'news@acme.example', subject: 'S', markdown: 'M' } }));
      await server.api(`/api/v2/campaigns/${c.id}/send`, { method: 'POST' });
      // The fan-out is done (5 recipients) and the first delivery is held in the transport.
      await waitFor(async () => ((await campaign(server, c.id)).stats.recipients === 5 && !first ? true : undefined), 10_000, 'the first hand-off');
      const cancelled = await server.api(`/api/v2/campaigns/${c.id}/cancel`, { method: 'POST' });
      expect(cancelled.status).toBe(200);
      expect((await json(cancelled)).status).toBe('cancelled');
      // Deliveries read a campaign's status at most a second old.
      await new Promise((r) => setTimeout(r, 1_100));
      release();
      await waitFor(
        async () => {
          const emails = await server.core.db.db.selectFrom('emails').select('last_event').where('campaign_id', '=', c.id).execute();
          return emails.every((e) => e.last_event !== 'queued') ? emails : undefined;
        },
        10_000,
        'every email to have an outcome',
      );
      expect(delivered).toHaveLength(1);
      const after = await campaign(server, c.id);
      expect(after.status).toBe('cancelled');
      expect(after.stats).toMatchObject({ recipients: 5, sent: 1, delivered: 1, failed: 0 });
      const again = await server.api(`/api/v2/campaigns/${c.id}/cancel`, { method: 'POST' });
      expect(again.status).toBe(409);
    } finally {
      await server.close();
    }
  });
});

describe('a campaign through a relay that throttles, then accepts', () => {
  it('slows down but loses nobody: delayed recipients are retried, none failed, and it is sent only when all have an outcome', async () => {
    const sink = await startSmtpSink();
    const clock = new ManualClock(Date.UTC(2026, 10, 2, 9, 0, 0));
    const server = await startTestServer({
      verifiedDomains: ['acme.example'],
      env: { RELAY_URL: sink.url(), DELIVERY_MAX_ATTEMPTS: '4', CPU_THREADS: '0' },
      clock,
      waitUntil: movingClock(clock),
      worker: false,
    });
    try {
      const recipients = Array.from({ length: 12 }, (_, i) => `reader${i}@example.com`);
      for (const email of recipients) await subscribe(server, { email });
      // Each recipient's first two offers are refused: 421 at RCPT TO, then 451 after DATA.
      const offers = new Map<string, number>();
      sink.onRcpt = (address) => {
        const n = (offers.get(address) ?? 0) + 1;
        offers.set(address, n);
        return n === 1 ? { code: 421, message: '4.7.0 Too many messages, slow down' } : 'accept';
      };
      sink.onData = (message) => (offers.get(message.envelope.rcptTo[0]!) === 2 ? { code: 451, message: '4.7.1 Try again later' } : 'accept');
      const c = await json(await server.api('/api/v2/campaigns', { body: { name: 'T', from: 'news@acme.example', subject: 'S', markdown: 'M' } }));
      await server.api(`/api/v2/campaigns/${c.id}/send`, { method: 'POST' });

      await server.core.worker.drain();
      const first = await campaign(server, c.id);
      expect(first.status).toBe('sending');
      expect(first.stats).toMatchObject({ recipients: 12, sent: 0, failed: 0 });
      for (let round = 0; round < 20 && (await campaign(server, c.id)).status === 'sending'; round++) {
        clock.advance(5 * 60_000);
        await server.core.worker.drain();
      }
      const done = await campaign(server, c.id);
      expect(done.status).toBe('sent');
      expect(done.stats).toMatchObject({ recipients: 12, sent: 12, failed: 0, bounced: 0 });
      expect(sink.messages.map((m) => m.envelope.rcptTo[0]).sort()).toEqual([...recipients].sort());
      const emails = await server.core.db.db.selectFrom('emails').select('id').where('campaign_id', '=', c.id).execute();
      for (const { id } of emails) {
        const types = (await json(await server.api(`/api/v2/emails/${id}`))).events.map((e: any) => e.type);
        expect(types).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'sent']);
      }
    } finally {
      await server.close();
      await sink.close();
    }
  });
});
