// Domains as the API shows them (v2, snake_case): the DNS records to publish,
// each with what the last check found, and whether the domain receives mail.
import { z } from 'zod';
import { domainToASCII } from 'node:url';

export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
export const RECORD_STATUSES = ['pending', 'verified', 'failed', 'dns_unavailable'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain name as given, in its lower-case ASCII form; null when it is not one (two labels at least, a TLD of letters). */
export function domainNameOf(input: string): string | null {
  const ascii = domainToASCII(input.trim().replace(/\.$/, '')).toLowerCase();
  if (ascii === '' || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^(xn--)?[a-z][a-z0-9-]*$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

export const domainCreateSchema = z.strictObject({
  name: z
    .string()
    .max(253)
    .refine((v) => domainNameOf(v) !== null, 'must be a domain name, e.g. example.com (an internationalized one is fine)')
    .meta({ format: 'hostname' })
    .transform((v) => domainNameOf(v)!)
    .describe('The domain mail is sent from: the part after @ in the from address.'),
});

export const domainUpdateSchema = z.strictObject({
  receiving: z
    .boolean()
    .describe(
      'true: mail to any address at the domain is received here (the domain must be verified, and no other organization receive its mail); ' +
        'false: it no longer is.',
    ),
});
export type DomainUpdate = z.infer<typeof domainUpdateSchema>;

export const dnsRecordSchema = z.object({
  purpose: z
    .enum(['dkim', 'spf', 'dmarc', 'return_path_mx', 'return_path_spf', 'receiving_mx'])
    .describe(
      'dkim: the public key mail is signed with (required); spf: who may send for the domain (required); dmarc: the policy receivers apply ' +
        "(recommended); return_path_mx and return_path_spf: the domain's own return path, bounces.<domain>, where relays send bounces " +
        '(recommended: once its MX is found, mail from the domain uses it as envelope sender); receiving_mx, only while the domain receives: ' +
        'the MX that brings mail for its addresses here.',
    ),
  type: z.enum(['TXT', 'MX']),
  name: z.string().describe('The full name of the record.'),
  value: z.string().describe('What to publish: a TXT text, or an MX record as `<priority> <exchange>`.'),
  required: z.boolean().describe('Whether the domain is verified only with this record found; the others are recommended.'),
  status: z
    .enum(RECORD_STATUSES)
    .describe('What the last check found: pending (not checked yet), verified, failed (missing or different), dns_unavailable (DNS did not answer).'),
  found: z.array(z.string()).describe('What was found there at the last check: the TXT values, or the MX records as `<priority> <exchange>`.'),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const domainRecordSchema = z.object({
  object: z.literal('domain'),
  id: z.string().describe('dom_…'),
  name: z.string(),
  status: z
    .enum(DOMAIN_STATUSES)
    .describe(
      'pending until checked; verified when its required records are published as given (mail from it is then DKIM-signed); failed when a check ' +
        'found one missing or different. Mailgate also checks domains by itself (every few minutes in their first 72 hours, then daily): such a ' +
        'check verifies a domain, but fails a pending one only after its first 72 hours, and a verified one only once its required records have ' +
        'been missing for 72 hours. The recommended records do not change it, nor does receiving.',
    ),
  receiving: z
    .boolean()
    .describe(
      'Whether mail to addresses at the domain is received here (update_domain turns it on or off); it is received while the domain is ' +
        'verified. It does not change status, which is about sending.',
    ),
  records: z.array(dnsRecordSchema),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
});
export type DomainRecord = z.infer<typeof domainRecordSchema>;

export const domainDeletedSchema = z.object({ object: z.literal('domain'), id: z.string(), deleted: z.literal(true) });
