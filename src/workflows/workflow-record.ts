import { z } from 'zod';
import { stepSchema, triggerSchema } from './workflow-input.ts';

/** The v2 shapes of a workflow and of one of its runs. */
const timestamp = z.string().describe('ISO 8601 date and time (UTC).');

export const WORKFLOW_STATUSES = ['active', 'paused'] as const;
export const WORKFLOW_RUN_STATUSES = ['running', 'waiting', 'paused', 'completed', 'failed', 'cancelled'] as const;

const count = z.number().int();

export const workflowRunCountsSchema = z
  .object({
    total: count,
    in_progress: count.describe('Running, waiting or paused.'),
    completed: count,
    failed: count,
    cancelled: count,
  })
  .describe('How many runs the workflow has started, by where they stand.');
export type WorkflowRunCounts = z.infer<typeof workflowRunCountsSchema>;

export const workflowRecordSchema = z.object({
  object: z.literal('workflow'),
  id: z.string().describe('The workflow id (wfl_…).'),
  name: z.string(),
  status: z.enum(WORKFLOW_STATUSES).describe('active: new triggers start runs; paused: runs in progress wait at their next step.'),
  trigger: triggerSchema,
  steps: z.array(stepSchema),
  runs: workflowRunCountsSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkflowRecord = z.infer<typeof workflowRecordSchema>;

export const workflowRunRecordSchema = z.object({
  object: z.literal('workflow_run'),
  id: z.string().describe('The run id (wfr_…).'),
  workflow_id: z.string(),
  subscriber_id: z.string(),
  trigger_event_id: z.string().describe('The subscriber event that started the run.'),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  step_index: z.number().int().describe('The step the run is at (0-based).'),
  wake_at: timestamp.nullable().describe('When a waiting run goes on.'),
  last_error: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkflowRunRecord = z.infer<typeof workflowRunRecordSchema>;

export const workflowDeletedSchema = z.object({ object: z.literal('workflow'), id: z.string(), deleted: z.literal(true) });
