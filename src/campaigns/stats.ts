import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { publishToSubscribers } from '../webhooks/index.ts';
import { addCampaignStats, markCampaignsSent } from './campaign.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A campaign's stats are counters on its row, moved by the events as they
 * happen (in the transaction that records the event), never recomputed by
 * scanning its recipients. `finished` counts recipients whose delivery has an
 * outcome: the campaign is sent when every recipient has one.
 */
export type CampaignCounter = 'sent' | 'delivered' | 'bounced' | 'complained' | 'failed' | 'opened' | 'clicked' | 'unsubscribed' | 'finished';

export interface CampaignCount {
  campaignId: string;
  counter: CampaignCounter;
  n?: number;
}

/** The email events that move a counter, by event type. */
export const COUNTED_EVENTS: Readonly<Record<string, CampaignCounter>> = {
  sent: 'sent',
  delivered: 'delivered',
  bounced: 'bounced',
  complained: 'complained',
  failed: 'failed',
  opened: 'opened',
  clicked: 'clicked',
};

/** Add these counts: one statement per campaign, campaigns in id order (so concurrent writers lock rows in one order). */
export async function countCampaignEvents(db: Db, counts: readonly CampaignCount[], now: number): Promise<void> {
  const byCampaign = new Map<string, Map<CampaignCounter, number>>();
  for (const c of counts) {
    const counters = byCampaign.get(c.campaignId) ?? new Map<CampaignCounter, number>();
    counters.set(c.counter, (counters.get(c.counter) ?? 0) + (c.n ?? 1));
    byCampaign.set(c.campaignId, counters);
  }
  const ids = [...byCampaign.keys()].sort();
  for (const id of ids) await addCampaignStats(db, id, byCampaign.get(id)!, now);
  const finishing = ids.filter((id) => byCampaign.get(id)!.has('finished'));
  if (finishing.length > 0) await markSentWhenDone(db, finishing, now);
}

/**
 * A sending campaign whose fan-out is over and whose every recipient has an
 * outcome is sent. Checked by whichever comes last: the last outcome, or the
 * end of the fan-out (a campaign of fixtures can be delivered before it ends).
 */
export async function markSentWhenDone(db: Db, campaignIds: readonly string[], now: number): Promise<void> {
  const sent = await markCampaignsSent(db, campaignIds, now);
  // campaign.sent, to the webhooks that want it, in this same transaction.
  await publishToSubscribers(
    db,
    sent.map((c) => ({
      organizationId: c.organization_id,
      type: 'campaign.sent' as const,
      at: now,
      data: { campaign_id: c.id, name: c.name, subject: c.subject, recipients: Number(c.stat_recipients), sent_at: new Date(now).toISOString() },
    })),
    now,
  );
}
