// API tokens: issuing, hashing, and resolving a bearer secret to its organization.
// Owns the api_tokens table. Must not import any protocol library, nor limits/ or
// anything above it: the plan facts a token resolves to come from auth-scope/.
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { quotaOf, type AuthContext } from '../auth-scope/index.ts';
import { generateTokenSecret, hashTokenSecret, tokenHint, TOKEN_PREFIX } from './token-secret.ts';

export { TOKEN_PREFIX } from './token-secret.ts';

export interface IssuedToken {
  id: string;
  organization_id: string;
  name: string;
  token: string;
  created_at: string;
}

const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

export interface TokenService {
  /** Issue a token; the secret is returned once and stored only as a hash. */
  create(organizationId: string, options?: { name?: string; secret?: string }): Promise<IssuedToken>;
  /** Throws invalid_api_key for an unknown, malformed or revoked secret. */
  authenticate(secret: string): Promise<AuthContext>;
  /**
   * The caller a grant made with this API token acts as (an OAuth grant keeps
   * the id of the token it was authorized with). Throws invalid_api_key when
   * the token is revoked or gone: its grants end with it.
   */
  authenticateById(tokenId: string): Promise<AuthContext>;
  /** An organization's tokens, oldest first, without their secrets. Throws not_found for an unknown organization. */
  list(organizationId: string): Promise<TokenRecord[]>;
  /** Revoke a token; its next use fails. Revoking a revoked token changes nothing. Throws not_found. */
  revoke(id: string): Promise<TokenRecord>;
}

/** A token as an operator sees it: never its secret, only the end of it. */
export interface TokenRecord {
  id: string;
  organization_id: string;
  name: string;
  /** The secret's prefix and last characters: mailgate_…abcd. */
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

function toTokenRecord(row: { id: string; organization_id: string; name: string; token_hint: string; created_at: number; revoked_at: number | null }): TokenRecord {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    hint: `${TOKEN_PREFIX}…${row.token_hint}`,
    created_at: new Date(Number(row.created_at)).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(Number(row.revoked_at)).toISOString(),
  };
}

/** Store a token (hashed) for an organization; usable inside a caller's transaction. */
export async function insertToken(
  db: Kysely<Database> | Transaction<Database>,
  input: { organizationId: string; now: number; name?: string; secret?: string },
): Promise<IssuedToken> {
  const secret = input.secret ?? generateTokenSecret();
  const id = newId('tok', input.now);
  const name = input.name ?? 'default';
  await db
    .insertInto('api_tokens')
    .values({
      id,
      organization_id: input.organizationId,
      name,
      token_hash: hashTokenSecret(secret),
      token_hint: tokenHint(secret),
      created_at: input.now,
      revoked_at: null,
    })
    .execute();
  return { id, organization_id: input.organizationId, name, token: secret, created_at: new Date(input.now).toISOString() };
}

export function createTokenService(db: Kysely<Database>, clock: Clock): TokenService {
  // Tokens are checked on every request; a short-lived cache keeps the database
  // out of the hot path while a revocation still takes effect within seconds.
  const cache = new Map<string, { auth: AuthContext; expires: number }>();

  return {
    async create(organizationId, options = {}) {
      const org = await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
      if (!org) throw new AppError('not_found', `Organization ${organizationId} not found`);
      return insertToken(db, { organizationId, now: clock.now(), ...options });
    },

    async authenticateById(tokenId) {
      const row = await db
        .selectFrom('api_tokens')
        .innerJoin('organizations', 'organizations.id', 'api_tokens.organization_id')
        .select(['api_tokens.id as token_id', 'api_tokens.organization_id', 'api_tokens.revoked_at', 'organizations.plan', 'organizations.rate_limit'])
        .where('api_tokens.id', '=', tokenId)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) throw new AppError('invalid_api_key', 'The API token this grant was made with is revoked');
      return {
        organizationId: row.organization_id,
        plan: row.plan,
        tokenId: row.token_id,
        quota: quotaOf(row.plan, row.rate_limit === null ? null : Number(row.rate_limit)),
      };
    },

    async list(organizationId) {
      const org = await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
      if (!org) throw new AppError('not_found', `Organization ${organizationId} not found`);
      const rows = await db.selectFrom('api_tokens').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute();
      return rows.map(toTokenRecord);
    },

    async revoke(id) {
      const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('not_found', `Token ${id} not found`);
      if (row.revoked_at !== null) return toTokenRecord(row);
      const now = clock.now();
      await db.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
      // This process forgets what it knew of every token at once (the cache holds hashes, not ids).
      cache.clear();
      return toTokenRecord({ ...row, revoked_at: now });
    },

    async authenticate(secret) {
      if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 256) {
        throw new AppError('invalid_api_key', 'API key is invalid');
      }
      const hash = hashTokenSecret(secret);
      const now = clock.now();
      const hit = cache.get(hash);
      if (hit && hit.expires > now) return hit.auth;
      const row = await db
        .selectFrom('api_tokens')
        .innerJoin('organizations', 'organizations.id', 'api_tokens.organization_id')
        .select(['api_tokens.id as token_id', 'api_tokens.organization_id', 'api_tokens.revoked_at', 'organizations.plan', 'organizations.rate_limit'])
        .where('api_tokens.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) {
        cache.delete(hash);
        throw new AppError('invalid_api_key', 'API key is invalid');
      }
      const auth: AuthContext = {
        organizationId: row.organization_id,
        plan: row.plan,
        tokenId: row.token_id,
        quota: quotaOf(row.plan, row.rate_limit === null ? null : Number(row.rate_limit)),
      };
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(hash, { auth, expires: now + CACHE_TTL_MS });
      return auth;
    },
  };
}
