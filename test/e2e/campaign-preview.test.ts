import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// preview_campaign through fetch: the stored campaign or the editor's unsaved
// content, rendered as the fan-out renders it for one subscriber (values,
// defaults, escaping, the unsubscribe footer with a link that does nothing),
// refused as a save would refuse it, and nothing sent or changed.

const BASE_URL = 'https://mail.acme.example';

describe('preview_campaign', () => {
  let server: TestServer;
  let id: string;
  let adaId: string;

  const preview = async (body?: Record<string, unknown>, campaignId = id) => {
    const res = await server.api(`/api/v2/campaigns/${campaignId}/preview`, body === undefined ? { method: 'POST' } : { body });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { BASE_URL } });
    const ada = await server.api('/api/v2/subscribers', {
      body: { email: 'ada@example.com', first_name: 'Ada', last_name: '<b>Love & "Co"</b>', attributes: { plan: 'pro' }, tags: ['news'] },
    });
    adaId = ((await ada.json()) as any).id;
    const res = await server.api('/api/v2/campaigns', {
      body: {
        name: 'Preview me',
        from: 'news@acme.example',
        subject: 'News for {{first_name | "you"}}',
        markdown: 'Hello {{first_name | "there"}} {{last_name}}, plan {{attributes.plan | "free"}}.',
        audience: { tags: ['news'] },
      },
    });
    expect(res.status).toBe(201);
    id = ((await res.json()) as any).id;
  });
  afterAll(() => server?.close());

  it('renders the stored campaign as a subscriber gets it, found by id or by email, escaping values in HTML only', async () => {
    for (const subscriber of [adaId, 'ada@example.com']) {
      const { status, body } = await preview({ subscriber });
      expect(status).toBe(200);
      expect(body).toMatchObject({ object: 'campaign_preview', subject: 'News for Ada', subscriber: { id: adaId, email: 'ada@example.com' } });
      expect(body.html).toContain('Hello Ada &lt;b&gt;Love &amp; &quot;Co&quot;&lt;/b&gt;, plan pro.');
      expect(body.html).not.toContain('<b>Love');
      expect(body.text).toContain('Hello Ada <b>Love & "Co"</b>, plan pro.');
    }
  });

  it('without a subscriber, fills each placeholder with its default or nothing; the footer link unsubscribes nobody', async () => {
    const { status, body } = await preview();
    expect(status).toBe(200);
    expect(body.subscriber).toBeNull();
    expect(body.subject).toBe('News for you');
    expect(body.html).toContain('Hello there , plan free.');
    expect(body.html).toContain(`href="${BASE_URL}/unsubscribe/test-copy"`);
    expect(body.text).toContain(`${BASE_URL}/unsubscribe/test-copy`);
    expect(`${body.subject}${body.html}${body.text}`).not.toContain('{{');
    const page = await fetch(`${server.url}/unsubscribe/test-copy`);
    expect(page.status).toBe(200);
  });

  it("renders the editor's unsaved subject and content instead of the stored ones, saving nothing", async () => {
    const tiptap = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dear {{first_name | "reader"}}' }] }],
    };
    const { status, body } = await preview({ subscriber: 'ada@example.com', subject: 'Draft for {{first_name}}', tiptap });
    expect(status).toBe(200);
    expect(body.subject).toBe('Draft for Ada');
    expect(body.html).toContain('Dear Ada');
    expect(body.html).toContain('Unsubscribe');
    const html = await preview({ html: '<p>Hi {{first_name | "you"}}</p><p><a href="{{unsubscribe_url}}">Leave</a></p>' });
    expect(html.body.html).toContain('<p>Hi you</p>');
    expect(html.body.html).toContain(`<a href="${BASE_URL}/unsubscribe/test-copy">Leave</a>`);
    expect(html.body.html).not.toContain('You receive this because you subscribed');
    const stored = (await (await server.api(`/api/v2/campaigns/${id}`)).json()) as any;
    expect(stored).toMatchObject({ subject: 'News for {{first_name | "you"}}', html: null, tiptap: null, status: 'draft' });
    expect(stored.stats.recipients).toBe(0);
  });

  it('refuses a bad placeholder as a save would, two content fields, and unknown campaigns or subscribers', async () => {
    const bad = await preview({ markdown: 'Hello {{frist_name}}' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ name: 'validation_error', details: [expect.objectContaining({ path: 'markdown' })] });
    expect(JSON.stringify(bad.body.details)).toContain('frist_name');
    const save = await server.api(`/api/v2/campaigns/${id}`, { method: 'PATCH', body: { markdown: 'Hello {{frist_name}}' } });
    expect(save.status).toBe(422);
    expect(((await save.json()) as any).details).toEqual(bad.body.details);

    const two = await preview({ html: '<p>x</p>', markdown: 'x' });
    expect(two.status).toBe(422);
    expect(JSON.stringify(two.body)).toContain('at most one of html, markdown or tiptap');

    const nobody = await preview({ subscriber: 'nobody@example.com' });
    expect(nobody.status).toBe(404);
    const missing = await preview(undefined, 'cmp_01jd3zq8x6v5t0n2c4b7m9k1pq');
    expect(missing.status).toBe(404);
    const extra = await preview({ to: ['x@example.com'] });
    expect(extra.status).toBe(422);
  });
});
