import { eventCreateSchema, subscriberEventRecordSchema } from '../audience/index.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

export const trackEvent = defineOperation({
  name: 'track_event',
  summary: 'Record an event for a subscriber',
  resource: 'events',
  description: [
    'Records that something happened to the subscriber with this email (created, subscribed, when there is none): a name of your choosing (signed_up, order_placed) and any properties.',
    'Workflows whose trigger is this event name start for the subscriber, unless triggerWorkflows is false. Names the platform records itself (subscriber_created, tag_added, unsubscribed, …) are refused.',
    'Returns the event.',
    QUOTA_NOTE,
  ].join(' '),
  input: eventCreateSchema,
  output: subscriberEventRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: [],
  example: { email: 'ada@example.com', name: 'order_placed', properties: { order_id: 'A-1001', total: 42 } },
  run: ({ services, scope }, input) => services.audience.recordEvent(scope, input),
});
