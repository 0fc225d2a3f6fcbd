/** One bar of a campaign's funnel. */
export interface Step {
  label: string;
  value: number;
  /** A colour that keeps 3:1 against white. */
  color: string;
}
