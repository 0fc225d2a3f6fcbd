import { verifyInputSchema, verifyResultSchema } from '../verify/index.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

export const verifyEmail = defineOperation({
  name: 'verify_email',
  summary: 'Check whether an email address can receive mail',
  resource: 'emails',
  description: [
    'Checks an address before you send to it: its syntax, whether its domain is a throwaway (disposable) one or a likely typo of a common provider (with a suggestion), whether the domain accepts mail (MX, or A/AAAA), and whether it is a role account (info@, support@…).',
    'Answers {valid, error, code}: valid is true, false, or null when DNS could not be reached (code dns_unavailable: try again later). Sends nothing and changes nothing.',
    QUOTA_NOTE,
  ].join(' '),
  input: verifyInputSchema,
  output: verifyResultSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { email: 'ada@example.com' },
  run: ({ services }, input) => services.verify.verify(input.email),
});
