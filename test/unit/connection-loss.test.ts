import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from '../../src/db/index.ts';

// What delivery takes for the database being out of reach (and so tries an outcome
// again), as opposed to a statement the database refused.
describe('isConnectionLoss', () => {
  it('is the server restarting or not yet up, and the connection refused or cut', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']) {
      expect(isConnectionLoss(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('is not a statement refused by a database that answered, nor anything else', () => {
    for (const code of ['23505', '40P01', '40001', '42P01', '08P01', 'SQLITE_BUSY', 'SQLITE_CONSTRAINT_UNIQUE']) {
      expect(isConnectionLoss(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(isConnectionLoss(new Error('Client was closed and is not queryable'))).toBe(false);
    expect(isConnectionLoss(null)).toBe(false);
    expect(isConnectionLoss('Connection terminated')).toBe(false);
  });
});
