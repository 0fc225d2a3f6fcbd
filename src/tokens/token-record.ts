// The API tokens resource as the API shows it (v2, snake_case): what creating
// one takes, and what listing shows. The secret is in the answer to create only.
import { z } from 'zod';
import { TOKEN_PERMISSIONS } from '../auth-scope/index.ts';
import { TOKEN_PREFIX } from './token-secret.ts';

export const TOKEN_NAME_MAX = 100;

export const tokenPermissionSchema = z
  .enum(TOKEN_PERMISSIONS as ['full', 'read'])
  .describe(
    'full: every operation (the default). read: only what changes nothing (lists, gets, counts); every write is refused with 403 forbidden, and SMTP refuses it.',
  );

export const tokenCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(TOKEN_NAME_MAX).describe('A name to tell the token apart, e.g. where it is used.'),
  permission: tokenPermissionSchema.default('full'),
});
export type TokenCreate = z.output<typeof tokenCreateSchema>;

export const tokenRecordSchema = z.object({
  object: z.literal('token'),
  id: z.string().describe('tok_…'),
  name: z.string(),
  permission: tokenPermissionSchema,
  token_hint: z.string().describe(`The token's prefix and last four characters (${TOKEN_PREFIX}…abcd): never the secret.`),
  created_at: z.string().describe('ISO 8601.'),
  last_used_at: z.string().nullable().describe('ISO 8601, to the minute: when the token last authenticated a request; null if never.'),
});
export type ApiTokenRecord = z.infer<typeof tokenRecordSchema>;

export const createdTokenSchema = tokenRecordSchema.extend({
  token: z.string().describe('The secret, shown this once: Mailgate keeps only its hash. Send it as "Authorization: Bearer <token>".'),
});
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const tokenRevokedSchema = z.object({ object: z.literal('token'), id: z.string(), revoked: z.literal(true) });
