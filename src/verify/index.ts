// Address verification, one implementation behind POST /api/v2/emails/verify,
// POST /api/v2/verify, POST /api/v1/emails/verify and the verify_email tool.
import { z } from 'zod';
import type { DnsResolver } from '../dns/resolver.ts';
import { VERIFY_CODES, verifyAddress, type VerifyResult } from './verify-address.ts';

export { VERIFY_CODES, verifyAddress, type VerifyCode, type VerifyResult } from './verify-address.ts';

export const verifyInputSchema = z.strictObject({
  email: z.string().min(1).max(1024).describe('The address to check, e.g. "ada@example.com" (an internationalized domain is fine).'),
});

export const verifyResultSchema = z.object({
  valid: z
    .boolean()
    .nullable()
    .describe('true: mail can be sent to it; false: it cannot, or should not; null: it could not be checked now (DNS did not answer).'),
  error: z.string().nullable().describe('Why not, for a person; null when valid.'),
  code: z
    .enum(VERIFY_CODES)
    .describe(
      'valid; role_account (valid, but names a function: info@, support@…); invalid_syntax; disposable (a throwaway domain); possible_typo (see suggestion); domain_not_found; no_mail_server (no MX, A or AAAA record, or a null MX); dns_unavailable (could not check now: try again).',
    ),
  suggestion: z.string().optional().describe('With possible_typo: the address as it was probably meant.'),
});

export interface VerifyService {
  verify(email: string): Promise<VerifyResult>;
}

export function createVerifyService(dns: DnsResolver): VerifyService {
  return { verify: (email) => verifyAddress(email, dns) };
}
