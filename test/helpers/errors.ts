import { expect } from 'vitest';
import { AppError } from '../../src/index.ts';

/** Await `promise`, expect it to reject with an AppError, and give that error back. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  return caught as AppError;
}
