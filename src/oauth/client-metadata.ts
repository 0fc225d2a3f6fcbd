// Client ID Metadata Documents (MCP revision 2026-07-28 authorization; the
// OAuth CIMD draft): a client whose client_id is an HTTPS URL is described by the
// JSON document at that URL. This module owns telling such a client_id from a
// registered one, fetching the document, checking it, and saying how long it may
// be reused (from its Cache-Control). It does not store anything: the caller
// (src/oauth/index.ts) caches by the returned expiresAt.
//
// The fetch is a request made on a stranger's behalf, made by the one bounded
// request every such request uses (outbound/http-request.ts): bounded in time
// (resolve + connect + headers + body) and size, no redirect followed, never to
// a private, loopback, link-local or otherwise special address unless the
// operator allowed it, and connected to the very address it checked.
//
// Imports only node: built-ins and outbound/: no protocol library, so it can be tested alone.
import { nulCharacter } from '../validation.ts';
import { sendBoundedRequest, type AnswerHead, type BoundedFailure } from '../outbound/http-request.ts';

export { isPrivateAddress } from '../outbound/addresses.ts';

export interface ClientMetadata {
  client_id: string;
  client_name: string | null;
  redirect_uris: string[];
  client_uri: string | null;
  logo_uri: string | null;
}

/** What kind of thing went wrong; the message says it plainly. */
export type ClientMetadataErrorReason =
  | 'invalid_client_id' // not an https URL with a path, or has a fragment, credentials or dot segments
  | 'unresolvable' // the host name has no address
  | 'private_address' // the host is, or resolves to, an address a stranger's request must not reach
  | 'timeout' // no complete answer within timeoutMs
  | 'too_large' // more than maxBytes
  | 'fetch_failed' // the connection failed or broke
  | 'redirect' // a 3xx
  | 'http_status' // any other status than 200
  | 'not_json' // not served as JSON, or not valid JSON
  | 'invalid_document'; // JSON, but not an acceptable metadata document

