// Publishing an event to the webhooks subscribed to it: a delivery row and a
// queue job per webhook, written with the caller's transaction, so an event and
// its deliveries commit (or roll back) together. An organization without
// webhooks costs one indexed query per batch of events, and nothing more.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { enqueueJobs } from '../queue/index.ts';
import type { WebhookEventType } from './webhook-input.ts';
import { findEnabledWebhooks, insertDeliveries } from './webhook.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

/** One event, as its webhooks receive it: `{type, timestamp, data}` (Standard Webhooks' recommended shape). */
export interface WebhookEvent {
  organizationId: string;
  type: WebhookEventType;
  at: number;
  data: Record<string, unknown>;
}

/** Which enabled webhooks of some organizations want which event types. */
export interface WebhookSubscriptions {
  wants(organizationId: string, type: WebhookEventType): boolean;
  readonly empty: boolean;
  /** The webhooks of this organization subscribed to this type. */
  of(organizationId: string, type: WebhookEventType): readonly string[];
  /** A webhook's endpoint (scheme, host and port): a worker runs only so many deliveries to one at once. */
  endpointOf(webhookId: string): string;
  /** Until when a webhook's endpoint is paused (it kept failing); 0 when it is not. */
  pausedUntil(webhookId: string): number;
}

/** The endpoint of a webhook URL: its origin, as deliveries to one receiver are bounded together. */
export const webhookEndpoint = (url: string) => new URL(url).origin;

/** The enabled webhooks of these organizations (one query), to ask what they want before building payloads. */
export async function loadSubscriptions(db: Db, organizationIds: Iterable<string>): Promise<WebhookSubscriptions> {
  const rows = await findEnabledWebhooks(db, [...new Set(organizationIds)]);
  const byKey = new Map<string, string[]>();
  const endpoints = new Map<string, string>();
  const paused = new Map<string, number>();
  for (const row of rows) {
    endpoints.set(row.id, webhookEndpoint(row.url));
    if (row.paused_until !== null) paused.set(row.id, Number(row.paused_until));
    for (const type of JSON.parse(row.events) as string[]) {
      const key = `${row.organization_id} ${type}`;
      byKey.set(key, [...(byKey.get(key) ?? []), row.id]);
    }
  }
  return {
    empty: rows.length === 0,
    wants: (organizationId, type) => byKey.has(`${organizationId} ${type}`),
    of: (organizationId, type) => byKey.get(`${organizationId} ${type}`) ?? [],
    endpointOf: (webhookId) => endpoints.get(webhookId)!,
    pausedUntil: (webhookId) => paused.get(webhookId) ?? 0,
  };
}

/** Write a delivery (and its job) for every webhook subscribed to each event. */
export async function publishWebhookEvents(db: Db, subscriptions: WebhookSubscriptions, events: readonly WebhookEvent[], now: number): Promise<void> {
  if (subscriptions.empty) return;
  const deliveries = events.flatMap((event) => {
    const hooks = subscriptions.of(event.organizationId, event.type);
    if (hooks.length === 0) return [];
    const payload = JSON.stringify({ type: event.type, timestamp: new Date(event.at).toISOString(), data: event.data });
    return hooks.map((webhookId) => ({
      id: newId('whd', now),
      webhook_id: webhookId,
      organization_id: event.organizationId,
      event_type: event.type,
      payload,
      status: 'pending',
      attempts: 0,
      response_status: null,
      response_excerpt: null,
      // A paused endpoint's new deliveries wait with the others.
      next_attempt_at: Math.max(now, subscriptions.pausedUntil(webhookId)),
      created_at: now,
      updated_at: now,
    }));
  });
  if (deliveries.length === 0) return;
  await insertDeliveries(db, deliveries);
  await enqueueJobs(
    db,
    deliveries.map((d) => ({
      kind: WEBHOOK_DELIVERY_JOB,
      refId: d.id,
      runAt: d.next_attempt_at,
      organizationId: d.organization_id,
      group: subscriptions.endpointOf(d.webhook_id),
    })),
    now,
  );
}

/** Load the subscriptions of the events' organizations and publish them: for callers with payloads at hand. */
export async function publishToSubscribers(db: Db, events: readonly WebhookEvent[], now: number): Promise<void> {
  if (events.length === 0) return;
  await publishWebhookEvents(
    db,
    await loadSubscriptions(
      db,
      events.map((e) => e.organizationId),
    ),
    events,
    now,
  );
}
