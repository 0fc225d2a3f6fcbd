import { z } from 'zod';
import { subscriberFieldRules, toWrite, type SubscriberWrite } from '../../../src/index.ts';

// The frozen v1 subscriber bodies: camelCase names for the v2 fields, mapped
// here onto the write the core takes.

const { email, personName, status, attributes, tags, triggerWorkflows } = subscriberFieldRules;

type V1Fields = {
  email?: string | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  status?: z.output<typeof status> | undefined;
  attributes?: Record<string, unknown> | undefined;
  tags?: string[] | undefined;
  triggerWorkflows?: boolean | undefined;
};

const fromV1 = (b: V1Fields): SubscriberWrite =>
  toWrite({
    email: b.email,
    first_name: b.firstName,
    last_name: b.lastName,
    status: b.status,
    attributes: b.attributes,
    tags: b.tags,
    triggerWorkflows: b.triggerWorkflows,
  });

/** POST /api/v1/subscribers body (an upsert). */
export const subscriberCreateSchemaV1 = z
  .strictObject({
    email,
    firstName: personName.optional(),
    lastName: personName.optional(),
    status: status.optional(),
    attributes: attributes.optional(),
    tags: tags.optional(),
    triggerWorkflows: triggerWorkflows.optional(),
  })
  .transform(fromV1);

/** PATCH /api/v1/subscribers/{subscriber} body. */
export const subscriberUpdateSchemaV1 = z
  .strictObject({
    email: email.optional(),
    firstName: personName.optional(),
    lastName: personName.optional(),
    status: status.optional(),
    attributes: attributes.optional(),
    triggerWorkflows: triggerWorkflows.optional(),
  })
  .transform(fromV1);
