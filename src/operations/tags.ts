import { z } from 'zod';
import { tagCreateSchema, tagRecordSchema } from '../audience/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

export const listTags = defineOperation({
  name: 'list_tags',
  summary: 'List tags, newest first',
  resource: 'tags',
  description: [
    "Returns a page of the organization's tags with how many subscribers each has, newest first.",
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('tag', {}),
  output: listEnvelope(tagRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.audience.listTags(scope, pageOf(input)),
});

export const createTag = defineOperation({
  name: 'create_tag',
  summary: 'Create a tag',
  resource: 'tags',
  description: [
    'Creates a tag with this name, attached to nobody yet. A name that exists already is refused (conflict).',
    'Tags are also created on the fly by add_tags and upsert_subscriber; create one ahead when a workflow should wait for it.',
    QUOTA_NOTE,
  ].join(' '),
  input: tagCreateSchema,
  output: tagRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: ['conflict'],
  example: { name: 'newsletter' },
  run: ({ services, scope }, input) => services.audience.createTag(scope, input.name),
});

export const getTag = defineOperation({
  name: 'get_tag',
  summary: 'Get one tag by id or name',
  resource: 'tags',
  description: ['Returns the tag with this id or name and how many subscribers have it.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ tag: z.string().describe('The tag: its id (tag_…) or its name.') }),
  output: tagRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { tag: 'customers' },
  run: ({ services, scope }, input) => services.audience.getTag(scope, input.tag),
});
