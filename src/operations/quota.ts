import { PLAN_QUOTAS } from '../auth-scope/index.ts';

/** The sentence every description ends with: what a call costs against the organization's quota. */
export const QUOTA_NOTE = `Costs one request of the organization's per-minute quota (${Object.entries(PLAN_QUOTAS)
  .map(([plan, perMinute]) => `${plan} ${perMinute}`)
  .join(', ')}).`;

/** What a transactional send costs besides: the recipient guard. */
export const RECIPIENT_GUARD_NOTE =
  'Each recipient mailbox may receive at most 5 transactional emails per 10 minutes and 20 per 24 hours from one organization, and none while it is on bounce cooldown after a bounce; past that the send is refused with recipient_rate_limited and a retry-after time (raising the plan does not lift it).';

/** Who a send may come from: with a relay, only the organization's verified domains. */
export const SENDER_DOMAIN_NOTE =
  'When the server delivers through a relay, from must be at a domain the organization has verified (create_domain, then verify_domain once its DNS records are published); mail from any other domain is refused with forbidden (code domain_not_verified) naming it, and nothing is sent.';
