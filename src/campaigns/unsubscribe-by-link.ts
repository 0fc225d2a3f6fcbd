import type { Kysely } from 'kysely';
import { findSubscriberById, type AudienceService } from '../audience/index.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { countCampaignEvents } from './stats.ts';
import { TEST_COPY_TOKEN, type UnsubscribeLinks } from './unsubscribe-links.ts';

/** What an unsubscribe link leads to, for its confirmation page. */
export type UnsubscribeTarget = { kind: 'subscriber'; email: string; status: string } | { kind: 'test_copy' };

export interface UnsubscribeByLink {
  /** See CampaignService.readUnsubscribeLink. */
  read(token: string): Promise<UnsubscribeTarget>;
  /** See CampaignService.unsubscribeByLink. */
  unsubscribe(token: string): Promise<UnsubscribeTarget>;
}

function target(subscriber: { email: string; status: string }): UnsubscribeTarget {
  return { kind: 'subscriber', email: subscriber.email, status: subscriber.status };
}

export function createUnsubscribeByLink(db: Kysely<Database>, clock: Clock, links: UnsubscribeLinks, audience: AudienceService): UnsubscribeByLink {
  /** The subscriber an unsubscribe token names, or not_found. */
  async function linked(token: string) {
    if (token === TEST_COPY_TOKEN) return { test: true as const };
    const ref = await links.read(token);
    const subscriber = ref && (await findSubscriberById(db, ref.subscriberId));
    if (!ref || !subscriber) throw new AppError('not_found', 'This unsubscribe link is not valid');
    return { test: false as const, ref, subscriber };
  }

  return {
    async read(token) {
      const found = await linked(token);
      return found.test ? { kind: 'test_copy' } : target(found.subscriber);
    },

    async unsubscribe(token) {
      const found = await linked(token);
      if (found.test) return { kind: 'test_copy' };
      const { ref, subscriber } = found;
      if (subscriber.status === 'unsubscribed') return target(subscriber);
      const record = await audience.unsubscribe({ organizationId: subscriber.organization_id }, subscriber.id, {
        properties: { campaign_id: ref.campaignId, via: 'unsubscribe_link' },
        whenChanged: (trx) => countCampaignEvents(trx, [{ campaignId: ref.campaignId, counter: 'unsubscribed' }], clock.now()),
      });
      return target(record);
    },
  };
}
