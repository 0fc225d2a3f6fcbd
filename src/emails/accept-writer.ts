import { createGroupCommit, type GroupCommit } from '../db/group-commit.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { enqueueJobs } from '../queue/index.ts';
import { admitSends, recipientRateLimited } from '../limits/index.ts';
import { insertEmails, insertSubmissions, type NewEmailRow, type NewSubmission } from './email.repository.ts';
import { completeIdempotencyKey, type ClaimRef } from './idempotency.ts';

/**
 * Accepting is one transaction: the recipient guard's check and record, the
 * emails, their `queued` events, their outbox jobs and the idempotency answer
 * commit together (grouped with other sends of the same moment), so an answer
 * never promises an email that is not durable, and a refused unit leaves nothing.
 */
export interface AcceptUnit {
  rows: NewEmailRow[];
  jobKind: string;
  /** Transactional sends pass the recipient guard; a unit is admitted whole or refused whole. */
  guarded: boolean;
  /** A batch: the client's index of each row, which a refusal names. */
  itemIndexes?: readonly number[];
  idempotency?: ClaimRef & { response: unknown };
  /** An SMTP message: its kept headers and attachments, which all its rows share. */
  submission?: NewSubmission;
}

export function createAcceptWriter(handle: DatabaseHandle, now: () => number): GroupCommit<AcceptUnit> {
  return createGroupCommit<AcceptUnit>(handle.db, {
    weight: (unit) => unit.rows.length,
    maxWeight: 200,
    // Renders come back from the pool one by one, and lock-step SMTP clients send
    // one message each per reply: waiting a few milliseconds lets the sends of
    // the moment share one commit and its fsync (the commit, not the inserts, is
    // most of the cost). bench:e2e over SMTP, one A/B of two rounds each: 3 ms
    // instead of 1 gave 2.24 against 2.50 ms of CPU per email (within this
    // machine's noise, so likely rather than proven); a lone send waits up to 2 ms more.
    delayMs: 3,
    // Answered only once on stable storage, but the disk syncs off the event loop
    // (the next group commits meanwhile): a synced commit held the thread that
    // accepts and delivers for the whole sync, a tenth of its time under load.
    connection: handle.syncAfter,
    async apply(trx, units) {
      const at = now();
      const decisions = await admitSends(
        trx,
        units.map((u) => (u.guarded ? u.rows.map((r) => ({ organizationId: r.email.organization_id, mailbox: r.mailbox })) : [])),
        at,
      );
      const admitted = units.filter((_, i) => decisions[i] === null);
      const rows = admitted.flatMap((u) => u.rows);
      await insertSubmissions(
        trx,
        admitted.flatMap((u) => (u.submission ? [u.submission] : [])),
      );
      await insertEmails(trx, rows);
      await enqueueJobs(
        trx,
        admitted.flatMap((u) =>
          u.rows.map((r) => ({ kind: u.jobKind, refId: r.email.id, runAt: r.email.created_at, organizationId: r.email.organization_id })),
        ),
        at,
      );
      for (const u of admitted) if (u.idempotency) await completeIdempotencyKey(trx, u.idempotency);
      return decisions.map((d, i) => (d === null ? undefined : recipientRateLimited(d.mailbox, d.refusal, units[i]!.itemIndexes?.[d.index])));
    },
  });
}
