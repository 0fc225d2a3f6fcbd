import { z } from 'zod';
import { domainCreateSchema, domainDeletedSchema, domainRecordSchema, domainUpdateSchema } from '../domains/index.ts';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

const domainId = z.string().describe('The domain id (dom_…).');
const EXAMPLE_ID = 'dom_01jd3zq8x6v5t0n2c4b7m9k1pq';

export const createDomain = defineOperation({
  name: 'create_domain',
  summary: 'Add a sending domain and get the DNS records to publish',
  resource: 'domains',
  description: [
    'Adds a domain the organization sends from and makes its DKIM key (RSA 2048; the private key never leaves the server).',
    'Returns the domain (status pending) with the DNS records to publish: DKIM and SPF (required); DMARC, and the MX and SPF of its own return path bounces.<domain> (recommended). Publish them, then call verify_domain.',
    'A domain the organization has already is a conflict.',
    QUOTA_NOTE,
  ].join(' '),
  input: domainCreateSchema,
  output: domainRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: ['conflict'],
  example: { name: 'example.com' },
  run: ({ services, scope }, input) => services.domains.create(scope, input.name),
});

export const listDomains = defineOperation({
  name: 'list_domains',
  summary: 'List sending domains, newest first',
  resource: 'domains',
  description: [
    "Returns a page of the organization's sending domains with their records and status, newest first.",
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('dom', {}),
  output: listEnvelope(domainRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.domains.list(scope, pageOf(input)),
});

export const getDomain = defineOperation({
  name: 'get_domain',
  summary: 'Get one sending domain',
  resource: 'domains',
  description: ['Returns the domain: its status, and each DNS record to publish with what the last check found.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: domainId }),
  output: domainRecordSchema,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.domains.get(scope, input.id),
});

export const verifyDomain = defineOperation({
  name: 'verify_domain',
  summary: "Check a sending domain's DNS records now",
  resource: 'domains',
  description: [
    "Looks the domain's records up in DNS now and answers the domain with a result per record. verified when DKIM and SPF are published as given (its mail is then DKIM-signed); failed when one is missing or different.",
    'The recommended records do not change the status; once the return-path MX is found, its mail goes out with bounces.<domain> as envelope sender domain, so bounces come back under it.',
    'While the domain receives mail, its own MX (receiving_mx) is checked too: found when an exchange, at any priority, is this server; it does not change the status either.',
    'DNS that does not answer (within a few seconds) marks those records dns_unavailable and leaves the status as it was: try again.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: domainId }),
  output: domainRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.domains.verify(scope, input.id),
});

export const updateDomain = defineOperation({
  name: 'update_domain',
  summary: 'Turn receiving mail at a domain on or off',
  resource: 'domains',
  description: [
    'receiving true: mail to any address at the domain arrives here and is kept as received emails (list_received_emails), with a webhook email.received.',
    'The domain must be verified (else a conflict, code DOMAIN_NOT_VERIFIED), and no other organization may be receiving its mail (else a conflict, code DOMAIN_RECEIVING_ELSEWHERE).',
    "While it receives, its records include receiving_mx: the domain's own MX, pointing here, to publish (verify_domain checks it). Mail is received while the domain stays verified.",
    "receiving false stops it, and is always allowed. Either way it changes nothing else: the domain's status is about sending. Calling it again with the same value changes nothing.",
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: domainId, ...domainUpdateSchema.shape }),
  output: domainRecordSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  errors: ['not_found', 'conflict'],
  // Off: an example must work on a new organization, whose domain is not verified yet.
  example: { id: EXAMPLE_ID, receiving: false },
  run: ({ services, scope }, { id, ...changes }) => services.domains.update(scope, id, changes),
});

export const deleteDomain = defineOperation({
  name: 'delete_domain',
  summary: 'Remove a sending domain',
  resource: 'domains',
  description: ['Removes the domain and its DKIM key: its mail is no longer signed.', QUOTA_NOTE].join(' '),
  input: z.strictObject({ id: domainId }),
  output: domainDeletedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.domains.remove(scope, input.id),
});
