import { afterEach, beforeEach } from 'vitest';
import { createCore, invokeOperation, loadConfig, ManualClock, operationNamed, type Core } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/**
 * The core without any door, for unit tests of core rules: a fresh migrated
 * database, a ManualClock, rendering on the calling thread, org `default` and
 * the caller's AuthContext. The worker is not started: tests drive it.
 */
export interface TestCore {
  database: TestDatabase;
  core: Core;
  clock: ManualClock;
  auth: AuthContext;
  close(): Promise<void>;
}

export async function startTestCore(options: { now?: number; token?: string; env?: Record<string, string> } = {}): Promise<TestCore> {
  const token = options.token ?? `mailgate_${'c'.repeat(40)}`;
  const database = await createTestDatabase();
  const clock = new ManualClock(options.now);
  const core = createCore(loadConfig({ LOG_LEVEL: 'silent', CPU_THREADS: '0', ...options.env }), { db: database.handle, clock });
  const close = async () => {
    await core.close();
    await database.cleanup();
  };
  try {
    await core.orgs.bootstrap(token);
    return { database, core, clock, auth: await core.tokens.authenticate(token), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Register beforeEach/afterEach hooks that start a fresh TestCore for every test
 * of the enclosing describe and close it afterwards; `onStart` receives it.
 */
export function useTestCore(options: Parameters<typeof startTestCore>[0], onStart: (started: TestCore) => void): void {
  let current: TestCore | undefined;
  beforeEach(async () => {
    current = await startTestCore(options);
    onStart(current);
  });
  afterEach(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });
}

/**
 * Call an operation as every door does (its input schema, then its run), as
 * this caller; the answer's value. For unit tests of rules that live in the
 * operations' schemas (paging, batch size) rather than in a service.
 */
export async function invoke<T = any>(started: Pick<TestCore, 'core' | 'auth'>, name: string, input: Record<string, unknown>): Promise<T> {
  const { core, auth } = started;
  return (await invokeOperation(operationNamed(name), { services: core, scope: auth, door: 'rest' }, input)).value as T;
}
