import { describe, expect, it } from 'vitest';
import { emailsWithOutcome, formatDuration, formatRate, progressLine, progressOf, progressReporter, summaryLine } from '../../servers/cli/campaign-progress.ts';
import { statsOf } from '../../servers/cli/campaigns.ts';
import { pollIntervalMs } from '../../servers/cli/remote.ts';
import type { CampaignRecord } from '../../src/index.ts';

// What `mailgate campaigns send --watch` and `campaigns stats` compute from a
// campaign's record: the outcomes so far, rate, ETA, the lines they print.

const ZERO = { recipients: 0, skipped: 0, suppressed: 0, sent: 0, delivered: 0, bounced: 0, complained: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 };
type Stats = CampaignRecord['stats'];

function record(status: CampaignRecord['status'], stats: Partial<Stats> = {}): CampaignRecord {
  return {
    object: 'campaign',
    id: 'cmp_1',
    name: 'News',
    subject: 'Hi',
    from: 'a@acme.example',
    reply_to: null,
    preview: null,
    html: null,
    markdown: 'Hi',
    tiptap: null,
    audience: { tags: [], match: 'any' },
    tracking: { opens: false, clicks: false },
    status,
    scheduled_at: null,
    sent_at: status === 'sent' ? '2026-11-23T10:00:00.000Z' : null,
    stats: { ...ZERO, ...stats },
    created_at: '2026-11-23T09:00:00.000Z',
    updated_at: '2026-11-23T09:00:00.000Z',
  };
}

describe('emailsWithOutcome', () => {
  it('counts a fixture bounce or complaint once, though it records sent too', () => {
    // 3 delivered, 1 bounced, 1 complained fixture: each counted `sent` and its news.
    expect(emailsWithOutcome({ ...ZERO, recipients: 6, sent: 5, delivered: 3, bounced: 1, complained: 1 })).toBe(5);
  });

  it('counts emails a relay took (sent), refused at hand-off (bounced) or gave up on (failed)', () => {
    expect(emailsWithOutcome({ ...ZERO, sent: 4 })).toBe(4);
    expect(emailsWithOutcome({ ...ZERO, bounced: 2, failed: 1 })).toBe(3);
    expect(emailsWithOutcome({ ...ZERO, sent: 2, delivered: 2, bounced: 1, failed: 1 })).toBe(4);
  });

  it('never counts more than have an outcome when a relay both takes and refuses', () => {
    // 3 taken (sent), 2 refused (bounced): 5 have an outcome; the counters cannot tell those bounces from a fixture's.
    const counted = emailsWithOutcome({ ...ZERO, sent: 3, bounced: 2 });
    expect(counted).toBeGreaterThanOrEqual(3);
    expect(counted).toBeLessThanOrEqual(5);
  });
});

describe('progressOf', () => {
  it('takes the larger of the answered count and the recipients so far as the total while sending', () => {
    expect(progressOf(record('sending', { recipients: 2, sent: 1, delivered: 1 }), 10, 2_000)).toEqual({
      status: 'sending',
      done: 1,
      total: 10,
      failures: 0,
      elapsedSeconds: 2,
      ratePerSecond: 0.5,
      etaSeconds: 18,
    });
    expect(progressOf(record('sending', { recipients: 12 }), 10, 0)).toMatchObject({ total: 12, done: 0, ratePerSecond: null, etaSeconds: null });
  });

  it('counts failed and bounced as failures, and ends at the recipients there are', () => {
    const sent = progressOf(record('sent', { recipients: 9, skipped: 1, sent: 8, delivered: 7, bounced: 2, failed: 1 }), 10, 3_000);
    expect(sent).toMatchObject({ done: 9, total: 9, failures: 3, etaSeconds: 0, ratePerSecond: 3 });
    const cancelled = progressOf(record('cancelled', { recipients: 4, sent: 2, delivered: 2 }), 10, 1_000);
    expect(cancelled).toMatchObject({ done: 2, total: 4, etaSeconds: 0 });
  });
});

