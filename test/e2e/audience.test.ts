import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

/**
 * The REST door for the audience (subscribers, tags, subscriber events), through
 * fetch on a real socket: exact status codes and bodies of v2 and v1 (docs/api.md),
 * and the v1 → v2 path map walked row by row.
 */
const SUB_ID = /^sub_[0-9a-hjkmnp-tv-z]{26}$/;
const TAG_ID = /^tag_[0-9a-hjkmnp-tv-z]{26}$/;
const EVT_ID = /^evt_[0-9a-hjkmnp-tv-z]{26}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const MISSING_SUB = 'sub_01kabcdefghjkmnpqrstvwxyz0';
const MISSING_TAG = 'tag_01kabcdefghjkmnpqrstvwxyz0';
const STATUS_MESSAGE = 'must be one of subscribed, unsubscribed, bounced, complained';

let server: TestServer;
/** A second organization: its token must see none of the first one's audience. */
let otherToken: string;

beforeAll(async () => {
  server = await startTestServer();
  otherToken = (await server.core.orgs.create({ name: 'Other', plan: 'enterprise' })).token.token;
});
afterAll(async () => server.close());

async function json(res: Response): Promise<any> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

/** Call and expect a status; the JSON body back. */
async function call(path: string, init: Parameters<TestServer['api']>[1], status: number): Promise<any> {
  const res = await server.api(path, init);
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}
const get = (path: string, status = 200, token?: string) => call(path, token ? { token } : {}, status);
const post = (path: string, body: unknown, status = 200, token?: string) => call(path, { method: 'POST', body, ...(token ? { token } : {}) }, status);
const patch = (path: string, body: unknown, status = 200) => call(path, { method: 'PATCH', body }, status);
const del = (path: string, body: unknown, status = 200) => call(path, { method: 'DELETE', body }, status);
const sub = (ref: string, rest = '') => `/api/v2/subscribers/${encodeURIComponent(ref)}${rest}`;

/** A v2 subscriber record as the API must show it. */
function subscriberShape(fields: Record<string, unknown>) {
  return {
    object: 'subscriber',
    id: expect.stringMatching(SUB_ID),
    first_name: null,
    last_name: null,
    status: 'subscribed',
    attributes: {},
    tags: [],
    created_at: expect.stringMatching(ISO),
    updated_at: expect.stringMatching(ISO),
    unsubscribed_at: null,
    ...fields,
  };
}

/** An organization of its own (clean lists), with its token. */
async function freshOrg(name: string): Promise<string> {
  return (await server.core.orgs.create({ name, plan: 'enterprise' })).token.token;
}

describe('POST /api/v2/subscribers', () => {
  it('creates: 201 with the bare record; the same email in any case: 200, same subscriber, merged', async () => {
    const created = await post(
      '/api/v2/subscribers',
      {
        email: 'Ada.Create@Example.com',
        first_name: 'Ada',
        attributes: { plan: 'pro', seats: 3 },
        tags: ['vip', 'beta'],
      },
      201,
    );
    expect(created).toEqual(
      subscriberShape({ email: 'Ada.Create@Example.com', first_name: 'Ada', attributes: { plan: 'pro', seats: 3 }, tags: ['beta', 'vip'] }),
    );
    expect(created.updated_at).toBe(created.created_at);

    const again = await post('/api/v2/subscribers', { email: 'ADA.CREATE@example.com', last_name: 'Lovelace', attributes: { seats: null, team: 'x' } }, 200);
    expect(again).toEqual({
      ...created,
      last_name: 'Lovelace',
      attributes: { plan: 'pro', team: 'x' },
      updated_at: expect.stringMatching(ISO),
    });
    expect(await get(sub(created.id))).toEqual(again);
  });

  it('refuses bad input with 422 and every problem at once', async () => {
    const body = await post('/api/v2/subscribers', { email: 'nope', attributes: [1], status: 'gone', tags: ['ok', ''], firstName: 'A' }, 422);
    expect(body).toEqual({
      name: 'validation_error',
      message: 'email must be a valid email address (addr@example.com) (and 4 more problems)',
      statusCode: 422,
      details: [
        { path: 'email', message: 'must be a valid email address (addr@example.com)' },
        { path: 'status', message: STATUS_MESSAGE },
        { path: 'attributes', message: 'must be a JSON object of custom fields' },
        { path: 'tags.1', message: 'must not be empty' },
        { path: 'firstName', message: 'is not a known field' },
      ],
    });
    expect((await post('/api/v2/subscribers', { email: 'a@example.com', attributes: 'plan=pro' }, 422)).details).toEqual([
      { path: 'attributes', message: 'must be a JSON object of custom fields' },
    ]);
    expect((await post('/api/v2/subscribers', { first_name: 'No email' }, 422)).details).toEqual([{ path: 'email', message: 'is required' }]);
    expect((await post('/api/v2/subscribers', ['a@example.com'], 422)).details).toEqual([{ path: '', message: 'must be a JSON object' }]);
    expect((await post('/api/v2/subscribers', { email: 'a@example.com', tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 422)).details).toEqual([
      { path: 'tags', message: 'must hold at most 100 tags' },
    ]);
    // Nothing was stored by any of them.
    expect(await get('/api/v2/subscribers/a@example.com', 404)).toMatchObject({ name: 'not_found' });
  });

  it('answers malformed JSON with 400 invalid_json, on v2 and v1', async () => {
    expect(await call('/api/v2/subscribers', { rawBody: '{"email": "a@example.com",' }, 400)).toEqual({
      name: 'invalid_json',
      message: expect.stringContaining('not valid JSON'),
      statusCode: 400,
    });
    expect(await call('/api/v1/subscribers', { rawBody: '{"email":' }, 400)).toEqual({ success: false, message: expect.stringContaining('not valid JSON') });
    expect(await call(sub('a@example.com', '/tags'), { method: 'POST', rawBody: '{tags: [x]}' }, 400)).toMatchObject({ name: 'invalid_json' });
    expect(await call('/api/v2/events', { rawBody: '[' }, 400)).toMatchObject({ name: 'invalid_json' });
    expect(await call('/api/v2/tags', { rawBody: 'nope' }, 400)).toMatchObject({ name: 'invalid_json' });
  });

  it('makes one subscriber of concurrent first writes', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => server.api('/api/v2/subscribers', { body: { email: i % 2 ? 'race@example.com' : 'Race@Example.com' } })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    const events = await get(sub('race@example.com', '/events'));
    expect(events.data.map((e: any) => e.name)).toEqual(['subscriber_created']);
  });
});

