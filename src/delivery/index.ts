// Delivery: the durable job queue, the worker that drains it, and the transports
// (capture, relay) behind the Transport port; fixtures never reach a transport.
// Must not import any protocol server library (nodemailer is the SMTP *client* here).
export { createWorker, type Worker, type JobHandler } from './worker.ts';
export { createDeliverEmailHandler, retryDelayMs } from './deliver-email.ts';
export { createCaptureTransport } from './capture-transport.ts';
export { createRelayTransport } from './relay-transport.ts';
export { DeliveryFailure, DeliveryInterrupted, type Transport, type OutboundMessage, type TransportResult } from './transport.ts';
export { fixtureOutcome, FIXTURE_DOMAIN } from './fixtures.ts';
export { claimDueJobs, enqueueJobs, JobLeaseLost, type Job } from './job-queue.ts';
