import { z } from 'zod';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { isGoneOwner } from '../queue/index.ts';
import {
  completeIdempotencyClaim,
  deleteExpiredIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  deleteIdempotencyClaim,
  findIdempotencyKey,
  insertIdempotencyKey,
  takeOverIdempotencyKey,
  type KeyClaim,
} from './idempotency.repository.ts';

/**
 * Idempotency keys for sends (the `Idempotency-Key` header, SMTP's
 * `Mailgate-Idempotency-Key`): kept 24 h per organization. Same key and same
 * request → the first answer again; other request → conflict; still running → conflict.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * An in-flight claim older than this is taken to belong to a process that
 * died, and may be taken over. A claim whose holder is provably gone (a
 * process on this host that no longer runs, see isGoneOwner) is taken over at once.
 */
export const IN_FLIGHT_STALE_MS = 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 256;

type Db = Kysely<Database> | Transaction<Database>;

/** A claim names its holder: complete and release act only for the request that claimed. */
export type ClaimResult = { status: 'claimed'; token: string } | { status: 'replay'; response: unknown };

export type ClaimRef = KeyClaim;

/** Throws validation_error unless the key is 1–256 printable ASCII characters; `name` is the header the caller sent it in. */
const IDEMPOTENCY_KEY_MESSAGE = `must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters without spaces`;
const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);
const isValidIdempotencyKey = (key: string) => IDEMPOTENCY_KEY_PATTERN.test(key);

/** An idempotency key as an input field: what makes a retried send answer from the first time. */
export const idempotencyKeyField = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_KEY_MESSAGE })
  .meta({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX })
  .describe(
    'Any unique string (1–256 printable characters, e.g. a UUID). A retry with the same key and the same input within 24 hours returns the first answer and sends nothing more; the same key with other input is refused (409).',
  );

export function assertValidIdempotencyKey(key: string, name = 'Idempotency-Key'): void {
  if (!isValidIdempotencyKey(key)) {
    const message = IDEMPOTENCY_KEY_MESSAGE;
    throw new AppError('validation_error', `${name} ${message}`, { details: [{ path: name, message }] });
  }
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The `code` of an idempotency_conflict: the key belongs to another request, or the same one is still being answered. */
export const IDEMPOTENCY_CODES = {
  reused: 'IDEMPOTENCY_KEY_REUSED',
  inProgress: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
} as const;

/**
 * A claim's token names its holder when it has one: `<holder>/<random>`, the
 * holder being the claiming process's queue owner (`host:pid:token`).
 */
function claimToken(holder: string | undefined): string {
  const random = randomBytes(12).toString('hex');
  return holder === undefined ? random : `${holder}/${random}`;
}

/** Does this claim token name a holder that is certainly not running any more? */
function heldByGone(token: string): boolean {
  const slash = token.lastIndexOf('/');
  return slash > 0 && isGoneOwner(token.slice(0, slash));
}

/** SHA-256 over the operation name and the canonical request. */
export function requestFingerprint(operation: string, request: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(request)).digest('hex');
}

/**
 * Claim a key for this request, as `holder` (this process's queue owner) when
 * given. Returns `replay` with the stored answer when the same request already
 * completed. Throws idempotency_conflict (409) when the key belongs to a
 * different request or the same request is still in flight; an in-flight claim
 * whose holder is gone, or that is older than IN_FLIGHT_STALE_MS, is taken over.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  input: { organizationId: string; key: string; fingerprint: string; now: number; holder?: string },
): Promise<ClaimResult> {
  const { organizationId, key, fingerprint, now } = input;
  const token = claimToken(input.holder);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findIdempotencyKey(db, organizationId, key);
    if (existing && existing.expires_at > now) {
      if (existing.fingerprint !== fingerprint) {
        throw new AppError('idempotency_conflict', 'This Idempotency-Key was already used with a different request', {
          code: IDEMPOTENCY_CODES.reused,
        });
      }
      if (existing.state === 'completed') return { status: 'replay', response: JSON.parse(existing.response ?? 'null') };
      if (now - existing.created_at < IN_FLIGHT_STALE_MS && !heldByGone(existing.claim_token)) {
        throw new AppError('idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry later', {
          code: IDEMPOTENCY_CODES.inProgress,
          retryAfter: 1,
        });
      }
      // A stale claim, or one whose process is gone (a crash, a kill -9): it never committed. Take it over.
      const held = { organizationId, key, token: existing.claim_token };
      if (await takeOverIdempotencyKey(db, held, token, { createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })) return { status: 'claimed', token };
      continue;
    }
    if (existing) await deleteExpiredIdempotencyKey(db, organizationId, key, now);
    try {
      await insertIdempotencyKey(db, {
        organization_id: organizationId,
        key,
        fingerprint,
        claim_token: token,
        state: 'in_flight',
        response: null,
        created_at: now,
        expires_at: now + IDEMPOTENCY_TTL_MS,
      });
      return { status: 'claimed', token };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request claimed it between our read and insert: read again.
    }
  }
  throw new AppError('idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry later', {
    code: IDEMPOTENCY_CODES.inProgress,
    retryAfter: 1,
  });
}

/**
 * Store the answer, in the same transaction that accepted the work. Throws
 * idempotency_conflict when the claim is no longer this request's (it stalled
 * past IN_FLIGHT_STALE_MS and another request took the key over), so that the
 * transaction rolls back instead of accepting the work twice.
 */
export async function completeIdempotencyKey(db: Db, input: ClaimRef & { response: unknown }): Promise<void> {
  if (!(await completeIdempotencyClaim(db, input, JSON.stringify(input.response)))) {
    throw new AppError('idempotency_conflict', 'This Idempotency-Key was taken over by a later request while this one stalled', {
      code: IDEMPOTENCY_CODES.inProgress,
      retryAfter: 1,
    });
  }
}

/** Drop this request's in-flight claim after it failed before anything was accepted, so a retry may run. */
export async function releaseIdempotencyKey(db: Db, input: ClaimRef): Promise<void> {
  await deleteIdempotencyClaim(db, input);
}

/** Housekeeping: forget keys past their 24 h. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: number): Promise<number> {
  return deleteExpiredIdempotencyKeys(db, now);
}
