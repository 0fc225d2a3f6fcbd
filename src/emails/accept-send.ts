import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { createAcceptWriter } from './accept-writer.ts';
import type { NewEmailRow, NewSubmission } from './email.repository.ts';
import { assertValidIdempotencyKey, claimIdempotencyKey, releaseIdempotencyKey, requestFingerprint, type ClaimRef } from './idempotency.ts';

/** A send's idempotency key, the operation it is for, and the request it fingerprints. */
export interface SendIdempotency {
  key: string;
  operation: string;
  request: unknown;
}

/** What a send accepts: its rows, and the answer kept with its key. */
export interface BuiltSend<R> {
  rows: NewEmailRow[];
  result: R;
  /** A batch: the client's index of each row, which a refusal names. */
  itemIndexes?: number[];
  /** The headers and attachments its rows refer to (a submitted message's; a reply's threading). */
  submissions?: NewSubmission[];
}

/**
 * Claim the idempotency key (if any), build the rows, and commit rows, jobs and
 * the stored answer in one transaction; a failure before commit releases the
 * key. A repeated request gets the first answer. Transactional sends are
 * `guarded` (the recipient guard). Throws idempotency_conflict, recipient_rate_limited.
 */
export type AcceptSend = <R>(
  auth: OrgScope,
  idempotency: SendIdempotency | undefined,
  build: (now: number) => Promise<BuiltSend<R>>,
  guarded?: boolean,
) => Promise<R>;

export interface AcceptSendDeps {
  handle: DatabaseHandle;
  clock: Clock;
  /** This process's queue owner: its idempotency claims name it. */
  owner: string;
  /** The job each accepted email gets. */
  jobKind: string;
  /** Called after the jobs are committed. */
  onAccepted: (kind: string) => void;
}

export function createAcceptSend(deps: AcceptSendDeps): AcceptSend {
  const { handle, clock } = deps;
  const writer = createAcceptWriter(handle, () => clock.now());

  /** Claim the key; a replay is the first request's stored answer. */
  async function claim(auth: OrgScope, idempotency: SendIdempotency, now: number): Promise<{ replay: unknown } | { ref: ClaimRef }> {
    assertValidIdempotencyKey(idempotency.key);
    const claimed = await claimIdempotencyKey(handle.db, {
      organizationId: auth.organizationId,
      key: idempotency.key,
      fingerprint: requestFingerprint(idempotency.operation, idempotency.request),
      now,
      holder: deps.owner,
    });
    if (claimed.status === 'replay') return { replay: claimed.response };
    return { ref: { organizationId: auth.organizationId, key: idempotency.key, token: claimed.token } };
  }

  return async function accept<R>(
    auth: OrgScope,
    idempotency: SendIdempotency | undefined,
    build: (now: number) => Promise<BuiltSend<R>>,
    guarded = true,
  ): Promise<R> {
    const now = clock.now();
    let keyRef: ClaimRef | undefined;
    if (idempotency) {
      const claimed = await claim(auth, idempotency, now);
      if ('replay' in claimed) {
        // The first request's commit may still be syncing (its own answer waits for
        // that): a replay is answered only once what it repeats is on disk too.
        await handle.syncAfter(async () => undefined);
        return claimed.replay as R;
      }
      keyRef = claimed.ref;
    }
    let result: R;
    try {
      const built = await build(now);
      result = built.result;
      await writer.write({
        rows: built.rows,
        jobKind: deps.jobKind,
        guarded,
        ...(built.itemIndexes ? { itemIndexes: built.itemIndexes } : {}),
        ...(built.submissions ? { submissions: built.submissions } : {}),
        ...(keyRef ? { idempotency: { ...keyRef, response: result } } : {}),
      });
    } catch (error) {
      if (keyRef) await releaseIdempotencyKey(handle.db, keyRef).catch(() => undefined);
      throw error;
    }
    deps.onAccepted(deps.jobKind);
    return result;
  };
}
