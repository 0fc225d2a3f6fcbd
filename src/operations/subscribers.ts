import { z } from 'zod';
import {
  subscriberCreateFields,
  subscriberEventRecordSchema,
  subscriberFilterFields,
  subscriberRecordSchema,
  subscriberUpdateFields,
  tagsBodyFields,
  toWrite,
  unsubscribeBodyFields,
} from '../audience/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { Created, defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

const subscriberRef = z.string().describe('The subscriber: its id (sub_…) or its email address.');

const WORKFLOWS_NOTE = 'Changes start the workflows they trigger unless triggerWorkflows is false.';

export const upsertSubscriber = defineOperation({
  name: 'upsert_subscriber',
  summary: 'Create a subscriber, or update the one with this email',
  resource: 'subscribers',
  description: [
    'Creates a subscriber with this email address (subscribed unless a status is given), or updates the one that already has it: names and status are set, attributes are merged (a null value removes a key), tags are attached.',
    'Use it to add people to the audience, e.g. after a sign-up form; it is safe to repeat.',
    `Returns the subscriber. ${WORKFLOWS_NOTE}`,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject(subscriberCreateFields).transform(toWrite),
  output: subscriberRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { email: 'ada@example.com', first_name: 'Ada', attributes: { plan: 'pro' }, tags: ['customers'] },
  run: async ({ services, scope }, write) => {
    const { subscriber, created } = await services.audience.upsertSubscriber(scope, write);
    return created ? new Created(subscriber) : subscriber;
  },
});

export const getSubscriber = defineOperation({
  name: 'get_subscriber',
  summary: 'Get one subscriber by id or email',
  resource: 'subscribers',
  description: ['Returns the subscriber with this id or email address: status, names, attributes and tags.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ subscriber: subscriberRef }),
  output: subscriberRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { subscriber: 'ada@example.com' },
  run: ({ services, scope }, input) => services.audience.getSubscriber(scope, input.subscriber),
});

export const listSubscribers = defineOperation({
  name: 'list_subscribers',
  summary: 'List subscribers, filtered by status, tag or text',
  resource: 'subscribers',
  description: [
    'Returns a page of subscribers, newest first, optionally only those with a status, a tag, or an email or name containing some text.',
    'Page with limit and the after/before cursors: has_more says whether another page follows; pass the last id as after to get it.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('sub', subscriberFilterFields),
  output: listEnvelope(subscriberRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { status: 'subscribed', tag: 'customers', limit: 50 },
  run: ({ services, scope }, { status, tag, query, ...page }) =>
    services.audience.listSubscribers(
      scope,
      { ...(status !== undefined ? { status } : {}), ...(tag !== undefined ? { tag } : {}), ...(query !== undefined ? { query } : {}) },
      pageOf(page),
    ),
});

export const updateSubscriber = defineOperation({
  name: 'update_subscriber',
  summary: 'Change a subscriber: email, names, status, attributes',
  resource: 'subscribers',
  description: [
    'Changes the fields given and leaves the others as they are; attributes are merged (a null value removes a key). Changing email to one another subscriber has is refused (conflict).',
    `Use add_tags and remove_tags for tags, unsubscribe_subscriber to unsubscribe. ${WORKFLOWS_NOTE}`,
    QUOTA_NOTE,
  ].join(' '),
  input: z
    .strictObject({ subscriber: subscriberRef, ...subscriberUpdateFields })
    .transform(({ subscriber, ...fields }) => ({ ref: subscriber, write: toWrite(fields) })),
  output: subscriberRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found', 'conflict'],
  example: { subscriber: 'ada@example.com', last_name: 'Lovelace', attributes: { plan: 'team' } },
  run: ({ services, scope }, input) => services.audience.updateSubscriber(scope, input.ref, input.write),
});

export const unsubscribeSubscriber = defineOperation({
  name: 'unsubscribe_subscriber',
  summary: 'Unsubscribe a subscriber',
  resource: 'subscribers',
  description: [
    "Sets the subscriber's status to unsubscribed and records when; they keep their data and tags, and campaigns no longer reach them.",
    `Repeating it changes nothing. ${WORKFLOWS_NOTE}`,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ subscriber: subscriberRef, ...unsubscribeBodyFields }),
  output: subscriberRecordSchema,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { subscriber: 'ada@example.com' },
  run: ({ services, scope }, { subscriber, triggerWorkflows }) =>
    services.audience.unsubscribe(scope, subscriber, triggerWorkflows === undefined ? {} : { triggerWorkflows }),
});

export const addTags = defineOperation({
  name: 'add_tags',
  summary: 'Attach tags to a subscriber',
  resource: 'subscribers',
  description: [
    'Attaches the named tags to the subscriber, creating tags that do not exist yet; a tag already attached is left as it is.',
    `Returns the subscriber. ${WORKFLOWS_NOTE} (a workflow may start when a tag is added).`,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ subscriber: subscriberRef, ...tagsBodyFields }),
  output: subscriberRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { subscriber: 'ada@example.com', tags: ['beta'] },
  run: ({ services, scope }, { subscriber, tags, triggerWorkflows }) =>
    services.audience.addTags(scope, subscriber, tags, triggerWorkflows === undefined ? {} : { triggerWorkflows }),
});

export const removeTags = defineOperation({
  name: 'remove_tags',
  summary: 'Detach tags from a subscriber',
  resource: 'subscribers',
  description: [
    'Detaches the named tags from the subscriber; a tag it does not have, or that does not exist, is not an error. The tags themselves remain.',
    `Returns the subscriber. ${WORKFLOWS_NOTE}`,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ subscriber: subscriberRef, ...tagsBodyFields }),
  output: subscriberRecordSchema,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { subscriber: 'ada@example.com', tags: ['beta'] },
  run: ({ services, scope }, { subscriber, tags, triggerWorkflows }) =>
    services.audience.removeTags(scope, subscriber, tags, triggerWorkflows === undefined ? {} : { triggerWorkflows }),
});

export const listSubscriberEvents = defineOperation({
  name: 'list_subscriber_events',
  summary: "List a subscriber's events, newest first",
  resource: 'subscribers',
  description: [
    'Returns a page of what happened to a subscriber, newest first: events recorded with track_event, and those the platform records itself (subscriber_created, tag_added, tag_removed, status changes such as unsubscribed, email_delivered, email_bounced).',
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('evt', { subscriber: subscriberRef }),
  output: listEnvelope(subscriberEventRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { subscriber: 'ada@example.com', limit: 20 },
  run: ({ services, scope }, { subscriber, ...page }) => services.audience.listSubscriberEvents(scope, subscriber, pageOf(page)),
});
