import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { findEmailForDelivery, recordEmailEvent } from '../emails/email.repository.ts';
import { addressOf } from '../emails/email-record.ts';
import { composeMessage } from './compose-message.ts';
import { fixtureOutcome } from './fixtures.ts';
import { completeJob, retryJob, type Job } from './job-queue.ts';
import { DeliveryFailure, type Transport } from './transport.ts';

/** States after which a delivery job has nothing left to do. */
const FINISHED = new Set(['sent', 'delivered', 'bounced', 'complained', 'failed']);

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** Wait before attempt `attempt + 1`: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
}

export interface DeliverEmailDeps {
  db: DatabaseHandle;
  clock: Clock;
  transport: Transport;
  maxAttempts: number;
  owner: string;
}

/**
 * Deliver the email a job refers to and move its last_event along. Fixture
 * recipients walk queued → sent → delivered|bounced|complained without a transport.
 */
export function createDeliverEmailHandler(deps: DeliverEmailDeps): (job: Job) => Promise<void> {
  const { db: handle, clock, transport, maxAttempts, owner } = deps;
  const db = handle.db;

  async function finish(job: Job, events: { type: string; detail?: Record<string, unknown> }[], emailId: string, organizationId: string) {
    await db.transaction().execute(async (trx) => {
      for (const event of events) {
        await recordEmailEvent(trx, { emailId, organizationId, type: event.type, detail: event.detail ?? null, at: clock.now() });
      }
      await completeJob(trx, job.id, owner);
    });
  }

  return async function deliverEmail(job) {
    const email = await findEmailForDelivery(db, job.refId);
    if (!email || FINISHED.has(email.last_event)) {
      await completeJob(db, job.id, owner);
      return;
    }
    const recipient = addressOf(email.to_address);
    const outcome = fixtureOutcome(recipient);
    if (outcome) {
      await finish(job, [{ type: 'sent', detail: { fixture: true } }, { type: outcome, detail: { fixture: true } }], email.id, email.organization_id);
      return;
    }

    const raw = await composeMessage({
      from: email.from_address,
      to: email.to_address,
      replyTo: email.reply_to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: email.message_id,
      emailId: email.id,
      date: new Date(email.created_at),
    });
    try {
      const result = await transport.deliver({
        emailId: email.id,
        envelope: { from: addressOf(email.from_address), to: [recipient] },
        raw,
      });
      const events: { type: string; detail?: Record<string, unknown> }[] = [
        { type: 'sent', detail: { transport: transport.name, response: result.response } },
      ];
      if (result.outcome === 'delivered') events.push({ type: 'delivered', detail: { transport: transport.name } });
      await finish(job, events, email.id, email.organization_id);
    } catch (error) {
      if (!(error instanceof DeliveryFailure)) throw error;
      const detail = { transport: transport.name, response: error.message, response_code: error.responseCode ?? null, attempt: job.attempts };
      if (error.permanent) {
        await finish(job, [{ type: 'bounced', detail }], email.id, email.organization_id);
      } else if (job.attempts >= maxAttempts) {
        await finish(job, [{ type: 'failed', detail }], email.id, email.organization_id);
      } else {
        const nextAt = clock.now() + retryDelayMs(job.attempts);
        await db.transaction().execute(async (trx) => {
          await recordEmailEvent(trx, {
            emailId: email.id,
            organizationId: email.organization_id,
            type: 'delivery_delayed',
            detail: { ...detail, next_attempt_at: new Date(nextAt).toISOString() },
            at: clock.now(),
          });
          await retryJob(trx, job.id, owner, nextAt, error.message);
        });
      }
    }
  };
}
