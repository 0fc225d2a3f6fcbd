import type { FastifyInstance } from 'fastify';
import {
  eventCreateSchema,
  parseBody,
  parseSubscriberListQuery,
  parseV1PageRequest,
  subscriberCreateSchemaV1,
  subscriberUpdateSchemaV1,
  tagCreateSchema,
  tagsBodySchema,
  unsubscribeBodySchema,
  type Core,
  type SubscriberEventRecord,
  type SubscriberRecord,
  type TagRecord,
} from '../../../src/index.ts';
import { authOf } from '../auth.ts';
import { acceptEmptyJsonBody } from '../optional-body.ts';

/** v1 (frozen) names its fields in camelCase and wraps every answer in `{success: true, …}`. */
function subscriberV1(s: SubscriberRecord) {
  return {
    id: s.id,
    email: s.email,
    firstName: s.first_name,
    lastName: s.last_name,
    status: s.status,
    attributes: s.attributes,
    tags: s.tags,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
    unsubscribedAt: s.unsubscribed_at,
  };
}

function tagV1(t: TagRecord) {
  return { id: t.id, name: t.name, subscriberCount: t.subscriber_count, createdAt: t.created_at };
}

function eventV1(e: SubscriberEventRecord) {
  return { id: e.id, subscriberId: e.subscriber_id, email: e.email, name: e.name, properties: e.properties, createdAt: e.created_at };
}

/** The cursor for the next page, when there is one. */
function nextCursor(page: { data: { id: string }[]; has_more: boolean }): { nextCursor?: string } {
  const last = page.data[page.data.length - 1];
  return page.has_more && last ? { nextCursor: last.id } : {};
}

type SubscriberParams = { Params: { subscriber: string } };

/** `{tags, triggerWorkflows?}` → the service's arguments. */
function tagsArgs(body: unknown): [string[], { triggerWorkflows?: boolean }] {
  const { tags, triggerWorkflows } = parseBody(tagsBodySchema, body);
  return [tags, triggerWorkflows === undefined ? {} : { triggerWorkflows }];
}

export async function audienceRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  const audience = core.audience;

  // v1 POST /subscribers is an upsert (spec §4.4).
  app.post('/subscribers', async (request) => {
    const { subscriber } = await audience.upsertSubscriber(authOf(request), parseBody(subscriberCreateSchemaV1, request.body));
    return { success: true, subscriber: subscriberV1(subscriber) };
  });

  app.get('/subscribers', async (request) => {
    const auth = authOf(request);
    const { filter, page: pageRequest } = parseSubscriberListQuery(request.query as Record<string, unknown>, 'v1');
    const page = await audience.listSubscribers(auth, filter, pageRequest);
    const total = await audience.countSubscribers(auth, filter);
    return { success: true, subscribers: page.data.map(subscriberV1), total, ...nextCursor(page) };
  });

  app.get<SubscriberParams>('/subscribers/:subscriber', async (request) => ({
    success: true,
    subscriber: subscriberV1(await audience.getSubscriber(authOf(request), request.params.subscriber)),
  }));

  app.patch<SubscriberParams>('/subscribers/:subscriber', async (request) => ({
    success: true,
    subscriber: subscriberV1(
      await audience.updateSubscriber(authOf(request), request.params.subscriber, parseBody(subscriberUpdateSchemaV1, request.body)),
    ),
  }));

  // The body ({triggerWorkflows}) is optional.
  await app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    scope.post<SubscriberParams>('/subscribers/:subscriber/unsubscribe', async (request) => {
      const options = request.body !== undefined ? parseBody(unsubscribeBodySchema, request.body) : {};
      return { success: true, subscriber: subscriberV1(await audience.unsubscribe(authOf(request), request.params.subscriber, options)) };
    });
  });

  app.post<SubscriberParams>('/subscribers/:subscriber/tags', async (request) => ({
    success: true,
    subscriber: subscriberV1(await audience.addTags(authOf(request), request.params.subscriber, ...tagsArgs(request.body))),
  }));

  app.delete<SubscriberParams>('/subscribers/:subscriber/tags', async (request) => ({
    success: true,
    subscriber: subscriberV1(
      await audience.removeTags(authOf(request), request.params.subscriber, ...tagsArgs(request.body)),
    ),
  }));

  app.get<SubscriberParams>('/subscribers/:subscriber/events', async (request) => {
    const { limit, after } = parseV1PageRequest(request.query as Record<string, unknown>, 'evt');
    const page = await audience.listSubscriberEvents(authOf(request), request.params.subscriber, { limit, ...(after ? { after } : {}) });
    return { success: true, events: page.data.map(eventV1), ...nextCursor(page) };
  });

  app.post('/events', async (request) => ({
    success: true,
    event: eventV1(await audience.recordEvent(authOf(request), parseBody(eventCreateSchema, request.body))),
  }));

  app.get('/tags', async (request) => {
    const { limit, after } = parseV1PageRequest(request.query as Record<string, unknown>, 'tag');
    const page = await audience.listTags(authOf(request), { limit, ...(after ? { after } : {}) });
    return { success: true, tags: page.data.map(tagV1), ...nextCursor(page) };
  });

  app.post('/tags', async (request) => ({
    success: true,
    tag: tagV1(await audience.createTag(authOf(request), parseBody(tagCreateSchema, request.body).name)),
  }));

  app.get<{ Params: { tag: string } }>('/tags/:tag', async (request) => ({
    success: true,
    tag: tagV1(await audience.getTag(authOf(request), request.params.tag)),
  }));
}
