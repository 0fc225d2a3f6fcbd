import { z } from 'zod';
import { isValidAddress } from '../emails/address.ts';
import { hasPrefix } from '../ids.ts';

/**
 * The audience's input rules, once: subscriber create/update, tags, events and
 * list filters, as v2 bodies (snake_case) name them. The frozen v1 bodies
 * (camelCase) are the HTTP adapter's dialect, built from subscriberFieldRules.
 */
export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const NAME_MAX = 200;
export const TAG_NAME_MAX = 100;
export const TAGS_PER_REQUEST_MAX = 100;
export const EVENT_NAME_MAX = 100;
/** Serialized size of a subscriber's attributes or an event's properties. */
export const JSON_FIELD_MAX_BYTES = 32 * 1024;

const emailField = z
  .string({ error: 'must be a string' })
  .trim()
  .refine((v) => isValidAddress(v), { error: 'must be a valid email address (addr@example.com)' })
  .meta({ format: 'email' });

const personName = z.string({ error: 'must be a string or null' }).trim().max(NAME_MAX, `must be at most ${NAME_MAX} characters`).nullable();

const jsonObject = (what: string) =>
  z.record(z.string(), z.unknown(), { error: `must be a JSON object of ${what}` }).refine((v) => Buffer.byteLength(JSON.stringify(v)) <= JSON_FIELD_MAX_BYTES, {
    error: `must be at most ${JSON_FIELD_MAX_BYTES} bytes as JSON`,
  });

/** A tag by id or by name, as in `{tag}` and the `tag` filter. */
export const tagRef = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(TAG_NAME_MAX, `must be at most ${TAG_NAME_MAX} characters`);

/** A tag's name. A name shaped like an id could never be found by name, so none may be. */
export const tagName = tagRef.refine((v) => !hasPrefix(v, 'tag'), { error: 'must not look like a tag id (tag_…)' });

const tagList = z.array(tagName, { error: 'must be an array of tag names' }).max(TAGS_PER_REQUEST_MAX, `must hold at most ${TAGS_PER_REQUEST_MAX} tags`);
const status = z.enum(SUBSCRIBER_STATUSES, { error: `must be one of ${SUBSCRIBER_STATUSES.join(', ')}` });
const triggerWorkflows = z.boolean({ error: 'must be true or false' });

/** What a create/upsert or an update may set. Absent = unchanged (attributes merge; a null value removes a key). */
export interface SubscriberChanges {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  status?: SubscriberStatus;
  attributes?: Record<string, unknown>;
  tags?: string[];
}

export interface SubscriberWrite {
  changes: SubscriberChanges;
  /** False: this write starts no workflow (so a webhook's handler cannot set off a cascade). */
  triggerWorkflows: boolean;
}

type Shape = {
  email?: string | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  status?: SubscriberStatus | undefined;
  attributes?: Record<string, unknown> | undefined;
  tags?: string[] | undefined;
  triggerWorkflows?: boolean | undefined;
};

export function toWrite(b: Shape): SubscriberWrite {
  const changes: SubscriberChanges = {};
  if (b.email !== undefined) changes.email = b.email;
  if (b.first_name !== undefined) changes.firstName = b.first_name || null;
  if (b.last_name !== undefined) changes.lastName = b.last_name || null;
  if (b.status !== undefined) changes.status = b.status;
  if (b.attributes !== undefined) changes.attributes = b.attributes;
  if (b.tags !== undefined) changes.tags = b.tags;
  return { changes, triggerWorkflows: b.triggerWorkflows ?? true };
}

const TRIGGER_WORKFLOWS_NOTE = 'false: record the change without starting any workflow (default true).';
const ATTRIBUTES_NOTE = 'Custom fields, merged into the stored ones; a null value removes a key.';

