import { createGroupCommit, type GroupCommit } from '../db/group-commit.ts';
import { writeFirst, type DatabaseHandle } from '../db/index.ts';
import { enqueueJobs } from '../queue/index.ts';
import { AppError } from '../errors.ts';
import { admitSends, recipientRateLimited } from '../limits/index.ts';
import { insertEmails, insertSubmissions, type NewEmailRow, type NewSubmission } from './email.repository.ts';
import { completeIdempotencyKey, type ClaimRef } from './idempotency.ts';
import { checkSuppressedRecipients, type CheckedUnit } from './suppressed-recipients.ts';

/**
 * Accepting is one transaction: the suppression list's check, the recipient
 * guard's check and record, the emails, their `queued` (or `suppressed`)
 * events, their outbox jobs and the idempotency answer commit together (grouped with other sends of the same moment), so an answer
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
  /** Kept headers and attachments (an SMTP message's, which all its rows share; a reply's threading): written before the rows. */
  submissions?: readonly NewSubmission[];
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
      // The suppression list is read before the first write: another process's commit in between must not fail this one.
      await writeFirst(trx, handle.dialect);
      // Recipients on the suppression list get their email, marked suppressed and never
      // delivered; a unit left with none to deliver is refused before the guard counts it.
      const checked = await checkSuppressedRecipients(trx, units, at);
      const decisions = await admitSends(
        trx,
        units.map((u, i) => {
          const c = checked[i]!;
          if (!u.guarded || c instanceof AppError) return [];
          return c.deliver.map((position) => ({ organizationId: u.rows[position]!.email.organization_id, mailbox: u.rows[position]!.mailbox }));
        }),
        at,
      );
      const refusals = units.map((u, i): AppError | undefined => {
        const c = checked[i]!;
        if (c instanceof AppError) return c;
        const d = decisions[i];
        if (!d) return undefined;
        const position = c.deliver[d.index]!;
        return recipientRateLimited(d.mailbox, d.refusal, u.itemIndexes?.[position]);
      });
      const admitted = units.flatMap((u, i) => (refusals[i] === undefined ? [{ unit: u, checked: checked[i] as CheckedUnit }] : []));
      await insertSubmissions(
        trx,
        admitted.flatMap(({ unit }) => unit.submissions ?? []),
      );
      await insertEmails(
        trx,
        admitted.flatMap(({ checked }) => checked.rows),
      );
      await enqueueJobs(
        trx,
        admitted.flatMap(({ unit, checked }) =>
          checked.deliver.map((position) => {
            const r = checked.rows[position]!;
            return { kind: unit.jobKind, refId: r.email.id, runAt: r.email.created_at, organizationId: r.email.organization_id };
          }),
        ),
        at,
      );
      for (const { unit } of admitted) if (unit.idempotency) await completeIdempotencyKey(trx, unit.idempotency);
      return refusals;
    },
  });
}
