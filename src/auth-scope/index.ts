// Auth scope: who a core operation acts for (the organization, and for a request
// its plan and quota), and the plan facts that go with it. The vocabulary every
// service and door shares. Must not import anything but the bottom layer (errors,
// clock, config, ids): tokens, orgs, limits and every service import it.
import type { Plan } from './plans.ts';

export { PLANS, PLAN_QUOTAS, isPlan, quotaOf, type Plan } from './plans.ts';

/** What a core operation needs to know of its caller: the organization it acts in. */
export interface OrgScope {
  organizationId: string;
}

/** Who is calling: the result of authenticating a request. */
export interface AuthContext {
  organizationId: string;
  plan: Plan;
  tokenId: string;
  /** Requests per minute the organization may make (its arrangement, else its plan's). */
  quota: number;
}
