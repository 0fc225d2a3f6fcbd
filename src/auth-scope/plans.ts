// The plans an organization can be on, and what each allows.
export const PLANS = ['free', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** Requests per quota window by plan (spec §8). */
export const PLAN_QUOTAS: Readonly<Record<Plan, number>> = Object.freeze({
  free: 100,
  premium: 700,
  enterprise: 2000,
});

/** An organization's quota: its arrangement if it has one, else its plan's. */
export function quotaOf(plan: Plan, custom: number | null): number {
  return custom ?? PLAN_QUOTAS[plan];
}
