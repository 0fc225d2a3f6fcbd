// Webhooks and their deliveries as the API shows them (v2, snake_case).
import { z } from 'zod';
import type { WebhookDeliveriesTable, WebhooksTable } from '../db/schema.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-input.ts';

export const webhookRecordSchema = z.object({
  object: z.literal('webhook'),
  id: z.string().describe('whk_…'),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookRecord = z.infer<typeof webhookRecordSchema>;

export const createdWebhookSchema = webhookRecordSchema.extend({
  secret: z
    .string()
    .describe('whsec_…: the signing secret (Standard Webhooks). Verify each delivery with it; an admin can read it again with get_webhook_secret.'),
});

export const webhookSecretSchema = z.object({
  object: z.literal('webhook_secret'),
  id: z.string().describe('The webhook (whk_…).'),
  secret: z.string().describe('whsec_…: the signing secret (Standard Webhooks) every delivery to this webhook is signed with.'),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** The event test_webhook sends: no webhook subscribes to it, every webhook can be sent it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;

export const webhookTestResultSchema = z.object({
  object: z.literal('webhook_test'),
  id: z.string().describe('whd_…: the webhook-id header the test event was sent with.'),
  webhook_id: z.string(),
  event_type: z.literal(WEBHOOK_TEST_EVENT),
  url: z.string().describe('Where it was sent.'),
  status: z.enum(['delivered', 'failed']).describe('delivered: the endpoint answered 2xx; failed: anything else, or no answer.'),
  response_status: z.number().int().nullable().describe('The HTTP status of the answer; null if there was none.'),
  response_excerpt: z.string().describe("The start of the answer's body, or why there was no answer."),
  created_at: z.string().describe('When it was sent (ISO 8601).'),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const webhookDeletedSchema = z.object({ object: z.literal('webhook'), id: z.string(), deleted: z.literal(true) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliveryRecordSchema = z.object({
  object: z.literal('webhook_delivery'),
  id: z.string().describe('whd_…: also the webhook-id header, the same on every attempt.'),
  webhook_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES)
    .describe('pending (to be tried, or tried again), delivered (a 2xx answer), failed (out of attempts, or refused for good).'),
  attempts: z.number().int(),
  response_status: z.number().int().nullable().describe('The HTTP status of the last answer; null if there was none.'),
  response_excerpt: z.string().nullable().describe("The start of the last answer's body, or why there was no answer."),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecordSchema>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toWebhookRecord(row: Pick<WebhooksTable, 'id' | 'url' | 'events' | 'enabled' | 'created_at' | 'updated_at'>): WebhookRecord {
  return {
    object: 'webhook',
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: Number(row.enabled) === 1,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export function toWebhookDeliveryRecord(row: WebhookDeliveriesTable): WebhookDeliveryRecord {
  return {
    object: 'webhook_delivery',
    id: row.id,
    webhook_id: row.webhook_id,
    event_type: row.event_type as WebhookEventType,
    status: row.status as WebhookDeliveryRecord['status'],
    attempts: Number(row.attempts),
    response_status: row.response_status === null ? null : Number(row.response_status),
    response_excerpt: row.response_excerpt,
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
