import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { Database, OAuthTokensTable } from '../db/schema.ts';
import { isAppError } from '../errors.ts';
import type { TokenService } from '../tokens/index.ts';
import type { OAuthClients } from './clients.ts';
import { OAuthError } from './oauth-error.ts';
import { param, required, type OAuthParams } from './request-params.ts';
import { parseScopes, scopesFor, storedScopes, type OAuthScope } from './scopes.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { claimToken, findToken, insertTokens, revokeToken, revokeTokenFamily } from './token.repository.ts';

/**
 * Access tokens, bound to the one resource, and refresh tokens that rotate:
 * each works once, and its reuse ends its family (every token of the grant). A
 * grant lasts only as long as the API token it was approved with.
 */

export const ACCESS_TOKEN_PREFIX = 'mgat_';
const REFRESH_TOKEN_PREFIX = 'mgrt_';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** What a grant is: the family its tokens share, whose it is, what it may do and where. */
export type OAuthGrant = Pick<OAuthTokensTable, 'family_id' | 'client_id' | 'organization_id' | 'api_token_id' | 'scope' | 'resource'>;

export interface TokenSettings {
  /** The one resource tokens are for: {BASE_URL}/mcp. */
  resource: string;
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
}

export interface OAuthTokens {
  /** A new access and refresh token for a grant. Throws OAuthError invalid_grant when its API token was revoked. */
  issue(grant: OAuthGrant): Promise<TokenResponse>;
  /** The refresh_token grant: rotate, maybe narrowing the scope. Throws OAuthError. */
  refresh(params: OAuthParams): Promise<TokenResponse>;
  /** See OAuthService.revoke. */
  revoke(token: string): Promise<void>;
  /** See OAuthService.authenticateAccessToken. */
  authenticate(token: string): Promise<{ auth: AuthContext; scopes: OAuthScope[] }>;
}

const reused = () => new OAuthError('invalid_grant', 'the refresh token was already used; every token of this grant is revoked');

export function createOAuthTokens(db: Kysely<Database>, clock: Clock, apiTokens: TokenService, clients: OAuthClients, settings: TokenSettings): OAuthTokens {
  const accessTtl = settings.accessTokenTtlMs ?? 15 * 60_000;
  const refreshTtl = settings.refreshTokenTtlMs ?? 30 * 24 * 60 * 60_000;

  /** The API token a grant was made with must still be valid: revoking it ends the grant. */
  async function grantHolder(apiTokenId: string, onRevoked: OAuthError): Promise<AuthContext> {
    try {
      return await apiTokens.authenticateById(apiTokenId);
    } catch (error) {
      if (isAppError(error) && error.kind === 'invalid_api_key') throw onRevoked;
      throw error;
    }
  }

  async function issue(grant: OAuthGrant): Promise<TokenResponse> {
    await grantHolder(grant.api_token_id, new OAuthError('invalid_grant', 'the API token this was authorized with is revoked'));
    const now = clock.now();
    const access = newSecret(ACCESS_TOKEN_PREFIX);
    const refresh = newSecret(REFRESH_TOKEN_PREFIX);
    const row = (token: string, kind: 'access' | 'refresh', ttl: number): OAuthTokensTable => ({
      ...grant,
      token_hash: hashSecret(token),
      kind,
      expires_at: now + ttl,
      used_at: null,
      revoked_at: null,
      created_at: now,
    });
    await insertTokens(db, [row(access, 'access', accessTtl), row(refresh, 'refresh', refreshTtl)]);
    return { access_token: access, token_type: 'Bearer', expires_in: Math.floor(accessTtl / 1000), refresh_token: refresh, scope: grant.scope };
  }

  /** The scope a refresh asks for: the grant's own, or less; never more. Throws OAuthError invalid_scope. */
  function narrowedScope(held: string, asked: string | undefined): string {
    if (asked === undefined) return held;
    const narrowed = parseScopes(asked);
    if (narrowed.some((s) => !held.split(' ').includes(s))) throw new OAuthError('invalid_scope', 'a refresh cannot widen the grant');
    return narrowed.join(' ');
  }

  return {
    issue,

    async refresh(params) {
      const token = required(params, 'refresh_token');
      const clientId = required(params, 'client_id');
      const resource = param(params, 'resource');
      const now = clock.now();
      const row = await findToken(db, hashSecret(token), 'refresh');
      if (!row || row.revoked_at !== null) throw new OAuthError('invalid_grant', 'the refresh token is not valid');
      if (row.client_id !== clientId) throw new OAuthError('invalid_grant', 'the refresh token was issued to another client');
      if (row.used_at !== null) {
        // Rotation: a refresh token works once. Its second use means two parties hold it: the family ends.
        await revokeTokenFamily(db, row.family_id, now);
        throw reused();
      }
      if (Number(row.expires_at) <= now) throw new OAuthError('invalid_grant', 'the refresh token has expired');
      if (resource !== undefined && resource !== row.resource) throw new OAuthError('invalid_target', `the grant is for ${row.resource}`);
      await clients.markUsed(clientId, now);
      const scope = narrowedScope(row.scope, param(params, 'scope'));
      if (!(await claimToken(db, row.token_hash, now))) {
        await revokeTokenFamily(db, row.family_id, now);
        throw reused();
      }
      const { family_id, client_id, organization_id, api_token_id } = row;
      return issue({ family_id, client_id, organization_id, api_token_id, scope, resource: row.resource });
    },

    async revoke(token) {
      const row = await findToken(db, hashSecret(token));
      if (!row) return;
      const now = clock.now();
      if (row.kind === 'refresh') await revokeTokenFamily(db, row.family_id, now);
      else await revokeToken(db, row.token_hash, now);
    },

    async authenticate(token) {
      const invalid = new OAuthError('invalid_token', 'the access token is not valid');
      if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 256) throw invalid;
      const row = await findToken(db, hashSecret(token), 'access');
      if (!row || row.revoked_at !== null) throw invalid;
      if (Number(row.expires_at) <= clock.now()) throw new OAuthError('invalid_token', 'the access token has expired');
      // Audience: a token is only ever good at the resource it was issued for.
      if (row.resource !== settings.resource) throw invalid;
      const auth = await grantHolder(row.api_token_id, new OAuthError('invalid_token', 'the API token this grant was made with is revoked'));
      // A grant never gives more than the API token it was made with may do.
      return { auth, scopes: scopesFor(auth.permission, storedScopes(row.scope)) };
    },
  };
}
