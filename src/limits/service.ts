import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { AuthContext } from '../auth-scope/index.ts';
import { createIpLimiter } from './ip-limit.ts';
import { createOrgQuota } from './org-quota.ts';
import { MINIMUM_QUOTA, quotaExceeded, quotaState, type QuotaState } from './quotas.ts';

/** The request limits a door applies: per IP first, then per organization once it knows the caller. */
export interface RequestLimits {
  /** False when RATE_LIMITS=off: no counting, no refusals, nothing to report. */
  readonly enabled: boolean;
  /** Count a request from `ip`; throws rate_limit_exceeded over the per-IP rate. */
  checkIp(ip: string): void;
  /**
   * Count one request of the caller's organization. Returns where it stands
   * (for the rate-limit headers) and, when it is over the quota, the refusal;
   * null when limits are off.
   */
  consume(auth: AuthContext): Promise<{ state: QuotaState; refusal: AppError | null } | null>;
  /** The policy shown before the caller is known (authentication failures): the smallest quota, nothing used. */
  minimum(): QuotaState;
  purge(now: number): Promise<void>;
}

export function createRequestLimits(config: Config, handle: DatabaseHandle, clock: Clock): RequestLimits {
  const perSecond = config.limits.perIpPerSecond;
  const ip = createIpLimiter(perSecond, clock);
  const quota = createOrgQuota(handle, clock);
  return {
    enabled: config.limits.enabled,
    checkIp(address) {
      if (!config.limits.enabled) return;
      const wait = ip.hit(address);
      if (wait > 0) {
        throw new AppError('rate_limit_exceeded', `Too many requests from this address (more than ${perSecond} per second); retry after ${wait} s`, {
          retryAfter: wait,
        });
      }
    },
    async consume(auth) {
      if (!config.limits.enabled) return null;
      const state = await quota.consume(auth.organizationId, auth.quota);
      return { state, refusal: state.allowed ? null : quotaExceeded(state) };
    },
    minimum: () => quotaState(MINIMUM_QUOTA, 0, clock.now()),
    purge: (now) => quota.purge(now),
  };
}
