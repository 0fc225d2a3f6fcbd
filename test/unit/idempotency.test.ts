import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import {
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_TTL_MS,
  IN_FLIGHT_STALE_MS,
  assertValidIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  requestFingerprint,
  type ClaimRef,
} from '../../src/emails/idempotency.ts';
import { createOrganizationService } from '../../src/orgs/index.ts';
import { newOwner } from '../../src/queue/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { KEY_IN_PROGRESS, KEY_REUSED, expectRefusal } from '../helpers/errors.ts';

const KEY_MESSAGE = 'must be 1 to 256 printable ASCII characters without spaces';

describe('assertValidIdempotencyKey', () => {
  it.each([
    ['a single character', 'a'],
    ['the maximum length', 'k'.repeat(256)],
    ['the whole printable range', '!"#$%&\'()*+,-./0123456789:;<=>?@AZ[\\]^_`az{|}~'],
    ['a uuid', '3f1c2a9e-7b1d-4c55-9a61-0d5b2e8c4f10'],
  ])('accepts %s', (_label, key) => {
    expect(() => assertValidIdempotencyKey(key)).not.toThrow();
  });

  it.each([
    ['an empty key', ''],
    ['one character too long', 'k'.repeat(257)],
    ['a space', 'order 42'],
    ['a tab', 'order\t42'],
    ['a line break', 'order\n42'],
    ['DEL', 'order\x7f'],
    ['a non-ASCII letter', 'commandé'],
  ])('refuses %s', (_label, key) => {
    expectRefusal(() => assertValidIdempotencyKey(key), {
      kind: 'validation_error',
      message: `Idempotency-Key ${KEY_MESSAGE}`,
      details: [{ path: 'Idempotency-Key', message: KEY_MESSAGE }],
    });
  });

  it('states the maximum it enforces', () => {
    expect(IDEMPOTENCY_KEY_MAX).toBe(256);
  });
});

