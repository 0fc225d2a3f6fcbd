// The worker's side of a webhook delivery: POST the stored payload, signed by
// the Standard Webhooks scheme, to the webhook's URL by the one bounded request
// (outbound/http-request.ts): from the address checked at this moment (a
// private one refused unless allowed: DNS may have changed since the webhook
// was made), within one deadline for the whole attempt (DNS, connect, answer),
// no redirect followed, and only the start of the answer kept. A 2xx is delivered; anything else is tried again on a schedule of about
// a day, then the delivery is failed. A 410 Gone fails it at once and disables
// the webhook (the receiver says it is gone). An endpoint that keeps failing is
// paused as a whole: its other deliveries wait with it instead of each taking
// a worker's slot to find out again.
//
// An attempt's outcome (its delivery's status, its job's end or retry, its
// endpoint's failures) is one write, committed with those of the attempts that
// ended about the same moment, unsynced: a crash of the machine may lose the
// last outcomes, never a delivery. The job's claim was on disk before the POST,
// so a lost outcome leaves the job held; when its lease ends it runs again and
// the receiver gets the same event once more, with the same `webhook-id`, which
// Standard Webhooks receivers use to drop what they already have (they must
// tolerate a repeat anyway: an answer lost on the network is one too).
import type { Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import { createGroupCommit } from '../db/group-commit.ts';
import type { Database, DatabaseHandle } from '../db/index.ts';
import { completeJobs, postponeJob, putOffJobs, retryJob, type Job } from '../queue/index.ts';
import { postWebhookEvent, WEBHOOK_TIMEOUT_MS } from './post-event.ts';
import { WEBHOOK_DELIVERY_JOB } from './publish.ts';
import {
  countWebhookFailure,
  disableWebhook,
  findDeliveriesToSend,
  pauseWebhook,
  pendingDeliveryIds,
  putOffDelivery,
  recordDeliveryOutcomes,
  resetWebhookFailures,
  type DeliveryOutcome,
} from './webhook.repository.ts';

/** Waits before attempts 2, 3, …: 5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h (8 attempts over ~23.6 h). */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 8 * 3_600_000, 8 * 3_600_000] as const;
/** Failed attempts in a row after which an endpoint is paused. */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 3;
/** The first pause; each further failure doubles it, up to WEBHOOK_MAX_PAUSE_MS. */
export const WEBHOOK_FIRST_PAUSE_MS = 30_000;
export const WEBHOOK_MAX_PAUSE_MS = 60 * 60_000;

/** How long an endpoint that has failed `failures` times in a row is left alone; 0: not yet. */
export function webhookPauseMs(failures: number): number {
  if (failures < WEBHOOK_PAUSE_AFTER_FAILURES) return 0;
  return Math.min(WEBHOOK_MAX_PAUSE_MS, WEBHOOK_FIRST_PAUSE_MS * 2 ** Math.min(failures - WEBHOOK_PAUSE_AFTER_FAILURES, 20));
}
/** Outcomes wait up to this long to share a commit with their neighbours'. */
const OUTCOME_COMMIT_DELAY_MS = 2;