describe('GET /api/v2/subscribers: filters and cursors', () => {
  let token: string;
  /** Newest first. */
  let all: string[];

  beforeAll(async () => {
    token = await freshOrg('Lists');
    const people: Record<string, unknown>[] = [
      { email: 'one_1@example.com', first_name: 'Ann', tags: ['vip'] },
      { email: 'oneX1@example.com', first_name: 'Bob', status: 'unsubscribed', tags: ['vip', 'beta'] },
      { email: 'cat@example.com', first_name: '100% Cat', tags: ['beta'] },
      { email: 'dan@example.com', first_name: '100 Dan', status: 'bounced' },
      { email: 'Eve@Example.org', last_name: 'Back\\slash', status: 'complained', tags: ['vip'] },
      { email: 'fay@example.org', last_name: 'Backslash' },
    ];
    all = [];
    for (const body of people) all.unshift((await post('/api/v2/subscribers', body, 201, token)).email);
  });

  const list = (query: string, status = 200) => get(`/api/v2/subscribers${query}`, status, token);
  const emails = (page: { data: { email: string }[] }) => page.data.map((s) => s.email);

  it('answers the list envelope, newest first, records in full', async () => {
    const page = await list('');
    expect(Object.keys(page)).toEqual(['object', 'data', 'has_more']);
    expect(page.object).toBe('list');
    expect(page.has_more).toBe(false);
    expect(emails(page)).toEqual(all);
    expect(page.data[5]).toEqual(subscriberShape({ email: 'one_1@example.com', first_name: 'Ann', tags: ['vip'] }));
  });

  it('filters by status, tag (name or id), query, and together', async () => {
    expect(emails(await list('?status=subscribed'))).toEqual(['fay@example.org', 'cat@example.com', 'one_1@example.com']);
    expect(emails(await list('?status=bounced'))).toEqual(['dan@example.com']);
    expect(emails(await list('?tag=vip'))).toEqual(['Eve@Example.org', 'oneX1@example.com', 'one_1@example.com']);
    const beta = await call('/api/v2/tags/beta', { token }, 200);
    expect(emails(await list(`?tag=${beta.id}`))).toEqual(['cat@example.com', 'oneX1@example.com']);
    expect(await list('?tag=unknown-tag')).toEqual({ object: 'list', data: [], has_more: false });
    expect(emails(await list('?query=EXAMPLE.ORG'))).toEqual(['fay@example.org', 'Eve@Example.org']);
    expect(emails(await list('?query=bob'))).toEqual(['oneX1@example.com']);
    expect(emails(await list(`?query=${encodeURIComponent('one_')}`))).toEqual(['one_1@example.com']);
    expect(emails(await list(`?query=${encodeURIComponent('100%')}`))).toEqual(['cat@example.com']);
    expect(emails(await list(`?query=${encodeURIComponent('k\\s')}`))).toEqual(['Eve@Example.org']);
    expect(emails(await list('?tag=vip&status=subscribed'))).toEqual(['one_1@example.com']);
    expect(emails(await list('?tag=vip&query=example.org&status=complained'))).toEqual(['Eve@Example.org']);
  });

  it('pages with limit, after and before, has_more in the direction walked', async () => {
    const p1 = await list('?limit=4');
    expect([emails(p1), p1.has_more]).toEqual([all.slice(0, 4), true]);
    const p2 = await list(`?limit=4&after=${p1.data[3].id}`);
    expect([emails(p2), p2.has_more]).toEqual([all.slice(4), false]);
    const back = await list(`?limit=4&before=${p2.data[0].id}`);
    expect([emails(back), back.has_more]).toEqual([all.slice(0, 4), false]);
    const short = await list(`?limit=2&before=${p2.data[0].id}`);
    expect([emails(short), short.has_more]).toEqual([all.slice(2, 4), true]);
    const tagged = await list('?tag=vip&limit=2');
    expect([emails(tagged), tagged.has_more]).toEqual([['Eve@Example.org', 'oneX1@example.com'], true]);
    const tagged2 = await list(`?tag=vip&limit=2&after=${tagged.data[1].id}`);
    expect([emails(tagged2), tagged2.has_more]).toEqual([['one_1@example.com'], false]);
  });

  it('refuses bad query parameters with 422, every problem together', async () => {
    expect(await list('?status=nope&limit=0&after=bad&tag=', 422)).toEqual({
      name: 'validation_error',
      message: `status ${STATUS_MESSAGE} (and 3 more problems)`,
      statusCode: 422,
      details: [
        { path: 'status', message: STATUS_MESSAGE },
        { path: 'tag', message: 'must not be empty' },
        { path: 'limit', message: 'must be an integer from 1 to 100' },
        { path: 'after', message: 'must be an id starting with sub_' },
      ],
    });
    for (const limit of ['101', '0', 'abc', '2.5']) {
      expect((await list(`?limit=${limit}`, 422)).details).toEqual([{ path: 'limit', message: 'must be an integer from 1 to 100' }]);
    }
    expect((await list(`?after=${MISSING_SUB}&before=${MISSING_SUB}`, 422)).details).toEqual([{ path: 'before', message: 'cannot be combined with after' }]);
    expect((await list(`?before=${MISSING_TAG}`, 422)).details).toEqual([{ path: 'before', message: 'must be an id starting with sub_' }]);
    expect((await list('?limit=100')).data).toHaveLength(6);
  });

  it('v1 pages by page and limit with the total, or by cursor with nextCursor', async () => {
    const v1 = (query: string, status = 200) => get(`/api/v1/subscribers${query}`, status, token);
    const p2 = await v1('?page=2&limit=2');
    expect(Object.keys(p2)).toEqual(['success', 'subscribers', 'total', 'nextCursor']);
    expect(p2).toEqual({ success: true, subscribers: expect.any(Array), total: 6, nextCursor: p2.subscribers[1].id });
    expect(p2.subscribers.map((s: any) => s.email)).toEqual(all.slice(2, 4));
    const p3 = await v1('?page=3&limit=2');
    expect(p3).toEqual({ success: true, subscribers: expect.any(Array), total: 6 });
    expect(p3.subscribers.map((s: any) => s.email)).toEqual(all.slice(4));
    expect(await v1('?page=9&limit=2')).toEqual({ success: true, subscribers: [], total: 6 });
    const next = await v1(`?cursor=${p2.nextCursor}&limit=2`);
    expect(next.subscribers.map((s: any) => s.email)).toEqual(all.slice(4));
    expect(await v1('?status=subscribed&page=1&limit=2')).toMatchObject({
      total: 3,
      subscribers: [{ email: 'fay@example.org' }, { email: 'cat@example.com' }],
    });
    expect(await v1('?tag=vip')).toMatchObject({ total: 3 });
    expect(await v1('?tag=unknown-tag')).toEqual({ success: true, subscribers: [], total: 0 });
    expect(await v1('?page=0', 422)).toEqual({ success: false, message: 'page must be an integer of at least 1' });
    expect(await v1('?status=nope', 422)).toEqual({ success: false, message: `status ${STATUS_MESSAGE}` });
    expect(await v1(`?page=1&cursor=${p2.nextCursor}`, 422)).toEqual({ success: false, message: 'page cannot be combined with cursor' });
  });
});

