import type { Clock } from '../clock.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGroupCommit } from '../db/group-commit.ts';
import { isConnectionLoss, type DatabaseHandle } from '../db/index.ts';
import {
  findEmailsForDelivery,
  findSubmissions,
  recordEmailEvents,
  type EmailForDelivery,
  type NewEmailEvent,
  type StoredSubmission,
} from '../emails/email.repository.ts';
import type { SubmissionHeaders } from '../emails/submission.ts';
import type { ComposeInput, ComposeSubmission } from './compose-message.ts';
import type { SendingDomain } from '../domains/index.ts';
import { returnPathLocalPart } from '../returns/verp.ts';
import { addressOf, DELIVERY_FINISHED } from '../emails/email-record.ts';
import { domainOf, mailboxKey } from '../emails/address.ts';
import type { ThreadPool } from '../threads/index.ts';
import type { EventTriggers } from '../audience/index.ts';
import { fixtureOutcome } from './fixtures.ts';
import { applyEmailOutcomes, eventOf, type EmailOutcome } from '../returns/apply-outcomes.ts';
import { outcomeOfFixture, outcomeOfRelayAnswer } from '../returns/outcome-rules.ts';
import { completeJob, completeJobs, JobLeaseLost, postponeJob, renewLeases, retryJob, type Job } from '../queue/index.ts';
import { isThrottle, type RelayPace } from './relay-pace.ts';
import { DeliveryFailure, DeliveryInterrupted, type Transport, type TransportResult } from './transport.ts';

/** How long a campaign's status, read for its emails' deliveries, is taken as current: a cancel stops new hand-offs within it. */
const CAMPAIGN_STATUS_TTL_MS = 1_000;

/** What a tracked email tracks; a v1 email tracked before the choice existed tracks both. */
function trackedEvents(stored: string | null): { opens: boolean; clicks: boolean } {
  if (stored === null) return { opens: true, clicks: true };
  const events = stored.split(',');
  return { opens: events.includes('opens'), clicks: events.includes('clicks') };
}

/** Outcomes wait up to this long to share a commit with their neighbours. */
const OUTCOME_COMMIT_DELAY_MS = 5;

/** An outcome the database could not take is written again after this long, doubled each time up to the max. */
const OUTCOME_RETRY_FIRST_MS = 100;
const OUTCOME_RETRY_MAX_MS = 2_000;
/**
 * However short the lease, an outcome is tried for this long. A restart of
 * PostgreSQL takes seconds on a busy machine, a failover longer; and giving up
 * means the job runs again, its message handed over twice, while an outcome
 * written late is still this worker's to write unless another took the job.
 */
const OUTCOME_RETRY_MIN_MS = 60_000;

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
  /** When each hand-off may start (DELIVERY_RATE_PER_SECOND, cooling after a throttle); it hears how each one went. */
  pace: RelayPace;
  /** Builds MIME messages off the thread that owns the database (the pool's compose task). */
  pool: ThreadPool<{ compose: (input: ComposeInput) => Promise<Uint8Array> }>;
  maxAttempts: number;
  owner: string;
  /** How long a claim holds a job (DELIVERY_LEASE_SECONDS); the worker renews it while the job runs. */
  leaseMs: number;
  /** A mailbox that bounces is refused transactional sends for this long (0: no cooldown). */
  bounceCooldownMs: number;
  /** BASE_URL: where tracked emails' links point. */
  baseUrl: string;
  /** What the delivery events recorded on subscribers fire (createCore: the workflows they start). */
  triggers: EventTriggers;
  /** A verified sending domain of the organization (domains/): its DKIM key and return-path domain; null for any other. */
  sendingDomain: (organizationId: string, domain: string) => Promise<SendingDomain | null>;
  /** Every message's envelope sender is a return path (returns/verp.ts) made with this key. */
  returnPathKey: () => Promise<Buffer>;
  /** The return path's domain for mail from a domain without its own (RETURN_PATH_DOMAIN, else INBOUND_MX_HOST's). */
  returnPathDomain: string;
}

/** How long a domain's setup (or its absence) is taken as current: a domain verified, checked again or removed is seen within it. */
const SENDING_DOMAIN_TTL_MS = 10_000;

type EventInput = { type: string; detail?: Record<string, unknown> };

