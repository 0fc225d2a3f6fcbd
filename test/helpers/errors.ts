import { inspect } from 'node:util';
import { assert, expect } from 'vitest';
import { AppError, type ErrorKind } from '../../src/index.ts';

/**
 * What a refusal must carry. `kind` is always checked; each other field only
 * when it is given (an explicit `undefined` checks that the field is unset).
 */
export interface ExpectedRefusal {
  kind: ErrorKind;
  /** The exact message, or a pattern it must match. */
  message?: string | RegExp;
  /**
   * The details, compared with toEqual: give them exactly, or wrap them in
   * expect.arrayContaining / expect.objectContaining to check only some.
   */
  details?: unknown;
  code?: string;
  retryAfter?: number;
}

/** The two idempotency_conflict refusals a claimed key can meet (409, told apart by their code). */
export const KEY_IN_PROGRESS = {
  kind: 'idempotency_conflict',
  code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
  retryAfter: 1,
  message: 'A request with this Idempotency-Key is still in progress; retry later',
} as const satisfies ExpectedRefusal;
export const KEY_REUSED = {
  kind: 'idempotency_conflict',
  code: 'IDEMPOTENCY_KEY_REUSED',
  retryAfter: undefined,
  message: 'This Idempotency-Key was already used with a different request',
} as const satisfies ExpectedRefusal;

const CHECKED = ['message', 'details', 'code', 'retryAfter'] as const;

/**
 * Expect `action` to be refused with an AppError matching `expected`, and give
 * that error back. A promise is awaited; a function is called and must throw
 * synchronously (pass the promise itself for async work). Fails with the
 * expected kind in the message when nothing, or something other than an
 * AppError, is thrown, and with one diff of every checked field otherwise.
 */
export function expectRefusal(action: Promise<unknown>, expected: ExpectedRefusal): Promise<AppError>;
export function expectRefusal(action: () => unknown, expected: ExpectedRefusal): AppError;
export function expectRefusal(action: Promise<unknown> | (() => unknown), expected: ExpectedRefusal): AppError | Promise<AppError> {
  if (typeof action !== 'function') {
    return action.then(
      (value) => notRefused(expected, `resolved to ${inspect(value, { depth: 3 })}`),
      (error: unknown) => checkRefusal(error, expected),
    );
  }
  let value: unknown;
  try {
    value = action();
  } catch (error) {
    return checkRefusal(error, expected);
  }
  if (value instanceof Promise) {
    value.catch(() => {});
    throw new Error('expectRefusal: the function returned a promise; pass the promise itself and await expectRefusal');
  }
  return notRefused(expected, `returned ${inspect(value, { depth: 3 })}`);
}

function notRefused(expected: ExpectedRefusal, outcome: string): never {
  assert.fail(`expected a ${expected.kind} refusal, but the action ${outcome}`);
}

function checkRefusal(error: unknown, expected: ExpectedRefusal): AppError {
  if (!(error instanceof AppError)) {
    assert.fail(`expected a ${expected.kind} AppError, but the action threw ${inspect(error)}`);
  }
  const refusal = error;
  const actual: Record<string, unknown> = { kind: refusal.kind };
  const wanted: Record<string, unknown> = { kind: expected.kind };
  for (const field of CHECKED) {
    if (!Object.hasOwn(expected, field)) continue;
    actual[field] = refusal[field];
    const value = expected[field];
    wanted[field] = value instanceof RegExp ? expect.stringMatching(value) : value;
  }
  expect(actual, `refusal ${refusal.kind}: ${refusal.message}`).toEqual(wanted);
  return refusal;
}
