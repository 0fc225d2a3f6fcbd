import { z } from 'zod';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import {
  createdWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  webhookCreateSchema,
  webhookDeletedSchema,
  webhookDeliveryRecordSchema,
  webhookRecordSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
  webhookUpdateSchema,
  WEBHOOK_TEST_EVENT,
} from '../webhooks/index.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

const webhookId = z.string().describe('The webhook id (whk_…).');
const EXAMPLE_ID = 'whk_01jd3zq8x6v5t0n2c4b7m9k1pq';
const SIGNING_NOTE =
  "Each event is POSTed as {type, timestamp, data}, signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature headers) with the webhook's whsec_ secret; a delivery that does not get a 2xx is tried again for about a day, then marked failed.";

export const createWebhook = defineOperation({
  name: 'create_webhook',
  summary: 'Subscribe a URL to events',
  resource: 'webhooks',
  description: [
    `Creates a webhook: the URL receives the event types given (${WEBHOOK_EVENT_TYPES.join(', ')}).`,
    SIGNING_NOTE,
    'The answer holds the signing secret (secret); an admin can read it again with get_webhook_secret.',
    QUOTA_NOTE,
  ].join(' '),
  input: webhookCreateSchema,
  output: createdWebhookSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: [],
  example: { url: 'https://example.com/mailgate-events', events: ['email.delivered', 'email.bounced'] },
  run: ({ services, scope }, input) => services.webhooks.create(scope, input),
});

export const listWebhooks = defineOperation({
  name: 'list_webhooks',
  summary: 'List webhooks, newest first',
  resource: 'webhooks',
  description: [
    "Returns a page of the organization's webhooks (never their secrets), newest first.",
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('whk', {}),
  output: listEnvelope(webhookRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.webhooks.list(scope, pageOf(input)),
});

export const getWebhook = defineOperation({
  name: 'get_webhook',
  summary: 'Get one webhook',
  resource: 'webhooks',
  description: ['Returns the webhook: its URL, event types and whether it is enabled (never its secret).', QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: webhookId }),
  output: webhookRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.webhooks.get(scope, input.id),
});

export const updateWebhook = defineOperation({
  name: 'update_webhook',
  summary: 'Change a webhook',
  resource: 'webhooks',
  description: [
    'Changes the fields given: its URL, its event types, or enabled (false pauses it: events are not recorded for it while disabled).',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: webhookId, ...webhookUpdateSchema.shape }),
  output: webhookRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID, enabled: false },
  run: ({ services, scope }, { id, ...changes }) => services.webhooks.update(scope, id, changes),
});

export const deleteWebhook = defineOperation({
  name: 'delete_webhook',
  summary: 'Delete a webhook',
  resource: 'webhooks',
  description: ['Deletes the webhook and its deliveries: nothing more is sent to it, pending deliveries included.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: webhookId }),
  output: webhookDeletedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.webhooks.remove(scope, input.id),
});

export const listWebhookDeliveries = defineOperation({
  name: 'list_webhook_deliveries',
  summary: "List a webhook's recent deliveries, newest first",
  resource: 'webhooks',
  description: [
    "Returns a page of the webhook's deliveries, newest first: the event type, status (pending, delivered, failed), attempts, the last answer's HTTP status and the start of its body, and when it is tried next.",
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('whd', { id: webhookId }),
  output: listEnvelope(webhookDeliveryRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID, limit: 20 },
  run: ({ services, scope }, input) => services.webhooks.listDeliveries(scope, input.id, pageOf(input)),
});

export const getWebhookSecret = defineOperation({
  name: 'get_webhook_secret',
  summary: "Get a webhook's signing secret",
  resource: 'webhooks',
  description: [
    'Returns the whsec_ secret every delivery to this webhook is signed with (Standard Webhooks), for the endpoint that checks signatures.',
    'It changes nothing, but reveals a secret: only a caller who may change webhooks (an admin, or a token with full permission) may read it.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: webhookId }),
  output: webhookSecretSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  access: 'write',
  errors: ['forbidden', 'not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.webhooks.secret(scope, input.id),
});

export const testWebhook = defineOperation({
  name: 'test_webhook',
  summary: 'Send a test event to a webhook now',
  resource: 'webhooks',
  description: [
    `POSTs a ${WEBHOOK_TEST_EVENT} event ({type, timestamp, data: {webhook_id, message}}) to the webhook's URL at once, signed as every delivery is, whether the webhook is enabled or not, and answers what came of it: delivered (a 2xx) or failed, the HTTP status and the start of the answer.`,
    'Nothing is stored or retried, and a failure does not count against the endpoint; use it to check a receiver before events flow.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: webhookId }),
  output: webhookTestResultSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.webhooks.test(scope, input.id),
});
