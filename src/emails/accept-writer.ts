import { createGroupCommit, type GroupCommit } from '../db/group-commit.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { enqueueJobs } from '../delivery/job-queue.ts';
import { insertEmails, type NewEmailRow } from './email.repository.ts';
import { completeIdempotencyKey, type ClaimRef } from './idempotency.ts';

/**
 * Accepting is one transaction: the emails, their `queued` events, their outbox
 * jobs and the idempotency answer commit together (grouped with other sends of
 * the same moment), so an answer never promises an email that is not durable.
 */
export interface AcceptUnit {
  rows: NewEmailRow[];
  jobKind: string;
  idempotency?: ClaimRef & { response: unknown };
}

export function createAcceptWriter(handle: DatabaseHandle, now: () => number): GroupCommit<AcceptUnit> {
  return createGroupCommit<AcceptUnit>(handle.db, {
    weight: (unit) => unit.rows.length,
    maxWeight: 200,
    // Renders come back from the pool one by one; waiting a millisecond lets a
    // burst share its commit (the commit, not the inserts, is most of the cost).
    delayMs: 1,
    async apply(trx, units) {
      await insertEmails(
        trx,
        units.flatMap((u) => u.rows),
      );
      await enqueueJobs(
        trx,
        units.flatMap((u) => u.rows.map((r) => ({ kind: u.jobKind, refId: r.email.id, runAt: r.email.created_at }))),
        now(),
      );
      for (const u of units) if (u.idempotency) await completeIdempotencyKey(trx, u.idempotency);
    },
  });
}
