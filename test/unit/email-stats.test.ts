import { describe, expect, it } from 'vitest';
import { up as fillDailyStats } from '../../src/db/migrations/0022_email_daily_stats.ts';
import * as shardedCounts from '../../src/db/migrations/0026_sharded_daily_counts.ts';
import { bucketByDay, parseSendBody } from '../../src/emails/index.ts';
import { useTestCore, type TestCore } from '../helpers/core.ts';

// Email statistics' days: each event counted on the UTC day it happened (the
// injectable clock's), the range ending today, and the counts 0022 fills from
// events stored before it.

const ZERO = { sent: 0, delivered: 0, bounced: 0, complained: 0, opened: 0, clicked: 0, failed: 0, suppressed: 0 };
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);

describe('bucketByDay', () => {
  it('gives the last `days` UTC days up to today, oldest first, zeros where nothing happened', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const counts = [
      { day: dayOf('2025-12-31T23:59:59.999Z'), type: 'delivered', count: 4 },
      { day: dayOf('2026-01-01T00:00:00.000Z'), type: 'delivered', count: 2 },
      { day: dayOf('2026-01-01T00:00:00.000Z'), type: 'opened', count: 1 },
      // Outside the range, and a type statistics do not show: left out.
      { day: dayOf('2025-12-29T12:00:00Z'), type: 'delivered', count: 100 },
      { day: dayOf('2026-01-01T00:00:00.000Z'), type: 'queued', count: 7 },
    ];
    expect(bucketByDay(now, 3, counts)).toEqual({
      from: '2025-12-30',
      to: '2026-01-01',
      data: [
        { date: '2025-12-30', ...ZERO },
        { date: '2025-12-31', ...ZERO, delivered: 4 },
        { date: '2026-01-01', ...ZERO, delivered: 2, opened: 1 },
      ],
      totals: { ...ZERO, delivered: 6, opened: 1 },
    });
    expect(bucketByDay(Date.parse('2026-01-01T23:59:59.999Z'), 1, counts)).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
      data: [{ date: '2026-01-01', ...ZERO, delivered: 2, opened: 1 }],
      totals: { ...ZERO, delivered: 2, opened: 1 },
    });
  });
});

describe('email statistics through the core', () => {
  let t: TestCore;
  useTestCore({ now: Date.parse('2026-06-30T23:59:59.999Z') }, (started) => (t = started));

  async function deliver(to: string): Promise<void> {
    await t.core.emails.send(t.auth, parseSendBody({ from: 'App <app@acme.example>', to, subject: 'Counted', html: '<p>Hi</p>' }), { source: 'api' });
    await t.core.worker.drain();
  }
  const days = async (n: number) => (await t.core.emails.stats(t.auth, { days: n })).data;

  it('counts an event on the day its clock says, the last millisecond of a day apart from the first of the next', async () => {
    await deliver('delivered+late@mailgate.test');
    t.clock.advance(1);
    await deliver('delivered+early@mailgate.test');
    expect(await days(2)).toEqual([
      { date: '2026-06-30', ...ZERO, sent: 1, delivered: 1 },
      { date: '2026-07-01', ...ZERO, sent: 1, delivered: 1 },
    ]);
    // Two days on, the range moves with the clock.
    t.clock.set(Date.parse('2026-07-02T12:00:00Z'));
    expect(await days(2)).toEqual([
      { date: '2026-07-01', ...ZERO, sent: 1, delivered: 1 },
      { date: '2026-07-02', ...ZERO },
    ]);
  });

  it('is filled by its migration from the events stored before it', async () => {
    await deliver('delivered+one@mailgate.test');
    t.clock.advance(60_000);
    await deliver('bounced+two@mailgate.test');
    const before = await days(3);
    expect(before.at(-1)).toEqual({ date: '2026-07-01', ...ZERO, sent: 1, bounced: 1 });
    const db = t.database.handle.db;
    await db.schema.dropTable('email_daily_stats').execute();
    await fillDailyStats(db);
    expect(await days(3)).toEqual(before);
  });

  it('keeps every count when 0026 splits the counters over shards, and when it is undone', async () => {
    const tagged = async (to: string, value: string) => {
      const request = parseSendBody({ from: 'App <app@acme.example>', to, subject: 'Counted', html: '<p>Hi</p>' });
      await t.core.emails.send(t.auth, { ...request, tags: [{ name: 'kind', value }] }, { source: 'api' });
    };
    for (let i = 0; i < 6; i++) await tagged(`delivered+n${i}@mailgate.test`, i % 2 === 0 ? 'even' : 'odd');
    await deliver('bounced+plain@mailgate.test');
    await t.core.worker.drain();
    const read = async () => ({
      all: await days(2),
      even: (await t.core.emails.stats(t.auth, { days: 2, tag: { name: 'kind', value: 'even' } })).data,
      kind: (await t.core.emails.stats(t.auth, { days: 2, tag: { name: 'kind' } })).data,
    });
    const before = await read();
    expect(before.all.at(-1)).toEqual({ date: '2026-06-30', ...ZERO, sent: 7, delivered: 6, bounced: 1 });
    expect(before.even.at(-1)).toEqual({ date: '2026-06-30', ...ZERO, sent: 3, delivered: 3 });
    expect(before.kind.at(-1)).toEqual({ date: '2026-06-30', ...ZERO, sent: 6, delivered: 6 });
    const db = t.database.handle.db;
    await shardedCounts.down(db);
    expect(await read()).toEqual(before);
    await shardedCounts.up(db);
    expect(await read()).toEqual(before);
    // Counting goes on into the new rows.
    await deliver('delivered+after@mailgate.test');
    expect((await days(1)).at(-1)).toEqual({ date: '2026-06-30', ...ZERO, sent: 8, delivered: 7, bounced: 1 });
  });
});
