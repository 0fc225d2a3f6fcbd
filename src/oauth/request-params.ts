import { OAuthError } from './oauth-error.ts';

/** An OAuth request's parameters (a query string or a form body), each as the HTTP adapter read it. */
export type OAuthParams = Readonly<Record<string, unknown>>;

/** A parameter given at most once, as text; absent is undefined. Throws OAuthError invalid_request. */
export function param(params: OAuthParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be given once, as text`);
  // No value Mailgate keeps or looks up may hold U+0000 (PostgreSQL text cannot).
  if (value.includes('\u0000')) throw new OAuthError('invalid_request', `${name} must not contain the NUL character (U+0000)`);
  return value;
}

/** A parameter that must be given, and not empty. Throws OAuthError invalid_request. */
export function required(params: OAuthParams, name: string): string {
  const value = param(params, name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/** The resource indicator (RFC 8707) must be given, and name the one resource this server issues tokens for. Throws OAuthError invalid_target. */
export function checkResource(value: string | undefined, resource: string): string {
  if (value === undefined) throw new OAuthError('invalid_target', `resource is required: ${resource}`);
  if (value !== resource) throw new OAuthError('invalid_target', `this server issues tokens for ${resource} only`);
  return value;
}
