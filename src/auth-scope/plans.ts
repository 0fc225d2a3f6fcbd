// The plans an organization can be on, and what each allows.
export const PLANS = ['free', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** Requests per 60-second quota window by plan; more by arrangement (quotaOf). */
export const PLAN_QUOTAS: Readonly<Record<Plan, number>> = Object.freeze({
  free: 100,
  premium: 700,
  enterprise: 2000,
});

/** An organization's quota: its arrangement if it has one, else its plan's. */
export function quotaOf(plan: Plan, custom: number | null): number {
  return custom ?? PLAN_QUOTAS[plan];
}
