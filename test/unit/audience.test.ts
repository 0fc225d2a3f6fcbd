import { describe, expect, it } from 'vitest';
import { recordDeliveryOutcome, recordDeliveryOutcomes } from '../../src/audience/index.ts';
import { workflowTriggers } from '../../src/workflows/index.ts';
import {
  eventCreateSchema,
  type ManualClock,
  parseBody,
  parseSubscriberListQuery,
  subscriberCreateSchema,
  subscriberUpdateSchema,
  tagCreateSchema,
  tagsBodySchema,
  unsubscribeBodySchema,
  type Core,
  type PageRequest,
  type SubscriberFilter,
  type SubscriberRecord,
} from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { invoke, useTestCore } from '../helpers/core.ts';
import { expectRefusal, type ExpectedRefusal } from '../helpers/errors.ts';

/**
 * The audience service (subscribers, tags, subscriber events) through createCore,
 * on a real test database with a hand-driven clock: ids, paging, filters, upserts,
 * triggerWorkflows and events as the core applies them, whatever the door.
 */
const TOKEN = `mailgate_${'a'.repeat(40)}`;
const SUB_ID = /^sub_[0-9a-hjkmnp-tv-z]{26}$/;
const TAG_ID = /^tag_[0-9a-hjkmnp-tv-z]{26}$/;
const EVT_ID = /^evt_[0-9a-hjkmnp-tv-z]{26}$/;
const T0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const STATUS_MESSAGE = 'must be one of subscribed, unsubscribed, bounced, complained';
/** Expect `parse` (a schema the doors use) to refuse with a validation_error carrying `expected`. */
const refused = (parse: () => unknown, expected: Omit<ExpectedRefusal, 'kind'>) => expectRefusal(parse, { kind: 'validation_error', ...expected });

