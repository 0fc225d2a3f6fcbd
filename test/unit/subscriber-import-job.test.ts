import { describe, expect, it } from 'vitest';
import type { CompiledQuery, Kysely } from 'kysely';
import { writeImportedSubscribers, type ImportRow } from '../../src/audience/index.ts';
import type { Database } from '../../src/db/index.ts';
import { createSubscriberImports, SUBSCRIBER_IMPORT_JOB } from '../../src/index.ts';
import { JobLeaseLost, type Job } from '../../src/queue/index.ts';
import { startTestCore, useTestCore, type TestCore } from '../helpers/core.ts';

// The import job's chunks: each commits whole or not at all, with its progress;
// a worker that dies mid-import leaves the chunks it committed, and the next run
// resumes after them with the same outcome a run without the crash gives.

const OWNER = 'import-test-owner';
const ROWS = 35;

/** 35 rows: row 12 has a bad email, row 25 repeats row 3's address. */
function file(): Buffer {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const n = i + 1;
    if (n === 12) return 'not-an-email,Bad';
    if (n === 25) return 'r3@chunks.test,Again';
    return `r${n}@chunks.test,Name${n}`;
  });
  return Buffer.from(`email,first_name\n${rows.join('\n')}\n`);
}

describe('the subscriber import job', () => {
  let t: TestCore;
  useTestCore({}, (started) => {
    t = started;
  });

  /** This test's own import service (its owner, chunks of 10 rows); `failOnChunk` makes the clock throw at that chunk, as a crash would stop it. */
  function service(failOnChunk?: number) {
    let chunk = 0;
    const clock = {
      now: () => {
        chunk++;
        if (chunk === failOnChunk) throw new Error('the worker died');
        return t.clock.now();
      },
    };
    return createSubscriberImports({ db: t.core.db, clock: clock as typeof t.clock, owner: OWNER, maxBytes: 1 << 20, maxRows: 1000, chunkRows: 10 });
  }

  async function claim(owner = OWNER): Promise<Job> {
    await t.core.db.db
      .updateTable('jobs')
      .set({ lease_owner: owner, lease_until: t.clock.now() + 60_000 })
      .where('kind', '=', SUBSCRIBER_IMPORT_JOB)
      .execute();
    const row = await t.core.db.db.selectFrom('jobs').selectAll().where('kind', '=', SUBSCRIBER_IMPORT_JOB).executeTakeFirstOrThrow();
    return { id: row.id, kind: row.kind, refId: row.ref_id, attempts: row.attempts, runAt: Number(row.run_at), claimedAt: t.clock.now() };
  }
  const subscribers = () => t.core.db.db.selectFrom('subscribers').select(['email', 'first_name']).orderBy('email').execute();
  const created = async () =>
    Number(
      (
        await t.core.db.db
          .selectFrom('subscriber_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('name', '=', 'subscriber_created')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('resumes after the last committed chunk when a run dies, ending as an uninterrupted run does', async () => {
    const clean = await startTestCore();
    let expected: unknown;
    try {
      const plain = createSubscriberImports({ db: clean.core.db, clock: clean.clock, owner: OWNER, maxBytes: 1 << 20, maxRows: 1000, chunkRows: 10 });
      const started = await plain.start(clean.auth, { content: file() });
      await clean.core.db.db
        .updateTable('jobs')
        .set({ lease_owner: OWNER, lease_until: clean.clock.now() + 60_000 })
        .execute();
      const row = await clean.core.db.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      await plain.handler({ id: row.id, kind: row.kind, refId: row.ref_id, attempts: 0, runAt: 0, claimedAt: clean.clock.now() });
      expected = await plain.get(clean.auth, started.id);
    } finally {
      await clean.close();
    }

    const started = await service().start(t.auth, { content: file() });
    await expect(service(3).handler(await claim())).rejects.toThrow('the worker died');
    const midway = await service().get(t.auth, started.id);
    expect(midway).toMatchObject({ status: 'running', processed_rows: 20, created: 19, failed: 1, skipped: 0 });
    expect(await subscribers()).toHaveLength(19);

    await service().handler(await claim());
    const done = await service().get(t.auth, started.id);
    const comparable = (r: any) => ({ ...r, id: '', created_at: '', updated_at: '', finished_at: '' });
    expect(comparable(done)).toEqual(comparable(expected));
    expect(done).toMatchObject({ status: 'completed', processed_rows: ROWS, created: 33, updated: 0, skipped: 1, failed: 1, error_count: 2 });
    expect(done.errors.map((e) => e.row)).toEqual([12, 25]);
    expect(await subscribers()).toHaveLength(33);
    expect((await subscribers()).find((s) => s.email === 'r3@chunks.test')?.first_name).toBe('Name3');
    expect(await created()).toBe(33);
    expect(await t.core.db.db.selectFrom('subscriber_import_files').selectAll().execute()).toEqual([]);
    expect(await t.core.db.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('runs a job five times at most: the sixth claim fails the import, keeping the rows committed before', async () => {
    const started = await service().start(t.auth, { content: file() });
    // The fifth run dies after two chunks; the queue counts each claim in `attempts`.
    await expect(service(3).handler({ ...(await claim()), attempts: 5 })).rejects.toThrow('the worker died');
    await service().handler({ ...(await claim()), attempts: 6 });
    const failed = await service().get(t.auth, started.id);
    expect(failed).toMatchObject({ status: 'failed', processed_rows: 20, created: 19, failed: 1, error_count: 2 });
    expect(failed.errors.at(-1)).toEqual({
      row: 21,
      email: null,
      message: "the import stopped after row 20: it failed 5 times (the server's log says why); the rows before it were imported",
    });
    expect(await subscribers()).toHaveLength(19);
    expect(await t.core.db.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('writes nothing of a chunk once another worker holds the job', async () => {
    await service().start(t.auth, { content: file() });
    const job = await claim();
    await claim('another-worker');
    await expect(service().handler(job)).rejects.toBeInstanceOf(JobLeaseLost);
    expect(await subscribers()).toEqual([]);
    expect(await created()).toBe(0);
    expect(await t.core.db.db.selectFrom('subscriber_imports').select(['processed_rows', 'status']).executeTakeFirstOrThrow()).toEqual({
      processed_rows: 0,
      status: 'queued',
    });
  });

  describe('an address another request creates between the lookup and the insert', () => {
    const ROW: ImportRow = {
      row: 1,
      email: 'race@chunks.test',
      key: 'race@chunks.test',
      firstName: 'Imported',
      status: 'subscribed',
      tags: ['vip'],
      attributes: { plan: 'pro' },
    };

    /** The database, with the other request's subscriber (unsubscribed) created just before the import's first insert into subscribers. */
    function racing(db: Kysely<Database>): Kysely<Database> {
      let done = false;
      return new Proxy(db, {
        get(target, prop) {
          if (prop === 'executeQuery') {
            return async (query: CompiledQuery) => {
              if (!done && /^insert into "subscribers"/.test(query.sql)) {
                done = true;
                const now = t.clock.now();
                await target
                  .insertInto('subscribers')
                  .values({
                    id: 'sub_other0request',
                    organization_id: t.auth.organizationId,
                    email: ROW.email,
                    email_key: ROW.key,
                    first_name: 'Other',
                    last_name: null,
                    status: 'unsubscribed',
                    attributes: JSON.stringify({ city: 'Oslo' }),
                    search_text: 'race@chunks.test other',
                    created_at: now,
                    updated_at: now,
                    unsubscribed_at: now,
                  })
                  .execute();
              }
              return target.executeQuery(query);
            };
          }
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }
    const stored = () => t.core.db.db.selectFrom('subscribers').selectAll().where('email_key', '=', ROW.key).executeTakeFirstOrThrow();
    const eventsOf = (id: string) => t.core.db.db.selectFrom('subscriber_events').select('name').where('subscriber_id', '=', id).orderBy('id').execute();

    it('updates it by the import rules (never resubscribing it) and counts it as updated', async () => {
      const result = await writeImportedSubscribers(racing(t.core.db.db), t.auth.organizationId, [ROW], { updateExisting: true }, t.clock.now());
      expect(result).toEqual({ created: 0, updated: 1, skipped: 0, failed: [] });
      const row = await stored();
      expect(row).toMatchObject({ id: 'sub_other0request', first_name: 'Imported', status: 'unsubscribed' });
      expect(JSON.parse(row.attributes)).toEqual({ city: 'Oslo', plan: 'pro' });
      expect(await eventsOf(row.id)).toEqual([{ name: 'tag_added' }]);
    });

    it('leaves it as it is, counted as skipped, when update_existing is false', async () => {
      const result = await writeImportedSubscribers(racing(t.core.db.db), t.auth.organizationId, [ROW], { updateExisting: false }, t.clock.now());
      expect(result).toEqual({ created: 0, updated: 0, skipped: 1, failed: [] });
      const row = await stored();
      expect(row).toMatchObject({ id: 'sub_other0request', first_name: 'Other', status: 'unsubscribed', attributes: JSON.stringify({ city: 'Oslo' }) });
      expect(await eventsOf(row.id)).toEqual([]);
      expect(await t.core.db.db.selectFrom('subscriber_tags').selectAll().execute()).toEqual([]);
    });
  });
});
