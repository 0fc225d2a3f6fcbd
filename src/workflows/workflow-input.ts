import { z } from 'zod';
import { checkSendBody } from '../emails/send-request.ts';
import { tagName } from '../audience/audience-input.ts';

/**
 * A workflow: a trigger and ordered steps. Triggers: an event with a name, a tag
 * being added, a subscriber being created. Steps: send an email (the send body of
 * POST /api/v2/emails without `to`: the subscriber is the recipient), wait, add
 * or remove a tag.
 */
export const WORKFLOW_STEPS_MAX = 50;
export const WAIT_SECONDS_MAX = 366 * 24 * 60 * 60;

export const triggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('event'), name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters') }),
    z.strictObject({ type: z.literal('tag_added'), tag: tagName }),
    z.strictObject({ type: z.literal('subscriber_created') }),
  ],
  { error: 'must be {type:"event", name} | {type:"tag_added", tag} | {type:"subscriber_created"}' },
);
export type WorkflowTrigger = z.output<typeof triggerSchema>;

const sendEmailStep = z.looseObject({ type: z.literal('send_email') }).superRefine((step, ctx) => {
  const { type: _type, ...body } = step;
  if ('to' in body) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'is not allowed: a workflow sends to the subscriber it runs for' });
    return;
  }
  // The subscriber stands in as `to`: every other rule of a send applies as written.
  const checked = checkSendBody({ ...body, to: 'subscriber@example.com' });
  if ('details' in checked) for (const d of checked.details) ctx.addIssue({ code: 'custom', path: d.path ? d.path.split('.') : [], message: d.message });
});

export const stepSchema = z.discriminatedUnion(
  'type',
  [
    sendEmailStep,
    z.strictObject({
      type: z.literal('wait'),
      seconds: z
        .number({ error: 'must be a number of seconds' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(WAIT_SECONDS_MAX, `must be at most ${WAIT_SECONDS_MAX}`),
    }),
    z.strictObject({ type: z.literal('add_tag'), tag: tagName }),
    z.strictObject({ type: z.literal('remove_tag'), tag: tagName }),
  ],
  { error: 'must be a step: send_email, wait, add_tag or remove_tag' },
);
export type WorkflowStep = z.output<typeof stepSchema>;

const steps = z
  .array(stepSchema, { error: 'must be an array of steps' })
  .min(1, 'must hold at least one step')
  .max(WORKFLOW_STEPS_MAX, `must hold at most ${WORKFLOW_STEPS_MAX} steps`);
const status = z.enum(['active', 'paused'], { error: 'must be active or paused' });
const name = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const workflowCreateSchema = z.strictObject({
  name,
  trigger: triggerSchema,
  steps,
  status: status.optional(),
});
export type WorkflowCreate = z.output<typeof workflowCreateSchema>;

export const workflowUpdateSchema = z.strictObject({
  name: name.optional(),
  trigger: triggerSchema.optional(),
  steps: steps.optional(),
  status: status.optional(),
});
export type WorkflowUpdate = z.output<typeof workflowUpdateSchema>;
