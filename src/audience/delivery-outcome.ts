import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { startWorkflowRuns } from '../workflows/triggers.ts';
import { findSubscriberByEmail, insertSubscriberEvents, type NewSubscriberEvent } from './audience.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

const EVENT_OF = { delivered: 'email_delivered', bounced: 'email_bounced', complained: 'email_complained' } as const;

/** The names of the events delivery records on subscribers. */
export const DELIVERY_EVENT_NAMES: readonly string[] = Object.values(EVENT_OF);
export type DeliveryOutcomeType = keyof typeof EVENT_OF;

/**
 * What delivery learned about an address, on its subscriber (if the organization
 * has one with that email): an event, and for a bounce or complaint the status
 * that keeps marketing away from it. Runs in the delivery outcome's transaction.
 */
export async function recordDeliveryOutcome(
  trx: Db,
  outcome: {
    organizationId: string;
    mailbox: string;
    type: DeliveryOutcomeType;
    emailId: string;
    at: number;
    /** False for a workflow's own email: its delivery must not start the workflow again (and again). */
    triggerWorkflows: boolean;
  },
): Promise<void> {
  const subscriber = await findSubscriberByEmail(trx, outcome.organizationId, outcome.mailbox);
  if (!subscriber) return;
  const events: NewSubscriberEvent[] = [
    { organizationId: outcome.organizationId, subscriberId: subscriber.id, name: EVENT_OF[outcome.type], properties: { email_id: outcome.emailId }, at: outcome.at },
  ];
  if (outcome.type !== 'delivered' && subscriber.status === 'subscribed') {
    await trx.updateTable('subscribers').set({ status: outcome.type, updated_at: outcome.at }).where('id', '=', subscriber.id).execute();
    events.push({
      organizationId: outcome.organizationId,
      subscriberId: subscriber.id,
      name: outcome.type,
      properties: { previous_status: 'subscribed', email_id: outcome.emailId },
      at: outcome.at,
    });
  }
  const inserted = await insertSubscriberEvents(trx, events);
  if (!outcome.triggerWorkflows) return;
  // Delivery news is an event like any other: workflows waiting for it start.
  await startWorkflowRuns(
    trx,
    inserted.map(({ id, event }) => ({ id, organizationId: event.organizationId, subscriberId: event.subscriberId, name: event.name, properties: event.properties })),
    outcome.at,
  );
}
