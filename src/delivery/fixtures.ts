/**
 * Fixture (test-mode) addresses: any mailbox at mailgate.test. The local part
 * `delivered`, `bounced` or `complained`, optionally with `+anything`, picks the
 * outcome; any other local part is delivered. They never reach a transport.
 */
export const FIXTURE_DOMAIN = 'mailgate.test';

export type FixtureOutcome = 'delivered' | 'bounced' | 'complained';

/** The outcome a fixture address walks to, or null for a real address. */
export function fixtureOutcome(address: string): FixtureOutcome | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== FIXTURE_DOMAIN) return null;
  const local = address.slice(0, at).toLowerCase().split('+')[0];
  if (local === 'bounced' || local === 'complained') return local;
  return 'delivered';
}
