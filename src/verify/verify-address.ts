// Address verification: is this an address mail can be sent to? Syntax
// (practical RFC 5321/5322: the send pipeline's own rule, IDN domains through
// their ASCII form), a throwaway domain (mailchecker's maintained list), a
// likely typo of a common provider's domain (provider-typo.ts), the domain
// accepting mail (MX, else A/AAAA; a null MX accepts none), and whether it is a
// role account. DNS that does not answer is "could not check" (valid: null),
// never "invalid".
import { domainToASCII } from 'node:url';
import MailChecker from 'mailchecker';
import { DnsUnavailable, type DnsResolver } from '../dns/resolver.ts';
import { isValidAddress } from '../emails/address.ts';
import { FIXTURE_DOMAIN } from '../delivery/fixtures.ts';
import { suggestProviderDomain } from './provider-typo.ts';

export const VERIFY_CODES = [
  'valid',
  'role_account',
  'invalid_syntax',
  'disposable',
  'possible_typo',
  'domain_not_found',
  'no_mail_server',
  'dns_unavailable',
] as const;
export type VerifyCode = (typeof VERIFY_CODES)[number];

export interface VerifyResult {
  /** true: mail can be sent to it; false: it cannot (or should not); null: it could not be checked now. */
  valid: boolean | null;
  /** Why not, for a person; null when valid. */
  error: string | null;
  code: VerifyCode;
  /** The address as it was probably meant (a typo of a common provider). */
  suggestion?: string;
}

/** Local parts that name a function, not a person: deliverable, but rarely the person you mean. */
const ROLE_ACCOUNTS = new Set([
  'abuse',
  'admin',
  'administrator',
  'billing',
  'careers',
  'contact',
  'enquiries',
  'help',
  'hello',
  'hostmaster',
  'info',
  'jobs',
  'legal',
  'mail',
  'marketing',
  'newsletter',
  'no-reply',
  'noc',
  'noreply',
  'office',
  'postmaster',
  'press',
  'privacy',
  'root',
  'sales',
  'security',
  'support',
  'team',
  'webmaster',
]);

const DISPOSABLE = new Set<string>(MailChecker.blacklist());

/** The domain or any parent of it is on the disposable list (mail.mailinator.com too). */
function isDisposable(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) if (DISPOSABLE.has(labels.slice(i).join('.'))) return true;
  return false;
}

export async function verifyAddress(input: string, dns: DnsResolver): Promise<VerifyResult> {
  const email = input.trim();
  const at = email.lastIndexOf('@');
  const asciiDomain = at > 0 ? domainToASCII(email.slice(at + 1)).toLowerCase() : '';
  const ascii = at > 0 ? `${email.slice(0, at)}@${asciiDomain}` : email;
  if (at <= 0 || asciiDomain === '' || !isValidAddress(ascii)) {
    return { valid: false, error: 'This is not a valid email address', code: 'invalid_syntax' };
  }
  const local = email.slice(0, at);
  if (asciiDomain === FIXTURE_DOMAIN) return { valid: true, error: null, code: 'valid' };
  const meant = suggestProviderDomain(asciiDomain);
  if (meant !== undefined) {
    const suggestion = `${local}@${meant}`;
    return { valid: false, error: `Did you mean ${suggestion}?`, code: 'possible_typo', suggestion };
  }
  // After the typo check: some typo domains of common providers are on the disposable list too.
  if (isDisposable(asciiDomain)) return { valid: false, error: `${asciiDomain} hands out disposable addresses`, code: 'disposable' };

  try {
    const mx = await dns.mx(asciiDomain);
    if (mx.nxdomain) return { valid: false, error: `The domain ${asciiDomain} does not exist`, code: 'domain_not_found' };
    const exchanges = mx.records.filter((r) => r.exchange !== '' && r.exchange !== '.');
    // RFC 7505: a lone "." exchange says the domain accepts no mail at all.
    if (mx.records.length > 0 && exchanges.length === 0) return { valid: false, error: `${asciiDomain} accepts no email (null MX)`, code: 'no_mail_server' };
    if (exchanges.length === 0 && (await dns.addresses(asciiDomain)).length === 0) {
      return { valid: false, error: `${asciiDomain} has no mail server (no MX, A or AAAA record)`, code: 'no_mail_server' };
    }
  } catch (error) {
    if (error instanceof DnsUnavailable) return { valid: null, error: `Could not check ${asciiDomain} now: ${error.reason}`, code: 'dns_unavailable' };
    throw error;
  }
  if (ROLE_ACCOUNTS.has(local.toLowerCase().split('+')[0]!)) return { valid: true, error: null, code: 'role_account' };
  return { valid: true, error: null, code: 'valid' };
}
