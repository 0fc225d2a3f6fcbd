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
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { sendBoundedRequest, type BoundedAnswer, type BoundedFailure } from '../outbound/http-request.ts';
import { completeJob, postponeJob, putOffJobs, retryJob, type Job } from '../queue/index.ts';
import { WEBHOOK_DELIVERY_JOB } from './publish.ts';

/** Waits before attempts 2, 3, …: 5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h (8 attempts over ~23.6 h). */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 8 * 3_600_000, 8 * 3_600_000] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
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
/** How much of an answer's body is kept on the delivery. */
export const RESPONSE_EXCERPT_BYTES = 500;
const USER_AGENT = 'Mailgate-Webhooks/1.0';

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

interface Answer {
  status: number | null;
  excerpt: string;
}

/** An attempt's outcome as the delivery records it: a status (null when there was no answer) and the start of the answer, or what went wrong. */
function answerOf(result: BoundedAnswer | Exclude<BoundedFailure, { failure: 'private' }>, url: URL, timeoutMs: number): Answer {
  if (!('failure' in result)) return { status: result.status, excerpt: result.body.toString('utf8') };
  switch (result.failure) {
    case 'unresolvable':
      return { status: null, excerpt: `${url.hostname} does not resolve` };
    case 'resolve_timeout':
      return { status: null, excerpt: `${url.hostname} did not resolve within ${timeoutMs / 1000} s` };
    case 'timeout':
      return { status: null, excerpt: `no complete answer within ${timeoutMs / 1000} s` };
    case 'failed':
      return { status: null, excerpt: `the request failed: ${result.message}` };
  }
}

export function createWebhookDeliveryHandler(deps: WebhookDeliveryDeps): (job: Job) => Promise<void> {
  const { db: handle, clock, owner, allowPrivate } = deps;
  const db = handle.db;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  async function record(
    id: string,
    changes: { status: string; response_status: number | null; response_excerpt: string; next_attempt_at: number | null; attempts: number },
  ) {
    await db
      .updateTable('webhook_deliveries')
      .set({ ...changes, updated_at: clock.now() })
      .where('id', '=', id)
      .execute();
  }

  /** The endpoint answered: it is well again. */
  async function endpointAnswered(webhookId: string): Promise<void> {
    await db.updateTable('webhooks').set({ failures: 0, paused_until: null }).where('id', '=', webhookId).where('failures', '>', 0).execute();
  }

  /** The endpoint failed once more; past WEBHOOK_PAUSE_AFTER_FAILURES, it and its waiting deliveries are paused. Returns the pause's end, or 0. */
  async function endpointFailed(webhookId: string): Promise<number> {
    const row = await db
      .updateTable('webhooks')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', webhookId)
      .returning('failures')
      .executeTakeFirst();
    const pause = webhookPauseMs(Number(row?.failures ?? 0));
    if (pause === 0) return 0;
    const until = clock.now() + pause;
    await db.updateTable('webhooks').set({ paused_until: until }).where('id', '=', webhookId).execute();
    const waiting = db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId).where('status', '=', 'pending');
    await putOffJobs(db, WEBHOOK_DELIVERY_JOB, waiting, until);
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: until })
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<', until)
      .execute();
    return until;
  }

  return async function deliverWebhook(job: Job): Promise<void> {
    const found = await db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.payload',
        'webhook_deliveries.status',
        'webhooks.url',
        'webhooks.secret',
        'webhooks.enabled',
        'webhooks.paused_until',
        'webhooks.id as webhook_id',
      ])
      .where('webhook_deliveries.id', '=', job.refId)
      .executeTakeFirst();
    // Its webhook was deleted (the delivery with it), or it has its outcome.
    if (!found || found.status !== 'pending') {
      await completeJob(db, job.id, owner);
      return;
    }
    // Claimed just before its endpoint was paused: it waits with the others, not counted as an attempt.
    if (found.paused_until !== null && Number(found.paused_until) > clock.now()) {
      const until = Number(found.paused_until);
      if (await postponeJob(db, job.id, owner, until)) {
        await db.updateTable('webhook_deliveries').set({ next_attempt_at: until, updated_at: clock.now() }).where('id', '=', found.id).execute();
      }
      return;
    }
    const attempts = job.attempts;
    const fail = async (status: number | null, excerpt: string) => {
      await record(found.id, { status: 'failed', response_status: status, response_excerpt: excerpt, next_attempt_at: null, attempts });
      await completeJob(db, job.id, owner);
    };
    if (Number(found.enabled) !== 1) return fail(null, 'not sent: the webhook is disabled');

    const url = new URL(found.url);
    const now = clock.now();
    const signature = new Webhook(found.secret).sign(found.id, new Date(now), found.payload);
    const result = await sendBoundedRequest(url, {
      method: 'POST',
      headers: {
        'webhook-id': found.id,
        'webhook-timestamp': String(Math.floor(now / 1000)),
        'webhook-signature': signature,
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
      },
      body: found.payload,
      allowPrivate,
      // Bounded, and not on the threads that sync the database: a name server that does not answer ends the attempt, not the worker's patience.
      lookup: deps.lookup,
      timeoutMs,
      maxBytes: RESPONSE_EXCERPT_BYTES,
    });
    if ('failure' in result && result.failure === 'private') return fail(null, `refused: ${url.hostname} is a private, loopback or link-local address`);
    const answer = answerOf(result, url, timeoutMs);

    if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
      await record(found.id, { status: 'delivered', response_status: answer.status, response_excerpt: answer.excerpt, next_attempt_at: null, attempts });
      await completeJob(db, job.id, owner);
      await endpointAnswered(found.webhook_id);
      return;
    }
    if (answer.status === 410) {
      await db.updateTable('webhooks').set({ enabled: 0, updated_at: clock.now() }).where('id', '=', found.webhook_id).execute();
      return fail(410, answer.excerpt || 'the receiver answered 410 Gone: the webhook is now disabled');
    }
    const pausedUntil = await endpointFailed(found.webhook_id);
    const wait = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    if (wait === undefined) return fail(answer.status, answer.excerpt);
    const runAt = Math.max(clock.now() + wait, pausedUntil);
    await record(found.id, { status: 'pending', response_status: answer.status, response_excerpt: answer.excerpt, next_attempt_at: runAt, attempts });
    await retryJob(db, job.id, owner, runAt, answer.status === null ? answer.excerpt : `answered ${answer.status}`);
  };
}
