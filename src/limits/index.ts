// Limits: the organization quota, the per-IP rate, the recipient guard and
// bounce cooldown, and OAuth client registrations per address (the values are
// in docs/api.md, Rate limits). Every door applies the same functions.
// Must not import any protocol library.
export { MINIMUM_QUOTA, QUOTA_WINDOW_MS, QUOTA_WINDOW_SECONDS, quotaState, secondsToReset, type QuotaState } from './quotas.ts';
export { createOrgQuota, countedRequests, type OrgQuota } from './org-quota.ts';
export { createIpLimiter, type IpLimiter } from './ip-limit.ts';
export { createRegistrationLimit, REGISTRATION_WINDOW_MS, type RegistrationLimit } from './registration-limit.ts';
export {
  SHORT_WINDOW,
  LONG_WINDOW,
  checkMailbox,
  recordSend,
  recipientRateLimited,
  type GuardReason,
  type GuardRefusal,
  type MailboxState,
} from './recipient-guard.ts';
export {
  admitSends,
  peekRecipient,
  mailboxesOnCooldown,
  startBounceCooldown,
  startBounceCooldowns,
  compareGuardKeys,
  purgeRecipientGuards,
  type GuardedSend,
  type UnitRefusal,
} from './recipient-store.ts';
export { createRequestLimits, type RequestLimits } from './service.ts';
export { quotaExceeded } from './quotas.ts';