export class ClientMetadataError extends Error {
  override readonly name = 'ClientMetadataError';
  /** A short code; `message` says plainly what is wrong (for an OAuth error_description). */
  readonly reason: ClientMetadataErrorReason;
  constructor(reason: ClientMetadataErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface FetchClientMetadataOptions {
  /** Allow plain http and private, loopback and link-local targets (tests, trusted networks). Default false. */
  allowPrivate: boolean;
  /** ms since epoch (an injectable clock); expiresAt is counted from it. */
  now: number;
  /** The whole fetch (resolve, connect, headers, body) in ms. Default 5000. */
  timeoutMs?: number;
  /** The largest body accepted, in bytes. Default 5120 (the CIMD draft's suggested limit). */
  maxBytes?: number;
  /** Resolve a host name. Default: node:dns/promises lookup with { all: true }. */
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_BYTES = 5120;
const DEFAULT_TTL_MS = 60 * 60 * 1000;
const MAX_TTL_MS = 24 * 60 * 60 * 1000;

/** Hosts on which an http redirect URI is allowed (RFC 8252 §7.3, and localhost). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether a client_id names a metadata document rather than a registered client:
 * an https URL (http too when allowHttp) with a non-root path, no fragment, no
 * username or password, no dot segments, written as the URL serializes itself
 * (so that the document's client_id can be compared with it exactly).
 */
export function isClientMetadataUrl(clientId: string, allowHttp = false): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return false;
  if (url.hash || clientId.includes('#') || url.username || url.password || url.pathname === '/') return false;
  // A dot segment (".", "..", "%2e", …) is removed when parsing, so the href differs; say it explicitly too.
  const rawPath = clientId.slice(url.origin.length).split('?')[0]!;
  if (rawPath.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return false;
  return url.href === clientId;
}

const invalid = (message: string) => new ClientMetadataError('invalid_document', message);

function checkRedirectUri(uri: unknown): string {
  if (typeof uri !== 'string') throw invalid('redirect_uris must hold URLs as strings');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw invalid(`redirect URI ${uri} is not an absolute URL`);
  }
  if (url.hash || uri.includes('#')) throw invalid(`redirect URI ${uri} has a fragment`);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return uri;
  throw invalid(`redirect URI ${uri} must use https, or http on a loopback address`);
}

function optionalHttpsUrl(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && URL.canParse(value) && new URL(value).protocol === 'https:') return value;
  throw invalid(`${name} must be an https URL`);
}

/** Until when a fetched document may be reused, from its Cache-Control (RFC 9111 §5.2). */
function cacheExpiry(cacheControl: string | undefined, now: number): number {
  if (cacheControl === undefined || cacheControl.trim() === '') return now + DEFAULT_TTL_MS;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return now;
  const maxAge = directives.find((d) => d.startsWith('max-age'));
  if (maxAge === undefined) return now + DEFAULT_TTL_MS;
  const seconds = /^max-age\s*=\s*"?(\d+)"?$/.exec(maxAge);
  if (!seconds) return now; // a max-age that cannot be read means stale (RFC 9111 §4.2.1)
  return now + Math.min(Number(seconds[1]) * 1000, MAX_TTL_MS);
}

const isJsonType = (contentType: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());

/** What makes an answer's head unusable, before its body is read: a redirect, another status than 200, not JSON, too large. */
function headProblem(head: AnswerHead, maxBytes: number): ClientMetadataError | null {
  const { status, headers } = head;
  if (status >= 300 && status < 400) return new ClientMetadataError('redirect', `the document's URL redirects (${status}); it must answer itself`);
  if (status !== 200) return new ClientMetadataError('http_status', `the document's URL answered ${status}`);
  if (!isJsonType(String(headers['content-type'] ?? ''))) return new ClientMetadataError('not_json', 'the document is not served as JSON');
  if (Number(headers['content-length']) > maxBytes) return tooLarge(maxBytes);
  return null;
}

const tooLarge = (maxBytes: number) => new ClientMetadataError('too_large', `the document is larger than ${maxBytes} bytes`);

function failureError(failed: BoundedFailure, url: URL, timeoutMs: number): ClientMetadataError {
  switch (failed.failure) {
    case 'unresolvable':
      return new ClientMetadataError('unresolvable', `${url.hostname} does not resolve`);
    case 'private':
      return new ClientMetadataError('private_address', `${url.hostname} is a private, loopback or link-local address`);
    case 'resolve_timeout':
    case 'timeout':
      return new ClientMetadataError('timeout', `no complete answer within ${timeoutMs} ms`);
    case 'failed':
      return new ClientMetadataError('fetch_failed', `the document could not be fetched: ${failed.message}`);
  }
}

/**
 * Fetch and check a client's metadata document. Resolves with the metadata and
 * until when it may be reused; throws ClientMetadataError saying what is wrong.
 */
export async function fetchClientMetadata(clientId: string, options: FetchClientMetadataOptions): Promise<{ metadata: ClientMetadata; expiresAt: number }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!isClientMetadataUrl(clientId, options.allowPrivate)) {
    const scheme = options.allowPrivate ? 'an https or http' : 'an https';
    throw new ClientMetadataError('invalid_client_id', `client_id must be ${scheme} URL with a path, without fragment, credentials or dot segments`);
  }
  const url = new URL(clientId);

  const answer = await sendBoundedRequest(url, {
    method: 'GET',
    headers: { accept: 'application/json' },
    allowPrivate: options.allowPrivate === true,
    lookup: options.lookup,
    timeoutMs,
    // One byte more than allowed: a document that has it is too large.
    maxBytes: maxBytes + 1,
    wantsBody: (head) => headProblem(head, maxBytes) === null,
  });
  if ('failure' in answer) throw failureError(answer, url, timeoutMs);
  const problem = headProblem(answer, maxBytes);
  if (problem) throw problem;
  if (answer.body.length > maxBytes) throw tooLarge(maxBytes);
  if (answer.broken !== undefined) throw new ClientMetadataError('fetch_failed', `the document could not be fetched: ${answer.broken}`);

  let document: unknown;
  try {
    document = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new ClientMetadataError('not_json', 'the document is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw invalid('the document must be a JSON object');
  const d = document as Record<string, unknown>;
  if (d.client_id !== clientId) throw invalid("the document's client_id is not its own URL");
  if (d.redirect_uris === undefined) throw invalid('the document has no redirect_uris');
  if (!Array.isArray(d.redirect_uris) || d.redirect_uris.length === 0) throw invalid('redirect_uris must be a non-empty array of URLs');
  const redirectUris = d.redirect_uris.map(checkRedirectUri);
  if (d.token_endpoint_auth_method !== undefined && d.token_endpoint_auth_method !== 'none') {
    throw invalid('only public clients (token_endpoint_auth_method "none") are accepted');
  }
  // No text Mailgate keeps may hold U+0000 (PostgreSQL cannot store it, and no name or URI needs it).
  if (nulCharacter(d)) throw invalid('the document must not contain the NUL character (U+0000)');
  if (d.client_name !== undefined && d.client_name !== null && (typeof d.client_name !== 'string' || d.client_name.length > 200)) {
    throw invalid('client_name must be a string of at most 200 characters');
  }
  return {
    metadata: {
      client_id: clientId,
      client_name: typeof d.client_name === 'string' ? d.client_name : null,
      redirect_uris: redirectUris,
      client_uri: optionalHttpsUrl(d.client_uri, 'client_uri'),
      logo_uri: optionalHttpsUrl(d.logo_uri, 'logo_uri'),
    },
    expiresAt: cacheExpiry(answer.headers['cache-control'], options.now),
  };
}
