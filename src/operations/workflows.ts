import { z } from 'zod';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { workflowCreateSchema, workflowDeletedSchema, workflowRecordSchema, workflowRunRecordSchema, workflowUpdateSchema } from '../workflows/index.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

const workflowId = z.string().describe('The workflow id (wfl_…).');

const STEPS_NOTE =
  'A workflow has a trigger ({type:"event", name} for an event recorded with track_event, {type:"tag_added", tag}, or {type:"subscriber_created"}) and steps run in order for the subscriber that triggered it: {type:"send_email", …a send_email body without to…}, {type:"wait", seconds}, {type:"add_tag", tag}, {type:"remove_tag", tag}. ' +
  'A send step\'s subject, preview and content may hold placeholders filled from the subscriber: {{first_name}}, {{last_name}}, {{email}}, {{attributes.KEY}}, each with an optional default ({{first_name | "there"}}).';

export const createWorkflow = defineOperation({
  name: 'create_workflow',
  summary: 'Create an automation started by subscriber events',
  resource: 'workflows',
  description: [
    STEPS_NOTE,
    'Each send step is checked and rendered now, so a workflow that could never send is refused. Runs start for events recorded after it is created, while it is active (the default).',
    'Emails sent by workflows are not held by the transactional recipient guard.',
    QUOTA_NOTE,
  ].join(' '),
  input: workflowCreateSchema,
  output: workflowRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  errors: [],
  example: {
    name: 'Welcome series',
    trigger: { type: 'subscriber_created' },
    steps: [
      { type: 'send_email', from: 'Acme <hello@acme.example>', subject: 'Welcome', markdown: 'Glad you are here.' },
      { type: 'wait', seconds: 86400 },
      { type: 'add_tag', tag: 'onboarded' },
    ],
  },
  run: ({ services, scope }, input) => services.workflows.create(scope, input),
});

export const listWorkflows = defineOperation({
  name: 'list_workflows',
  summary: 'List workflows, newest first',
  resource: 'workflows',
  description: [
    "Returns a page of the organization's workflows with their triggers and steps, newest first. Page with limit and the after/before cursors.",
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('wfl', {}),
  output: listEnvelope(workflowRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.workflows.list(scope, pageOf(input)),
});

export const getWorkflow = defineOperation({
  name: 'get_workflow',
  summary: 'Get one workflow',
  resource: 'workflows',
  description: ['Returns the workflow with its status, trigger and steps.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: workflowId }),
  output: workflowRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: 'wfl_01jd3zq8x6v5t0n2c4b7m9k1pq' },
  run: ({ services, scope }, input) => services.workflows.get(scope, input.id),
});

export const updateWorkflow = defineOperation({
  name: 'update_workflow',
  summary: 'Change, pause or resume a workflow',
  resource: 'workflows',
  description: [
    'Changes the fields given. status "paused" holds the runs in progress at their next step; "active" lets them go on at once. New steps apply to runs when they reach them.',
    STEPS_NOTE,
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: workflowId, ...workflowUpdateSchema.shape }),
  output: workflowRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: 'wfl_01jd3zq8x6v5t0n2c4b7m9k1pq', status: 'paused' },
  run: ({ services, scope }, { id, ...changes }) => services.workflows.update(scope, id, changes),
});

export const deleteWorkflow = defineOperation({
  name: 'delete_workflow',
  summary: 'Delete a workflow',
  resource: 'workflows',
  description: ['Deletes the workflow; its runs in progress stop at their next step and no new runs start.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: workflowId }),
  output: workflowDeletedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found'],
  example: { id: 'wfl_01jd3zq8x6v5t0n2c4b7m9k1pq' },
  run: ({ services, scope }, input) => services.workflows.remove(scope, input.id),
});

export const listWorkflowRuns = defineOperation({
  name: 'list_workflow_runs',
  summary: 'List the runs of a workflow, newest first',
  resource: 'workflows',
  description: [
    'Returns a page of the runs of one workflow: which subscriber, which step it is at, whether it is waiting (and until when), finished, failed (with the error) or cancelled.',
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('wfr', { id: workflowId }),
  output: listEnvelope(workflowRunRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: 'wfl_01jd3zq8x6v5t0n2c4b7m9k1pq', limit: 20 },
  run: ({ services, scope }, { id, ...page }) => services.workflows.listRuns(scope, id, pageOf(page)),
});
