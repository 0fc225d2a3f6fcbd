// Auth scope: who a core operation acts for (the organization, and for a request
// its plan and quota), and the plan facts that go with it. The vocabulary every
// service and door shares. Must not import anything but the bottom layer (errors,
// clock, config, ids): tokens, orgs, limits and every service import it.
import type { Plan } from './plans.ts';
import { mayWriteAnything, refusal, type Caller, type Role, type TokenPermission } from './permissions.ts';

export { PLANS, PLAN_QUOTAS, isPlan, quotaOf, type Plan } from './plans.ts';

/** What a core operation needs to know of its caller: the organization it acts in. */
export interface OrgScope {
  organizationId: string;
}

export {
  PERMISSIONS,
  RESOURCES,
  ROLES,
  ROLE_OF_PERMISSION,
  TOKEN_PERMISSIONS,
  allows,
  assertAllowed,
  isRole,
  mayWriteAnything,
  refusal,
  roleOf,
  type Access,
  type Caller,
  type Resource,
  type Role,
  type TokenPermission,
} from './permissions.ts';

/**
 * Refuse a caller that may write nothing (a read-only token, a viewer)
 * something that writes (`what`: what it would do, for the message). A door
 * asks before a request that writes, whatever it writes: HTTP before a route
 * that is not a read, SMTP before a message. The operations ask the table
 * about their own resource (operations/operation.ts).
 */
export function assertMayWrite(caller: Caller, what: string): void {
  if (!mayWriteAnything(caller)) throw refusal(caller, what);
}

/** Who is calling: the result of authenticating a request. */
export interface AuthContext {
  organizationId: string;
  plan: Plan;
  tokenId: string;
  /** The permission of the API token the caller holds (or the grant was made with). */
  permission: TokenPermission;
  /** A person's role, for a caller signed in as one; absent for a token, whose permission stands for a role (permissions.ts). */
  role?: Role;
  /** The signed-in user, for a caller with a session. */
  userId?: string;
  /** The session, for a caller with one (tokenId is the same id then). */
  sessionId?: string;
  /** Requests per minute the organization may make (its arrangement, else its plan's). */
  quota: number;
}