describe('the audience service through createCore', () => {
  let testDb: TestDatabase;
  let clock: ManualClock;
  let core: Core;
  let auth: AuthContext;
  useTestCore({ now: T0, token: TOKEN }, (started) => ({ core, clock, auth, database: testDb } = started));

  // Every input goes through the schemas the doors use, so the tests speak the wire's language.
  const upsert = (body: Record<string, unknown>, as: AuthContext = auth) => core.audience.upsertSubscriber(as, parseBody(subscriberCreateSchema, body));
  const create = async (body: Record<string, unknown>, as: AuthContext = auth) => (await upsert(body, as)).subscriber;
  const update = (ref: string, body: Record<string, unknown>, as: AuthContext = auth) =>
    core.audience.updateSubscriber(as, ref, parseBody(subscriberUpdateSchema, body));
  const addTags = (ref: string, tags: string[], as: AuthContext = auth) => core.audience.addTags(as, ref, parseBody(tagsBodySchema, { tags }).tags);
  const removeTags = (ref: string, tags: string[], as: AuthContext = auth) => core.audience.removeTags(as, ref, parseBody(tagsBodySchema, { tags }).tags);
  const recordEvent = (body: Record<string, unknown>, as: AuthContext = auth) => core.audience.recordEvent(as, parseBody(eventCreateSchema, body));
  const list = (query: Record<string, unknown> = {}, as: AuthContext = auth) => {
    const { filter, page } = parseSubscriberListQuery(query);
    return core.audience.listSubscribers(as, filter, page);
  };
  /** A page by offset (what v1's page numbers become) or cursor, and the filter's total. */
  const listAt = async (filter: SubscriberFilter, page: PageRequest & { offset?: number }) => ({
    page: await core.audience.listSubscribers(auth, filter, page),
    total: await core.audience.countSubscribers(auth, filter),
  });
  const emails = (page: { data: SubscriberRecord[] }) => page.data.map((s) => s.email);
  /** The subscriber's events, oldest first, as [name, properties]. */
  const eventsOf = async (ref: string, as: AuthContext = auth) =>
    (await core.audience.listSubscriberEvents(as, ref, { limit: 100 })).data.map((e) => [e.name, e.properties]).reverse();
  const count = async (table: 'subscribers' | 'tags' | 'subscriber_tags' | 'subscriber_events') =>
    Number(
      (
        await testDb.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tagNames = async () => (await testDb.handle.db.selectFrom('tags').select('name').orderBy('name').execute()).map((r) => r.name);

  async function otherOrg(): Promise<AuthContext> {
    const { token } = await core.orgs.create({ name: 'Other', plan: 'free' });
    return core.tokens.authenticate(token.token);
  }

  describe('upsert', () => {
    it('creates a subscriber: the full record, 201-worthy `created`, one subscriber_created event', async () => {
      const { subscriber, created } = await upsert({
        email: ' Ada@Example.com ',
        first_name: 'Ada',
        last_name: 'Lovelace',
        attributes: { plan: 'pro', seats: 3, nested: { a: [1, 2] } },
      });
      expect(created).toBe(true);
      expect(subscriber).toEqual({
        object: 'subscriber',
        id: expect.stringMatching(SUB_ID),
        email: 'Ada@Example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        status: 'subscribed',
        attributes: { plan: 'pro', seats: 3, nested: { a: [1, 2] } },
        tags: [],
        created_at: iso(T0),
        updated_at: iso(T0),
        unsubscribed_at: null,
      });
      expect(Object.keys(subscriber)).toEqual([
        'object',
        'id',
        'email',
        'first_name',
        'last_name',
        'status',
        'attributes',
        'tags',
        'created_at',
        'updated_at',
        'unsubscribed_at',
      ]);
      expect(await eventsOf(subscriber.id)).toEqual([['subscriber_created', {}]]);
      expect(await core.audience.getSubscriber(auth, subscriber.id)).toEqual(subscriber);
    });

    it('the same email in another case updates the one subscriber and keeps the first spelling', async () => {
      const first = await create({ email: 'Ada@Example.com', first_name: 'Ada' });
      clock.advance(60_000);
      const again = await upsert({ email: 'ADA@example.COM', last_name: 'Lovelace' });
      expect(again.created).toBe(false);
      expect(again.subscriber).toEqual({
        ...first,
        last_name: 'Lovelace',
        updated_at: iso(T0 + 60_000),
      });
      expect(await count('subscribers')).toBe(1);
      // Names are not status: no event for them.
      expect(await eventsOf(first.id)).toEqual([['subscriber_created', {}]]);
    });

    it('absent fields stay, an empty or null name clears it', async () => {
      const s = await create({ email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', attributes: { a: 1 } });
      expect(await create({ email: 'grace@example.com' })).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', attributes: { a: 1 } });
      expect(await create({ email: 'grace@example.com', first_name: '  ', last_name: null })).toMatchObject({
        id: s.id,
        first_name: null,
        last_name: null,
        attributes: { a: 1 },
      });
      expect(await create({ email: 'grace@example.com', first_name: '  Amazing  ' })).toMatchObject({ first_name: 'Amazing' });
    });

    it('attributes merge key by key; null removes a key; nested values are replaced, not merged', async () => {
      const s = await create({ email: 'merge@example.com', attributes: { a: 1, b: { x: 1 }, c: 'keep', gone: true } });
      expect((await create({ email: 'merge@example.com', attributes: { a: 2, b: { y: 2 }, gone: null, d: [1, 2], absent: null } })).attributes).toEqual({
        a: 2,
        b: { y: 2 },
        c: 'keep',
        d: [1, 2],
      });
      expect((await update(s.id, { attributes: { c: null, e: false } })).attributes).toEqual({ a: 2, b: { y: 2 }, d: [1, 2], e: false });
      expect((await update(s.id, { attributes: {} })).attributes).toEqual({ a: 2, b: { y: 2 }, d: [1, 2], e: false });
      expect((await core.audience.getSubscriber(auth, s.id)).attributes).toEqual({ a: 2, b: { y: 2 }, d: [1, 2], e: false });
    });

    it('creating with a status and tags records every event in order', async () => {
      const s = await create({ email: 'late@example.com', status: 'unsubscribed', tags: ['b-tag', 'a-tag', 'b-tag'] });
      expect(s).toMatchObject({ status: 'unsubscribed', unsubscribed_at: iso(T0), tags: ['a-tag', 'b-tag'] });
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['unsubscribed', { previous_status: 'subscribed' }],
        ['tag_added', { tag: 'b-tag' }],
        ['tag_added', { tag: 'a-tag' }],
      ]);
    });

    it('upserting tags onto an existing subscriber attaches (never replaces) and records only new ones', async () => {
      const s = await create({ email: 'tags@example.com', tags: ['one'] });
      clock.advance(1000);
      const again = await create({ email: 'tags@example.com', tags: ['one', 'two'] });
      expect(again.tags).toEqual(['one', 'two']);
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['tag_added', { tag: 'one' }],
        ['tag_added', { tag: 'two' }],
      ]);
    });

    it('concurrent first writes of one email make one subscriber', async () => {
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => upsert({ email: i % 2 ? 'race@example.com' : 'RACE@example.com' })));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.subscriber.id)).size).toBe(1);
      expect(await count('subscribers')).toBe(1);
      expect(await eventsOf(results[0]!.subscriber.id)).toEqual([['subscriber_created', {}]]);
    });
  });

  describe('get and update', () => {
    it('finds a subscriber by id or by email in any case, trimmed', async () => {
      const s = await create({ email: 'Find.Me@Example.com' });
      for (const ref of [s.id, 'find.me@example.com', 'FIND.ME@EXAMPLE.COM', ' Find.Me@Example.com ']) {
        expect(await core.audience.getSubscriber(auth, ref)).toEqual(s);
      }
    });

    it('unknown subscribers are not_found, by id and by email, for every operation', async () => {
      const missingId = 'sub_01kabcdefghjkmnpqrstvwxyz0';
      for (const ref of [missingId, 'nobody@example.com']) {
        const message = `Subscriber ${ref} not found`;
        for (const call of [
          () => core.audience.getSubscriber(auth, ref),
          () => update(ref, { first_name: 'X' }),
          () => core.audience.unsubscribe(auth, ref),
          () => addTags(ref, ['x']),
          () => removeTags(ref, ['x']),
          () => core.audience.listSubscriberEvents(auth, ref, { limit: 20 }),
        ]) {
          await expectRefusal(call(), { kind: 'not_found', message });
        }
      }
      // A failed attach creates no tag.
      expect(await count('tags')).toBe(0);
    });

    it('changes the email; the old address no longer finds it; no event for an address change', async () => {
      const s = await create({ email: 'old@example.com' });
      clock.advance(5000);
      const changed = await update('OLD@example.com', { email: 'New@Example.com', first_name: 'N' });
      expect(changed).toEqual({ ...s, email: 'New@Example.com', first_name: 'N', updated_at: iso(T0 + 5000) });
      expect((await core.audience.getSubscriber(auth, 'new@example.com')).id).toBe(s.id);
      await expectRefusal(core.audience.getSubscriber(auth, 'old@example.com'), { kind: 'not_found', message: 'Subscriber old@example.com not found' });
      expect(await eventsOf(s.id)).toEqual([['subscriber_created', {}]]);
      // An upsert of the old address is a new subscriber now.
      expect((await upsert({ email: 'old@example.com' })).created).toBe(true);
    });

    it("refuses another subscriber's email (any case) with conflict and changes nothing", async () => {
      const a = await create({ email: 'a@example.com', first_name: 'A' });
      await create({ email: 'b@example.com' });
      await expectRefusal(update(a.id, { email: 'B@EXAMPLE.com', first_name: 'Changed' }), {
        kind: 'conflict',
        message: 'Another subscriber already has the email B@EXAMPLE.com',
      });
      expect(await core.audience.getSubscriber(auth, a.id)).toEqual(a);
    });

    it('may respell its own email in another case', async () => {
      const s = await create({ email: 'case@example.com' });
      expect((await update(s.id, { email: 'Case@Example.com' })).email).toBe('Case@Example.com');
      expect((await core.audience.getSubscriber(auth, 'CASE@example.com')).id).toBe(s.id);
    });
  });

  describe('status', () => {
    it('walks every transition with unsubscribed_at and one event per change', async () => {
      const s = await create({ email: 'walk@example.com' });
      const at = (n: number) => T0 + n * 1000;

      clock.set(at(1));
      expect(await core.audience.unsubscribe(auth, s.id)).toMatchObject({ status: 'unsubscribed', unsubscribed_at: iso(at(1)), updated_at: iso(at(1)) });

      clock.set(at(2)); // unsubscribing again changes nothing that matters
      expect(await core.audience.unsubscribe(auth, 'WALK@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: iso(at(1)) });
      expect(await update(s.id, { status: 'unsubscribed' })).toMatchObject({ status: 'unsubscribed', unsubscribed_at: iso(at(1)) });

      clock.set(at(3)); // bounced keeps the unsubscribe time
      expect(await update(s.id, { status: 'bounced' })).toMatchObject({ status: 'bounced', unsubscribed_at: iso(at(1)) });

      clock.set(at(4)); // resubscribing clears it
      expect(await update(s.id, { status: 'subscribed' })).toMatchObject({ status: 'subscribed', unsubscribed_at: null, updated_at: iso(at(4)) });

      clock.set(at(5));
      expect(await update(s.id, { status: 'complained' })).toMatchObject({ status: 'complained', unsubscribed_at: null });

      clock.set(at(6));
      expect(await create({ email: 'walk@example.com', status: 'unsubscribed' })).toMatchObject({ status: 'unsubscribed', unsubscribed_at: iso(at(6)) });

      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['unsubscribed', { previous_status: 'subscribed' }],
        ['bounced', { previous_status: 'unsubscribed' }],
        ['subscribed', { previous_status: 'bounced' }],
        ['complained', { previous_status: 'subscribed' }],
        ['unsubscribed', { previous_status: 'complained' }],
      ]);
      const times = (await core.audience.listSubscriberEvents(auth, s.id, { limit: 20 })).data.map((e) => e.created_at).reverse();
      expect(times).toEqual([iso(T0), iso(at(1)), iso(at(3)), iso(at(4)), iso(at(5)), iso(at(6))]);
    });
  });

  describe('tags', () => {
    it('records one tag_added for concurrent attaches of one tag, and never deadlocks on new tags named in any order', async () => {
      const subscribers = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ email: `race${i}@example.com` })));
      await Promise.all(subscribers.flatMap((s) => [addTags(s.id, ['vip']), addTags(s.id, ['vip']), addTags(s.id, ['vip'])]));
      for (const s of subscribers) {
        const events = (await core.audience.listSubscriberEvents(auth, s.id, { limit: 100 })).data;
        expect(
          events.filter((e) => e.name === 'tag_added'),
          s.email,
        ).toHaveLength(1);
      }
      const names = Array.from({ length: 12 }, (_, i) => `new-${i}`);
      await Promise.all([addTags(subscribers[0]!.id, names), addTags(subscribers[1]!.id, [...names].reverse())]);
      expect((await core.audience.getSubscriber(auth, subscribers[1]!.id)).tags).toHaveLength(13);
    });

    it('attach creates unknown tags, dedupes, sorts, and records tag_added only for a change', async () => {
      const s = await create({ email: 't@example.com' });
      clock.advance(1000);
      const tagged = await addTags(s.id, ['vip', ' beta ', 'vip']);
      expect(tagged).toMatchObject({ tags: ['beta', 'vip'], updated_at: iso(T0 + 1000) });
      expect(await tagNames()).toEqual(['beta', 'vip']);

      clock.advance(1000); // attaching what it has: no event, no change
      expect(await addTags(s.id, ['vip'])).toEqual(tagged);

      const more = await addTags('T@EXAMPLE.COM', ['vip', 'alpha']);
      expect(more).toMatchObject({ tags: ['alpha', 'beta', 'vip'], updated_at: iso(T0 + 2000) });
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['tag_added', { tag: 'vip' }],
        ['tag_added', { tag: 'beta' }],
        ['tag_added', { tag: 'alpha' }],
      ]);
    });

    it('detach of an absent or unknown tag is not an error and records tag_removed only for a change', async () => {
      const s = await create({ email: 'd@example.com', tags: ['vip', 'beta'] });
      await core.audience.createTag(auth, 'elsewhere');
      clock.advance(1000);
      const detached = await removeTags(s.id, ['vip', 'never-existed', 'elsewhere', 'vip']);
      expect(detached).toMatchObject({ tags: ['beta'], updated_at: iso(T0 + 1000) });
      clock.advance(1000);
      expect(await removeTags(s.id, ['vip', 'never-existed'])).toEqual(detached);
      // Detaching never creates a tag, and a detached tag stays.
      expect(await tagNames()).toEqual(['beta', 'elsewhere', 'vip']);
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['tag_added', { tag: 'vip' }],
        ['tag_added', { tag: 'beta' }],
        ['tag_removed', { tag: 'vip' }],
      ]);
      expect((await core.audience.getTag(auth, 'vip')).subscriber_count).toBe(0);
    });

    it('creates, gets (by id or name) and lists tags with their subscriber counts', async () => {
      const news = await core.audience.createTag(auth, 'newsletter');
      expect(news).toEqual({ object: 'tag', id: expect.stringMatching(TAG_ID), name: 'newsletter', subscriber_count: 0, created_at: iso(T0) });
      clock.advance(1000);
      await create({ email: 'x@example.com', tags: ['newsletter', 'vip'] });
      await create({ email: 'y@example.com', tags: ['newsletter'] });

      const got = await core.audience.getTag(auth, news.id);
      expect(got).toEqual({ ...news, subscriber_count: 2 });
      expect(await core.audience.getTag(auth, 'newsletter')).toEqual(got);

      const tags = await core.audience.listTags(auth, { limit: 20 });
      expect(tags).toEqual({
        object: 'list',
        data: [{ object: 'tag', id: expect.stringMatching(TAG_ID), name: 'vip', subscriber_count: 1, created_at: iso(T0 + 1000) }, got],
        has_more: false,
      });
      const first = await core.audience.listTags(auth, { limit: 1 });
      expect(first.data.map((t) => t.name)).toEqual(['vip']);
      expect(first.has_more).toBe(true);
      const second = await core.audience.listTags(auth, { limit: 1, after: first.data[0]!.id });
      expect(second).toEqual({ object: 'list', data: [got], has_more: false });
      // Going back from the oldest: the newest one, and nothing newer beyond it.
      expect(await core.audience.listTags(auth, { limit: 1, before: got.id })).toEqual({ ...first, has_more: false });
    });

    it('refuses a second tag of the same name (after trimming) with conflict; unknown tags are not_found', async () => {
      await core.audience.createTag(auth, parseBody(tagCreateSchema, { name: 'dup' }).name);
      await expectRefusal(core.audience.createTag(auth, parseBody(tagCreateSchema, { name: '  dup ' }).name), {
        kind: 'conflict',
        message: 'A tag named "dup" already exists',
      });
      for (const ref of ['nope', 'tag_01kabcdefghjkmnpqrstvwxyz0']) {
        await expectRefusal(core.audience.getTag(auth, ref), { kind: 'not_found', message: `Tag ${ref} not found` });
      }
    });
  });

  describe('events', () => {
    it('records an event for a new email by creating the subscriber first', async () => {
      clock.advance(1000);
      const event = await recordEvent({ email: 'Signup@Example.com', name: 'signed_up', properties: { plan: 'pro' } });
      const s = await core.audience.getSubscriber(auth, 'signup@example.com');
      expect(s).toMatchObject({ email: 'Signup@Example.com', status: 'subscribed', created_at: iso(T0 + 1000) });
      expect(event).toEqual({
        object: 'event',
        id: expect.stringMatching(EVT_ID),
        subscriber_id: s.id,
        email: 'Signup@Example.com',
        name: 'signed_up',
        properties: { plan: 'pro' },
        created_at: iso(T0 + 1000),
      });
      const listed = await core.audience.listSubscriberEvents(auth, s.id, { limit: 20 });
      expect(listed).toEqual({
        object: 'list',
        data: [
          event,
          {
            object: 'event',
            id: expect.stringMatching(EVT_ID),
            subscriber_id: s.id,
            email: s.email,
            name: 'subscriber_created',
            properties: {},
            created_at: iso(T0 + 1000),
          },
        ],
        has_more: false,
      });
      expect(listed.data[1]!.id < event.id).toBe(true);
    });

    it("records an event on an existing subscriber (any case) under the subscriber's own spelling", async () => {
      const s = await create({ email: 'Known@Example.com' });
      const event = await recordEvent({ email: 'KNOWN@example.com', name: 'purchase' });
      expect(event).toMatchObject({ subscriber_id: s.id, email: 'Known@Example.com', properties: {} });
      expect(await count('subscribers')).toBe(1);
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['purchase', {}],
      ]);
    });

    it('pages events newest first with after and before', async () => {
      const s = await create({ email: 'pager@example.com' });
      for (let i = 1; i <= 4; i++) {
        clock.advance(1000);
        await recordEvent({ email: 'pager@example.com', name: `e${i}` });
      }
      const names = (p: { data: { name: string }[] }) => p.data.map((e) => e.name);
      const p1 = await core.audience.listSubscriberEvents(auth, s.id, { limit: 2 });
      expect([names(p1), p1.has_more]).toEqual([['e4', 'e3'], true]);
      const p2 = await core.audience.listSubscriberEvents(auth, s.id, { limit: 2, after: p1.data[1]!.id });
      expect([names(p2), p2.has_more]).toEqual([['e2', 'e1'], true]);
      const p3 = await core.audience.listSubscriberEvents(auth, s.id, { limit: 2, after: p2.data[1]!.id });
      expect([names(p3), p3.has_more]).toEqual([['subscriber_created'], false]);
      const back = await core.audience.listSubscriberEvents(auth, s.id, { limit: 2, before: p2.data[0]!.id });
      expect([names(back), back.has_more]).toEqual([['e4', 'e3'], false]);
      await expectRefusal(invoke({ core, auth }, 'list_subscriber_events', { subscriber: s.id, limit: 0, after: s.id }), {
        kind: 'validation_error',
        message: 'limit must be an integer from 1 to 100 (and 1 more problem)',
        details: [
          { path: 'limit', message: 'must be an integer from 1 to 100' },
          { path: 'after', message: 'must be an id starting with evt_' },
        ],
      });
    });
  });

  describe('list filters', () => {
    async function audience() {
      const made: Record<string, SubscriberRecord> = {};
      const add = async (key: string, body: Record<string, unknown>) => {
        clock.advance(1000);
        made[key] = await create(body);
      };
      await add('ann', { email: 'under_score@example.com', first_name: 'Ann', tags: ['vip'] });
      await add('bob', { email: 'underXscore@example.com', first_name: 'Bob', status: 'unsubscribed', tags: ['vip', 'beta'] });
      await add('cat', { email: 'cat@example.com', first_name: '100% Real', tags: ['beta'] });
      await add('dan', { email: 'dan@example.com', first_name: '100 Real', status: 'bounced' });
      await add('eve', { email: 'Eve@Example.org', last_name: 'Back\\slash', status: 'complained', tags: ['vip'] });
      await add('fay', { email: 'fay@example.org', last_name: 'Backslash' });
      await add('gus', { email: 'gus%x@example.net', first_name: 'Gus' });
      return made;
    }

    it('without filters: everyone, newest first, with the count', async () => {
      await audience();
      expect(emails(await list())).toEqual([
        'gus%x@example.net',
        'fay@example.org',
        'Eve@Example.org',
        'dan@example.com',
        'cat@example.com',
        'underXscore@example.com',
        'under_score@example.com',
      ]);
      expect(await core.audience.countSubscribers(auth, {})).toBe(7);
    });

    it('by status', async () => {
      await audience();
      const cases: [string, string[]][] = [
        ['subscribed', ['gus%x@example.net', 'fay@example.org', 'cat@example.com', 'under_score@example.com']],
        ['unsubscribed', ['underXscore@example.com']],
        ['bounced', ['dan@example.com']],
        ['complained', ['Eve@Example.org']],
      ];
      for (const [status, expected] of cases) {
        expect(emails(await list({ status }))).toEqual(expected);
        expect(await core.audience.countSubscribers(auth, { status: status as 'subscribed' })).toBe(expected.length);
      }
    });

    it('by tag name or id; an unknown tag is an empty list, not an error', async () => {
      await audience();
      const vip = await core.audience.getTag(auth, 'vip');
      const expected = ['Eve@Example.org', 'underXscore@example.com', 'under_score@example.com'];
      expect(emails(await list({ tag: 'vip' }))).toEqual(expected);
      expect(emails(await list({ tag: vip.id }))).toEqual(expected);
      expect(await core.audience.countSubscribers(auth, { tag: 'vip' })).toBe(3);
      expect(await list({ tag: 'nope' })).toEqual({ object: 'list', data: [], has_more: false });
      expect(await list({ tag: 'tag_01kabcdefghjkmnpqrstvwxyz0' })).toEqual({ object: 'list', data: [], has_more: false });
      expect(await core.audience.countSubscribers(auth, { tag: 'nope' })).toBe(0);
      // Records listed by tag carry all their tags.
      expect((await list({ tag: 'beta' })).data.map((s) => s.tags)).toEqual([['beta'], ['beta', 'vip']]);
    });

    it('by query: case-insensitive substring of email, first and last name', async () => {
      await audience();
      expect(emails(await list({ query: 'EXAMPLE.ORG' }))).toEqual(['fay@example.org', 'Eve@Example.org']);
      expect(emails(await list({ query: 'ann' }))).toEqual(['under_score@example.com']);
      expect(emails(await list({ query: 'SLASH' }))).toEqual(['fay@example.org', 'Eve@Example.org']);
      expect(emails(await list({ query: '  real ' }))).toEqual(['dan@example.com', 'cat@example.com']);
      expect(emails(await list({ query: 'zzz' }))).toEqual([]);
      expect(emails(await list({ query: '' }))).toHaveLength(7);
    });

    it('by query: %, _ and \\ are taken literally', async () => {
      await audience();
      expect(emails(await list({ query: 'under_' }))).toEqual(['under_score@example.com']);
      expect(emails(await list({ query: '_' }))).toEqual(['under_score@example.com']);
      expect(emails(await list({ query: '100%' }))).toEqual(['cat@example.com']);
      expect(emails(await list({ query: '%' }))).toEqual(['gus%x@example.net', 'cat@example.com']);
      expect(emails(await list({ query: 's%x' }))).toEqual(['gus%x@example.net']);
      expect(emails(await list({ query: 'k\\s' }))).toEqual(['Eve@Example.org']);
      expect(emails(await list({ query: '\\' }))).toEqual(['Eve@Example.org']);
      expect(emails(await list({ query: '\\%' }))).toEqual([]);
      expect(await core.audience.countSubscribers(auth, { query: '100%' })).toBe(1);
      expect(await core.audience.countSubscribers(auth, { query: 'k\\s' })).toBe(1);
    });

    it('filters combine', async () => {
      await audience();
      expect(emails(await list({ tag: 'vip', status: 'subscribed' }))).toEqual(['under_score@example.com']);
      expect(emails(await list({ tag: 'vip', query: 'example.org' }))).toEqual(['Eve@Example.org']);
      expect(emails(await list({ tag: 'beta', status: 'unsubscribed', query: 'bob' }))).toEqual(['underXscore@example.com']);
      expect(emails(await list({ status: 'subscribed', query: 'real' }))).toEqual(['cat@example.com']);
      expect(await core.audience.countSubscribers(auth, { tag: 'vip', status: 'subscribed' })).toBe(1);
    });

    it('status changes move subscribers between filters', async () => {
      const made = await audience();
      await core.audience.unsubscribe(auth, made.ann!.id);
      await update(made.bob!.id, { status: 'subscribed' });
      await removeTags(made.eve!.id, ['vip']);
      expect(emails(await list({ status: 'unsubscribed' }))).toEqual(['under_score@example.com']);
      expect(emails(await list({ tag: 'vip' }))).toEqual(['underXscore@example.com', 'under_score@example.com']);
      await update(made.fay!.id, { last_name: 'Renamed' });
      expect(emails(await list({ query: 'slash' }))).toEqual(['Eve@Example.org']);
      expect(emails(await list({ query: 'renamed' }))).toEqual(['fay@example.org']);
    });
  });

  describe('paging', () => {
    async function seven(tag?: string) {
      const out: string[] = [];
      for (let i = 1; i <= 7; i++) {
        clock.advance(1000);
        out.push((await create({ email: `p${i}@example.com`, ...(tag ? { tags: [tag] } : {}) })).email);
      }
      return out.reverse(); // newest first
    }

    for (const filtered of [false, true]) {
      it(`v2 cursors walk forward and back with has_more${filtered ? ' (filtered by tag)' : ''}`, async () => {
        const all = await seven(filtered ? 'paged' : undefined);
        if (filtered) await create({ email: 'untagged@example.com' });
        const base = filtered ? { tag: 'paged' } : {};
        const p1 = await list({ ...base, limit: 3 });
        expect([emails(p1), p1.has_more]).toEqual([all.slice(0, 3), true]);
        const p2 = await list({ ...base, limit: 3, after: p1.data[2]!.id });
        expect([emails(p2), p2.has_more]).toEqual([all.slice(3, 6), true]);
        const p3 = await list({ ...base, limit: 3, after: p2.data[2]!.id });
        expect([emails(p3), p3.has_more]).toEqual([all.slice(6), false]);
        const b2 = await list({ ...base, limit: 3, before: p3.data[0]!.id });
        expect([emails(b2), b2.has_more]).toEqual([all.slice(3, 6), true]);
        const b1 = await list({ ...base, limit: 3, before: b2.data[0]!.id });
        expect([emails(b1), b1.has_more]).toEqual([all.slice(0, 3), false]);
        const partial = await list({ ...base, limit: 3, before: p1.data[1]!.id });
        expect([emails(partial), partial.has_more]).toEqual([all.slice(0, 1), false]);
        const exact = await list({ ...base, limit: 7 });
        expect([emails(exact), exact.has_more]).toEqual([all, false]);
        expect(await list({ ...base, after: p3.data[0]!.id })).toEqual({ object: 'list', data: [], has_more: false });
      });
    }

    it('v2 limit defaults to 20 and goes up to 100', async () => {
      for (let i = 0; i < 21; i++) await create({ email: `many${i}@example.com` });
      const page = await list();
      expect([page.data.length, page.has_more]).toEqual([20, true]);
      const all = await list({ limit: 100 });
      expect([all.data.length, all.has_more]).toEqual([21, false]);
      expect((await list({ limit: 1 })).data).toHaveLength(1); // numbers, as a tool call passes them
    });

    it('pages by offset (v1 numbers pages) or cursor, with the total of the filter', async () => {
      const all = await seven();
      await update('p7@example.com', { status: 'unsubscribed' });
      const p2 = await listAt({}, { limit: 3, offset: 3 });
      expect([emails(p2.page), p2.page.has_more, p2.total]).toEqual([all.slice(3, 6), true, 7]);
      const p3 = await listAt({}, { limit: 3, offset: 6 });
      expect([emails(p3.page), p3.page.has_more, p3.total]).toEqual([all.slice(6), false, 7]);
      const p4 = await listAt({}, { limit: 3, offset: 9 });
      expect([emails(p4.page), p4.page.has_more, p4.total]).toEqual([[], false, 7]);
      const p1 = await listAt({}, { limit: 3, offset: 0 });
      expect(emails(p1.page)).toEqual(all.slice(0, 3));
      expect(emails((await listAt({}, { limit: 20, offset: 0 })).page)).toEqual(all);
      const byCursor = await listAt({}, { limit: 3, after: p1.page.data[2]!.id });
      expect(emails(byCursor.page)).toEqual(all.slice(3, 6));
      expect(byCursor.total).toBe(7);
      const filtered = await listAt({ status: 'subscribed' }, { limit: 3, offset: 0 });
      expect([emails(filtered.page), filtered.total]).toEqual([all.slice(1, 4), 6]);
      const filtered2 = await listAt({ status: 'subscribed' }, { limit: 3, offset: 3 });
      expect([emails(filtered2.page), filtered2.page.has_more]).toEqual([all.slice(4, 7), false]);
    });
  });

  describe('organizations', () => {
    it("never shows or touches another organization's subscribers, tags or events", async () => {
      const mine = await create({ email: 'shared@example.com', first_name: 'Mine', tags: ['vip'] });
      const vip = await core.audience.getTag(auth, 'vip');
      const other = await otherOrg();

      for (const ref of [mine.id, 'shared@example.com']) {
        for (const call of [
          () => core.audience.getSubscriber(other, ref),
          () => update(ref, { first_name: 'Theirs' }, other),
          () => core.audience.unsubscribe(other, ref),
          () => addTags(ref, ['x'], other),
          () => removeTags(ref, ['vip'], other),
          () => core.audience.listSubscriberEvents(other, ref, { limit: 20 }),
        ]) {
          await expectRefusal(call(), { kind: 'not_found', message: `Subscriber ${ref} not found` });
        }
      }
      for (const ref of [vip.id, 'vip']) await expectRefusal(core.audience.getTag(other, ref), { kind: 'not_found', message: `Tag ${ref} not found` });
      expect(await list({}, other)).toEqual({ object: 'list', data: [], has_more: false });
      expect(await list({ tag: vip.id }, other)).toEqual({ object: 'list', data: [], has_more: false });
      expect(await core.audience.countSubscribers(other, {})).toBe(0);
      expect(await core.audience.listTags(other, { limit: 20 })).toEqual({ object: 'list', data: [], has_more: false });

      // The same email and tag name are theirs to have, separately.
      const { subscriber: theirs, created } = await upsert({ email: 'SHARED@example.com', tags: ['vip'] }, other);
      expect(created).toBe(true);
      expect(theirs.id).not.toBe(mine.id);
      const theirVip = await core.audience.getTag(other, 'vip');
      expect(theirVip.id).not.toBe(vip.id);
      expect(theirVip.subscriber_count).toBe(1);
      await core.audience.createTag(other, 'only-theirs');
      await recordEvent({ email: 'shared@example.com', name: 'theirs' }, other);
      expect(await eventsOf(theirs.id, other)).toEqual([
        ['subscriber_created', {}],
        ['tag_added', { tag: 'vip' }],
        ['theirs', {}],
      ]);

      // Mine is untouched.
      expect(await core.audience.getSubscriber(auth, mine.id)).toEqual(mine);
      expect(await core.audience.getTag(auth, 'vip')).toEqual(vip);
      await expectRefusal(core.audience.getTag(auth, 'only-theirs'), { kind: 'not_found', message: 'Tag only-theirs not found' });
      expect(await eventsOf(mine.id)).toEqual([
        ['subscriber_created', {}],
        ['tag_added', { tag: 'vip' }],
      ]);
      expect(emails(await list())).toEqual(['shared@example.com']);
    });
  });

  describe('recordDeliveryOutcome', () => {
    const outcome = (mailbox: string, type: 'delivered' | 'bounced' | 'complained', emailId: string, organizationId = auth.organizationId) =>
      recordDeliveryOutcome(testDb.handle.db, { organizationId, mailbox, type, emailId, at: clock.now(), triggerWorkflows: true }, workflowTriggers);

    it('delivered: an email_delivered event, status unchanged', async () => {
      const s = await create({ email: 'Reader@Example.com' });
      clock.advance(1000);
      await outcome('reader@example.com', 'delivered', 'eml_1');
      expect(await core.audience.getSubscriber(auth, s.id)).toEqual(s);
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['email_delivered', { email_id: 'eml_1' }],
      ]);
    });

    it('bounced: email_bounced, then status bounced with its event', async () => {
      const s = await create({ email: 'gone@example.com' });
      clock.advance(1000);
      await outcome('gone@example.com', 'bounced', 'eml_2');
      expect(await core.audience.getSubscriber(auth, s.id)).toEqual({ ...s, status: 'bounced', updated_at: iso(T0 + 1000) });
      expect(await eventsOf(s.id)).toEqual([
        ['subscriber_created', {}],
        ['email_bounced', { email_id: 'eml_2' }],
        ['bounced', { previous_status: 'subscribed', email_id: 'eml_2' }],
      ]);
      expect(emails(await list({ status: 'bounced' }))).toEqual(['gone@example.com']);
      // A second bounce is an event, not another status change.
      await outcome('gone@example.com', 'bounced', 'eml_3');
      expect((await eventsOf(s.id)).slice(3)).toEqual([['email_bounced', { email_id: 'eml_3' }]]);
    });

    it('complained: status complained; on an unsubscribed subscriber only the event', async () => {
      const a = await create({ email: 'angry@example.com' });
      const b = await create({ email: 'left@example.com', status: 'unsubscribed' });
      clock.advance(1000);
      await outcome('angry@example.com', 'complained', 'eml_4');
      await outcome('left@example.com', 'complained', 'eml_5');
      expect(await core.audience.getSubscriber(auth, a.id)).toMatchObject({ status: 'complained', unsubscribed_at: null });
      expect((await eventsOf(a.id)).slice(1)).toEqual([
        ['email_complained', { email_id: 'eml_4' }],
        ['complained', { previous_status: 'subscribed', email_id: 'eml_4' }],
      ]);
      expect(await core.audience.getSubscriber(auth, b.id)).toEqual(b);
      expect((await eventsOf(b.id)).slice(2)).toEqual([['email_complained', { email_id: 'eml_5' }]]);
    });

    it('several at once, in order: one subscriber bounced then complained changes status once; other organizations and strangers untouched', async () => {
      const other = await otherOrg();
      const a = await create({ email: 'twice@example.com' });
      const theirs = await create({ email: 'twice@example.com' }, other);
      clock.advance(1000);
      const at = clock.now();
      await recordDeliveryOutcomes(
        testDb.handle.db,
        [
          { organizationId: auth.organizationId, mailbox: 'TWICE@example.com', type: 'bounced', emailId: 'eml_b', at, triggerWorkflows: true },
          { organizationId: auth.organizationId, mailbox: 'nobody@example.com', type: 'bounced', emailId: 'eml_n', at, triggerWorkflows: true },
          { organizationId: other.organizationId, mailbox: 'twice@example.com', type: 'delivered', emailId: 'eml_t', at, triggerWorkflows: true },
          { organizationId: auth.organizationId, mailbox: 'twice@example.com', type: 'complained', emailId: 'eml_c', at, triggerWorkflows: true },
        ],
        workflowTriggers,
      );
      expect(await core.audience.getSubscriber(auth, a.id)).toMatchObject({ status: 'bounced' });
      expect((await eventsOf(a.id)).slice(1)).toEqual([
        ['email_bounced', { email_id: 'eml_b' }],
        ['bounced', { previous_status: 'subscribed', email_id: 'eml_b' }],
        ['email_complained', { email_id: 'eml_c' }],
      ]);
      expect(await core.audience.getSubscriber(other, theirs.id)).toEqual(theirs);
      expect((await eventsOf(theirs.id, other)).slice(1)).toEqual([['email_delivered', { email_id: 'eml_t' }]]);
    });

    it('does nothing for an address that is no subscriber, or is one of another organization', async () => {
      const other = await otherOrg();
      const theirs = await create({ email: 'theirs@example.com' }, other);
      await outcome('nobody@example.com', 'bounced', 'eml_6');
      await outcome('theirs@example.com', 'bounced', 'eml_7');
      expect(await count('subscriber_events')).toBe(1); // theirs' subscriber_created
      expect((await core.audience.getSubscriber(other, theirs.id)).status).toBe('subscribed');
      expect(await count('subscribers')).toBe(1);
    });
  });

  describe('input validation (the schemas every door uses)', () => {
    const subscriber = (body: unknown) => () => parseBody(subscriberCreateSchema, body);

    it('an invalid or missing email', async () => {
      for (const email of ['nope', 'a@b', '@example.com', 'Ada <ada@example.com>', 'a b@example.com', '']) {
        refused(subscriber({ email }), {
          message: 'email must be a valid email address (addr@example.com)',
          details: [{ path: 'email', message: 'must be a valid email address (addr@example.com)' }],
        });
      }
      refused(subscriber({}), { details: [{ path: 'email', message: 'is required' }] });
      refused(subscriber({ email: 42 }), { details: [{ path: 'email', message: 'must be a string' }] });
      refused(() => parseBody(subscriberUpdateSchema, { email: 'nope' }), {
        details: [{ path: 'email', message: 'must be a valid email address (addr@example.com)' }],
      });
    });

    it('attributes that are not an object (array, string, null, number)', async () => {
      for (const attributes of [[1, 2], 'plan=pro', null, 7]) {
        refused(subscriber({ email: 'a@example.com', attributes }), { details: [{ path: 'attributes', message: 'must be a JSON object of custom fields' }] });
      }
      refused(() => parseBody(eventCreateSchema, { email: 'a@example.com', name: 'x', properties: ['a'] }), {
        details: [{ path: 'properties', message: 'must be a JSON object of event properties' }],
      });
      refused(subscriber({ email: 'a@example.com', attributes: { big: 'x'.repeat(32 * 1024) } }), {
        details: [{ path: 'attributes', message: 'must be at most 32768 bytes as JSON' }],
      });
    });

    it('unknown fields are named, v1 names in a v2 body included', async () => {
      refused(subscriber({ email: 'a@example.com', firstName: 'A', foo: 1 }), {
        message: 'firstName is not a known field (and 1 more problem)',
        details: [
          { path: 'firstName', message: 'is not a known field' },
          { path: 'foo', message: 'is not a known field' },
        ],
      });
      refused(() => parseBody(subscriberUpdateSchema, { tags: ['a'] }), { details: [{ path: 'tags', message: 'is not a known field' }] });
      refused(() => parseBody(unsubscribeBodySchema, { reason: 'x' }), { details: [{ path: 'reason', message: 'is not a known field' }] });
      refused(() => parseBody(tagCreateSchema, { name: 'a', color: 'red' }), { details: [{ path: 'color', message: 'is not a known field' }] });
    });

    it('a body that is not an object', async () => {
      for (const body of [[], 'x', null]) {
        refused(subscriber(body), { message: 'The body must be a JSON object', details: [{ path: '', message: 'must be a JSON object' }] });
      }
    });

    it('several problems at once, in field order', async () => {
      refused(subscriber({ email: 'nope', first_name: 5, status: 'gone', attributes: [], tags: 'vip' }), {
        message: 'email must be a valid email address (addr@example.com) (and 4 more problems)',
        details: [
          { path: 'email', message: 'must be a valid email address (addr@example.com)' },
          { path: 'first_name', message: 'must be a string or null' },
          { path: 'status', message: STATUS_MESSAGE },
          { path: 'attributes', message: 'must be a JSON object of custom fields' },
          { path: 'tags', message: 'must be an array of tag names' },
        ],
      });
    });

    it('tag names: empty, too long, too many, none', async () => {
      const tags = (list: unknown) => () => parseBody(tagsBodySchema, { tags: list });
      refused(tags(['ok', '   ', '']), {
        details: [
          { path: 'tags.1', message: 'must not be empty' },
          { path: 'tags.2', message: 'must not be empty' },
        ],
      });
      refused(tags(['x'.repeat(101)]), { details: [{ path: 'tags.0', message: 'must be at most 100 characters' }] });
      refused(tags(Array.from({ length: 101 }, (_, i) => `t${i}`)), { details: [{ path: 'tags', message: 'must hold at most 100 tags' }] });
      expect(parseBody(tagsBodySchema, { tags: Array.from({ length: 100 }, (_, i) => `t${i}`) }).tags).toHaveLength(100);
      refused(tags([]), { details: [{ path: 'tags', message: 'must name at least one tag' }] });
      refused(() => parseBody(tagsBodySchema, {}), { details: [{ path: 'tags', message: 'is required' }] });
      refused(tags([1]), { details: [{ path: 'tags.0', message: 'must be a string' }] });
      refused(subscriber({ email: 'a@example.com', tags: [''] }), { details: [{ path: 'tags.0', message: 'must not be empty' }] });
      refused(subscriber({ email: 'a@example.com', tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }), {
        details: [{ path: 'tags', message: 'must hold at most 100 tags' }],
      });
      refused(() => parseBody(tagCreateSchema, { name: ' ' }), { details: [{ path: 'name', message: 'must not be empty' }] });
    });

    it('events: email, name and properties', async () => {
      refused(() => parseBody(eventCreateSchema, { email: 'x', name: '', properties: 'p' }), {
        message: 'email must be a valid email address (addr@example.com) (and 2 more problems)',
        details: [
          { path: 'email', message: 'must be a valid email address (addr@example.com)' },
          { path: 'name', message: 'must not be empty' },
          { path: 'properties', message: 'must be a JSON object of event properties' },
        ],
      });
      refused(() => parseBody(eventCreateSchema, { email: 'a@example.com', name: 'n'.repeat(101) }), {
        details: [{ path: 'name', message: 'must be at most 100 characters' }],
      });
    });

    it('list queries: unknown status, limit out of range, bad cursors, all reported together', async () => {
      const listQuery = (query: Record<string, unknown>) => () => parseSubscriberListQuery(query);
      refused(listQuery({ status: 'gone', limit: 0, after: 'eml_01kabcdefghjkmnpqrstvwxyz0', tag: '' }), {
        message: `status ${STATUS_MESSAGE} (and 3 more problems)`,
        details: [
          { path: 'status', message: STATUS_MESSAGE },
          { path: 'tag', message: 'must not be empty' },
          { path: 'limit', message: 'must be an integer from 1 to 100' },
          { path: 'after', message: 'must be an id starting with sub_' },
        ],
      });
      for (const limit of ['101', '-1', '1.5', 'ten', '']) {
        refused(listQuery({ limit }), { details: [{ path: 'limit', message: 'must be an integer from 1 to 100' }] });
      }
      refused(listQuery({ after: 'sub_01kabcdefghjkmnpqrstvwxyz0', before: 'sub_01kabcdefghjkmnpqrstvwxyz1' }), {
        details: [{ path: 'before', message: 'cannot be combined with after' }],
      });
      refused(listQuery({ query: 'q'.repeat(201) }), { details: [{ path: 'query', message: 'must be at most 200 characters' }] });
      expect(parseSubscriberListQuery({ limit: 100, status: 'bounced', tag: ' vip ', query: ' Ada ', other: 'ignored' })).toEqual({
        filter: { status: 'bounced', tag: 'vip', query: 'Ada' },
        page: { limit: 100 },
      });
    });

    it('triggerWorkflows must be a boolean and defaults to true', async () => {
      expect(parseBody(subscriberUpdateSchema, {})).toEqual({ changes: {}, triggerWorkflows: true });
      expect(parseBody(subscriberUpdateSchema, { triggerWorkflows: false, last_name: 'L' })).toEqual({ changes: { lastName: 'L' }, triggerWorkflows: false });
      refused(() => parseBody(subscriberUpdateSchema, { triggerWorkflows: 'no' }), {
        details: [{ path: 'triggerWorkflows', message: 'must be true or false' }],
      });
    });
  });
});
