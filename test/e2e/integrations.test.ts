import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// The inbound integrations under /api/v1/integrations through fetch: a form
// posted as JSON and as application/x-www-form-urlencoded (as HTML forms and form
// tools post), double opt-in by a confirmation email and its signed link, and
// the actions automation tools call.

const json = (res: Response) => res.json() as Promise<any>;

describe('inbound integrations', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const postForm = (body: string, token: string | null = server.token) =>
    fetch(`${server.url}/api/v1/integrations/forms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });

  describe('forms', () => {
    it('maps a JSON submission to a subscriber: names, tags, every other field an attribute; records form_submitted', async () => {
      const res = await server.api('/api/v1/integrations/forms', {
        body: {
          email: 'ada@example.com',
          first_name: 'Ada',
          last_name: 'Lovelace',
          company: 'Analytical',
          tags: 'newsletter, beta',
          form: 'signup',
          _honeypot: '',
        },
      });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body).toMatchObject({
        success: true,
        confirmationRequired: false,
        subscriber: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'subscribed', attributes: { company: 'Analytical' } },
      });
      expect([...body.subscriber.tags].sort()).toEqual(['beta', 'newsletter']);
      const events = await json(await server.api('/api/v2/subscribers/ada@example.com/events'));
      expect(events.data.find((e: any) => e.name === 'form_submitted')).toMatchObject({ properties: { form: 'signup', double_opt_in: false } });
    });

    it('takes application/x-www-form-urlencoded as HTML forms send it: a full name split, repeated fields a list', async () => {
      const res = await postForm('Email=ann%40example.com&name=Ann+Marie+Lee&interest=jazz&interest=blues&tags=jazz');
      expect(res.status).toBe(200);
      expect((await json(res)).subscriber).toMatchObject({
        email: 'ann@example.com',
        firstName: 'Ann',
        lastName: 'Marie Lee',
        attributes: { interest: ['jazz', 'blues'] },
        tags: ['jazz'],
      });
    });

    it('refuses a submission without a usable email with 422 in the v1 shape, and writes nothing', async () => {
      for (const body of ['name=Nobody', 'email=not-an-address']) {
        const res = await postForm(body);
        expect(res.status, body).toBe(422);
        expect(await json(res)).toEqual({ success: false, message: expect.stringContaining('email') });
      }
      expect((await server.api('/api/v2/subscribers?query=Nobody')).status).toBe(200);
      expect((await json(await server.api('/api/v2/subscribers?query=Nobody'))).data).toEqual([]);
    });

    it('is authenticated like the rest of the API', async () => {
      expect((await postForm('email=x@example.com', null)).status).toBe(401);
    });

    it('with double opt-in, writes nobody until the link in the confirmation email is confirmed', async () => {
      const res = await postForm('email=grace%40example.com&first_name=Grace&double_opt_in=true&confirm_from=News+%3Cnews%40example.com%3E&form=footer');
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ success: true, subscriber: null, confirmationRequired: true });
      expect((await server.api('/api/v2/subscribers/grace@example.com')).status).toBe(404);

      // The confirmation email went through the send pipeline.
      const listed = await json(await server.api('/api/v2/emails?limit=100'));
      const summary = listed.data.find((e: any) => e.to.includes('grace@example.com'));
      expect(summary).toMatchObject({ from: 'News <news@example.com>', subject: 'Please confirm your subscription' });
      const email = await json(await server.api(`/api/v2/emails/${summary.id}`));
      const link = /href="([^"]+\/confirm\/[^"]+)"/.exec(email.html)![1]!.replace(/&#(\d+);/g, (_: string, c: string) => String.fromCharCode(Number(c)));
      const path = new URL(link).pathname;

      // A GET (a link scanner) changes nothing.
      const shown = await fetch(`${server.url}${path}`);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('<button type="submit">Confirm</button>');
      expect((await server.api('/api/v2/subscribers/grace@example.com')).status).toBe(404);

      const confirmed = await fetch(`${server.url}${path}`, { method: 'POST' });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('Subscription confirmed');
      const subscriber = await json(await server.api('/api/v2/subscribers/grace@example.com'));
      expect(subscriber).toMatchObject({ first_name: 'Grace', status: 'subscribed' });
      // Twice is once.
      expect((await fetch(`${server.url}${path}`, { method: 'POST' })).status).toBe(200);
      const events = await json(await server.api('/api/v2/subscribers/grace@example.com/events'));
      expect(events.data.filter((e: any) => e.name === 'form_submitted')).toEqual([
        expect.objectContaining({ properties: { form: 'footer', double_opt_in: true } }),
      ]);

      // A forged or altered link is a 404 page.
      expect((await fetch(`${server.url}${path.slice(0, -3)}abc`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${server.url}/confirm/nonsense`)).status).toBe(404);
    });

    it('refuses double opt-in with no sender for the confirmation (no FORMS_CONFIRM_FROM, no confirm_from), naming the field', async () => {
      const res = await server.api('/api/v1/integrations/forms', { body: { email: 'nosender@example.com', double_opt_in: true } });
      expect(res.status).toBe(422);
      expect((await json(res)).message).toContain('confirm_from');
    });
  });

  describe('automation', () => {
    const act = (body: Record<string, unknown>) => server.api('/api/v1/integrations/automation', { body });

    it('subscribe, track_event and unsubscribe run the operations of the same names', async () => {
      const subscribed = await act({ action: 'subscribe', email: 'zap@example.com', first_name: 'Zap', tags: ['automation'] });
      expect(subscribed.status).toBe(200);
      expect(await json(subscribed)).toMatchObject({
        success: true,
        action: 'subscribe',
        data: { object: 'subscriber', email: 'zap@example.com', first_name: 'Zap', tags: ['automation'] },
      });

      const tracked = await act({ action: 'track_event', email: 'zap@example.com', name: 'purchased', properties: { plan: 'pro' } });
      expect(await json(tracked)).toMatchObject({ success: true, action: 'track_event', data: { name: 'purchased', properties: { plan: 'pro' } } });

      const unsubscribed = await act({ action: 'unsubscribe', email: 'zap@example.com' });
      expect(await json(unsubscribed)).toMatchObject({ success: true, data: { email: 'zap@example.com', status: 'unsubscribed' } });
    });

    it('send_email sends through the pipeline', async () => {
      const res = await act({ action: 'send_email', from: 'app@example.com', to: 'delivered+zap@mailgate.test', subject: 'From a zap', markdown: 'Hi' });
      expect(res.status).toBe(200);
      const { data } = await json(res);
      expect(data.id).toMatch(/^eml_/);
      await waitFor(async () => ((await json(await server.api(`/api/v2/emails/${data.id}`))).last_event === 'delivered' ? true : undefined));
    });

    it('refuses an unknown action or bad input with 422 in the v1 shape', async () => {
      const unknown = await act({ action: 'launch_rocket' });
      expect(unknown.status).toBe(422);
      expect(await json(unknown)).toEqual({ success: false, message: expect.stringContaining('action') });
      const bad = await act({ action: 'track_event', email: 'zap@example.com' });
      expect(bad.status).toBe(422);
      expect((await json(bad)).message).toContain('name');
    });

    it('looks an action up among its own names only: an inherited name is an unknown action, 422 in the v1 shape', async () => {
      for (const action of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const res = await act({ action, email: 'proto@example.com' });
        expect(res.status, action).toBe(422);
        expect(res.headers.get('content-type'), action).toBe('application/json; charset=utf-8');
        expect(await res.text(), action).toBe(
          JSON.stringify({ success: false, message: 'action must be one of subscribe, unsubscribe, track_event, send_email' }),
        );
      }
    });
  });
});
