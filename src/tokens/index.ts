// API tokens: issuing, hashing, and resolving a bearer secret to its organization.
// Owns the api_tokens table. Must not import any protocol library, nor limits/ or
// anything above it: the plan facts a token resolves to come from auth-scope/.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { ApiTokensTable, Database } from '../db/schema.ts';
import { fetchIdPage } from '../db/id-page.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { quotaOf, type AuthContext, type OrgScope, type TokenPermission } from '../auth-scope/index.ts';
import type { ApiTokenRecord, CreatedToken, TokenCreate } from './token-record.ts';
import { generateTokenSecret, hashTokenSecret, tokenHint, TOKEN_PREFIX } from './token-secret.ts';

export { TOKEN_PREFIX } from './token-secret.ts';
export * from './token-record.ts';

export interface IssuedToken {
  id: string;
  organization_id: string;
  name: string;
  permission: TokenPermission;
  token: string;
  created_at: string;
}

/** last_used_at moves at most this often per token: a request reads the token's row, and writes it only this rarely. */
export const LAST_USED_EVERY_MS = 60_000;

export interface TokenService {
  /** Issue a token; the secret is returned once and stored only as a hash. */
  create(organizationId: string, options?: { name?: string; secret?: string; permission?: TokenPermission }): Promise<IssuedToken>;
  /**
   * Throws invalid_api_key for an unknown, malformed or revoked secret. Read
   * from the database on every call, so a revocation holds from the next
   * request in every process that shares it.
   */
  authenticate(secret: string): Promise<AuthContext>;
  /**
   * The caller a grant made with this API token acts as (an OAuth grant keeps
   * the id of the token it was authorized with). Throws invalid_api_key when
   * the token is revoked or gone: its grants end with it.
   */
  authenticateById(tokenId: string): Promise<AuthContext>;
  /** An organization's tokens, oldest first, revoked ones too, without their secrets (the CLI). Throws not_found for an unknown organization. */
  list(organizationId: string): Promise<TokenRecord[]>;
  /** Revoke a token; its next use fails. Revoking a revoked token changes nothing. Throws not_found. */
  revoke(id: string): Promise<TokenRecord>;
  /** The API: issue a token in the caller's organization; the answer holds the secret, this once. */
  issue(scope: OrgScope, input: TokenCreate): Promise<CreatedToken>;
  /** The API: a page of the organization's tokens in use (not revoked), newest first. */
  listPage(scope: OrgScope, page: PageRequest): Promise<Page<ApiTokenRecord>>;
  /** The API: revoke one of the organization's tokens in use; another's, or a revoked one, is not_found. */
  revokeInOrg(scope: OrgScope, id: string): Promise<{ object: 'token'; id: string; revoked: true }>;
}

/** A token as an operator sees it: never its secret, only the end of it. */
export interface TokenRecord {
  id: string;
  organization_id: string;
  name: string;
  /** The secret's prefix and last characters: mailgate_…abcd. */
  hint: string;
  permission: TokenPermission;
  created_at: string;
  /** When it last authenticated a request, to the minute (see LAST_USED_EVERY_MS); null if never. */
  last_used_at: string | null;
  revoked_at: string | null;
}

type TokenRow = Selectable<ApiTokensTable>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const permissionOf = (stored: string): TokenPermission => (stored === 'read' ? 'read' : 'full');

function toTokenRecord(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    hint: `${TOKEN_PREFIX}…${row.token_hint}`,
    permission: permissionOf(row.permission),
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

function toApiTokenRecord(row: TokenRow): ApiTokenRecord {
  return {
    object: 'token',
    id: row.id,
    name: row.name,
    permission: permissionOf(row.permission),
    token_hint: `${TOKEN_PREFIX}…${row.token_hint}`,
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
  };
}

/** Store a token (hashed) for an organization; usable inside a caller's transaction. */
export async function insertToken(
  db: Kysely<Database> | Transaction<Database>,
  input: { organizationId: string; now: number; name?: string; secret?: string; permission?: TokenPermission },
): Promise<IssuedToken & { row: TokenRow }> {
  const secret = input.secret ?? generateTokenSecret();
  const row: TokenRow = {
    id: newId('tok', input.now),
    organization_id: input.organizationId,
    name: input.name ?? 'default',
    token_hash: hashTokenSecret(secret),
    token_hint: tokenHint(secret),
    permission: input.permission ?? 'full',
    created_at: input.now,
    revoked_at: null,
    last_used_at: null,
  };
  await db.insertInto('api_tokens').values(row).execute();
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    permission: permissionOf(row.permission),
    token: secret,
    created_at: iso(row.created_at)!,
    row,
  };
}

