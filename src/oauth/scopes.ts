import type { TokenPermission } from '../auth-scope/index.ts';
import { OAuthError } from './oauth-error.ts';

/** What a grant may do: `read` calls read-only tools, `write` the others. */
export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** A grant is `read` or `read write`: asking for write alone gets read too (a tool that writes may need to read first). Throws OAuthError invalid_scope. */
export function parseScopes(raw: string | undefined): OAuthScope[] {
  if (raw === undefined || raw.trim() === '') return [...OAUTH_SCOPES];
  const asked = [...new Set(raw.trim().split(/\s+/))];
  const unknown = asked.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `unknown scope ${unknown.join(', ')}: this server grants read and write`);
  return asked.includes('write') ? [...OAUTH_SCOPES] : ['read'];
}

/** The scopes of a stored grant (space-separated) that this server knows. */
export function storedScopes(scope: string): OAuthScope[] {
  return scope.split(' ').filter((s): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s));
}

/** The scopes a caller holding this API token may have: a read-only token gives `read` at most. */
export function scopesFor(permission: TokenPermission, scopes: readonly OAuthScope[] = OAUTH_SCOPES): OAuthScope[] {
  return scopes.filter((scope) => permission === 'full' || scope === 'read');
}

/** May a caller holding these scopes call a tool? Read-only tools need `read`; every other one `write`. */
export function scopesAllow(scopes: readonly string[], tool: { readOnly: boolean }): boolean {
  return scopes.includes(tool.readOnly ? 'read' : 'write');
}
