import type { OrgScope } from '../auth-scope/index.ts';
import { AppError } from '../errors.ts';
import { domainOf, type Mailbox } from './address.ts';

/** Has the organization verified this sending domain? */
export type IsVerifiedDomain = (organizationId: string, domain: string) => Promise<boolean>;

/**
 * May this organization send from these addresses? With a relay only from its
 * verified domains (`isVerified` given); in capture mode (none) from any.
 * Throws forbidden (domain_not_verified) naming the domains that are not.
 */
export async function checkSenderDomains(isVerified: IsVerifiedDomain | undefined, auth: OrgScope, from: readonly Mailbox[]): Promise<void> {
  if (!isVerified) return;
  const domains = [...new Set(from.map((m) => domainOf(m.address)))];
  const verified = await Promise.all(domains.map((d) => isVerified(auth.organizationId, d)));
  const refused = domains.filter((_, i) => !verified[i]);
  if (refused.length === 0) return;
  const names = refused.length === 1 ? `domain ${refused[0]} is` : `domains ${refused.join(', ')} are`;
  throw new AppError(
    'forbidden',
    `The sending ${names} not verified for this organization: ` +
      'add it (create_domain, POST /api/v2/domains), publish its DNS records and verify it before sending from it',
    { code: 'domain_not_verified', details: { domains: refused } },
  );
}
