/**
 * An OAuth refusal, in OAuth's own vocabulary (RFC 6749 §4.1.2.1 and §5.2,
 * RFC 7591 §3.2.2, RFC 6750 §3.1, RFC 8707); `temporarily_unavailable` also
 * answers a registration the server has no room for. The HTTP adapter gives
 * each code its status.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'invalid_token'
  | 'temporarily_unavailable';

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof OAuthError;
}
