import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventCreateSchema, parseBody, tagCreateSchema, tagsBodySchema, unsubscribeBodySchema, type Core } from '../../../src/index.ts';
import { authOf } from '../auth.ts';
import { acceptEmptyJsonBody } from '../optional-body.ts';
import { parseSubscriberListQueryV1, parseV1PageRequest } from './page-query.ts';
import { nextCursor, v1Route as v1 } from './route.ts';
import { subscriberCreateSchemaV1, subscriberUpdateSchemaV1 } from './subscriber-body.ts';
import {
  eventListV1Answer,
  eventV1,
  eventV1Answer,
  eventPageV1Query,
  tagPageV1Query,
  subscriberListV1Answer,
  subscriberListV1Query,
  subscriberV1,
  subscriberV1Answer,
  tagListV1Answer,
  tagV1,
  tagV1Answer,
} from './shapes.ts';

type SubscriberParams = { Params: { subscriber: string } };

/** `{tags, triggerWorkflows?}` → the service's arguments. */
function tagsArgs(body: unknown): [string[], { triggerWorkflows?: boolean }] {
  const { tags, triggerWorkflows } = parseBody(tagsBodySchema, body);
  return [tags, triggerWorkflows === undefined ? {} : { triggerWorkflows }];
}

const subscriberParams = z.object({ subscriber: z.string().describe('The subscriber: its id (sub_…) or its email address.') });
const tagParams = z.object({ tag: z.string().describe('The tag: its id (tag_…) or its name.') });

export async function audienceRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  const audience = core.audience;

  // v1 POST /subscribers is an upsert, as v2's is: an existing email is updated.
  const upsert = v1('upsert_subscriber', 'Create or update a subscriber', { body: subscriberCreateSchemaV1, response: { 200: subscriberV1Answer } });
  app.post('/subscribers', upsert, async (request) => {
    const { subscriber } = await audience.upsertSubscriber(authOf(request), parseBody(subscriberCreateSchemaV1, request.body));
    return { success: true, subscriber: subscriberV1(subscriber) };
  });

  const list = v1('list_subscribers', 'List subscribers', { query: subscriberListV1Query, response: { 200: subscriberListV1Answer } });
  app.get('/subscribers', list, async (request) => {
    const auth = authOf(request);
    const { filter, page: pageRequest } = parseSubscriberListQueryV1(request.query as Record<string, unknown>);
    const page = await audience.listSubscribers(auth, filter, pageRequest);
    const total = await audience.countSubscribers(auth, filter);
    return { success: true, subscribers: page.data.map(subscriberV1), total, ...nextCursor(page) };
  });

  const get = v1('get_subscriber', 'Get one subscriber', { params: subscriberParams, errors: ['not_found'], response: { 200: subscriberV1Answer } });
  app.get<SubscriberParams>('/subscribers/:subscriber', get, async (request) => ({
    success: true,
    subscriber: subscriberV1(await audience.getSubscriber(authOf(request), request.params.subscriber)),
  }));

  const update = v1('update_subscriber', 'Change a subscriber', {
    params: subscriberParams,
    body: subscriberUpdateSchemaV1,
    errors: ['not_found', 'conflict'],
    response: { 200: subscriberV1Answer },
  });
  app.patch<SubscriberParams>('/subscribers/:subscriber', update, async (request) => ({
    success: true,
    subscriber: subscriberV1(await audience.updateSubscriber(authOf(request), request.params.subscriber, parseBody(subscriberUpdateSchemaV1, request.body))),
  }));

  // The body ({triggerWorkflows}) is optional.
  const unsubscribe = v1('unsubscribe_subscriber', 'Unsubscribe a subscriber', {
    params: subscriberParams,
    body: unsubscribeBodySchema,
    errors: ['not_found'],
    response: { 200: subscriberV1Answer },
  });
  await app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    scope.post<SubscriberParams>('/subscribers/:subscriber/unsubscribe', unsubscribe, async (request) => {
      const options = request.body !== undefined ? parseBody(unsubscribeBodySchema, request.body) : {};
      return { success: true, subscriber: subscriberV1(await audience.unsubscribe(authOf(request), request.params.subscriber, options)) };
    });
  });

  const tagsRoute = (operation: string, summary: string) =>
    v1(operation, summary, { params: subscriberParams, body: tagsBodySchema, errors: ['not_found'], response: { 200: subscriberV1Answer } });
  app.post<SubscriberParams>('/subscribers/:subscriber/tags', tagsRoute('add_tags', 'Attach tags to a subscriber'), async (request) => ({
    success: true,
    subscriber: subscriberV1(await audience.addTags(authOf(request), request.params.subscriber, ...tagsArgs(request.body))),
  }));

  app.delete<SubscriberParams>('/subscribers/:subscriber/tags', tagsRoute('remove_tags', 'Detach tags from a subscriber'), async (request) => ({
    success: true,
    subscriber: subscriberV1(await audience.removeTags(authOf(request), request.params.subscriber, ...tagsArgs(request.body))),
  }));

  const events = v1('list_subscriber_events', "List a subscriber's events", {
    params: subscriberParams,
    query: eventPageV1Query,
    errors: ['not_found'],
    response: { 200: eventListV1Answer },
  });
  app.get<SubscriberParams>('/subscribers/:subscriber/events', events, async (request) => {
    const { limit, after } = parseV1PageRequest(request.query as Record<string, unknown>, 'evt');
    const page = await audience.listSubscriberEvents(authOf(request), request.params.subscriber, { limit, ...(after ? { after } : {}) });
    return { success: true, events: page.data.map(eventV1), ...nextCursor(page) };
  });

  const track = v1('track_event', 'Record an event for a subscriber', { body: eventCreateSchema, response: { 200: eventV1Answer } });
  app.post('/events', track, async (request) => ({
    success: true,
    event: eventV1(await audience.recordEvent(authOf(request), parseBody(eventCreateSchema, request.body))),
  }));

  const tags = v1('list_tags', 'List tags', { query: tagPageV1Query, response: { 200: tagListV1Answer } });
  app.get('/tags', tags, async (request) => {
    const { limit, after } = parseV1PageRequest(request.query as Record<string, unknown>, 'tag');
    const page = await audience.listTags(authOf(request), { limit, ...(after ? { after } : {}) });
    return { success: true, tags: page.data.map(tagV1), ...nextCursor(page) };
  });

  const createTag = v1('create_tag', 'Create a tag', { body: tagCreateSchema, errors: ['conflict'], response: { 200: tagV1Answer } });
  app.post('/tags', createTag, async (request) => ({
    success: true,
    tag: tagV1(await audience.createTag(authOf(request), parseBody(tagCreateSchema, request.body).name)),
  }));

  const getTag = v1('get_tag', 'Get one tag', { params: tagParams, errors: ['not_found'], response: { 200: tagV1Answer } });
  app.get<{ Params: { tag: string } }>('/tags/:tag', getTag, async (request) => ({
    success: true,
    tag: tagV1(await audience.getTag(authOf(request), request.params.tag)),
  }));
}
