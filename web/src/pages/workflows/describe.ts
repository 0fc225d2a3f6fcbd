// A workflow's trigger and steps in words, as the list and the workflow's page show them.
import type { DataOf, ListItemOf } from '@mailgate/sdk';
import type { BadgeLook } from '../../components/index.ts';

export type Workflow = DataOf<'get_workflow'>;
export type WorkflowRun = ListItemOf<'list_workflow_runs'>;
export type Trigger = Workflow['trigger'];
/** One step as the API gives it (a send step carries a send body's fields besides its type). */
export type Step = { type: string } & Record<string, unknown>;

export function describeTrigger(trigger: Trigger): string {
  if (trigger.type === 'event') return `When the event “${trigger.name}” is recorded`;
  if (trigger.type === 'tag_added') return `When the tag “${trigger.tag}” is added`;
  return 'When a subscriber is created';
}

const UNITS = [
  { seconds: 86_400, one: 'day', many: 'days' },
  { seconds: 3_600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'minute', many: 'minutes' },
  { seconds: 1, one: 'second', many: 'seconds' },
] as const;

/** A wait in the largest unit that divides it: 86400 → "1 day", 5400 → "90 minutes". */
export function describeSeconds(seconds: number): string {
  const unit = UNITS.find((u) => seconds % u.seconds === 0) ?? UNITS[3];
  const count = seconds / unit.seconds;
  return `${count} ${count === 1 ? unit.one : unit.many}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function describeStep(step: Step): string {
  switch (step.type) {
    case 'send_email':
      return `Send “${text(step.subject)}” from ${text(step.from)}`;
    case 'wait':
      return `Wait ${describeSeconds(Number(step.seconds))}`;
    case 'add_tag':
      return `Add the tag “${text(step.tag)}”`;
    case 'remove_tag':
      return `Remove the tag “${text(step.tag)}”`;
    default:
      return step.type;
  }
}

/** "12 (3 in progress, 1 failed)": the total, and what is not simply over. */
export function describeRuns(runs: Workflow['runs']): string {
  const parts = [runs.in_progress > 0 && `${runs.in_progress} in progress`, runs.failed > 0 && `${runs.failed} failed`].filter(Boolean);
  return parts.length > 0 ? `${runs.total} (${parts.join(', ')})` : String(runs.total);
}

/** A workflow's status as its Badge reads. */
export const WORKFLOW_STATUS: Readonly<Record<Workflow['status'], BadgeLook>> = {
  active: { text: 'Active', tone: 'good' },
  paused: { text: 'Paused', tone: 'neutral' },
};

/** A run's status as its Badge reads. */
export const RUN_STATUS: Readonly<Record<WorkflowRun['status'], BadgeLook>> = {
  running: { text: 'Running', tone: 'neutral' },
  waiting: { text: 'Waiting', tone: 'neutral' },
  paused: { text: 'Paused', tone: 'neutral' },
  completed: { text: 'Completed', tone: 'good' },
  failed: { text: 'Failed', tone: 'bad' },
  cancelled: { text: 'Cancelled', tone: 'neutral' },
};

export type StepOutcome = 'done' | 'waiting' | 'at' | 'failed' | 'cancelled' | 'not reached';

/**
 * Where a run stands at each step: the steps before its step_index are done; the
 * one at it is what the run is doing (waiting, failed, held…); the rest are not reached.
 */
export function stepOutcomes(run: WorkflowRun, stepCount: number): StepOutcome[] {
  return Array.from({ length: stepCount }, (_, i) => {
    if (run.status === 'completed' || i < run.step_index) return 'done';
    if (i > run.step_index) return 'not reached';
    if (run.status === 'waiting') return 'waiting';
    if (run.status === 'failed') return 'failed';
    if (run.status === 'cancelled') return 'cancelled';
    return 'at';
  });
}