describe('requestFingerprint', () => {
  const request = {
    from: { name: 'Sender', address: 'sender@b.example' },
    to: { name: null, address: 'rcpt@d.example' },
    content: { kind: 'html', html: '<p>Hi</p>' },
    tags: [1, 2, 3],
  };

  it('is a SHA-256 hex digest', () => {
    expect(requestFingerprint('emails.send', request)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not depend on key order, at any depth', () => {
    const reordered = {
      tags: [1, 2, 3],
      content: { html: '<p>Hi</p>', kind: 'html' },
      to: { address: 'rcpt@d.example', name: null },
      from: { address: 'sender@b.example', name: 'Sender' },
    };
    expect(requestFingerprint('emails.send', reordered)).toBe(requestFingerprint('emails.send', request));
  });

  it('ignores properties whose value is undefined', () => {
    expect(requestFingerprint('emails.send', { ...request, preview: undefined })).toBe(requestFingerprint('emails.send', request));
  });

  it('differs for another operation over the same request', () => {
    expect(requestFingerprint('emails.batch.strict', request)).not.toBe(requestFingerprint('emails.send', request));
  });

  it('differs for a changed nested value', () => {
    const changed = { ...request, content: { kind: 'html', html: '<p>Hi!</p>' } };
    expect(requestFingerprint('emails.send', changed)).not.toBe(requestFingerprint('emails.send', request));
  });

  it('keeps array order significant', () => {
    const changed = { ...request, tags: [3, 2, 1] };
    expect(requestFingerprint('emails.send', changed)).not.toBe(requestFingerprint('emails.send', request));
  });

  it('tells null from the string "null" and a number from its string', () => {
    expect(requestFingerprint('op', { a: null })).not.toBe(requestFingerprint('op', { a: 'null' }));
    expect(requestFingerprint('op', { a: 1 })).not.toBe(requestFingerprint('op', { a: '1' }));
  });
});

describe('idempotency keys in the database', () => {
  // Only what this test opened is closed: a failed setup leaves nothing to close twice.
  const cleanups: (() => Promise<void>)[] = [];
  let testDb: TestDatabase;
  let clock: ManualClock;
  let orgA: string;
  let orgB: string;
  const fpA = requestFingerprint('emails.send', { n: 1 });
  const fpB = requestFingerprint('emails.send', { n: 2 });

  beforeEach(async () => {
    testDb = await createTestDatabase();
    const opened = testDb;
    cleanups.push(() => opened.cleanup());
    clock = new ManualClock();
    const orgs = createOrganizationService(testDb.handle, clock);
    orgA = (await orgs.create({ name: 'Org A', plan: 'free' })).org.id;
    orgB = (await orgs.create({ name: 'Org B', plan: 'free' })).org.id;
  });

  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  const db = () => testDb.handle.db;
  const claim = (organizationId: string, key: string, fingerprint: string) => claimIdempotencyKey(db(), { organizationId, key, fingerprint, now: clock.now() });
  /** Claim, expect a fresh claim, and give back the reference that completes or releases it. */
  const claimed = async (organizationId: string, key: string, fingerprint: string): Promise<ClaimRef> => {
    const result = await claim(organizationId, key, fingerprint);
    if (result.status !== 'claimed') throw new Error(`expected a claim, got ${JSON.stringify(result)}`);
    return { organizationId, key, token: result.token };
  };
  const CLAIMED = { status: 'claimed', token: expect.stringMatching(/^[0-9a-f]{24}$/) };
  const rows = () => db().selectFrom('idempotency_keys').selectAll().orderBy('organization_id').orderBy('key').execute();

  it('claims a fresh key and records it in flight for 24 h', async () => {
    expect(IDEMPOTENCY_TTL_MS).toBe(24 * 60 * 60 * 1000);
    const t0 = clock.now();
    expect(await claim(orgA, 'key-1', fpA)).toEqual(CLAIMED);
    expect(await rows()).toEqual([
      {
        organization_id: orgA,
        key: 'key-1',
        fingerprint: fpA,
        claim_token: expect.stringMatching(/^[0-9a-f]{24}$/),
        state: 'in_flight',
        response: null,
        created_at: t0,
        expires_at: t0 + IDEMPOTENCY_TTL_MS,
      },
    ]);
  });

  it('refuses a second claim while the first is in flight', async () => {
    await claim(orgA, 'key-1', fpA);
    clock.advance(1000);
    await expectRefusal(claim(orgA, 'key-1', fpA), KEY_IN_PROGRESS);
  });

  it('refuses a different request under an in-flight key as reuse', async () => {
    await claim(orgA, 'key-1', fpA);
    await expectRefusal(claim(orgA, 'key-1', fpB), KEY_REUSED);
  });

  it('replays the exact stored response once completed', async () => {
    const response = { data: [{ id: 'eml_1' }, { id: 'eml_2' }], errors: [], note: 'ünïcødé ✓', n: 0, nothing: null };
    const ref_key_1 = await claimed(orgA, 'key-1', fpA);
    await completeIdempotencyKey(db(), { ...ref_key_1, response });
    clock.advance(5 * 60 * 1000);
    const replay = await claim(orgA, 'key-1', fpA);
    expect(replay).toEqual({ status: 'replay', response });
    const [row] = await rows();
    expect(row?.state).toBe('completed');
    expect(row?.response).toBe(JSON.stringify(response));
  });

  it('refuses a completed key with a different fingerprint', async () => {
    const ref_key_1 = await claimed(orgA, 'key-1', fpA);
    await completeIdempotencyKey(db(), { ...ref_key_1, response: { id: 'eml_1' } });
    await expectRefusal(claim(orgA, 'key-1', fpB), KEY_REUSED);
    // The refusal changes nothing: the original request still replays.
    expect(await claim(orgA, 'key-1', fpA)).toEqual({ status: 'replay', response: { id: 'eml_1' } });
  });

  it('keeps keys per organization', async () => {
    const ref_shared = await claimed(orgA, 'shared', fpA);
    await completeIdempotencyKey(db(), { ...ref_shared, response: { id: 'eml_a' } });
    // Same key, other request, other organization: independent, so claimed.
    const refB = await claimed(orgB, 'shared', fpB);
    await completeIdempotencyKey(db(), { ...refB, response: { id: 'eml_b' } });
    expect(await claim(orgA, 'shared', fpA)).toEqual({ status: 'replay', response: { id: 'eml_a' } });
    expect(await claim(orgB, 'shared', fpB)).toEqual({ status: 'replay', response: { id: 'eml_b' } });
    // Releasing or completing in one organization does not touch the other.
    const otherA = await claimed(orgA, 'other', fpA);
    await claim(orgB, 'other', fpA);
    await releaseIdempotencyKey(db(), otherA);
    expect(orgA < orgB).toBe(true); // ids are time-sortable: A was created first
    expect((await rows()).map((r) => [r.organization_id, r.key, r.state])).toEqual([
      [orgA, 'shared', 'completed'],
      [orgB, 'other', 'in_flight'],
      [orgB, 'shared', 'completed'],
    ]);
  });

  it('takes over an in-flight claim once it is older than IN_FLIGHT_STALE_MS', async () => {
    expect(IN_FLIGHT_STALE_MS).toBe(60_000);
    await claim(orgA, 'key-1', fpA);
    clock.advance(IN_FLIGHT_STALE_MS - 1);
    await expectRefusal(claim(orgA, 'key-1', fpA), KEY_IN_PROGRESS);
    clock.advance(1);
    const t1 = clock.now();
    expect(await claim(orgA, 'key-1', fpA)).toEqual(CLAIMED);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'in_flight', created_at: t1, expires_at: t1 + IDEMPOTENCY_TTL_MS });
    // The new owner's claim is fresh: a third request is in progress again.
    await expectRefusal(claim(orgA, 'key-1', fpA), KEY_IN_PROGRESS);
  });

  it("a stalled request that lost its claim can neither complete nor release the new holder's claim", async () => {
    const stalled = await claimed(orgA, 'key-1', fpA);
    clock.advance(IN_FLIGHT_STALE_MS);
    const fresh = await claimed(orgA, 'key-1', fpA);
    expect(fresh.token).not.toBe(stalled.token);
    // The stalled request wakes up: its completion is refused, so its transaction rolls back.
    await expectRefusal(completeIdempotencyKey(db(), { ...stalled, response: { id: 'eml_stalled' } }), {
      ...KEY_IN_PROGRESS,
      message: 'This Idempotency-Key was taken over by a later request while this one stalled',
    });
    // Nor may its failure path free the key under the new holder.
    await releaseIdempotencyKey(db(), stalled);
    await expectRefusal(claim(orgA, 'key-1', fpA), KEY_IN_PROGRESS);
    await completeIdempotencyKey(db(), { ...fresh, response: { id: 'eml_fresh' } });
    expect(await claim(orgA, 'key-1', fpA)).toEqual({ status: 'replay', response: { id: 'eml_fresh' } });
  });

  it('never takes over a completed key, however old (within 24 h)', async () => {
    const ref_key_1 = await claimed(orgA, 'key-1', fpA);
    await completeIdempotencyKey(db(), { ...ref_key_1, response: { id: 'eml_1' } });
    clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect(await claim(orgA, 'key-1', fpA)).toEqual({ status: 'replay', response: { id: 'eml_1' } });
  });

  it('frees a key after 24 h, even for another request', async () => {
    const ref_key_1 = await claimed(orgA, 'key-1', fpA);
    await completeIdempotencyKey(db(), { ...ref_key_1, response: { id: 'eml_1' } });
    clock.advance(IDEMPOTENCY_TTL_MS);
    const t1 = clock.now();
    expect(await claim(orgA, 'key-1', fpB)).toEqual(CLAIMED);
    expect(await rows()).toEqual([
      {
        organization_id: orgA,
        key: 'key-1',
        fingerprint: fpB,
        claim_token: expect.stringMatching(/^[0-9a-f]{24}$/),
        state: 'in_flight',
        response: null,
        created_at: t1,
        expires_at: t1 + IDEMPOTENCY_TTL_MS,
      },
    ]);
  });

  it('release frees an in-flight key for a retry', async () => {
    const ref = await claimed(orgA, 'key-1', fpA);
    await releaseIdempotencyKey(db(), ref);
    expect(await rows()).toEqual([]);
    expect(await claim(orgA, 'key-1', fpB)).toEqual(CLAIMED);
  });

  it('release never frees a completed key', async () => {
    const ref_key_1 = await claimed(orgA, 'key-1', fpA);
    await completeIdempotencyKey(db(), { ...ref_key_1, response: { id: 'eml_1' } });
    await releaseIdempotencyKey(db(), ref_key_1);
    expect(await claim(orgA, 'key-1', fpA)).toEqual({ status: 'replay', response: { id: 'eml_1' } });
    await expectRefusal(claim(orgA, 'key-1', fpB), KEY_REUSED);
  });

  describe('a claim names the process that holds it', () => {
    const host = os.hostname();
    const claimAs = (holder: string, fingerprint = fpA) =>
      claimIdempotencyKey(db(), { organizationId: orgA, key: 'key-1', fingerprint, now: clock.now(), holder });
    /** A fresh claim whose token is `<holder>/<24 hex digits>`. */
    const claimedBy = (holder: string) => {
      const escaped = holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return { status: 'claimed', token: expect.stringMatching(new RegExp(`^${escaped}/[0-9a-f]{24}$`)) };
    };

    it('its token starts with the holder', async () => {
      const holder = newOwner();
      const claim = await claimAs(holder);
      expect(claim).toEqual(claimedBy(holder));
      expect((await rows())[0]!.claim_token).toBe((claim as { token: string }).token);
    });

    it('a claim whose holder is gone is taken over at once, not after IN_FLIGHT_STALE_MS', async () => {
      // An earlier life of this very pid (a restarted container): provably gone.
      const gone = `${host}:${process.pid}:earlier0`;
      await claimAs(gone);
      clock.advance(1);
      const mine = newOwner();
      const taken = await claimAs(mine);
      expect(taken).toEqual(claimedBy(mine));
      expect((await rows())[0]).toMatchObject({ state: 'in_flight', claim_token: (taken as { token: string }).token, created_at: clock.now() });
      // The new holder runs: the next retry waits for it.
      await expectRefusal(claimAs(newOwner()), KEY_IN_PROGRESS);
      // Another request under the key is still refused as reuse, gone holder or not.
      await expectRefusal(claimAs(gone, fpB), KEY_REUSED);
    });

    it('a live holder, or one on another host (which cannot be checked from here), keeps its claim until IN_FLIGHT_STALE_MS', async () => {
      for (const holder of [newOwner(), 'far-host:4242:beef0000']) {
        await claimAs(holder);
        clock.advance(IN_FLIGHT_STALE_MS - 1);
        await expectRefusal(claimAs(newOwner()), KEY_IN_PROGRESS);
        clock.advance(1);
        const next = newOwner();
        expect(await claimAs(next)).toEqual(claimedBy(next));
        await db().deleteFrom('idempotency_keys').execute();
      }
    });
  });

  it('purge removes exactly the expired rows and says how many', async () => {
    const t0 = clock.now();
    const ref_old_completed = await claimed(orgA, 'old-completed', fpA);
    await completeIdempotencyKey(db(), { ...ref_old_completed, response: 1 });
    await claim(orgB, 'old-in-flight', fpA);
    clock.advance(10_000);
    await claim(orgA, 'boundary', fpA); // expires at t0 + 10 s + TTL
    clock.advance(10_000);
    await claim(orgB, 'young', fpA); // expires at t0 + 20 s + TTL

    // Nothing has expired yet.
    expect(await purgeExpiredIdempotencyKeys(db(), t0 + IDEMPOTENCY_TTL_MS - 1)).toBe(0);
    expect(await rows()).toHaveLength(4);

    // expires_at <= now is expired: the two written at t0 go.
    expect(await purgeExpiredIdempotencyKeys(db(), t0 + IDEMPOTENCY_TTL_MS)).toBe(2);
    expect((await rows()).map((r) => r.key).sort()).toEqual(['boundary', 'young']);

    // One millisecond before 'boundary' expires, it stays; at its expiry it goes.
    expect(await purgeExpiredIdempotencyKeys(db(), t0 + 10_000 + IDEMPOTENCY_TTL_MS - 1)).toBe(0);
    expect(await purgeExpiredIdempotencyKeys(db(), t0 + 10_000 + IDEMPOTENCY_TTL_MS)).toBe(1);
    expect((await rows()).map((r) => [r.organization_id, r.key])).toEqual([[orgB, 'young']]);
  });
});