export interface WebhookDeliveryDeps {
  db: DatabaseHandle;
  clock: Clock;
  owner: string;
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private targets are fine. */
  allowPrivate: boolean;
  /** The whole attempt: resolving the host, connecting, and the answer. */
  timeoutMs?: number;
  /** Resolve a host name: bounded, and not on the threads that sync the database (createCore gives DNS's). */
  lookup: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

/** What one attempt decided, as the worker records it. */
interface AttemptOutcome {
  jobId: string;
  /** The delivery's new status and what the endpoint answered; null when there is nothing to record (the delivery is gone, or has its outcome). */
  delivery: { id: string; status: 'delivered' | 'failed' | 'pending'; responseStatus: number | null; excerpt: string; attempts: number } | null;
  webhookId: string | null;
  /** The endpoint answered 2xx (it is well again), failed (one more failure in a row), or was not asked. */
  endpoint: 'answered' | 'failed' | null;
  /** It answered 410 Gone: the webhook is disabled. */
  disable: boolean;
  /** Attempts are left: run again after this wait, or when the endpoint's pause ends. Null: the job is done. */
  retry: { waitMs: number; note: string } | null;
}

export function createWebhookDeliveryHandler(deps: WebhookDeliveryDeps): (job: Job) => Promise<void> {
  const { db: handle, clock, owner, allowPrivate } = deps;
  const db = handle.db;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  /** The endpoint failed once more; past WEBHOOK_PAUSE_AFTER_FAILURES, it and its waiting deliveries are paused. Returns the pause's end, or 0. */
  async function endpointFailed(trx: Transaction<Database>, webhookId: string, now: number): Promise<number> {
    const pause = webhookPauseMs(await countWebhookFailure(trx, webhookId));
    if (pause === 0) return 0;
    const until = now + pause;
    await pauseWebhook(trx, webhookId, until);
    await putOffJobs(trx, WEBHOOK_DELIVERY_JOB, pendingDeliveryIds(trx, webhookId), until);
    return until;
  }

  // Unsynced, and lazily: see the top of this file for why a lost outcome is only a repeat.
  const outcomes = createGroupCommit<AttemptOutcome>(db, {
    delayMs: OUTCOME_COMMIT_DELAY_MS,
    connection: handle.unsynced,
    async apply(trx, items) {
      const now = clock.now();
      // Only an attempt whose job this worker still holds records its delivery's
      // outcome: a job whose lease was lost (a stall past it) is someone else's now.
      const held = await completeJobs(
        trx,
        items.filter((o) => o.retry === null).map((o) => o.jobId),
        owner,
      );
      // Endpoints that answered are well again: once for the group, but before a later failure of the same endpoint counts.
      const answered = new Set<string>();
      const recorded: { id: string; outcome: DeliveryOutcome }[] = [];
      for (const o of items) {
        let runAt: number | null = null;
        if (o.webhookId !== null) {
          if (o.disable) await disableWebhook(trx, o.webhookId, now);
          if (o.endpoint === 'answered') answered.add(o.webhookId);
          if (o.endpoint === 'failed') {
            if (answered.delete(o.webhookId)) await resetWebhookFailures(trx, [o.webhookId]);
            const pausedUntil = await endpointFailed(trx, o.webhookId, now);
            if (o.retry) runAt = Math.max(now + o.retry.waitMs, pausedUntil);
          }
        }
        if (o.retry && (await retryJob(trx, o.jobId, owner, runAt ?? now + o.retry.waitMs, o.retry.note))) held.add(o.jobId);
        if (o.delivery && held.has(o.jobId)) {
          const d = o.delivery;
          recorded.push({
            id: d.id,
            outcome: {
              status: d.status,
              response_status: d.responseStatus,
              response_excerpt: d.excerpt,
              next_attempt_at: runAt,
              attempts: d.attempts,
              updated_at: now,
            },
          });
        }
      }
      await resetWebhookFailures(trx, [...answered]);
      await recordDeliveryOutcomes(trx, recorded);
    },
  });

  type ToSend = Awaited<ReturnType<typeof findDeliveriesToSend>>[number];
  // Jobs claimed together load their deliveries with one query.
  let waiting: { id: string; resolve: (found: ToSend | undefined) => void; reject: (e: unknown) => void }[] = [];
  function loadDelivery(id: string): Promise<ToSend | undefined> {
    return new Promise((resolve, reject) => {
      if (waiting.length === 0) {
        setImmediate(() => {
          const batch = waiting;
          waiting = [];
          findDeliveriesToSend(
            db,
            batch.map((w) => w.id),
          ).then(
            (rows) => {
              const byId = new Map(rows.map((r) => [r.id, r]));
              for (const w of batch) w.resolve(byId.get(w.id));
            },
            (error) => {
              for (const w of batch) w.reject(error);
            },
          );
        });
      }
      waiting.push({ id, resolve, reject });
    });
  }

  return async function deliverWebhook(job: Job): Promise<void> {
    const found = await loadDelivery(job.refId);
    // Its webhook was deleted (the delivery with it), or it has its outcome.
    if (found?.status !== 'pending') {
      return outcomes.write({ jobId: job.id, delivery: null, webhookId: null, endpoint: null, disable: false, retry: null });
    }
    // Claimed just before its endpoint was paused: it waits with the others, not counted as an attempt.
    if (found.paused_until !== null && Number(found.paused_until) > clock.now()) {
      const until = Number(found.paused_until);
      if (await postponeJob(db, job.id, owner, until)) await putOffDelivery(db, found.id, until, clock.now());
      return;
    }
    const attempts = job.attempts;
    const record = (
      status: 'delivered' | 'failed' | 'pending',
      responseStatus: number | null,
      excerpt: string,
      more: Pick<AttemptOutcome, 'endpoint' | 'retry'> & { disable?: boolean },
    ) =>
      outcomes.write({
        jobId: job.id,
        delivery: { id: found.id, status, responseStatus, excerpt, attempts },
        webhookId: found.webhook_id,
        disable: more.disable ?? false,
        endpoint: more.endpoint,
        retry: more.retry,
      });
    if (Number(found.enabled) !== 1) return record('failed', null, 'not sent: the webhook is disabled', { endpoint: null, retry: null });

    const answer = await postWebhookEvent(
      { allowPrivate, lookup: deps.lookup, timeoutMs },
      { url: found.url, secret: found.secret, id: found.id, payload: found.payload },
      clock.now(),
    );
    if (answer.refused) return record('failed', null, answer.excerpt, { endpoint: null, retry: null });

    if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
      return record('delivered', answer.status, answer.excerpt, { endpoint: 'answered', retry: null });
    }
    if (answer.status === 410) {
      return record('failed', 410, answer.excerpt || 'the receiver answered 410 Gone: the webhook is now disabled', {
        endpoint: null,
        disable: true,
        retry: null,
      });
    }
    const wait = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    if (wait === undefined) return record('failed', answer.status, answer.excerpt, { endpoint: 'failed', retry: null });
    return record('pending', answer.status, answer.excerpt, {
      endpoint: 'failed',
      retry: { waitMs: wait, note: answer.status === null ? answer.excerpt : `answered ${answer.status}` },
    });
  };
}