/** What one delivery attempt decided: the email's outcome, and whether the job is done or runs again. */
interface Outcome extends EmailOutcome {
  jobId: string;
  retry: { runAt: number; error: string } | null;
}

/**
 * Deliver the email a job refers to and move its last_event along. Fixture
 * recipients walk queued → sent → delivered|bounced|complained without a transport.
 * Outcomes of concurrent jobs are committed together.
 */
export function createDeliverEmailHandler(deps: DeliverEmailDeps): (job: Job) => Promise<void> {
  const { db: handle, clock, transport, pace, pool, maxAttempts, owner, leaseMs, bounceCooldownMs, baseUrl, triggers } = deps;
  const domains = new Map<string, { found: Promise<SendingDomain | null>; until: number }>();
  /** What an email from this address is sent with (DKIM key, return-path domain), looked up once per domain and moment. */
  function sendingDomainFor(organizationId: string, from: string): Promise<SendingDomain | null> {
    const domain = domainOf(from);
    const id = `${organizationId} ${domain}`;
    const now = clock.now();
    const hit = domains.get(id);
    if (hit && hit.until > now) return hit.found;
    const found = deps.sendingDomain(organizationId, domain);
    if (domains.size > 10_000) domains.clear();
    domains.set(id, { found, until: now + SENDING_DOMAIN_TTL_MS });
    found.catch(() => domains.delete(id));
    return found;
  }
  const db = handle.db;

  const outcomes = createGroupCommit<Outcome>(db, {
    weight: (o) => o.events.length + 1,
    delayMs: OUTCOME_COMMIT_DELAY_MS,
    // An outcome lost to a crash of the machine is an email delivered again, never one lost.
    connection: handle.unsynced,
    async apply(trx, items) {
      // Only an attempt whose job this worker still holds may record what happened:
      // if the lease was lost (a stall past it), the job belongs to someone else now.
      const held = await completeJobs(
        trx,
        items.filter((o) => !o.retry).map((o) => o.jobId),
        owner,
      );
      for (const o of items) {
        if (o.retry && (await retryJob(trx, o.jobId, owner, o.retry.runAt, o.retry.error))) held.add(o.jobId);
      }
      await applyEmailOutcomes(
        trx,
        items.filter((o) => held.has(o.jobId)),
        { bounceCooldownMs, triggers, now: clock.now() },
      );
    },
  });

  type Loaded = { email: EmailForDelivery; submission: StoredSubmission | undefined } | undefined;
  // Jobs claimed together load their emails (and the submissions they are made of) with one query each.
  let waiting: { id: string; resolve: (e: Loaded) => void; reject: (e: unknown) => void }[] = [];
  function loadEmail(id: string): Promise<Loaded> {
    return new Promise((resolve, reject) => {
      if (waiting.length === 0) {
        setImmediate(() => {
          const batch = waiting;
          waiting = [];
          (async () => {
            const rows = await findEmailsForDelivery(
              db,
              batch.map((w) => w.id),
            );
            const submissions = await findSubmissions(
              db,
              rows.flatMap((r) => (r.submission_id === null ? [] : [r.submission_id])),
            );
            return new Map(rows.map((r) => [r.id, { email: r, submission: r.submission_id === null ? undefined : submissions.get(r.submission_id) }]));
          })().then(
            (byId) => {
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

  /** Campaign statuses, looked up once per moment for the many emails of one campaign. */
  const statuses = new Map<string, Promise<string | undefined>>();
  function campaignStatus(campaignId: string): Promise<string | undefined> {
    let status = statuses.get(campaignId);
    if (!status) {
      status = db
        .selectFrom('campaigns')
        .select('status')
        .where('id', '=', campaignId)
        .executeTakeFirst()
        .then((row) => row?.status);
      statuses.set(campaignId, status);
      setTimeout(() => statuses.delete(campaignId), CAMPAIGN_STATUS_TTL_MS).unref();
    }
    return status;
  }

  /**
   * Record what an attempt came to. When the database is out of reach (a restart,
   * a failover), try again for the job's lease and a minute at least: the relay
   * may have the message already, and an outcome given up on is a job run again,
   * its email handed over twice. Writing it twice is harmless: only a worker that
   * still holds the job records anything (see `apply`), and the job is gone once
   * an outcome is in. This worker renews the lease again once the database is
   * back; if another worker took the job after the lease ran out, this one's
   * outcome is simply not recorded.
   */
  async function outcome(job: Job, email: EmailForDelivery, events: EventInput[], retry: Outcome['retry'] = null): Promise<void> {
    const at = clock.now();
    const item: Outcome = {
      jobId: job.id,
      events: events.map((e) => ({ emailId: email.id, organizationId: email.organization_id, type: e.type, detail: e.detail ?? null, at })),
      retry,
      emailId: email.id,
      triggerWorkflows: email.source !== 'workflow',
      recipient: { organizationId: email.organization_id, mailbox: mailboxKey(addressOf(email.to_address)) },
      campaignId: email.campaign_id,
      finished: retry === null,
    };
    // Real time, as the outage is: the clock a test moves by hand would never get there.
    const giveUpAt = Date.now() + Math.max(leaseMs, OUTCOME_RETRY_MIN_MS);
    for (let waitMs = OUTCOME_RETRY_FIRST_MS; ; waitMs = Math.min(waitMs * 2, OUTCOME_RETRY_MAX_MS)) {
      try {
        return await outcomes.write(item);
      } catch (error) {
        const left = giveUpAt - Date.now();
        if (!isConnectionLoss(error) || left <= 0) throw error;
        await sleep(Math.min(waitMs, left));
      }
    }
  }

  /**
   * Is the job still this worker's, just before its hand-off? Its lease runs
   * while the worker renews it; a worker that stalled past it (a paused process,
   * a starved event loop) may find another worker has taken the job since, and
   * must not hand the message over a second time. A hand-off starting early in
   * the lease needs no look; a later one takes the lease again, and only while
   * this worker still holds it: no other claimed the job meanwhile.
   */
  async function stillHeld(job: Job): Promise<boolean> {
    const now = clock.now();
    if (now - job.claimedAt < leaseMs / 2) return true;
    return (await renewLeases(db, [job.id], owner, now + leaseMs)).has(job.id);
  }

  /** A submitted message's kept headers and attachments; undefined for an email of another door. */
  function composeSubmission(email: EmailForDelivery, found: StoredSubmission | undefined): ComposeSubmission | undefined {
    if (email.submission_id === null) return undefined;
    if (!found) throw new Error(`submission ${email.submission_id} of ${email.id} is missing`);
    const headers = JSON.parse(found.headers) as SubmissionHeaders;
    return {
      ...headers,
      attachments: found.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        contentId: a.content_id,
        inline: Number(a.inline) === 1,
        content: a.content,
      })),
    };
  }

  /**
   * Record what a failed attempt means: retry now (ours), a hard bounce (5xx,
   * through the outcome rules), fail (out of attempts) or retry later. A relay
   * still answering 4xx at the last attempt is a failure of the path (a relay
   * throttling or down), not a judgement on the address: `failed`, no cooldown.
   */
  async function settle(job: Job, email: EmailForDelivery, error: DeliveryFailure | DeliveryInterrupted, unrecorded?: EventInput[]): Promise<void> {
    if (error instanceof DeliveryInterrupted) {
      // Back to the queue at once, for whichever worker runs next.
      await retryJob(db, job.id, owner, clock.now(), error.message);
      return;
    }
    const detail = { transport: transport.name, response: error.message, response_code: error.responseCode ?? null, attempt: job.attempts };
    const earlier = unrecorded ?? (await unrecordedAttempts(job, email));
    // A refusal with no code to read is still the relay's final word on the address.
    const bounce = error.permanent ? (outcomeOfRelayAnswer(error.message, error.responseCode, null) ?? outcomeOfRelayAnswer(error.message, 550, null)) : null;
    if (bounce) {
      await outcome(job, email, [...earlier, eventOf(bounce, detail)]);
    } else if (job.attempts >= maxAttempts) {
      await outcome(job, email, [...earlier, { type: 'failed', detail }]);
    } else {
      const runAt = clock.now() + retryDelayMs(job.attempts);
      await outcome(job, email, [...earlier, { type: 'delivery_delayed', detail: { ...detail, next_attempt_at: new Date(runAt).toISOString() } }], {
        runAt,
        error: error.message,
      });
    }
  }

  /**
   * The attempts before this one that recorded no outcome: the claim counts each
   * attempt before its hand-off, so an attempt whose process stopped mid-way (a
   * crash, a shutdown) shows here. The relay may have taken it: the email's
   * events say so, with this attempt's outcome.
   */
  async function unrecordedAttempts(job: Job, email: EmailForDelivery): Promise<EventInput[]> {
    if (job.attempts <= 1) return [];
    const row = await db
      .selectFrom('email_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email_id', '=', email.id)
      .where('type', '=', 'delivery_delayed')
      .executeTakeFirst();
    const events: EventInput[] = [];
    for (let attempt = Number(row?.n ?? 0) + 1; attempt < job.attempts; attempt++) {
      events.push({
        type: 'delivery_delayed',
        detail: {
          transport: transport.name,
          attempt,
          unknown_outcome: true,
          response:
            'No outcome was recorded for this attempt: the process handing it over stopped first (a crash or a shutdown); the relay may have received it. Tried again.',
        },
      });
    }
    return events;
  }

  return async function deliverEmail(job) {
    const loaded = await loadEmail(job.refId);
    const email = loaded?.email;
    if (!email || DELIVERY_FINISHED.has(email.last_event)) {
      await completeJob(db, job.id, owner);
      return;
    }
    if (email.campaign_id !== null && (await campaignStatus(email.campaign_id)) === 'cancelled') {
      // A cancelled campaign starts no new recipient; what was already handed on is not called back.
      await outcome(job, email, [{ type: 'failed', detail: { reason: 'campaign_cancelled' } }]);
      return;
    }
    const recipient = addressOf(email.to_address);
    const fixture = fixtureOutcome(recipient);
    if (fixture) {
      await outcome(job, email, [
        { type: 'sent', detail: { fixture: true } },
        fixture === 'delivered' ? { type: 'delivered', detail: { fixture: true } } : eventOf(outcomeOfFixture(fixture, recipient), { fixture: true }),
      ]);
      return;
    }

    // Anything but a relay's answer (compose failing, say) is a temporary failure
    // of ours: it gets the same attempts and events, never an endless silent retry.
    const asFailure = (error: unknown) =>
      error instanceof DeliveryFailure || error instanceof DeliveryInterrupted
        ? error
        : new DeliveryFailure(`internal error: ${error instanceof Error ? error.message : String(error)}`, false);
    let raw: Uint8Array;
    let returnPath: string;
    try {
      const submission = composeSubmission(email, loaded.submission);
      const [sending, key] = await Promise.all([sendingDomainFor(email.organization_id, addressOf(email.from_address)), deps.returnPathKey()]);
      // Bounces come back to this address, naming the email; the header From stays the sender's.
      returnPath = `${returnPathLocalPart(key, email.id)}@${sending?.returnPathDomain ?? deps.returnPathDomain}`;
      raw = await pool.run('compose', {
        from: email.from_address,
        to: email.to_address,
        replyTo: email.reply_to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.message_id,
        emailId: email.id,
        date: new Date(email.created_at),
        submission,
        tracking: email.tracking_key === null ? undefined : { baseUrl, emailId: email.id, key: email.tracking_key, ...trackedEvents(email.tracking_events) },
        listUnsubscribe: email.list_unsubscribe ?? undefined,
        dkim: sending?.dkim,
      });
    } catch (error) {
      return settle(job, email, asFailure(error));
    }
    const turn = await pace.awaitTurn();
    if (!turn.go) {
      // Its turn is further off than a job should wait on its lease (or this
      // process is stopping): back to the queue untried, not an attempt.
      await postponeJob(db, job.id, owner, turn.retryAt);
      return;
    }
    if (!(await stillHeld(job))) throw new JobLeaseLost(job.id, `delivery of ${email.id}`);
    // Read before the hand-off: after it, the outcome must not wait on a read that a database restart would fail.
    const earlier = await unrecordedAttempts(job, email);
    let result: TransportResult;
    try {
      result = await transport.deliver({
        emailId: email.id,
        envelope: { from: returnPath, to: [recipient] },
        raw,
        messageId: email.message_id,
      });
    } catch (error) {
      if (error instanceof DeliveryFailure && isThrottle(error)) pace.throttled(turn.ticket);
      return settle(job, email, asFailure(error), earlier);
    }
    pace.succeeded(turn.ticket);
    const events: EventInput[] = [...earlier, { type: 'sent', detail: { transport: transport.name, response: result.response, attempt: job.attempts } }];
    if (result.outcome === 'delivered') events.push({ type: 'delivered', detail: { transport: transport.name } });
    await outcome(job, email, events);
  };
}
