// Recording subscriber events and handing them to the triggers port (workflows
// start) in the same transaction: one place for every caller in audience.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertSubscriberEvents, type NewSubscriberEvent } from './audience.repository.ts';
import type { EventTriggers } from './event-triggers.ts';

/** Record events and, when `trigger`, hand them to the triggers in the same transaction; returns what was inserted. */
export async function recordEvents(
  triggers: EventTriggers,
  trx: Kysely<Database> | Transaction<Database>,
  events: NewSubscriberEvent[],
  trigger: boolean,
  now: number,
  chainDepth = 0,
) {
  const inserted = await insertSubscriberEvents(trx, events);
  if (trigger) {
    await triggers.onEvents(
      trx,
      inserted.map(({ id, event }) => ({
        id,
        organizationId: event.organizationId,
        subscriberId: event.subscriberId,
        name: event.name,
        properties: event.properties,
      })),
      now,
      chainDepth,
    );
  }
  return inserted;
}
