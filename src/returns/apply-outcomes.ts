// What an email's outcome does, in the transaction that records it, whoever
// learned it (the worker at hand-off, a report by mail, a fixture address):
// the email's events (last_event by precedence, each one a webhook), the
// recipient suppressed (hard bounce, complaint) or put on bounce cooldown
// (soft or undetermined bounce), its subscriber's event and status, and the
// campaign's stats.
import type { Transaction } from 'kysely';
import { recordDeliveryOutcomes, type EventTriggers } from '../audience/index.ts';
import { countCampaignEvents, COUNTED_EVENTS, type CampaignCount } from '../campaigns/index.ts';
import type { Database } from '../db/schema.ts';
import { recordEmailEvents, type NewEmailEvent } from '../emails/email.repository.ts';
import { compareGuardKeys, startBounceCooldowns, type GuardedSend } from '../limits/index.ts';
import { suppressAddresses } from '../suppressions/index.ts';
import type { BounceDetail, ReturnOutcome } from './outcome-rules.ts';
import { REPORTED_DELAY_RANK } from '../emails/email-record.ts';

export interface EmailOutcome {
  emailId: string;
  /** The recipient: a bounce suppresses it or puts it on cooldown, and its subscriber (if any) hears of delivery. */
  recipient: GuardedSend;
  events: NewEmailEvent[];
  /** A workflow's own email does not start workflows when it is delivered. */
  triggerWorkflows: boolean;
  /** The campaign the email was sent for: its stats count the events. */
  campaignId: string | null;
  /** Whether delivery is done with it (the campaign counts it as finished); a report after the fact is not. */
  finished: boolean;
}

/** What delivery tells a subscriber of (the rest is the email's own business). */
const isDeliveryNews = (type: string): type is 'delivered' | 'bounced' | 'complained' => type === 'delivered' || type === 'bounced' || type === 'complained';

/** The bounce an event carries, or null. A bounce recorded before bounces had types was a relay's 5xx: hard. */
export function bounceOf(event: Pick<NewEmailEvent, 'type' | 'detail'>): BounceDetail | null {
  if (event.type !== 'bounced') return null;
  const bounce = event.detail?.['bounce'] as BounceDetail | undefined;
  return bounce ?? { type: 'hard', status: null, diagnostic: null, remote_mta: null };
}

/** An outcome as the email event that records it: its detail, and the rank a reported delay takes. */
export function eventOf(outcome: ReturnOutcome, extra: Record<string, unknown> = {}): { type: string; detail: Record<string, unknown>; rank?: number } {
  switch (outcome.type) {
    case 'bounced':
      return { type: 'bounced', detail: { ...extra, bounce: outcome.bounce } };
    case 'complained':
      return { type: 'complained', detail: { ...extra, complaint: outcome.complaint } };
    case 'delivery_delayed':
      return { type: 'delivery_delayed', detail: { ...extra, ...outcome.delay }, rank: REPORTED_DELAY_RANK };
  }
}

/** What one email's events add to its campaign's stats. */
function campaignCounts(campaignId: string, events: readonly NewEmailEvent[], finished: boolean): CampaignCount[] {
  const counts: CampaignCount[] = [];
  for (const e of events) {
    const counter = COUNTED_EVENTS[e.type];
    // A cancelled recipient's `failed` is not a delivery failure: it only finishes.
    if (counter && !(e.type === 'failed' && e.detail?.['reason'] === 'campaign_cancelled')) counts.push({ campaignId, counter });
  }
  if (finished) counts.push({ campaignId, counter: 'finished' });
  return counts;
}

export interface ApplyOptions {
  /** A mailbox that bounces softly is refused transactional sends for this long (0: no cooldown). */
  bounceCooldownMs: number;
  triggers: EventTriggers;
  now: number;
}

/**
 * Record outcomes in `trx`. Rows other transactions also write (guard rows,
 * suppressions, subscribers) are written in one order — each kind in one
 * statement, sorted — so no two transactions wait on each other in a cycle.
 */
export async function applyEmailOutcomes(trx: Transaction<Database>, outcomes: readonly EmailOutcome[], options: ApplyOptions): Promise<void> {
  if (outcomes.length === 0) return;
  await recordEmailEvents(
    trx,
    outcomes.flatMap((o) => o.events),
  );
  const news = outcomes
    .flatMap((o) =>
      o.events.flatMap((e) =>
        isDeliveryNews(e.type)
          ? [{ ...o.recipient, type: e.type, emailId: o.emailId, at: e.at, triggerWorkflows: o.triggerWorkflows, permanent: bounceOf(e)?.type === 'hard' }]
          : [],
      ),
    )
    .sort(compareGuardKeys);
  if (options.bounceCooldownMs > 0) {
    await startBounceCooldowns(
      trx,
      news
        .filter((n) => n.type === 'bounced' && !n.permanent)
        .map((n) => ({ organizationId: n.organizationId, mailbox: n.mailbox, until: n.at + options.bounceCooldownMs })),
    );
  }
  await suppressAddresses(
    trx,
    news
      .filter((n) => n.type === 'complained' || (n.type === 'bounced' && n.permanent))
      .map((n) => ({
        organizationId: n.organizationId,
        email: n.mailbox,
        reason: n.type === 'complained' ? ('complaint' as const) : ('bounce' as const),
        sourceId: n.emailId,
        at: n.at,
      })),
  );
  await recordDeliveryOutcomes(trx, news, options.triggers);
  await countCampaignEvents(
    trx,
    outcomes.flatMap((o) => (o.campaignId === null ? [] : campaignCounts(o.campaignId, o.events, o.finished))),
    options.now,
  );
}
