// Auth scope: who a core operation acts for (the organization, and for a request
// its plan and quota), and the plan facts that go with it. The vocabulary every
// service and door shares. Must not import anything but the bottom layer (errors,
// clock, config, ids): tokens, orgs, limits and every service import it.
import { AppError } from '../errors.ts';
import type { Plan } from './plans.ts';

export { PLANS, PLAN_QUOTAS, isPlan, quotaOf, type Plan } from './plans.ts';

/** What a core operation needs to know of its caller: the organization it acts in. */
export interface OrgScope {
  organizationId: string;
}

/** What an API token may do: everything, or only read (every write refused). */
export type TokenPermission = 'full' | 'read';
export const TOKEN_PERMISSIONS: readonly TokenPermission[] = ['full', 'read'];

/**
 * Refuse a caller whose token is read-only something that writes (`what`: what
 * it would do, for the message). Every door asks before a write: REST and the
 * tools through the operations, SMTP before a message.
 */
export function assertMayWrite(caller: { permission?: TokenPermission }, what: string): void {
  if (caller.permission === 'read') {
    throw new AppError('forbidden', `This API token is read-only: it cannot ${what}. Use a token with full permission.`, { code: 'read_only_token' });
  }
}

/** Who is calling: the result of authenticating a request. */
export interface AuthContext {
  organizationId: string;
  plan: Plan;
  tokenId: string;
  /** The permission of the API token the caller holds (or the grant was made with). */
  permission: TokenPermission;
  /** Requests per minute the organization may make (its arrangement, else its plan's). */
  quota: number;
}
