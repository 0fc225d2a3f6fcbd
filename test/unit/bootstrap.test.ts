import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { createOrganizationService } from '../../src/orgs/index.ts';
import { createTokenService } from '../../src/tokens/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const TOKEN = `mailgate_${'b'.repeat(40)}`;

describe('first-start bootstrap', () => {
  let testDb: TestDatabase;
  const clock = new ManualClock();
  beforeEach(async () => {
    testDb = await createTestDatabase();
  });
  afterEach(async () => testDb.cleanup());

  it('creates org default (enterprise) with exactly the configured token, once', async () => {
    const orgs = createOrganizationService(testDb.handle, clock);
    const first = await orgs.bootstrap(TOKEN);
    expect(first).toEqual({
      org: { id: expect.stringMatching(/^org_/), name: 'default', plan: 'enterprise', created_at: '2026-01-01T00:00:00.000Z' }, // the ManualClock's start
      generatedToken: null,
    });
    expect(await orgs.bootstrap(TOKEN)).toBeNull();
    const auth = await createTokenService(testDb.handle.db, clock).authenticate(TOKEN);
    expect(auth.organizationId).toBe(first!.org.id);
  });

  it('generates and returns a token when none is configured', async () => {
    const result = await createOrganizationService(testDb.handle, clock).bootstrap(undefined);
    expect(result!.generatedToken).toMatch(/^mailgate_[A-Za-z0-9_-]{43}$/);
    const auth = await createTokenService(testDb.handle.db, clock).authenticate(result!.generatedToken!);
    expect(auth).toMatchObject({ organizationId: result!.org.id, plan: 'enterprise' });
  });

  it('concurrent first starts create exactly one organization', async () => {
    const starts = Array.from({ length: 5 }, () => createOrganizationService(testDb.handle, clock).bootstrap(TOKEN));
    const results = await Promise.all(starts);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await testDb.handle.db.selectFrom('organizations').selectAll().execute()).toHaveLength(1);
    expect(await testDb.handle.db.selectFrom('api_tokens').selectAll().execute()).toHaveLength(1);
  });
});
