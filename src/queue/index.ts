// The durable job queue every background job uses: the jobs table (an outbox
// written in the same transaction as the record a job acts on), leases, and the
// worker loop that claims due jobs and runs each through its kind's handler.
// Knows no job kind: emails, workflows and delivery bring their own handlers.
// Must not import anything above it (emails, audience, workflows, delivery).
export { isGoneOwner, newOwner, releaseGoneOwners } from './owners.ts';
export { queueStats, scheduledTaskRuns, type QueueKindStats } from './metrics.ts';
export { createScheduler, takeScheduledTask, type ScheduledTask, type Scheduler, type SchedulerOptions } from './scheduled.ts';
export { createWorker, type LaneOptions, type Worker, type WorkerLogger, type WorkerOptions, type JobContext, type JobHandler } from './worker.ts';
export {
  cancelJobs,
  claimDueJobs,
  completeJob,
  completeJobs,
  deferJob,
  enqueueJobs,
  jobHeldBy,
  postponeJob,
  putOffJobs,
  JobLeaseLost,
  releaseJobs,
  renewLeases,
  rescheduleJobs,
  retryJob,
  wakeJobs,
  type EnqueueInput,
  type Lane,
  type Job,
} from './job-queue.ts';
