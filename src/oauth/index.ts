// The OAuth authorization server's rules (MCP revision 2026-07-28, OAuth 2.1):
// clients (Client ID Metadata Documents, or dynamic registration, bounded and
// expiring when unused), the authorization code with PKCE S256 and a resource
// indicator, access tokens bound to {BASE_URL}/mcp, rotating refresh tokens
// whose reuse ends their family, revocation. Secrets are kept as SHA-256
// hashes. Knows no HTTP: the endpoints are servers/http's. Must not import any
// protocol library.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthContext, TokenPermission } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { OAuthClientsTable, OAuthTokensTable } from '../db/schema.ts';
import { isAppError } from '../errors.ts';
import type { TokenService } from '../tokens/index.ts';
import { fetchClientMetadata, isClientMetadataUrl, type ClientMetadata } from './client-metadata.ts';
import { parseRegistration } from './client-registration.ts';
import { countRegisteredClients, deleteExpiredClients, insertClient, touchRegisteredClient } from './client.repository.ts';
import { OAuthError } from './oauth-error.ts';

export { OAuthError, isOAuthError, type OAuthErrorCode } from './oauth-error.ts';
export { isAllowedRedirectUri, parseRegistration, REGISTRATION_BOUNDS, type ClientRegistration } from './client-registration.ts';

/** Where the one protected resource lives, under BASE_URL: the MCP endpoint. */
export const MCP_RESOURCE_PATH = '/mcp';

/** What a grant may do: `read` calls read-only tools, `write` the others. */
export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const ACCESS_TOKEN_PREFIX = 'mgat_';
const REFRESH_TOKEN_PREFIX = 'mgrt_';
const CODE_PREFIX = 'mgac_';

export interface OAuthSettings {
  /** The issuer: BASE_URL. */
  issuer: string;
  /** The one resource tokens are for: {BASE_URL}/mcp. */
  resource: string;
  allowPrivateClients: boolean;
  /** Resolve a metadata document's host: bounded, and not on the threads that sync the database (createCore gives DNS's). */
  lookupHost?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** Dynamic registration: how many clients are kept, and when unused ones expire. */
  clients: {
    maxRegistered: number;
    /** Never used (no authorization approved yet): deleted this long after registering. */
    unusedTtlMs: number;
    /** Not used for this long: deleted. */
    idleTtlMs: number;
  };
  /** Count a registration from this client address; throws rate_limit_exceeded past its rate (limits' registration limit). */
  admitRegistration: (clientAddress: string) => void;
  codeTtlMs?: number;
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
}

