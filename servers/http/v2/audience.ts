import type { FastifyInstance } from 'fastify';
import {
  eventCreateSchema,
  parseBody,
  parseSubscriberListQuery,
  subscriberCreateSchema,
  subscriberUpdateSchema,
  tagCreateSchema,
  tagsBodySchema,
  unsubscribeBodySchema,
  type Core,
} from '../../../src/index.ts';
import { authOf } from '../auth.ts';
import { acceptEmptyJsonBody } from '../optional-body.ts';

type SubscriberParams = { Params: { subscriber: string } };

/** `{tags, triggerWorkflows?}` → the service's arguments. */
function tagsArgs(body: unknown): [string[], { triggerWorkflows?: boolean }] {
  const { tags, triggerWorkflows } = parseBody(tagsBodySchema, body);
  return [tags, triggerWorkflows === undefined ? {} : { triggerWorkflows }];
}

/** v2 audience: subscribers, their tags and events, tags. Records are returned bare; lists in the list envelope. */
export async function audienceRoutesV2(app: FastifyInstance, core: Core): Promise<void> {
  const audience = core.audience;

  app.post('/subscribers', async (request, reply) => {
    const { subscriber, created } = await audience.upsertSubscriber(authOf(request), parseBody(subscriberCreateSchema, request.body));
    return reply.code(created ? 201 : 200).send(subscriber);
  });

  app.get('/subscribers', async (request) => {
    const { filter, page } = parseSubscriberListQuery(request.query as Record<string, unknown>, 'v2');
    return audience.listSubscribers(authOf(request), filter, page);
  });

  app.get<SubscriberParams>('/subscribers/:subscriber', async (request) => audience.getSubscriber(authOf(request), request.params.subscriber));

  app.patch<SubscriberParams>('/subscribers/:subscriber', async (request) =>
    audience.updateSubscriber(authOf(request), request.params.subscriber, parseBody(subscriberUpdateSchema, request.body)),
  );

  // The body ({triggerWorkflows}) is optional.
  await app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    scope.post<SubscriberParams>('/subscribers/:subscriber/unsubscribe', async (request) => {
      const options = request.body !== undefined ? parseBody(unsubscribeBodySchema, request.body) : {};
      return audience.unsubscribe(authOf(request), request.params.subscriber, options);
    });
  });

  app.post<SubscriberParams>('/subscribers/:subscriber/tags', async (request) =>
    audience.addTags(authOf(request), request.params.subscriber, ...tagsArgs(request.body)),
  );

  app.delete<SubscriberParams>('/subscribers/:subscriber/tags', async (request) =>
    audience.removeTags(authOf(request), request.params.subscriber, ...tagsArgs(request.body)),
  );

  app.get<SubscriberParams>('/subscribers/:subscriber/events', async (request) =>
    audience.listSubscriberEvents(authOf(request), request.params.subscriber, request.query as Record<string, unknown>),
  );

  app.post('/events', async (request, reply) => {
    const event = await audience.recordEvent(authOf(request), parseBody(eventCreateSchema, request.body));
    return reply.code(201).send(event);
  });

  app.get('/tags', async (request) => audience.listTags(authOf(request), request.query as Record<string, unknown>));

  app.post('/tags', async (request, reply) => {
    const tag = await audience.createTag(authOf(request), parseBody(tagCreateSchema, request.body).name);
    return reply.code(201).send(tag);
  });

  app.get<{ Params: { tag: string } }>('/tags/:tag', async (request) => audience.getTag(authOf(request), request.params.tag));
}