/** What a v2 create/upsert body may hold. */
export const subscriberCreateFields = {
  email: emailField.describe('The address; a subscriber is found by it, compared without regard to case.'),
  first_name: personName.optional(),
  last_name: personName.optional(),
  status: status.optional().describe('subscribed (default for a new subscriber), unsubscribed, bounced or complained.'),
  attributes: jsonObject('custom fields').optional().describe(ATTRIBUTES_NOTE),
  tags: tagList.optional().describe('Tag names to attach (created when new).'),
  triggerWorkflows: triggerWorkflows.optional().describe(TRIGGER_WORKFLOWS_NOTE),
};

/** What a v2 update body may hold: every field optional, tags changed by their own operations. */
export const subscriberUpdateFields = {
  email: emailField.optional().describe('A new address (refused when another subscriber has it).'),
  first_name: personName.optional(),
  last_name: personName.optional(),
  status: status.optional(),
  attributes: jsonObject('custom fields').optional().describe(ATTRIBUTES_NOTE),
  triggerWorkflows: triggerWorkflows.optional().describe(TRIGGER_WORKFLOWS_NOTE),
};

export const subscriberCreateSchema = z.strictObject(subscriberCreateFields).transform(toWrite);

export const subscriberUpdateSchema = z.strictObject(subscriberUpdateFields).transform(toWrite);

/**
 * The rules of a subscriber's fields without their v2 descriptions: a door's
 * own dialect (REST v1, camelCase) builds its bodies from them and maps them
 * onto the same write (toWrite).
 */
export const subscriberFieldRules = {
  email: emailField,
  personName,
  status,
  attributes: jsonObject('custom fields'),
  tags: tagList,
  triggerWorkflows,
};

export const tagsBodyFields = {
  tags: tagList.min(1, 'must name at least one tag').describe('Tag names.'),
  triggerWorkflows: triggerWorkflows.optional().describe(TRIGGER_WORKFLOWS_NOTE),
};
export const tagsBodySchema = z.strictObject(tagsBodyFields);

export const unsubscribeBodyFields = { triggerWorkflows: triggerWorkflows.optional().describe(TRIGGER_WORKFLOWS_NOTE) };
export const unsubscribeBodySchema = z.strictObject(unsubscribeBodyFields);

export const tagCreateSchema = z.strictObject({ name: tagName.describe(`The tag's name, 1–${TAG_NAME_MAX} characters, unique in the organization.`) });

/**
 * Names of the events the platform records itself. A caller may not record them:
 * a workflow waiting for `tag_added` or `subscriber_created` must only start when
 * that really happened.
 */
export const PLATFORM_EVENT_NAMES: ReadonlySet<string> = new Set([
  'subscriber_created',
  'tag_added',
  'tag_removed',
  ...SUBSCRIBER_STATUSES,
  'email_delivered',
  'email_bounced',
  'email_complained',
]);

export const eventCreateSchema = z.strictObject({
  email: emailField.describe('The subscriber the event happened to; created (subscribed) when there is none with this address.'),
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(EVENT_NAME_MAX, `must be at most ${EVENT_NAME_MAX} characters`)
    .refine((v) => !PLATFORM_EVENT_NAMES.has(v), { error: 'is the name of an event the platform records itself; choose another name' }),
  properties: jsonObject('event properties').optional().describe('Anything worth keeping with the event (an order id, a plan name).'),
  triggerWorkflows: triggerWorkflows.optional().describe(TRIGGER_WORKFLOWS_NOTE),
});
export type EventCreate = z.output<typeof eventCreateSchema>;

/** Filters of the subscriber list (status, tag, query); paging (limit, after, before) is separate. */
export const subscriberFilterFields = {
  status: status.optional().describe('Only subscribers with this status.'),
  tag: tagRef.optional().describe('Only subscribers with this tag (id or name).'),
  query: z
    .string({ error: 'must be a string' })
    .trim()
    .max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
    .optional()
    .describe('Only subscribers whose email or name contains this text (case-insensitive).'),
};
export const subscriberFilterSchema = z.object(subscriberFilterFields);
export type SubscriberFilter = z.output<typeof subscriberFilterSchema>;