export function createTokenService(db: Kysely<Database>, clock: Clock): TokenService {
  const callerColumns = [
    'api_tokens.id as token_id',
    'api_tokens.organization_id',
    'api_tokens.revoked_at',
    'api_tokens.permission',
    'api_tokens.last_used_at',
    'organizations.plan',
    'organizations.rate_limit',
  ] as const;
  const callers = () => db.selectFrom('api_tokens').innerJoin('organizations', 'organizations.id', 'api_tokens.organization_id').select(callerColumns);
  type CallerRow = Awaited<ReturnType<ReturnType<typeof callers>['executeTakeFirstOrThrow']>>;

  /**
   * The caller a token row makes; its last use recorded when the one on record
   * is a minute old. The write is conditional on the stored value, so requests
   * racing past the minute in several processes move it once.
   */
  async function callerOf(row: CallerRow): Promise<AuthContext> {
    const now = clock.now();
    const lastUsed = row.last_used_at === null ? null : Number(row.last_used_at);
    if (lastUsed === null || now - lastUsed >= LAST_USED_EVERY_MS) {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('id', '=', row.token_id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USED_EVERY_MS)]))
        .execute();
    }
    return {
      organizationId: row.organization_id,
      plan: row.plan,
      tokenId: row.token_id,
      permission: permissionOf(row.permission),
      quota: quotaOf(row.plan, row.rate_limit === null ? null : Number(row.rate_limit)),
    };
  }

  async function mustHaveOrg(organizationId: string): Promise<void> {
    const org = await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw new AppError('not_found', `Organization ${organizationId} not found`);
  }

  return {
    async create(organizationId, options = {}) {
      await mustHaveOrg(organizationId);
      const { row: _row, ...issued } = await insertToken(db, { organizationId, now: clock.now(), ...options });
      return issued;
    },

    async authenticateById(tokenId) {
      const row = await callers().where('api_tokens.id', '=', tokenId).executeTakeFirst();
      if (!row || row.revoked_at !== null) throw new AppError('invalid_api_key', 'The API token this grant was made with is revoked');
      return callerOf(row);
    },

    async list(organizationId) {
      await mustHaveOrg(organizationId);
      const rows = await db.selectFrom('api_tokens').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute();
      return rows.map(toTokenRecord);
    },

    async revoke(id) {
      const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('not_found', `Token ${id} not found`);
      if (row.revoked_at !== null) return toTokenRecord(row);
      const now = clock.now();
      await db.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
      return toTokenRecord({ ...row, revoked_at: now });
    },

    async issue(scope, input) {
      const { row, token } = await insertToken(db, { organizationId: scope.organizationId, now: clock.now(), name: input.name, permission: input.permission });
      return { ...toApiTokenRecord(row), token };
    },

    async listPage(scope, page) {
      const rows = await fetchIdPage(
        db.selectFrom('api_tokens').selectAll().where('organization_id', '=', scope.organizationId).where('revoked_at', 'is', null),
        'id',
        page,
      );
      return toPage(rows, page, toApiTokenRecord);
    },

    async revokeInOrg(scope, id) {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: clock.now() })
        .where('id', '=', id)
        .where('organization_id', '=', scope.organizationId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('not_found', `Token ${id} not found`);
      return { object: 'token', id, revoked: true };
    },

    async authenticate(secret) {
      if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 256) {
        throw new AppError('invalid_api_key', 'API key is invalid');
      }
      const row = await callers().where('api_tokens.token_hash', '=', hashTokenSecret(secret)).executeTakeFirst();
      if (!row || row.revoked_at !== null) throw new AppError('invalid_api_key', 'API key is invalid');
      return callerOf(row);
    },
  };
}
