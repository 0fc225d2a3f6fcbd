import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, invokeOperation, isPlainObject, OPERATIONS, validationError, type Core } from '../../../src/index.ts';
import { authOf } from '../auth.ts';
import { v1Route } from './route.ts';
import { subscriberV1, subscriberV1Schema } from './shapes.ts';

// Inbound integrations, paths unchanged under /api/v1/integrations (no v2 counterpart):
// forms (JSON or application/x-www-form-urlencoded, as form tools post them)
// and the actions automation tools call. Authenticated and counted like every
// other request; answered in v1's shape.

interface Action {
  operation: string;
  input: (body: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * An automation action is an operation with a friendlier name; `unsubscribe`
 * takes the email. A Map: an action is looked up among these names only, never
 * among an object's inherited ones (`constructor`, `__proto__`, `toString`).
 */
const ACTIONS: ReadonlyMap<string, Action> = new Map<string, Action>([
  ['subscribe', { operation: 'upsert_subscriber', input: (body) => body }],
  ['unsubscribe', { operation: 'unsubscribe_subscriber', input: ({ email, subscriber, ...rest }) => ({ subscriber: subscriber ?? email, ...rest }) }],
  ['track_event', { operation: 'track_event', input: (body) => body }],
  ['send_email', { operation: 'send_email', input: (body) => body }],
]);
const ACTION_NAMES = [...ACTIONS.keys()] as [string, ...string[]];

const formAnswer = z.object({
  success: z.literal(true),
  subscriber: subscriberV1Schema.nullable().describe('The subscriber written; null while double opt-in waits for the confirmation.'),
  confirmationRequired: z.boolean(),
});

const automationBody = z
  .object({ action: z.enum(ACTION_NAMES) })
  .catchall(z.unknown())
  .describe(
    "The action and its input: subscribe (upsert_subscriber's fields), unsubscribe ({email}), track_event ({email, name, properties}), send_email (send_email's fields).",
  );

export async function integrationRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(
    async (scope) => {
      // Form tools post HTML forms as they are: field=value pairs (repeated fields become lists).
      await scope.register(formbody);

      const forms = v1Route(
        'integration_form',
        'Receive a form submission',
        {
          body: z.record(z.string(), z.unknown()),
          response: { 200: formAnswer },
        },
        'a flat JSON object or form fields: email (required), first_name/last_name or name, tags (a list or comma-separated), double_opt_in, form, confirm_from; every other field becomes an attribute; answered {success, subscriber, confirmationRequired}',
      );
      scope.post('/forms', forms, async (request) => {
        if (!isPlainObject(request.body)) throw validationError([{ path: '', message: 'the body must be form fields or a JSON object' }]);
        const result = await core.integrations.submitForm(authOf(request), request.body);
        return {
          success: true as const,
          subscriber: result.subscriber ? subscriberV1(result.subscriber) : null,
          confirmationRequired: result.confirmationRequired,
        };
      });

      const automation = v1Route(
        'integration_automation',
        'Run an automation action',
        {
          body: automationBody,
          response: { 200: z.object({ success: z.literal(true), action: z.string(), data: z.unknown() }) },
        },
        '{action, …input}: subscribe, unsubscribe, track_event or send_email, each the operation of that name with its v2 input; answered {success, action, data}',
      );
      scope.post('/automation', automation, async (request) => {
        const body = request.body;
        if (!isPlainObject(body)) throw validationError([{ path: '', message: 'the body must be a JSON object' }]);
        const { action, ...input } = body;
        const chosen = typeof action === 'string' ? ACTIONS.get(action) : undefined;
        if (!chosen) throw validationError([{ path: 'action', message: `must be one of ${ACTION_NAMES.join(', ')}` }]);
        const { operation: name, input: inputOf } = chosen;
        const operation = OPERATIONS.find((o) => o.name === name);
        if (!operation) throw new AppError('internal_error', `no operation ${name}`);
        const { value } = await invokeOperation(operation, { services: core, scope: authOf(request), door: 'rest' }, inputOf(input));
        return { success: true as const, action, data: value };
      });
    },
    { prefix: '/integrations' },
  );
}
