// The OAuth authorization server's rules (MCP revision 2026-07-28, OAuth 2.1):
// clients (Client ID Metadata Documents, or dynamic registration, bounded and
// expiring when unused), the authorization code with PKCE S256 and a resource
// indicator, access tokens bound to {BASE_URL}/mcp, rotating refresh tokens
// whose reuse ends their family, revocation. Secrets are kept as SHA-256
// hashes. clients.ts, codes.ts and tokens.ts each keep their table through a
// repository; this file composes them. Knows no HTTP: the endpoints are
// servers/http's. Must not import any protocol library.
import type { AuthContext } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { TokenService } from '../tokens/index.ts';
import { createOAuthClients, type ClientSettings, type OAuthClient, type RegisteredClient } from './clients.ts';
import { createAuthorizationCodes, type AuthorizationRequest } from './codes.ts';
import { OAuthError } from './oauth-error.ts';
import { required } from './request-params.ts';
import type { OAuthScope } from './scopes.ts';
import { createOAuthTokens, type TokenResponse } from './tokens.ts';

export { OAuthError, isOAuthError, type OAuthErrorCode } from './oauth-error.ts';
export { isAllowedRedirectUri, parseRegistration, REGISTRATION_BOUNDS, type ClientRegistration } from './client-registration.ts';
export { OAUTH_SCOPES, scopesAllow, scopesFor, type OAuthScope } from './scopes.ts';
export type { OAuthClient, RegisteredClient } from './clients.ts';
export type { AuthorizationRequest } from './codes.ts';
export { ACCESS_TOKEN_PREFIX, type TokenResponse } from './tokens.ts';

/** Where the one protected resource lives, under BASE_URL: the MCP endpoint. */
export const MCP_RESOURCE_PATH = '/mcp';

export interface OAuthSettings extends ClientSettings {
  /** The issuer: BASE_URL. */
  issuer: string;
  /** The one resource tokens are for: {BASE_URL}/mcp. */
  resource: string;
  codeTtlMs?: number;
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
}

export interface OAuthService {
  /** A client by id: registered, or its metadata document (fetched, cached). Throws OAuthError invalid_client. */
  client(clientId: string): Promise<OAuthClient>;
  /**
   * Dynamic client registration (RFC 7591), public clients only, from the client
   * at `clientAddress`. Throws OAuthError invalid_redirect_uri, invalid_client_metadata,
   * temporarily_unavailable (as many clients are registered as are kept), and
   * AppError rate_limit_exceeded (too many from that address).
   */
  register(metadata: unknown, clientAddress: string): Promise<RegisteredClient>;
  /** Check an authorization request's parameters. Throws OAuthError naming the first problem. */
  checkAuthorization(params: Readonly<Record<string, unknown>>): Promise<AuthorizationRequest>;
  /** The person approved, proving who they are with an API token of their organization. Throws OAuthError access_denied for a token that is not valid. */
  approve(request: AuthorizationRequest, apiToken: string): Promise<{ code: string }>;
  /** The token endpoint: authorization_code or refresh_token. Throws OAuthError. */
  token(params: Readonly<Record<string, unknown>>): Promise<TokenResponse>;
  /** RFC 7009: an access token ends alone, a refresh token ends with its family. Unknown tokens are no error. */
  revoke(token: string): Promise<void>;
  /** /mcp: an access token → who calls, with which scopes. Throws OAuthError invalid_token. */
  authenticateAccessToken(token: string): Promise<{ auth: AuthContext; scopes: OAuthScope[] }>;
  /** Housekeeping: delete registered clients that expired unused and metadata documents past their cache; how many. Safe from several processes at once. */
  purgeExpiredClients(now: number): Promise<number>;
}

/** Clients, codes and tokens, each over its own table, composed into the one service the endpoints call. */
export function createOAuthService(handle: DatabaseHandle, clock: Clock, tokens: TokenService, settings: OAuthSettings): OAuthService {
  const db = handle.db;
  const clients = createOAuthClients(db, clock, settings);
  const codes = createAuthorizationCodes(db, clock, tokens, clients, settings);
  const grants = createOAuthTokens(db, clock, tokens, clients, settings);
  return {
    client: (clientId) => clients.find(clientId),
    register: (metadata, clientAddress) => clients.register(metadata, clientAddress),
    checkAuthorization: (params) => codes.checkAuthorization(params),
    approve: (request, apiToken) => codes.approve(request, apiToken),
    async token(params) {
      const grantType = required(params, 'grant_type');
      if (grantType === 'authorization_code') return grants.issue(await codes.redeem(params));
      if (grantType === 'refresh_token') return grants.refresh(params);
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    },
    revoke: (token) => grants.revoke(token),
    authenticateAccessToken: (token) => grants.authenticate(token),
    purgeExpiredClients: (now) => clients.purgeExpired(now),
  };
}