describe('one subscriber: GET, PATCH, unsubscribe, tags, events', () => {
  it('GET by id or by email in any case (URL-encoded or not)', async () => {
    const s = await post('/api/v2/subscribers', { email: 'Find+Me@Example.com' }, 201);
    expect(await get(sub(s.id))).toEqual(s);
    expect(await get('/api/v2/subscribers/find+me@example.com')).toEqual(s);
    expect(await get('/api/v2/subscribers/FIND%2BME%40EXAMPLE.COM')).toEqual(s);
  });

  it('answers 404 not_found for unknown subscribers on every path, v2 and v1', async () => {
    for (const ref of [MISSING_SUB, 'nobody@example.com']) {
      const notFound = { name: 'not_found', message: `Subscriber ${ref} not found`, statusCode: 404 };
      expect(await get(sub(ref), 404)).toEqual(notFound);
      expect(await patch(sub(ref), { first_name: 'X' }, 404)).toEqual(notFound);
      expect(await post(sub(ref, '/unsubscribe'), {}, 404)).toEqual(notFound);
      expect(await post(sub(ref, '/tags'), { tags: ['x'] }, 404)).toEqual(notFound);
      expect(await del(sub(ref, '/tags'), { tags: ['x'] }, 404)).toEqual(notFound);
      expect(await get(sub(ref, '/events'), 404)).toEqual(notFound);
      expect(await get(`/api/v1/subscribers/${ref}`, 404)).toEqual({ success: false, message: `Subscriber ${ref} not found` });
    }
    expect(await get('/api/v2/tags/x', 404)).toEqual({ name: 'not_found', message: 'Tag x not found', statusCode: 404 });
  });

  it('PATCH changes fields, merges attributes, changes the email; 409 for an email taken', async () => {
    const s = await post('/api/v2/subscribers', { email: 'patch@example.com', first_name: 'P', attributes: { a: 1, b: 2 } }, 201);
    await post('/api/v2/subscribers', { email: 'taken@example.com' }, 201);
    const changed = await patch(sub('PATCH@example.com'), { last_name: 'Atch', attributes: { b: null, c: 3 }, email: 'Patched@Example.com' });
    expect(changed).toEqual({ ...s, email: 'Patched@Example.com', last_name: 'Atch', attributes: { a: 1, c: 3 }, updated_at: expect.stringMatching(ISO) });
    expect(await get(sub('patched@example.com'))).toEqual(changed);
    expect(await get(sub('patch@example.com'), 404)).toMatchObject({ name: 'not_found' });

    expect(await patch(sub(s.id), { email: 'TAKEN@example.com' }, 409)).toEqual({
      name: 'conflict',
      message: 'Another subscriber already has the email TAKEN@example.com',
      statusCode: 409,
    });
    expect(await patch(sub(s.id), { tags: ['x'], email: 'bad', status: 'gone', attributes: [] }, 422)).toEqual({
      name: 'validation_error',
      message: 'email must be a valid email address (addr@example.com) (and 3 more problems)',
      statusCode: 422,
      details: [
        { path: 'email', message: 'must be a valid email address (addr@example.com)' },
        { path: 'status', message: STATUS_MESSAGE },
        { path: 'attributes', message: 'must be a JSON object of custom fields' },
        { path: 'tags', message: 'is not a known field' },
      ],
    });
    expect(await get(sub(s.id))).toEqual(changed);
    expect(await patch(sub(s.id), { status: 'bounced', triggerWorkflows: false })).toMatchObject({ status: 'bounced', unsubscribed_at: null });
  });

  it('unsubscribe: body optional, unsubscribed_at set once, strict body', async () => {
    const s = await post('/api/v2/subscribers', { email: 'leaver@example.com' }, 201);
    const res = await server.api(sub(s.id, '/unsubscribe'), { method: 'POST' });
    expect(res.status).toBe(200);
    const out = await json(res);
    expect(out).toEqual({ ...s, status: 'unsubscribed', unsubscribed_at: expect.stringMatching(ISO), updated_at: out.unsubscribed_at });
    const again = await post(sub('LEAVER@example.com', '/unsubscribe'), { triggerWorkflows: false });
    expect(again).toMatchObject({ status: 'unsubscribed', unsubscribed_at: out.unsubscribed_at });
    expect(await post(sub(s.id, '/unsubscribe'), { reason: 'spam' }, 422)).toEqual({
      name: 'validation_error',
      message: 'reason is not a known field',
      statusCode: 422,
      details: [{ path: 'reason', message: 'is not a known field' }],
    });
    const events = await get(sub(s.id, '/events'));
    expect(events.data.map((e: any) => [e.name, e.properties])).toEqual([
      ['unsubscribed', { previous_status: 'subscribed' }],
      ['subscriber_created', {}],
    ]);
    const resubscribed = await patch(sub(s.id), { status: 'subscribed' });
    expect(resubscribed).toMatchObject({ status: 'subscribed', unsubscribed_at: null });
  });

  it('POST and DELETE tags: attach creates tags, both are idempotent, events only on change', async () => {
    const s = await post('/api/v2/subscribers', { email: 'tagged@example.com' }, 201);
    const tagged = await post(sub(s.id, '/tags'), { tags: ['zeta', 'alpha', 'zeta'] });
    expect(tagged).toEqual({ ...s, tags: ['alpha', 'zeta'], updated_at: expect.stringMatching(ISO) });
    expect(await post(sub(s.id, '/tags'), { tags: ['alpha'] })).toEqual(tagged);
    const zeta = await get('/api/v2/tags/zeta');
    expect(zeta).toEqual({ object: 'tag', id: expect.stringMatching(TAG_ID), name: 'zeta', subscriber_count: 1, created_at: expect.stringMatching(ISO) });

    const untagged = await del(sub('TAGGED@example.com', '/tags'), { tags: ['zeta', 'never-heard-of'] });
    expect(untagged.tags).toEqual(['alpha']);
    expect(await del(sub(s.id, '/tags'), { tags: ['zeta'] })).toEqual(untagged);
    expect(await get('/api/v2/tags/zeta')).toEqual({ ...zeta, subscriber_count: 0 });
    expect(await get('/api/v2/tags/never-heard-of', 404)).toMatchObject({ name: 'not_found' });

    const events = await get(sub(s.id, '/events'));
    expect(events.data.map((e: any) => [e.name, e.properties])).toEqual([
      ['tag_removed', { tag: 'zeta' }],
      ['tag_added', { tag: 'alpha' }],
      ['tag_added', { tag: 'zeta' }],
      ['subscriber_created', {}],
    ]);

    expect(await post(sub(s.id, '/tags'), { tags: [] }, 422)).toMatchObject({ details: [{ path: 'tags', message: 'must name at least one tag' }] });
    expect(await del(sub(s.id, '/tags'), { tags: [' '] }, 422)).toMatchObject({ details: [{ path: 'tags.0', message: 'must not be empty' }] });
    expect(await post(sub(s.id, '/tags'), {}, 422)).toMatchObject({ details: [{ path: 'tags', message: 'is required' }] });
    expect(await post(sub(s.id, '/tags'), { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 422)).toMatchObject({
      details: [{ path: 'tags', message: 'must hold at most 100 tags' }],
    });
  });

  it('GET events: list envelope, newest first, paged', async () => {
    const s = await post('/api/v2/subscribers', { email: 'eventful@example.com' }, 201);
    for (const name of ['a', 'b', 'c']) await post('/api/v2/events', { email: 'eventful@example.com', name }, 201);
    const page = await get(sub(s.id, '/events?limit=2'));
    expect(page).toEqual({
      object: 'list',
      data: [
        {
          object: 'event',
          id: expect.stringMatching(EVT_ID),
          subscriber_id: s.id,
          email: 'eventful@example.com',
          name: 'c',
          properties: {},
          created_at: expect.stringMatching(ISO),
        },
        expect.objectContaining({ name: 'b' }),
      ],
      has_more: true,
    });
    const rest = await get(sub(s.id, `/events?limit=2&after=${page.data[1].id}`));
    expect([rest.data.map((e: any) => e.name), rest.has_more]).toEqual([['a', 'subscriber_created'], false]);
    expect((await get(sub(s.id, '/events?limit=500'), 422)).details).toEqual([{ path: 'limit', message: 'must be an integer from 1 to 100' }]);
    expect((await get(sub(s.id, `/events?after=${s.id}`), 422)).details).toEqual([{ path: 'after', message: 'must be an id starting with evt_' }]);
  });
});

describe('POST /api/v2/events', () => {
  it('records an event: 201 with the event; creates the subscriber when absent', async () => {
    const event = await post('/api/v2/events', { email: 'New.Person@Example.com', name: 'signed_up', properties: { source: 'form' } }, 201);
    expect(event).toEqual({
      object: 'event',
      id: expect.stringMatching(EVT_ID),
      subscriber_id: expect.stringMatching(SUB_ID),
      email: 'New.Person@Example.com',
      name: 'signed_up',
      properties: { source: 'form' },
      created_at: expect.stringMatching(ISO),
    });
    const s = await get(sub('new.person@example.com'));
    expect(s).toEqual(subscriberShape({ id: event.subscriber_id, email: 'New.Person@Example.com' }));
    const events = await get(sub(s.id, '/events'));
    expect(events.data.map((e: any) => e.name)).toEqual(['signed_up', 'subscriber_created']);
    expect(events.data[0]).toEqual(event);

    const second = await post('/api/v2/events', { email: 'NEW.PERSON@example.com', name: 'purchase' }, 201);
    expect(second).toMatchObject({ subscriber_id: s.id, email: 'New.Person@Example.com', properties: {} });
  });

  it('refuses bad events with 422', async () => {
    expect(await post('/api/v2/events', { email: 'x', name: '', properties: [], extra: 1 }, 422)).toEqual({
      name: 'validation_error',
      message: 'email must be a valid email address (addr@example.com) (and 3 more problems)',
      statusCode: 422,
      details: [
        { path: 'email', message: 'must be a valid email address (addr@example.com)' },
        { path: 'name', message: 'must not be empty' },
        { path: 'properties', message: 'must be a JSON object of event properties' },
        { path: 'extra', message: 'is not a known field' },
      ],
    });
    expect((await post('/api/v2/events', { email: 'a@example.com' }, 422)).details).toEqual([{ path: 'name', message: 'is required' }]);
  });
});

describe('tags: GET, POST /api/v2/tags, GET /api/v2/tags/{tag}', () => {
  it('creates (201), conflicts (409), gets by id or name, lists with counts', async () => {
    const token = await freshOrg('Tags');
    const tag = await post('/api/v2/tags', { name: ' newsletter ' }, 201, token);
    expect(tag).toEqual({ object: 'tag', id: expect.stringMatching(TAG_ID), name: 'newsletter', subscriber_count: 0, created_at: expect.stringMatching(ISO) });
    expect(await post('/api/v2/tags', { name: 'newsletter' }, 409, token)).toEqual({
      name: 'conflict',
      message: 'A tag named "newsletter" already exists',
      statusCode: 409,
    });
    expect(await post('/api/v2/tags', { name: '' }, 422, token)).toMatchObject({ details: [{ path: 'name', message: 'must not be empty' }] });
    expect(await post('/api/v2/tags', { name: 'x'.repeat(101) }, 422, token)).toMatchObject({
      details: [{ path: 'name', message: 'must be at most 100 characters' }],
    });
    expect(await post('/api/v2/tags', { name: 'ok', color: 'red' }, 422, token)).toMatchObject({
      details: [{ path: 'color', message: 'is not a known field' }],
    });

    await post('/api/v2/subscribers', { email: 'reader@example.com', tags: ['newsletter', 'other'] }, 201, token);
    const counted = { ...tag, subscriber_count: 1 };
    expect(await get(`/api/v2/tags/${tag.id}`, 200, token)).toEqual(counted);
    expect(await get('/api/v2/tags/newsletter', 200, token)).toEqual(counted);
    expect(await get(`/api/v2/tags/${MISSING_TAG}`, 404, token)).toEqual({ name: 'not_found', message: `Tag ${MISSING_TAG} not found`, statusCode: 404 });

    const tags = await get('/api/v2/tags', 200, token);
    expect(tags).toEqual({ object: 'list', data: [expect.objectContaining({ name: 'other', subscriber_count: 1 }), counted], has_more: false });
    const first = await get('/api/v2/tags?limit=1', 200, token);
    expect([first.data.map((t: any) => t.name), first.has_more]).toEqual([['other'], true]);
    expect(await get(`/api/v2/tags?limit=1&after=${first.data[0].id}`, 200, token)).toEqual({ object: 'list', data: [counted], has_more: false });
    expect((await get('/api/v2/tags?limit=0', 422, token)).details).toEqual([{ path: 'limit', message: 'must be an integer from 1 to 100' }]);
  });
});

describe('organizations are isolated', () => {
  it("answers 404 for another organization's subscriber and tag on every path, v2 and v1", async () => {
    const mine = await post('/api/v2/subscribers', { email: 'private@example.com', tags: ['private-tag'] }, 201);
    const myTag = await get('/api/v2/tags/private-tag');
    const as = (path: string, init: Parameters<TestServer['api']>[1], status: number) => call(path, { ...init, token: otherToken }, status);

    for (const ref of [mine.id, 'private@example.com']) {
      const notFound = { name: 'not_found', message: `Subscriber ${ref} not found`, statusCode: 404 };
      expect(await as(sub(ref), {}, 404)).toEqual(notFound);
      expect(await as(sub(ref), { method: 'PATCH', body: { first_name: 'Stolen' } }, 404)).toEqual(notFound);
      expect(await as(sub(ref, '/unsubscribe'), { method: 'POST' }, 404)).toEqual(notFound);
      expect(await as(sub(ref, '/tags'), { method: 'POST', body: { tags: ['x'] } }, 404)).toEqual(notFound);
      expect(await as(sub(ref, '/tags'), { method: 'DELETE', body: { tags: ['private-tag'] } }, 404)).toEqual(notFound);
      expect(await as(sub(ref, '/events'), {}, 404)).toEqual(notFound);
      expect(await as(`/api/v1/subscribers/${ref}`, {}, 404)).toEqual({ success: false, message: `Subscriber ${ref} not found` });
    }
    for (const ref of [myTag.id, 'private-tag']) {
      expect(await as(`/api/v2/tags/${ref}`, {}, 404)).toEqual({ name: 'not_found', message: `Tag ${ref} not found`, statusCode: 404 });
    }
    const theirList = await as(`/api/v2/subscribers?tag=${myTag.id}`, {}, 200);
    expect(theirList).toEqual({ object: 'list', data: [], has_more: false });
    expect((await as('/api/v2/subscribers?query=private', {}, 200)).data).toEqual([]);
    expect((await as('/api/v2/tags', {}, 200)).data.map((t: any) => t.name)).not.toContain('private-tag');

    // Their own subscriber with the same address is a different one; mine is untouched.
    const theirs = await as('/api/v2/subscribers', { method: 'POST', body: { email: 'private@example.com' } }, 201);
    expect(theirs.id).not.toBe(mine.id);
    expect(await get(sub(mine.id))).toEqual(mine);
    expect((await get(sub(mine.id, '/events'))).data.map((e: any) => e.name)).toEqual(['tag_added', 'subscriber_created']);
  });
});

describe('delivery outcomes reach the subscriber (fixture addresses)', () => {
  const sendTo = async (to: string) =>
    (await post('/api/v2/emails', { from: 'Acme <hello@acme.example>', to, subject: 'Hi', html: '<p>Hi</p>' }, 200)).id as string;
  const eventsOf = async (ref: string) => (await get(sub(ref, '/events'))).data.map((e: any) => [e.name, e.properties]);

  it('a bounce records email_bounced and moves the subscriber to bounced', async () => {
    const s = await post('/api/v2/subscribers', { email: 'Bounced+Audience@Mailgate.test' }, 201);
    const emailId = await sendTo('bounced+audience@mailgate.test');
    const bounced = await waitFor(
      async () => {
        const now = await get(sub(s.id));
        return now.status === 'bounced' ? now : undefined;
      },
      10_000,
      'the subscriber to be bounced',
    );
    expect(bounced).toEqual({ ...s, status: 'bounced', updated_at: expect.stringMatching(ISO) });
    expect(await eventsOf(s.id)).toEqual([
      ['bounced', { previous_status: 'subscribed', email_id: emailId }],
      ['email_bounced', { email_id: emailId }],
      ['subscriber_created', {}],
    ]);
    expect((await get('/api/v2/subscribers?status=bounced')).data.map((x: any) => x.id)).toContain(s.id);
  });

  it('a delivery records email_delivered; a complaint moves the subscriber to complained', async () => {
    const delivered = await post('/api/v2/subscribers', { email: 'delivered+audience@mailgate.test' }, 201);
    const complained = await post('/api/v2/subscribers', { email: 'complained+audience@mailgate.test' }, 201);
    const deliveredId = await sendTo('delivered+audience@mailgate.test');
    const complainedId = await sendTo('Complained+Audience@mailgate.test');
    await waitFor(async () => ((await eventsOf(delivered.id)).length === 2 ? true : undefined), 10_000, 'email_delivered');
    await waitFor(async () => ((await get(sub(complained.id))).status === 'complained' ? true : undefined), 10_000, 'complained');
    expect(await eventsOf(delivered.id)).toEqual([
      ['email_delivered', { email_id: deliveredId }],
      ['subscriber_created', {}],
    ]);
    expect((await get(sub(delivered.id))).status).toBe('subscribed');
    expect(await eventsOf(complained.id)).toEqual([
      ['complained', { previous_status: 'subscribed', email_id: complainedId }],
      ['email_complained', { email_id: complainedId }],
      ['subscriber_created', {}],
    ]);
  });
});

/**
 * The v1 → v2 path map for the audience (docs/api.md, From v1 to v2), row by row: the same call on v2 and on v1
 * (/api/v1 and the /v1 alias). v1 must answer 200 with `{success: true, <name>: …}`
 * holding the v2 record with camelCase field names and no `object`, same ids and data.
 * A server with a still clock, so that repeating an idempotent call changes no timestamp.
 */
describe('v1 → v2 path map, audience rows', () => {
  let mapServer: TestServer;
  let subscriberId: string;
  let tagId: string;
  const SUBSCRIBER_EMAIL = 'Mapped.Person@Example.com';
  /** The still clock's time: every timestamp of this block. */
  const AT_MS = Date.UTC(2026, 0, 1);
  const AT = new Date(AT_MS).toISOString();

  beforeAll(async () => {
    mapServer = await startTestServer({ clock: new ManualClock(AT_MS), worker: false });
    const made = await (
      await mapServer.api('/api/v2/subscribers', { body: { email: SUBSCRIBER_EMAIL, first_name: 'Map', tags: ['mapped'], attributes: { n: 1 } } })
    ).json();
    subscriberId = made.id;
    tagId = (await (await mapServer.api('/api/v2/tags/mapped')).json()).id;
    await mapServer.api('/api/v2/events', { body: { email: SUBSCRIBER_EMAIL, name: 'seeded', properties: { k: 'v' } } });
  });
  afterAll(async () => mapServer?.close());

  const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  /** A v2 record as v1 shows it: no `object`, top-level keys in camelCase (attributes and properties kept as given). */
  const v1Record = (record: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([k]) => k !== 'object')
        .map(([k, v]) => [camel(k), v]),
    );

  type Version = '/api/v2' | '/api/v1' | '/v1';
  interface Row {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    /** After the version prefix, with `{subscriber}` and `{tag}` as the API reference writes them. */
    path: string;
    body?: (prefix: Version) => unknown;
    v2Status: number;
    /** The v2 body expected, whole (ids made by the call itself only by their pattern). */
    v2: () => unknown;
    /** The v1 body expected, from the v2 body (and the v1 body, for records only v1 created). */
    v1: (v2: any, v1: any) => Promise<unknown> | unknown;
  }

  const readV2 = async (path: string) => (await mapServer.api(`/api/v2${path}`)).json();
  const wrapSubscriber = (v2: any) => ({ success: true, subscriber: v1Record(v2) });
  /** The mapped subscriber as v2 shows it, with what the walk has changed so far. */
  const mapped = (changed: Record<string, unknown> = {}) => ({
    object: 'subscriber',
    id: subscriberId,
    email: SUBSCRIBER_EMAIL,
    first_name: 'Map',
    last_name: null,
    status: 'subscribed',
    attributes: { n: 1 },
    tags: ['mapped'],
    created_at: AT,
    updated_at: AT,
    unsubscribed_at: null,
    ...changed,
  });
  const createdByMap = {
    object: 'subscriber',
    id: expect.stringMatching(SUB_ID),
    email: 'created.by.map@example.com',
    first_name: 'Cre',
    last_name: 'Ated',
    status: 'subscribed',
    attributes: { k: 1 },
    tags: ['t1'],
    created_at: AT,
    updated_at: AT,
    unsubscribed_at: null,
  };
  const walked = { last_name: 'Person', attributes: { m: 2 } };
  const unsubscribed = { ...walked, status: 'unsubscribed', unsubscribed_at: AT };
  const event = (name: string, properties: Record<string, unknown>) => ({
    object: 'event',
    id: expect.stringMatching(EVT_ID),
    subscriber_id: subscriberId,
    email: SUBSCRIBER_EMAIL,
    name,
    properties,
    created_at: AT,
  });
  const tag = (name: string, subscriberCount: number, id: unknown = expect.stringMatching(TAG_ID)) => ({
    object: 'tag',
    id,
    name,
    subscriber_count: subscriberCount,
    created_at: AT,
  });
  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false });

  const rows: Row[] = [
    {
      method: 'POST',
      path: '/subscribers',
      body: (p) =>
        p === '/api/v2'
          ? { email: 'created.by.map@example.com', first_name: 'Cre', last_name: 'Ated', attributes: { k: 1 }, tags: ['t1'] }
          : { email: 'CREATED.BY.MAP@example.com', firstName: 'Cre', lastName: 'Ated', attributes: { k: 1 }, tags: ['t1'] },
      v2Status: 201,
      v2: () => createdByMap,
      v1: wrapSubscriber, // an upsert of the same subscriber: same id, same record
    },
    {
      method: 'GET',
      path: '/subscribers',
      v2Status: 200,
      v2: () => list([createdByMap, mapped()]),
      v1: (v2) => {
        return { success: true, subscribers: v2.data.map(v1Record), total: v2.data.length };
      },
    },
    { method: 'GET', path: '/subscribers/{subscriber}', v2Status: 200, v2: () => mapped(), v1: wrapSubscriber },
    {
      method: 'PATCH',
      path: '/subscribers/{subscriber}',
      body: (p) => (p === '/api/v2' ? { last_name: 'Person', attributes: { n: null, m: 2 } } : { lastName: 'Person', attributes: { n: null, m: 2 } }),
      v2Status: 200,
      v2: () => mapped(walked),
      v1: wrapSubscriber,
    },
    { method: 'POST', path: '/subscribers/{subscriber}/unsubscribe', v2Status: 200, v2: () => mapped(unsubscribed), v1: wrapSubscriber },
    {
      method: 'POST',
      path: '/subscribers/{subscriber}/tags',
      body: () => ({ tags: ['extra', 'mapped'] }),
      v2Status: 200,
      v2: () => mapped({ ...unsubscribed, tags: ['extra', 'mapped'] }),
      v1: wrapSubscriber,
    },
    {
      method: 'DELETE',
      path: '/subscribers/{subscriber}/tags',
      body: () => ({ tags: ['extra'] }),
      v2Status: 200,
      v2: () => mapped(unsubscribed),
      v1: wrapSubscriber,
    },
    {
      method: 'GET',
      path: '/subscribers/{subscriber}/events',
      v2Status: 200,
      // Newest first: what the walk so far recorded, down to the seeding in beforeAll.
      v2: () =>
        list([
          event('tag_removed', { tag: 'extra' }),
          event('tag_added', { tag: 'extra' }),
          event('unsubscribed', { previous_status: 'subscribed' }),
          event('seeded', { k: 'v' }),
          event('tag_added', { tag: 'mapped' }),
          event('subscriber_created', {}),
        ]),
      v1: (v2) => ({ success: true, events: v2.data.map(v1Record) }),
    },
    {
      method: 'POST',
      path: '/events',
      body: () => ({ email: SUBSCRIBER_EMAIL.toUpperCase(), name: 'mapped_event', properties: { n: 1 } }),
      v2Status: 201,
      v2: () => event('mapped_event', { n: 1 }),
      v1: async (v2, v1) => {
        // Each call records a new event: v1's is v2's with its own id, and v2 reads it back the same.
        expect(v1.event.id).toMatch(EVT_ID);
        expect(v1.event.id).not.toBe(v2.id);
        const stored = (await readV2(`/subscribers/${subscriberId}/events?limit=100`)).data.find((e: any) => e.id === v1.event.id);
        expect(v1Record(stored)).toEqual({ ...v1Record(v2), id: v1.event.id });
        return { success: true, event: v1Record(stored) };
      },
    },
    {
      method: 'GET',
      path: '/tags',
      v2Status: 200,
      v2: () => list([tag('extra', 0), tag('t1', 1), tag('mapped', 1, tagId)]),
      v1: (v2) => ({ success: true, tags: v2.data.map(v1Record) }),
    },
    {
      method: 'POST',
      path: '/tags',
      body: (p) => ({ name: `made-on${p.replace(/\//g, '-')}` }),
      v2Status: 201,
      v2: () => tag('made-on-api-v2', 0),
      v1: async (v2, v1) => {
        expect(v1.tag.id).not.toBe(v2.id);
        return { success: true, tag: v1Record(await readV2(`/tags/${v1.tag.id}`)) };
      },
    },
    { method: 'GET', path: '/tags/{tag}', v2Status: 200, v2: () => tag('mapped', 1, tagId), v1: (v2) => ({ success: true, tag: v1Record(v2) }) },
  ];

  /** The path on one version: the subscriber by id on v2, by email (any case) on v1; the tag by id on v2, by name on v1. */
  function concrete(path: string, prefix: Version): string {
    const subscriber = prefix === '/api/v2' ? subscriberId : prefix === '/api/v1' ? SUBSCRIBER_EMAIL.toLowerCase() : SUBSCRIBER_EMAIL.toUpperCase();
    const tag = prefix === '/api/v2' ? tagId : 'mapped';
    return prefix + path.replace('{subscriber}', encodeURIComponent(subscriber)).replace('{tag}', tag);
  }

  async function answer(row: Row, prefix: Version): Promise<{ status: number; body: any }> {
    const body = row.body?.(prefix);
    const res = await mapServer.api(concrete(row.path, prefix), { method: row.method, ...(body !== undefined ? { body } : {}) });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return { status: res.status, body: await res.json() };
  }

  it('covers every audience row of the map', () => {
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /subscribers',
      'GET /subscribers',
      'GET /subscribers/{subscriber}',
      'PATCH /subscribers/{subscriber}',
      'POST /subscribers/{subscriber}/unsubscribe',
      'POST /subscribers/{subscriber}/tags',
      'DELETE /subscribers/{subscriber}/tags',
      'GET /subscribers/{subscriber}/events',
      'POST /events',
      'GET /tags',
      'POST /tags',
      'GET /tags/{tag}',
    ]);
  });

  it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))('%s answers on v2 and v1 alike', async (_, row) => {
    const v2 = await answer(row, '/api/v2');
    expect(v2.status, JSON.stringify(v2.body)).toBe(row.v2Status);
    expect(v2.body).toStrictEqual(row.v2());

    for (const prefix of ['/api/v1', '/v1'] as const) {
      const v1 = await answer(row, prefix);
      expect(v1.status, `${prefix}: ${JSON.stringify(v1.body)}`).toBe(200);
      expect(v1.body, prefix).toEqual(await row.v1(v2.body, v1.body));
    }
  });

  it('after the walk, v2 shows what v1 did', async () => {
    const record = await readV2(`/subscribers/${subscriberId}`);
    expect(record).toMatchObject({ last_name: 'Person', attributes: { m: 2 }, status: 'unsubscribed', tags: ['mapped'] });
    const events = (await readV2(`/subscribers/${subscriberId}/events?limit=100`)).data.map((e: any) => e.name);
    expect(events.filter((n: string) => n === 'mapped_event')).toHaveLength(3);
    const tags = (await readV2('/tags')).data.map((t: any) => t.name).sort();
    expect(tags).toEqual(['extra', 'made-on-api-v1', 'made-on-api-v2', 'made-on-v1', 'mapped', 't1']);
  });

  it('v1 errors keep the v1 shape on both prefixes', async () => {
    for (const prefix of ['/api/v1', '/v1']) {
      const bad = await mapServer.api(`${prefix}/subscribers`, { body: { email: 'nope' } });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toEqual({ success: false, message: 'email must be a valid email address (addr@example.com)' });
      const missing = await mapServer.api(`${prefix}/tags/${MISSING_TAG}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: `Tag ${MISSING_TAG} not found` });
      const taken = await mapServer.api(`${prefix}/tags`, { body: { name: 'mapped' } });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toEqual({ success: false, message: 'A tag named "mapped" already exists' });
    }
  });
});

describe('edges found in review', () => {
  it('refuses a NUL character in any audience body with 422 naming where it is, v2 and v1, and stores nothing', async () => {
    const nul = 'must not contain the NUL character (U+0000)';
    expect(await post('/api/v2/subscribers', { email: 'nul@example.com', first_name: 'A\u0000' }, 422)).toMatchObject({
      name: 'validation_error',
      details: [{ path: 'first_name', message: nul }],
    });
    expect(await post('/api/v2/events', { email: 'nul@example.com', name: 'signup', data: { ['k\u0000']: 1 } }, 422)).toMatchObject({
      details: [{ path: 'data.k\u0000', message: nul }],
    });
    expect(await post('/api/v1/subscribers', { email: 'nul@example.com', firstName: 'A\u0000' }, 422)).toEqual({
      success: false,
      message: `firstName ${nul}`,
    });
    await get(sub('nul@example.com'), 404);
  });

  it('takes POST …/unsubscribe with Content-Type: application/json and no body, on v2 and v1', async () => {
    await post('/api/v2/subscribers', { email: 'edge-unsub@example.com' }, 201);
    for (const path of ['/api/v2', '/api/v1']) {
      const res = await server.api(`${path}/subscribers/edge-unsub@example.com/unsubscribe`, {
        method: 'POST',
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    const broken = await server.api(sub('edge-unsub@example.com', '/unsubscribe'), { method: 'POST', rawBody: '{nope' });
    expect(broken.status).toBe(400);
    expect((await json(broken)).name).toBe('invalid_json');
  });

  it('refuses a text/plain body as not JSON: 400 invalid_json', async () => {
    const res = await server.api('/api/v2/subscribers', { rawBody: 'email=x@example.com', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
    expect((await json(res)).name).toBe('invalid_json');
  });

  it('names v1 paging parameters in v1 errors, all problems at once', async () => {
    const res = await server.api('/api/v1/subscribers?cursor=bad&limit=0&page=0');
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ success: false, message: expect.stringContaining('(and 2 more problems)') });
    const events = await server.api('/api/v1/subscribers/edge-unsub@example.com/events?cursor=bad');
    expect(events.status).toBe(422);
    expect((await json(events)).message).toBe('cursor must be an id starting with evt_');
  });

  it('refuses a tag name shaped like a tag id, which could never be found by name', async () => {
    const body = await post('/api/v2/tags', { name: MISSING_TAG }, 422);
    expect(body.details).toEqual([{ path: 'name', message: 'must not look like a tag id (tag_…)' }]);
  });

  it('refuses attributes that would grow past 32 KiB once merged with the stored ones', async () => {
    const big = 'x'.repeat(20_000);
    await post('/api/v2/subscribers', { email: 'edge-attrs@example.com', attributes: { a: big } }, 201);
    const body = await patch(sub('edge-attrs@example.com'), { attributes: { b: big } }, 422);
    expect(body.details).toEqual([{ path: 'attributes', message: expect.stringContaining('once merged') }]);
    expect((await get(sub('edge-attrs@example.com'))).attributes).toEqual({ a: big });
  });
});