describe('formatting', () => {
  it('durations and rates', () => {
    expect([0.42, 9.96, 42, 185, 7620].map(formatDuration)).toEqual(['0.4s', '10.0s', '42s', '3m 05s', '2h 07m']);
    expect(formatDuration(null)).toBe('–');
    expect([null, 4.25, 123.4].map(formatRate)).toEqual(['–', '4.3/s', '123/s']);
  });

  it('a progress line and the summary', () => {
    expect(progressLine('cmp_1', progressOf(record('sending', { recipients: 100, sent: 40, delivered: 38, bounced: 2 }), 100, 4_000))).toBe(
      'cmp_1 sending: 40/100 emails, 10.0/s, ETA 6.0s, 2 failures',
    );
    expect(summaryLine(record('sent', { recipients: 7, skipped: 1, sent: 7, delivered: 5, bounced: 1, complained: 1 }), 1.23)).toBe(
      'Campaign cmp_1 sent in 1.2s: 7 recipients (1 skipped); 7 sent, 5 delivered, 1 bounced, 1 complained, 0 failed',
    );
    expect(summaryLine(record('cancelled', { recipients: 3, sent: 1 }), 75)).toBe(
      'Campaign cmp_1 cancelled after 1m 15s: 3 recipients (0 skipped); 1 sent, 0 delivered, 0 bounced, 0 complained, 0 failed',
    );
  });
});

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  const stream = { isTTY, columns: 120, write: (chunk: string) => (writes.push(String(chunk)), true) } as unknown as NodeJS.WriteStream;
  return { stream, writes };
}

describe('progressReporter', () => {
  it('without a terminal: a line when something changed, at most one per 5 s, none for the end', () => {
    const { stream, writes } = fakeStream(false);
    let t = 0;
    const reporter = progressReporter(stream, 'cmp_1', 4, 0, () => t);
    reporter.update(record('sending'));
    t = 1_000;
    reporter.update(record('sending')); // nothing new
    reporter.update(record('sending', { recipients: 4, sent: 1, delivered: 1 })); // too soon
    t = 6_000;
    reporter.update(record('sending', { recipients: 4, sent: 2, delivered: 2 }));
    t = 6_500;
    reporter.update(record('sent', { recipients: 4, sent: 4, delivered: 4 }));
    reporter.stop();
    expect(writes).toEqual(['cmp_1 sending: 0/4 emails, –, ETA –, 0 failures\n', 'cmp_1 sending: 2/4 emails, 0.3/s, ETA 6.0s, 0 failures\n']);
  });

  it('on a terminal: a cli-progress bar with the counts, rate, ETA and failures', () => {
    const { stream, writes } = fakeStream(true);
    let t = 0;
    const reporter = progressReporter(stream, 'cmp_1', 5, 0, () => t);
    reporter.update(record('sending', { recipients: 5 }));
    t = 2_000;
    reporter.update(record('sending', { recipients: 5, sent: 3, delivered: 2, bounced: 1 }));
    reporter.stop();
    reporter.stop();
    const drawn = writes.join('');
    expect(drawn).toMatch(/cmp_1 [█░]+ 3\/5 emails \| 1\.5\/s \| ETA 1\.3s \| 1 failure \| sending/);
    expect(drawn.endsWith('\n')).toBe(true);
  });
});

describe('campaigns stats and the watch', () => {
  it('rates are percent of the emails sent, null before any', () => {
    expect(statsOf(record('sent', { recipients: 8, sent: 8, delivered: 7, opened: 3, clicked: 1, unsubscribed: 1 })).percent_of_sent).toEqual({
      delivered: 87.5,
      opened: 37.5,
      clicked: 12.5,
      unsubscribed: 12.5,
    });
    expect(statsOf(record('draft'))).toEqual({
      id: 'cmp_1',
      name: 'News',
      status: 'draft',
      scheduled_at: null,
      sent_at: null,
      stats: ZERO,
      percent_of_sent: { delivered: null, opened: null, clicked: null, unsubscribed: null },
    });
  });

  it('polls at most every 0.5 s, and within a tenth of the organization quota', () => {
    expect([undefined, 2000, 10_000, 700, 100, 1].map(pollIntervalMs)).toEqual([500, 500, 500, 858, 6000, 10_000]);
  });
});
