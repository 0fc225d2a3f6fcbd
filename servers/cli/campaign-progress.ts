// How far a campaign's send has come, from the counters of its record, and how
// `campaigns send --watch` shows it: a bar (cli-progress) on a terminal, a plain
// line now and then otherwise. Pure but for the reporter's writes.
import { Presets, SingleBar } from 'cli-progress';
import type { CampaignRecord } from '../../src/index.ts';

type CampaignStats = CampaignRecord['stats'];

/** A campaign in one of these has nothing left to send. */
export const ENDED_STATUSES: ReadonlySet<CampaignRecord['status']> = new Set(['sent', 'cancelled']);

/**
 * Recipients whose email has an outcome, never more than the true number.
 * Every outcome counts `sent` (handed on; a fixture's bounce or complaint and a
 * capture's delivery count it too) or `failed`, except a bounce at hand-off (a
 * relay's 5xx), which counts only `bounced`; the counters do not say which
 * bounce was which. A bounce is taken as its own outcome only past the emails
 * handed on without other news, so a fixture's bounce is not counted twice.
 * Exact unless a relay both takes and refuses emails of one campaign: then its
 * refusals show when the campaign is sent. A cancelled recipient counts nothing;
 * the campaign's status ends the watch.
 */
export function emailsWithOutcome(stats: CampaignStats): number {
  const handedOnWithoutNews = Math.max(0, stats.sent - stats.delivered - stats.complained);
  return stats.sent + stats.failed + Math.max(0, stats.bounced - handedOnWithoutNews);
}

export interface SendProgress {
  status: CampaignRecord['status'];
  /** Recipients whose email has an outcome. */
  done: number;
  /** Recipients so far: grows while the audience is paged; at least the count the send answered. */
  total: number;
  /** Failed and bounced emails. */
  failures: number;
  elapsedSeconds: number;
  /** Outcomes per second since the send; null before the first. */
  ratePerSecond: number | null;
  /** Seconds until every recipient has an outcome at that rate; null while unknown. */
  etaSeconds: number | null;
}

/** The progress a campaign's record shows, `elapsedMs` after the send that expected `initialTotal` recipients. */
export function progressOf(campaign: CampaignRecord, initialTotal: number, elapsedMs: number): SendProgress {
  const { stats, status } = campaign;
  const ended = ENDED_STATUSES.has(status);
  // Once ended, the recipients are all there are (members on bounce cooldown were skipped).
  const total = ended ? stats.recipients : Math.max(initialTotal, stats.recipients);
  // Sent: the server has an outcome for every recipient, whatever the counters could tell apart.
  const done = status === 'sent' ? total : Math.min(total, emailsWithOutcome(stats));
  const elapsedSeconds = Math.max(0, elapsedMs) / 1000;
  const ratePerSecond = done > 0 && elapsedSeconds > 0 ? done / elapsedSeconds : null;
  const etaSeconds = ended ? 0 : ratePerSecond === null ? null : (total - done) / ratePerSecond;
  return { status, done, total, failures: stats.failed + stats.bounced, elapsedSeconds, ratePerSecond, etaSeconds };
}

/** `4.2/s`, `120/s`; `–` while unknown. */
export function formatRate(perSecond: number | null): string {
  if (perSecond === null) return '–';
  return `${perSecond >= 100 ? Math.round(perSecond) : perSecond.toFixed(1)}/s`;
}

/** `0.4s`, `42s`, `3m 05s`, `2h 07m`; `–` while unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '–';
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}

const failures = (n: number) => `${n} ${n === 1 ? 'failure' : 'failures'}`;

/** One plain line: `cmp_… sending: 40/100 emails, 12.5/s, ETA 4.8s, 2 failures`. */
export function progressLine(id: string, p: SendProgress): string {
  return `${id} ${p.status}: ${p.done}/${p.total} emails, ${formatRate(p.ratePerSecond)}, ETA ${formatDuration(p.etaSeconds)}, ${failures(p.failures)}`;
}

/** The line a watch ends with: how it ended, when, and every count of the campaign. */
export function summaryLine(campaign: CampaignRecord, elapsedSeconds: number): string {
  const s = campaign.stats;
  const how = campaign.status === 'sent' ? `sent in ${formatDuration(elapsedSeconds)}` : `${campaign.status} after ${formatDuration(elapsedSeconds)}`;
  return (
    `Campaign ${campaign.id} ${how}: ${s.recipients} recipients (${s.skipped} skipped); ` +
    `${s.sent} sent, ${s.delivered} delivered, ${s.bounced} bounced, ${s.complained} complained, ${s.failed} failed`
  );
}

export interface ProgressReporter {
  /** Show the campaign as just read. */
  update(campaign: CampaignRecord): void;
  /** Leave the bar as it stands (or nothing, for lines); idempotent. */
  stop(): void;
}

/** Without a terminal, a line when the progress changed, at most this often (and when the status changes). */
const LINE_EVERY_MS = 5_000;

/**
 * Progress of campaign `id` on `stream`: a redrawn bar when it is a terminal,
 * else a plain line when something changed (at most one per LINE_EVERY_MS),
 * so a log stays short. `now` is the clock the rate and the ETA are timed with.
 */
export function progressReporter(
  stream: NodeJS.WriteStream,
  id: string,
  initialTotal: number,
  startedAt: number,
  now: () => number = Date.now,
): ProgressReporter {
  if (stream.isTTY) {
    const bar = new SingleBar(
      {
        stream,
        // Our own ETA and rate (cli-progress's {eta} is a token of its own), from the whole send.
        format: `${id} {bar} {value}/{total} emails | {rate} | ETA {remaining} | {failures} | {state}`,
        hideCursor: false,
        // News comes a poll (0.5 s or more) at a time: fewer redraws than cli-progress's 10 a second.
        fps: 5,
      },
      Presets.shades_classic,
    );
    let started = false;
    let stopped = false;
    return {
      update(campaign) {
        const p = progressOf(campaign, initialTotal, now() - startedAt);
        const payload = { rate: formatRate(p.ratePerSecond), remaining: formatDuration(p.etaSeconds), failures: failures(p.failures), state: p.status };
        if (!started) {
          bar.start(p.total, p.done, payload);
          started = true;
        } else {
          bar.setTotal(p.total);
          bar.update(p.done, payload);
        }
      },
      stop() {
        if (started && !stopped) bar.stop();
        stopped = true;
      },
    };
  }
  let last: { key: string; status: string; at: number } | undefined;
  return {
    update(campaign) {
      const p = progressOf(campaign, initialTotal, now() - startedAt);
      // The final state is the summary's to tell.
      if (ENDED_STATUSES.has(p.status)) return;
      const key = `${p.status} ${p.done} ${p.total} ${p.failures}`;
      const t = now();
      if (last && (last.key === key || (last.status === p.status && t - last.at < LINE_EVERY_MS))) return;
      stream.write(progressLine(id, p) + '\n');
      last = { key, status: p.status, at: t };
    },
    stop() {},
  };
}
