import { nulCharacter } from '../validation.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * What a dynamic client registration (RFC 7591) may ask for. Anyone may
 * register, so what is kept of a registration is bounded: a client's redirect
 * URIs and name, a few KB at most. Other metadata is not kept.
 */
export const REGISTRATION_BOUNDS = {
  redirectUris: 10,
  redirectUriLength: 512,
  /** All redirect URIs together, in characters. */
  redirectUrisLength: 2048,
  clientNameLength: 200,
} as const;

export interface ClientRegistration {
  clientName: string | null;
  redirectUris: string[];
  grantTypes: string[];
  responseTypes: string[];
}

/** A redirect URI a client may register: absolute, no fragment; https, or http on a loopback host (RFC 8252 §7.3). */
export function isAllowedRedirectUri(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/** Check a registration request's metadata: public clients only, bounded. Throws OAuthError invalid_redirect_uri, invalid_client_metadata. */
export function parseRegistration(metadata: unknown): ClientRegistration {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new OAuthError('invalid_client_metadata', 'the registration must be a JSON object');
  }
  const m = metadata as Record<string, unknown>;
  const bounds = REGISTRATION_BOUNDS;
  const uris = m.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string')) {
    throw new OAuthError('invalid_redirect_uri', `redirect_uris must be an array of 1 to ${bounds.redirectUris} URIs`);
  }
  if (uris.length > bounds.redirectUris) {
    throw new OAuthError('invalid_client_metadata', `redirect_uris may hold at most ${bounds.redirectUris} URIs (this one holds ${uris.length})`);
  }
  const long = (uris as string[]).find((u) => u.length > bounds.redirectUriLength);
  if (long !== undefined) {
    throw new OAuthError('invalid_client_metadata', `a redirect URI may be at most ${bounds.redirectUriLength} characters long (one is ${long.length})`);
  }
  const total = (uris as string[]).reduce((sum, u) => sum + u.length, 0);
  if (total > bounds.redirectUrisLength) {
    const rule = `the redirect URIs may be at most ${bounds.redirectUrisLength} characters long together`;
    throw new OAuthError('invalid_client_metadata', `${rule} (these are ${total})`);
  }
  const bad = (uris as string[]).find((u) => !isAllowedRedirectUri(u));
  if (bad !== undefined) throw new OAuthError('invalid_redirect_uri', `${bad} is not allowed: use https, or http on a loopback address`);
  if (m.token_endpoint_auth_method !== undefined && m.token_endpoint_auth_method !== 'none') {
    throw new OAuthError('invalid_client_metadata', 'only public clients (token_endpoint_auth_method "none") may register; use PKCE');
  }
  const grants = m.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!Array.isArray(grants) || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types may hold authorization_code and refresh_token only');
  }
  const responses = m.response_types ?? ['code'];
  if (!Array.isArray(responses) || responses.some((r) => r !== 'code')) throw new OAuthError('invalid_client_metadata', 'response_types may hold code only');
  if (nulCharacter(m)) throw new OAuthError('invalid_client_metadata', 'the registration must not contain the NUL character (U+0000)');
  const name = m.client_name;
  if (name !== undefined && (typeof name !== 'string' || name.length > bounds.clientNameLength)) {
    throw new OAuthError('invalid_client_metadata', `client_name must be text of at most ${bounds.clientNameLength} characters`);
  }
  return {
    clientName: (name as string | undefined) ?? null,
    redirectUris: uris as string[],
    grantTypes: [...new Set(grants as string[])],
    responseTypes: [...new Set(responses as string[])],
  };
}
