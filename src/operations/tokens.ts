import { z } from 'zod';
import { listEnvelope, pagedInput, pageOf } from '../pagination.ts';
import { createdTokenSchema, tokenCreateSchema, tokenRecordSchema, tokenRevokedSchema } from '../tokens/index.ts';
import { defineOperation } from './operation.ts';
import { QUOTA_NOTE } from './quota.ts';

const EXAMPLE_ID = 'tok_01jd3zq8x6v5t0n2c4b7m9k1pq';

export const listTokens = defineOperation({
  name: 'list_tokens',
  summary: 'List the API tokens in use, newest first',
  resource: 'tokens',
  description: [
    "Returns a page of the organization's API tokens that are not revoked, newest first: name, permission, the prefix and last four characters, when created and when last used (to the minute). Never a secret.",
    'Page with limit and the after/before cursors.',
    QUOTA_NOTE,
  ].join(' '),
  input: pagedInput('tok', {}),
  output: listEnvelope(tokenRecordSchema),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  errors: [],
  example: { limit: 20 },
  run: ({ services, scope }, input) => services.tokens.listPage(scope, pageOf(input)),
});

export const createToken = defineOperation({
  name: 'create_token',
  summary: 'Create an API token',
  resource: 'tokens',
  description: [
    'Creates an API token for the organization and returns it with its secret (token), shown this once: Mailgate keeps only a hash.',
    'permission "read" makes a token that may only read (every write is refused, and it cannot submit mail over SMTP); "full" (the default) may do everything.',
    'The token works on REST (v1 and v2), SMTP submission (as the password) and /mcp.',
    QUOTA_NOTE,
  ].join(' '),
  input: tokenCreateSchema,
  output: createdTokenSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  errors: [],
  example: { name: 'reporting dashboard', permission: 'read' },
  run: ({ services, scope }, input) => services.tokens.issue(scope, input),
});

export const revokeToken = defineOperation({
  name: 'revoke_token',
  summary: 'Revoke an API token',
  resource: 'tokens',
  description: [
    'Revokes the token: its very next request fails (REST, SMTP and MCP), and the OAuth grants approved with it end too. It cannot be undone.',
    'Revoking the token this call is made with is allowed: the call succeeds, the next one fails. An unknown or already revoked token is not_found.',
    QUOTA_NOTE,
  ].join(' '),
  input: z.strictObject({ id: z.string().describe('The token id (tok_…).') }),
  output: tokenRevokedSchema,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  errors: ['not_found'],
  example: { id: EXAMPLE_ID },
  run: ({ services, scope }, input) => services.tokens.revokeInOrg(scope, input.id),
});
