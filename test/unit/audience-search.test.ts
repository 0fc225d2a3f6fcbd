import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseBody, subscriberCreateSchema, subscriberUpdateSchema, type Core } from '../../src/index.ts';
import { subscriberSearchCandidates } from '../../src/db/index.ts';
import { newId } from '../../src/ids.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { useTestCore } from '../helpers/core.ts';
import type { TestDatabase } from '../helpers/db.ts';

/**
 * The subscriber `query` filter: the same answers whichever way it is served —
 * from the trigram index when few subscribers match (SQLite), or by walking the
 * list (common texts, short texts, PostgreSQL) — and the index kept in step with
 * every change.
 */
const TOKEN = `mailgate_${'q'.repeat(40)}`;

describe('subscriber search', () => {
  let testDb: TestDatabase;
  let core: Core;
  let auth: AuthContext;
  useTestCore({ now: Date.UTC(2026, 0, 1), token: TOKEN }, (started) => ({ core, auth, database: testDb } = started));

  const upsert = (body: Record<string, unknown>) => core.audience.upsertSubscriber(auth, parseBody(subscriberCreateSchema, body));
  const search = async (query: string, limit = 20) => (await core.audience.listSubscribers(auth, { query }, { limit })).data.map((s) => s.email);

  it('finds a subscriber by any part of its email or names, and follows changes of them', async () => {
    await upsert({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    await upsert({ email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' });
    expect(await search('lovel')).toEqual(['ada@example.com']);
    expect(await search('HOPP')).toEqual(['grace@example.com']);
    expect(await search('example.com')).toEqual(['grace@example.com', 'ada@example.com']);

    await core.audience.updateSubscriber(auth, 'ada@example.com', parseBody(subscriberUpdateSchema, { last_name: 'Byron', email: 'countess@example.org' }));
    expect(await search('lovel')).toEqual([]);
    expect(await search('byro')).toEqual(['countess@example.org']);
    expect(await search('countess@')).toEqual(['countess@example.org']);
    expect(await search('ada@')).toEqual([]);
  });

  it('takes quotes and FTS syntax in a query as plain text', async () => {
    await upsert({ email: 'quote@example.com', first_name: 'O"Hara AND', last_name: 'x*y' });
    expect(await search('o"hara and')).toEqual(['quote@example.com']);
    expect(await search('x*y')).toEqual(['quote@example.com']);
    expect(await search('"')).toEqual(['quote@example.com']);
    expect(await search('NEAR(a b)')).toEqual([]);
  });

  it('answers a common text by walking the list, with the same result and paging', async () => {
    // 1001 subscribers share "common": more than the index is used for.
    const now = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 1001 }, (_, i) => {
      const email = `common${String(i).padStart(4, '0')}@example.com`;
      return {
        id: newId('sub', now + i),
        organization_id: auth.organizationId,
        email,
        email_key: email,
        first_name: null,
        last_name: null,
        status: 'subscribed' as const,
        attributes: '{}',
        search_text: email,
        created_at: now + i,
        updated_at: now + i,
        unsubscribed_at: null,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await testDb.handle.db
        .insertInto('subscribers')
        .values(rows.slice(i, i + 200))
        .execute();
    await upsert({ email: 'rare-one@example.com' });

    if (testDb.handle.dialect === 'sqlite') {
      expect(await subscriberSearchCandidates(testDb.handle.db, 'sqlite', 'common')).toBeNull();
      expect(await subscriberSearchCandidates(testDb.handle.db, 'sqlite', 'rare-one')).toHaveLength(1);
      expect(await subscriberSearchCandidates(testDb.handle.db, 'sqlite', 'ra')).toBeNull();
    }
    const page = await core.audience.listSubscribers(auth, { query: 'common' }, { limit: 3 });
    expect(page.data.map((s) => s.email)).toEqual(['common1000@example.com', 'common0999@example.com', 'common0998@example.com']);
    expect(page.has_more).toBe(true);
    expect(await core.audience.countSubscribers(auth, { query: 'common' })).toBe(1001);
    expect(await core.audience.countSubscribers(auth, { query: 'rare-one' })).toBe(1);
    expect(await search('rare-one')).toEqual(['rare-one@example.com']);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('keeps finding subscribers after VACUUM renumbers rows (SQLite)', async () => {
    await upsert({ email: 'before@example.com', first_name: 'Vacuumed' });
    await sql`vacuum`.execute(testDb.handle.db);
    await upsert({ email: 'after@example.com', first_name: 'Vacuumed' });
    expect(await search('vacuumed')).toEqual(['after@example.com', 'before@example.com']);
    await core.audience.updateSubscriber(auth, 'before@example.com', parseBody(subscriberUpdateSchema, { first_name: 'Renamed' }));
    expect(await search('vacuumed')).toEqual(['after@example.com']);
    expect(await search('renamed')).toEqual(['before@example.com']);
  });
});
