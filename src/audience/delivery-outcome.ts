import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SubscribersTable } from '../db/schema.ts';
import { mailboxKey } from '../emails/address.ts';
import type { EventTriggers } from './event-triggers.ts';
import { recordEvents } from './record-events.ts';
import { publishSubscriberChange } from './subscriber-webhooks.ts';
import { findSubscribersByEmails, type NewSubscriberEvent } from './audience.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

const EVENT_OF = { delivered: 'email_delivered', bounced: 'email_bounced', complained: 'email_complained' } as const;

/** The names of the events delivery records on subscribers. */
export const DELIVERY_EVENT_NAMES: readonly string[] = Object.values(EVENT_OF);
export type DeliveryOutcomeType = keyof typeof EVENT_OF;

export interface DeliveryOutcome {
  organizationId: string;
  mailbox: string;
  type: DeliveryOutcomeType;
  emailId: string;
  at: number;
  /** False for a workflow's own email: its delivery must not start the workflow again (and again). */
  triggerWorkflows: boolean;
  /**
   * For a bounce: whether the address is gone for good. Only a hard bounce
   * changes the subscriber's status; a soft one is an event on it and no more.
   */
  permanent?: boolean;
}

/**
 * What delivery learned about an address, on its subscriber (if the organization
 * has one with that email): an event, and for a hard bounce or a complaint the
 * status that keeps marketing away from it (announced as `subscriber.updated`). Runs in the delivery outcome's transaction;
 * the events go to `triggers` there too (unless the outcome says not to).
 */
export async function recordDeliveryOutcome(trx: Db, outcome: DeliveryOutcome, triggers: EventTriggers): Promise<void> {
  await recordDeliveryOutcomes(trx, [outcome], triggers);
}

/** Emails looked up per statement. */
const LOOKUP_CHUNK = 500;

/**
 * The same for several outcomes, in their order: their subscribers are found
 * with one query per organization (most recipients are no subscriber at all),
 * then each outcome is recorded on its own.
 */
export async function recordDeliveryOutcomes(trx: Db, outcomes: readonly DeliveryOutcome[], triggers: EventTriggers): Promise<void> {
  if (outcomes.length === 0) return;
  const keyOf = (organizationId: string, mailbox: string) => `${organizationId}\u0000${mailboxKey(mailbox)}`;
  const byOrganization = new Map<string, Set<string>>();
  for (const o of outcomes) {
    const set = byOrganization.get(o.organizationId) ?? new Set<string>();
    set.add(mailboxKey(o.mailbox));
    byOrganization.set(o.organizationId, set);
  }
  const subscribers = new Map<string, SubscribersTable>();
  for (const [organizationId, mailboxes] of byOrganization) {
    const list = [...mailboxes];
    for (let i = 0; i < list.length; i += LOOKUP_CHUNK) {
      for (const row of await findSubscribersByEmails(trx, organizationId, list.slice(i, i + LOOKUP_CHUNK))) {
        subscribers.set(keyOf(organizationId, row.email_key), row);
      }
    }
  }
  for (const outcome of outcomes) {
    const subscriber = subscribers.get(keyOf(outcome.organizationId, outcome.mailbox));
    if (subscriber) await recordOn(trx, subscriber, outcome, triggers);
  }
}

async function recordOn(trx: Db, subscriber: SubscribersTable, outcome: DeliveryOutcome, triggers: EventTriggers): Promise<void> {
  const events: NewSubscriberEvent[] = [
    {
      organizationId: outcome.organizationId,
      subscriberId: subscriber.id,
      name: EVENT_OF[outcome.type],
      properties: { email_id: outcome.emailId },
      at: outcome.at,
    },
  ];
  const status = outcome.type === 'complained' || (outcome.type === 'bounced' && outcome.permanent !== false) ? outcome.type : null;
  if (status !== null && subscriber.status === 'subscribed') {
    await trx.updateTable('subscribers').set({ status, updated_at: outcome.at }).where('id', '=', subscriber.id).execute();
    const before = { ...subscriber };
    // A later outcome for the same subscriber in this batch sees the new status.
    subscriber.status = status;
    subscriber.updated_at = outcome.at;
    await publishSubscriberChange(trx, before, subscriber, false, outcome.at);
    events.push({
      organizationId: outcome.organizationId,
      subscriberId: subscriber.id,
      name: outcome.type,
      properties: { previous_status: 'subscribed', email_id: outcome.emailId },
      at: outcome.at,
    });
  }
  // Delivery news is an event like any other: workflows waiting for it start.
  await recordEvents(triggers, trx, events, outcome.triggerWorkflows, outcome.at);
}
