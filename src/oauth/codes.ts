import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { isAppError } from '../errors.ts';
import type { TokenService } from '../tokens/index.ts';
import type { OAuthClient, OAuthClients } from './clients.ts';
import { claimCode, findCode, insertCode } from './code.repository.ts';
import { OAuthError } from './oauth-error.ts';
import { checkResource, param, required, type OAuthParams } from './request-params.ts';
import { parseScopes, scopesFor, type OAuthScope } from './scopes.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { revokeTokenFamily } from './token.repository.ts';
import type { OAuthGrant } from './tokens.ts';

/**
 * The authorization code flow: a request checked (PKCE S256, a resource
 * indicator), approved by a person holding an API token, and a short-lived code
 * exchanged once for the grant it stands for.
 */

const CODE_PREFIX = 'mgac_';

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | null;
  codeChallenge: string;
  resource: string;
}

export interface CodeSettings {
  /** The one resource tokens are for: {BASE_URL}/mcp. */
  resource: string;
  codeTtlMs?: number;
}

export interface AuthorizationCodes {
  /** See OAuthService.checkAuthorization. */
  checkAuthorization(params: OAuthParams): Promise<AuthorizationRequest>;
  /** See OAuthService.approve. */
  approve(request: AuthorizationRequest, apiToken: string): Promise<{ code: string }>;
  /** The authorization_code grant: the code checked and used up; the grant it stands for, to issue tokens for. Throws OAuthError. */
  redeem(params: OAuthParams): Promise<OAuthGrant>;
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export function createAuthorizationCodes(
  db: Kysely<Database>,
  clock: Clock,
  apiTokens: TokenService,
  clients: OAuthClients,
  settings: CodeSettings,
): AuthorizationCodes {
  const codeTtl = settings.codeTtlMs ?? 60_000;

  return {
    async checkAuthorization(params) {
      const clientId = required(params, 'client_id');
      const client = await clients.find(clientId);
      const redirectUri = required(params, 'redirect_uri');
      if (!client.redirect_uris.includes(redirectUri)) throw new OAuthError('invalid_request', 'redirect_uri is not one this client registered');
      const responseType = param(params, 'response_type');
      if (responseType !== 'code') throw new OAuthError('unsupported_response_type', 'response_type must be code');
      const codeChallenge = required(params, 'code_challenge');
      if (param(params, 'code_challenge_method') !== 'S256') throw new OAuthError('invalid_request', 'code_challenge_method must be S256 (PKCE)');
      if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) throw new OAuthError('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
      const resource = checkResource(param(params, 'resource'), settings.resource);
      const scopes = parseScopes(param(params, 'scope'));
      const state = param(params, 'state') ?? null;
      return { client, redirectUri, scopes, state, codeChallenge, resource };
    },

    async approve(request, apiToken) {
      let auth: AuthContext;
      try {
        auth = await apiTokens.authenticate(apiToken.trim());
      } catch (error) {
        if (isAppError(error) && error.kind === 'invalid_api_key') throw new OAuthError('access_denied', 'That API token is not valid');
        throw error;
      }
      // A read-only token grants what it may do itself (read: every grant has it), whatever was asked.
      const scopes = scopesFor(auth.permission, request.scopes);
      const now = clock.now();
      await clients.markUsed(request.client.client_id, now);
      const code = newSecret(CODE_PREFIX);
      await insertCode(db, {
        code_hash: hashSecret(code),
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
      });
      return { code };
    },

    async redeem(params) {
      const code = required(params, 'code');
      const clientId = required(params, 'client_id');
      const redirectUri = required(params, 'redirect_uri');
      const verifier = required(params, 'code_verifier');
      // Clients MUST name the resource on the token request too (MCP 2026-07-28, RFC 8707).
      const resource = checkResource(param(params, 'resource'), settings.resource);
      const now = clock.now();
      const row = await findCode(db, hashSecret(code));
      if (!row) throw new OAuthError('invalid_grant', 'the authorization code is not known');
      if (row.used_at !== null) {
        // A code used twice was stolen or replayed: what the first use gave ends too (RFC 6749 §4.1.2).
        if (row.family_id) await revokeTokenFamily(db, row.family_id, now);
        throw new OAuthError('invalid_grant', 'the authorization code was already used');
      }
      if (Number(row.expires_at) <= now) throw new OAuthError('invalid_grant', 'the authorization code has expired');
      if (row.client_id !== clientId) throw new OAuthError('invalid_grant', 'the authorization code was issued to another client');
      if (row.redirect_uri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the one the code was issued for');
      if (!verifierMatches(verifier, row.code_challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code challenge');
      if (resource !== row.resource) throw new OAuthError('invalid_target', `the code was issued for ${row.resource}`);
      await clients.markUsed(clientId, now);
      const familyId = randomBytes(16).toString('base64url');
      if (!(await claimCode(db, row.code_hash, familyId, now))) throw new OAuthError('invalid_grant', 'the authorization code was already used');
      const { client_id, organization_id, api_token_id, scope } = row;
      return { family_id: familyId, client_id, organization_id, api_token_id, scope, resource: row.resource };
    },
  };
}
