// What creating and changing a webhook takes (v2, snake_case), and the event
// types a webhook may subscribe to.
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.bounced',
  'email.complained',
  'email.failed',
  'email.opened',
  'email.clicked',
  'email.received',
  'subscriber.created',
  'subscriber.updated',
  'subscriber.unsubscribed',
  'campaign.sent',
  'suppression.added',
  'suppression.removed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX = 2048;

const url = z
  .string()
  .max(WEBHOOK_URL_MAX)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const parsed = new URL(value);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === '' && parsed.hash === '';
  }, 'must be an absolute http or https URL, without credentials or a fragment')
  .meta({ format: 'uri' })
  .describe('Where the events are POSTed. Private, loopback and link-local addresses are refused unless the server allows them (WEBHOOK_ALLOW_PRIVATE).');

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: (issue) => `unknown event type ${JSON.stringify(issue.input)}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe(`The event types to receive: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);

export const webhookCreateSchema = z.strictObject({ url, events });
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean().optional().describe('false pauses deliveries: events are not recorded for it while disabled.'),
});
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;