export interface OAuthClient {
  client_id: string;
  client_name: string | null;
  redirect_uris: string[];
}

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | null;
  codeChallenge: string;
  resource: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface RegisteredClient extends OAuthClient {
  client_id_issued_at: number;
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
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

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

const param = (params: Readonly<Record<string, unknown>>, name: string): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be given once, as text`);
  // No value Mailgate keeps or looks up may hold U+0000 (PostgreSQL text cannot).
  if (value.includes('\u0000')) throw new OAuthError('invalid_request', `${name} must not contain the NUL character (U+0000)`);
  return value;
};

function required(params: Readonly<Record<string, unknown>>, name: string): string {
  const value = param(params, name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/** A grant is `read` or `read write`: asking for write alone gets read too (a tool that writes may need to read first). */
function parseScopes(raw: string | undefined): OAuthScope[] {
  if (raw === undefined || raw.trim() === '') return [...OAUTH_SCOPES];
  const asked = [...new Set(raw.trim().split(/\s+/))];
  const unknown = asked.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `unknown scope ${unknown.join(', ')}: this server grants read and write`);
  return asked.includes('write') ? [...OAUTH_SCOPES] : ['read'];
}

/** The scopes a caller holding this API token may have: a read-only token gives `read` at most. */
export function scopesFor(permission: TokenPermission, scopes: readonly OAuthScope[] = OAUTH_SCOPES): OAuthScope[] {
  return scopes.filter((scope) => permission === 'full' || scope === 'read');
}

/** May a caller holding these scopes call a tool? Read-only tools need `read`; every other one `write`. */
export function scopesAllow(scopes: readonly string[], tool: { readOnly: boolean }): boolean {
  return scopes.includes(tool.readOnly ? 'read' : 'write');
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export function createOAuthService(handle: DatabaseHandle, clock: Clock, tokens: TokenService, settings: OAuthSettings): OAuthService {
  const db = handle.db;
  const codeTtl = settings.codeTtlMs ?? 60_000;
  const accessTtl = settings.accessTokenTtlMs ?? 15 * 60_000;
  const refreshTtl = settings.refreshTokenTtlMs ?? 30 * 24 * 60 * 60_000;

  const toClient = (row: OAuthClientsTable): OAuthClient => ({
    client_id: row.client_id,
    client_name: row.client_name,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
  });

  async function metadataClient(clientId: string): Promise<OAuthClient> {
    const now = clock.now();
    const cached = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    if (cached && cached.expires_at !== null && Number(cached.expires_at) > now) return toClient(cached);
    let fetched: { metadata: ClientMetadata; expiresAt: number };
    try {
      fetched = await fetchClientMetadata(clientId, {
        allowPrivate: settings.allowPrivateClients,
        now,
        ...(settings.lookupHost ? { lookup: settings.lookupHost } : {}),
      });
    } catch (error) {
      throw new OAuthError('invalid_client', `the client's metadata document could not be used: ${(error as Error).message}`);
    }
    const row: OAuthClientsTable = {
      client_id: clientId,
      kind: 'metadata_document',
      client_name: fetched.metadata.client_name,
      redirect_uris: JSON.stringify(fetched.metadata.redirect_uris),
      created_at: now,
      expires_at: fetched.expiresAt,
      last_used_at: null,
    };
    await db
      .insertInto('oauth_clients')
      .values(row)
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ client_name: row.client_name, redirect_uris: row.redirect_uris, expires_at: row.expires_at }))
      .execute();
    return toClient(row);
  }

  async function issue(grant: Omit<OAuthTokensTable, 'token_hash' | 'kind' | 'expires_at' | 'used_at' | 'revoked_at' | 'created_at'>): Promise<TokenResponse> {
    const now = clock.now();
    const access = secret(ACCESS_TOKEN_PREFIX);
    const refresh = secret(REFRESH_TOKEN_PREFIX);
    const row = (token: string, kind: 'access' | 'refresh', ttl: number): OAuthTokensTable => ({
      ...grant,
      token_hash: hash(token),
      kind,
      expires_at: now + ttl,
      used_at: null,
      revoked_at: null,
      created_at: now,
    });
    await db.insertInto('oauth_tokens').values([row(access, 'access', accessTtl), row(refresh, 'refresh', refreshTtl)]).execute();
    return { access_token: access, token_type: 'Bearer', expires_in: Math.floor(accessTtl / 1000), refresh_token: refresh, scope: grant.scope };
  }

  async function revokeFamily(familyId: string, now: number): Promise<void> {
    await db.updateTable('oauth_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** The API token a grant was made with must still be valid: revoking it ends the grant. */
  async function grantHolder(apiTokenId: string, onRevoked: OAuthError): Promise<AuthContext> {
    try {
      return await tokens.authenticateById(apiTokenId);
    } catch (error) {
      if (isAppError(error) && error.kind === 'invalid_api_key') throw onRevoked;
      throw error;
    }
  }

  function checkResource(value: string | undefined): string {
    if (value === undefined) throw new OAuthError('invalid_target', `resource is required: ${settings.resource}`);
    if (value !== settings.resource) throw new OAuthError('invalid_target', `this server issues tokens for ${settings.resource} only`);
    return value;
  }

  async function exchangeCode(params: Readonly<Record<string, unknown>>): Promise<TokenResponse> {
    const code = required(params, 'code');
    const clientId = required(params, 'client_id');
    const redirectUri = required(params, 'redirect_uri');
    const verifier = required(params, 'code_verifier');
    // Clients MUST name the resource on the token request too (MCP 2026-07-28, RFC 8707).
    const resource = checkResource(param(params, 'resource'));
    const now = clock.now();
    const row = await db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', hash(code)).executeTakeFirst();
    if (!row) throw new OAuthError('invalid_grant', 'the authorization code is not known');
    if (row.used_at !== null) {
      // A code used twice was stolen or replayed: what the first use gave ends too (RFC 6749 §4.1.2).
      if (row.family_id) await revokeFamily(row.family_id, now);
      throw new OAuthError('invalid_grant', 'the authorization code was already used');
    }
    if (Number(row.expires_at) <= now) throw new OAuthError('invalid_grant', 'the authorization code has expired');
    if (row.client_id !== clientId) throw new OAuthError('invalid_grant', 'the authorization code was issued to another client');
    if (row.redirect_uri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the one the code was issued for');
    if (!verifierMatches(verifier, row.code_challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code challenge');
    if (resource !== row.resource) throw new OAuthError('invalid_target', `the code was issued for ${row.resource}`);
    await markUsed(clientId, now);
    const familyId = randomBytes(16).toString('base64url');
    const claimed = await db
      .updateTable('oauth_codes')
      .set({ used_at: now, family_id: familyId })
      .where('code_hash', '=', row.code_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new OAuthError('invalid_grant', 'the authorization code was already used');
    await grantHolder(row.api_token_id, new OAuthError('invalid_grant', 'the API token this was authorized with is revoked'));
    return issue({
      family_id: familyId,
      client_id: row.client_id,
      organization_id: row.organization_id,
      api_token_id: row.api_token_id,
      scope: row.scope,
      resource: row.resource,
    });
  }

  async function refresh(params: Readonly<Record<string, unknown>>): Promise<TokenResponse> {
    const token = required(params, 'refresh_token');
    const clientId = required(params, 'client_id');
    const resource = param(params, 'resource');
    const now = clock.now();
    const row = await db.selectFrom('oauth_tokens').selectAll().where('token_hash', '=', hash(token)).where('kind', '=', 'refresh').executeTakeFirst();
    if (!row || row.revoked_at !== null) throw new OAuthError('invalid_grant', 'the refresh token is not valid');
    if (row.client_id !== clientId) throw new OAuthError('invalid_grant', 'the refresh token was issued to another client');
    if (row.used_at !== null) {
      // Rotation: a refresh token works once. Its second use means two parties hold it: the family ends.
      await revokeFamily(row.family_id, now);
      throw new OAuthError('invalid_grant', 'the refresh token was already used; every token of this grant is revoked');
    }
    if (Number(row.expires_at) <= now) throw new OAuthError('invalid_grant', 'the refresh token has expired');
    if (resource !== undefined && resource !== row.resource) throw new OAuthError('invalid_target', `the grant is for ${row.resource}`);
    await markUsed(clientId, now);
    let scope = row.scope;
    const asked = param(params, 'scope');
    if (asked !== undefined) {
      const narrowed = parseScopes(asked);
      const held = row.scope.split(' ');
      if (narrowed.some((s) => !held.includes(s))) throw new OAuthError('invalid_scope', 'a refresh cannot widen the grant');
      scope = narrowed.join(' ');
    }
    const claimed = await db
      .updateTable('oauth_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await revokeFamily(row.family_id, now);
      throw new OAuthError('invalid_grant', 'the refresh token was already used; every token of this grant is revoked');
    }
    await grantHolder(row.api_token_id, new OAuthError('invalid_grant', 'the API token this was authorized with is revoked'));
    return issue({ family_id: row.family_id, client_id: row.client_id, organization_id: row.organization_id, api_token_id: row.api_token_id, scope, resource: row.resource });
  }

  const isRegistered = (clientId: string) => !isClientMetadataUrl(clientId, settings.allowPrivateClients);

  /**
   * A registered client is in use: it does not expire for a while. One that
   * expired meanwhile gets nothing more (a new grant would outlive its registration).
   */
  async function markUsed(clientId: string, now: number): Promise<void> {
    if (!isRegistered(clientId)) return;
    if (!(await touchRegisteredClient(db, clientId, now))) {
      throw new OAuthError('invalid_client', `no client ${clientId} is registered (unused registrations expire); register again`);
    }
  }

  const purgeExpiredClients = (now: number) =>
    deleteExpiredClients(db, { now, unusedTtlMs: settings.clients.unusedTtlMs, idleTtlMs: settings.clients.idleTtlMs });

  async function clientOf(clientId: string): Promise<OAuthClient> {
    if (!isRegistered(clientId)) return metadataClient(clientId);
    const row = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).where('kind', '=', 'registered').executeTakeFirst();
    if (!row) throw new OAuthError('invalid_client', `no client ${clientId} is registered`);
    return toClient(row);
  }

  return {
    client: clientOf,

    async register(metadata, clientAddress) {
      const registration = parseRegistration(metadata);
      settings.admitRegistration(clientAddress);
      const { maxRegistered } = settings.clients;
      // Full: what has expired makes room first (housekeeping may not have run lately, or not in this process).
      if ((await countRegisteredClients(db)) >= maxRegistered) {
        await purgeExpiredClients(clock.now());
        if ((await countRegisteredClients(db)) >= maxRegistered) {
          throw new OAuthError(
            'temporarily_unavailable',
            `this server keeps at most ${maxRegistered} registered clients and holds that many; ` +
              'unused ones expire, so try again later, or identify the client by a Client ID Metadata Document URL',
          );
        }
      }
      const now = clock.now();
      const row: OAuthClientsTable = {
        client_id: `mgc_${randomBytes(16).toString('base64url')}`,
        kind: 'registered',
        client_name: registration.clientName,
        redirect_uris: JSON.stringify(registration.redirectUris),
        created_at: now,
        expires_at: null,
        last_used_at: null,
      };
      await insertClient(db, row);
      return {
        ...toClient(row),
        client_id_issued_at: Math.floor(now / 1000),
        grant_types: registration.grantTypes,
        response_types: registration.responseTypes,
        token_endpoint_auth_method: 'none',
      };
    },

    async checkAuthorization(params) {
      const clientId = required(params, 'client_id');
      const client = await clientOf(clientId);
      const redirectUri = required(params, 'redirect_uri');
      if (!client.redirect_uris.includes(redirectUri)) throw new OAuthError('invalid_request', 'redirect_uri is not one this client registered');
      const responseType = param(params, 'response_type');
      if (responseType !== 'code') throw new OAuthError('unsupported_response_type', 'response_type must be code');
      const codeChallenge = required(params, 'code_challenge');
      if (param(params, 'code_challenge_method') !== 'S256') throw new OAuthError('invalid_request', 'code_challenge_method must be S256 (PKCE)');
      if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) throw new OAuthError('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
      const resource = checkResource(param(params, 'resource'));
      const scopes = parseScopes(param(params, 'scope'));
      const state = param(params, 'state') ?? null;
      return { client, redirectUri, scopes, state, codeChallenge, resource };
    },

    async approve(request, apiToken) {
      let auth: AuthContext;
      try {
        auth = await tokens.authenticate(apiToken.trim());
      } catch (error) {
        if (isAppError(error) && error.kind === 'invalid_api_key') throw new OAuthError('access_denied', 'That API token is not valid');
        throw error;
      }
      // A read-only token grants what it may do itself (read: every grant has it), whatever was asked.
      const scopes = scopesFor(auth.permission, request.scopes);
      const now = clock.now();
      await markUsed(request.client.client_id, now);
      const code = secret(CODE_PREFIX);
      await db
        .insertInto('oauth_codes')
        .values({
          code_hash: hash(code),
          client_id: request.client.client_id,
          organization_id: auth.organizationId,
          api_token_id: auth.tokenId,
          redirect_uri: request.redirectUri,
          code_challenge: request.codeChallenge,
          scope: scopes.join(' '),
          resource: request.resource,
          expires_at: now + codeTtl,
          used_at: null,
          family_id: null,
          created_at: now,
        })
        .execute();
      return { code };
    },

    async token(params) {
      const grantType = required(params, 'grant_type');
      if (grantType === 'authorization_code') return exchangeCode(params);
      if (grantType === 'refresh_token') return refresh(params);
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    },

    async revoke(token) {
      const row = await db.selectFrom('oauth_tokens').select(['kind', 'family_id', 'token_hash']).where('token_hash', '=', hash(token)).executeTakeFirst();
      if (!row) return;
      const now = clock.now();
      if (row.kind === 'refresh') await revokeFamily(row.family_id, now);
      else await db.updateTable('oauth_tokens').set({ revoked_at: now }).where('token_hash', '=', row.token_hash).where('revoked_at', 'is', null).execute();
    },

    async authenticateAccessToken(token) {
      const invalid = new OAuthError('invalid_token', 'the access token is not valid');
      if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 256) throw invalid;
      const row = await db.selectFrom('oauth_tokens').selectAll().where('token_hash', '=', hash(token)).where('kind', '=', 'access').executeTakeFirst();
      if (!row || row.revoked_at !== null) throw invalid;
      if (Number(row.expires_at) <= clock.now()) throw new OAuthError('invalid_token', 'the access token has expired');
      // Audience: a token is only ever good at the resource it was issued for.
      if (row.resource !== settings.resource) throw invalid;
      const auth = await grantHolder(row.api_token_id, new OAuthError('invalid_token', 'the API token this grant was made with is revoked'));
      const granted = row.scope.split(' ').filter((s): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s));
      // A grant never gives more than the API token it was made with may do.
      return { auth, scopes: scopesFor(auth.permission, granted) };
    },

    purgeExpiredClients,
  };
}
