// `mailgate campaigns send|stats`: campaigns of a running Mailgate through its
// REST API (/api/v2/campaigns). A send states how many people it emails and
// goes ahead only with consent: --yes, or a "y" typed at a terminal.
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { CampaignRecord } from '../../src/index.ts';
import { Refusal, UsageError } from './cli-errors.ts';
import { ENDED_STATUSES, progressReporter, summaryLine } from './campaign-progress.ts';
import { printJson, printTable } from './output.ts';
import { pollUntil, remoteOf, remoteOptions, type Remote } from './remote.ts';

type SendAnswer = CampaignRecord & { recipient_count: number };
type RemoteFlags = { url: string; token?: string };

const campaignPath = (id: string) => `/api/v2/campaigns/${encodeURIComponent(id)}`;

/** Ask `question` on the terminal; true only for y or yes. End of input or Ctrl-C is a no. */
function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => {
    rl.on('SIGINT', () => rl.close());
    rl.on('close', () => resolve(false));
    rl.question(question, (answer) => {
      resolve(/^y(es)?$/i.test(answer.trim()));
      rl.close();
    });
  });
}

/** Poll the campaign until it is sent or cancelled, showing its progress on stderr; the last record read. */
async function watchSend(remote: Remote, answer: SendAnswer, startedAt: number): Promise<CampaignRecord> {
  const reporter = progressReporter(process.stderr, answer.id, answer.recipient_count, startedAt);
  const interrupted = () => {
    reporter.stop();
    process.stderr.write(`\nStopped watching; ${answer.id} goes on (mailgate campaigns stats ${answer.id}).\n`);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    return await pollUntil<CampaignRecord>(remote, campaignPath(answer.id), {
      first: answer,
      ended: (campaign) => ENDED_STATUSES.has(campaign.status),
      seen: (campaign) => reporter.update(campaign),
    });
  } finally {
    reporter.stop();
    process.off('SIGINT', interrupted);
  }
}

interface SendFlags extends RemoteFlags {
  at?: string;
  watch?: boolean;
  yes?: boolean;
  json?: boolean;
}

async function sendCampaign(id: string, options: SendFlags): Promise<void> {
  if (options.watch && options.at !== undefined) throw new UsageError('--watch follows a send that starts now: not with --at');
  const remote = remoteOf(options);
  const campaign = await remote.get<CampaignRecord>(campaignPath(id));
  const { count } = await remote.post<{ count: number }>('/api/v2/audience/count', { campaign_id: campaign.id });
  const recipients = `${count} ${count === 1 ? 'recipient' : 'recipients'}`;
  process.stderr.write(`Campaign ${campaign.id} "${campaign.name}" (${campaign.status}): ${recipients}, the subscribed members of its audience now.\n`);
  if (!options.yes) {
    if (!process.stdin.isTTY) {
      throw new UsageError(`not sent: sending emails ${recipients} and nobody is at a terminal to agree; pass --yes to send without asking`);
    }
    const question = options.at === undefined ? `Send it to ${recipients} now? [y/N] ` : `Schedule it for ${options.at}? [y/N] `;
    if (!(await confirm(question))) throw new Refusal('not sent: not confirmed');
  }
  const startedAt = Date.now();
  const answer = await remote.post<SendAnswer>(`${campaignPath(campaign.id)}/send`, options.at === undefined ? {} : { scheduled_at: options.at });
  if (!options.watch) {
    if (options.json) printJson(answer);
    else if (answer.status === 'scheduled')
      process.stdout.write(`Scheduled ${answer.id} for ${answer.scheduled_at} (${answer.recipient_count} recipients now).\n`);
    else process.stdout.write(`Sending ${answer.id} to ${answer.recipient_count} recipients; follow it with: mailgate campaigns stats ${answer.id}\n`);
    return;
  }
  const ended = await watchSend(remote, answer, startedAt);
  const summary = summaryLine(ended, (Date.now() - startedAt) / 1000);
  if (options.json) {
    printJson(ended);
    process.stderr.write(summary + '\n');
  } else {
    process.stdout.write(summary + '\n');
  }
  if (ended.status === 'cancelled') throw new Refusal(`campaign ${ended.id} was cancelled`);
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** What `campaigns stats --json` prints: the record's status and counts, and the rates, in percent of the emails sent (handed on). */
export function statsOf(campaign: CampaignRecord) {
  const s = campaign.stats;
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    scheduled_at: campaign.scheduled_at,
    sent_at: campaign.sent_at,
    stats: s,
    // Of `sent`, not of `delivered`: through a relay an accepted email is sent and no more is heard.
    percent_of_sent: {
      delivered: percentOf(s.delivered, s.sent),
      opened: percentOf(s.opened, s.sent),
      clicked: percentOf(s.clicked, s.sent),
      unsubscribed: percentOf(s.unsubscribed, s.sent),
    },
  };
}

async function showStats(id: string, options: RemoteFlags & { json?: boolean }): Promise<void> {
  const campaign = await remoteOf(options).get<CampaignRecord>(campaignPath(id));
  const report = statsOf(campaign);
  if (options.json) {
    printJson(report);
    return;
  }
  const when = campaign.status === 'sent' ? ` at ${campaign.sent_at}` : campaign.status === 'scheduled' ? ` for ${campaign.scheduled_at}` : '';
  process.stdout.write(`Campaign ${campaign.id} "${campaign.name}": ${campaign.status}${when}\n`);
  const pct = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);
  const rate: Partial<Record<keyof CampaignRecord['stats'], number | null>> = report.percent_of_sent;
  printTable(
    ['', 'count', '% of sent'],
    Object.entries(campaign.stats).map(([name, count]) => [name, count, name in rate ? pct(rate[name as keyof typeof rate] ?? null) : '']),
  );
}

/** `campaigns send` and `campaigns stats` under `program`. */
export function addCampaignCommands(program: Command): void {
  const campaigns = program.command('campaigns').description("campaigns of a running Mailgate server (its REST API's /api/v2/campaigns)");
  remoteOptions(
    campaigns
      .command('send')
      .summary('send a draft campaign now (or schedule it), after its recipient count and your consent; --watch follows it')
      .description(
        'send a draft campaign to its audience now, or schedule it with --at. States how many it emails first and asks (y/N); ' +
          'without a terminal, --yes is needed. Prints the answer, or with --watch a progress bar on stderr and a summary when it ends (exit 1 if cancelled)',
      )
      .argument('<id>', 'the campaign (cmp_…)')
      .option('--at <time>', 'schedule it for this ISO 8601 time with an offset (2026-12-01T09:00:00Z)')
      .option('--watch', 'follow the send until it is sent or cancelled: sent/total, rate, ETA and failures (not with --at)')
      .option('--yes', 'send without asking')
      .option('--json', 'print JSON (the send answer, or with --watch the campaign at the end)'),
  ).action(sendCampaign);
  remoteOptions(
    campaigns
      .command('stats')
      .summary("a campaign's status, counts and rates")
      .description("a campaign's status, counts (recipients … unsubscribed) and rates in percent of the emails sent")
      .argument('<id>', 'the campaign (cmp_…)')
      .option('--json', 'print JSON'),
  ).action(showStats);
}
