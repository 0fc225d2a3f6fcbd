// Client ID Metadata Documents (MCP 2026-07-28 authorization): a client whose
// client_id is an HTTPS URL is described by the JSON document at that URL. This
// fetches and checks one. The fetch is made on a stranger's behalf, so it is
// bounded in time and size, follows no redirect, and never reaches a private,
// loopback or link-local address unless the operator allowed it; it connects to
// the address it checked, so a second DNS answer cannot swap in another.
// Must not import any protocol library.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export interface ClientMetadata {
  client_id: string;
  client_name: string | null;
  redirect_uris: string[];
  client_uri: string | null;
  logo_uri: string | null;
}

export class ClientMetadataError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ClientMetadataError';
  }
}

export interface FetchClientMetadataOptions {
  /** Allow plain http and private, loopback and link-local targets (tests, trusted networks). */
  allowPrivate: boolean;
  now: number;
  timeoutMs?: number;
  maxBytes?: number;
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

const DEFAULT_TTL_MS = 60 * 60 * 1000;
const MAX_TTL_MS = 24 * 60 * 60 * 1000;

/** Addresses a fetch on a stranger's behalf must not reach. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A client_id that names a metadata document: an https URL (http when allowed) with a path, no fragment, no credentials. */
export function isClientMetadataUrl(clientId: string, allowHttp = false): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return false;
  if (url.hash || url.username || url.password || url.pathname === '/' || url.href !== clientId) return false;
  return !/(^|\/)\.\.?(\/|$)/.test(clientId.slice(url.origin.length));
}

function checkRedirectUri(uri: unknown): string {
  if (typeof uri !== 'string') throw new ClientMetadataError('redirect_uris must hold URLs as text');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ClientMetadataError(`redirect URI ${uri} is not an absolute URL`);
  }
  if (url.hash) throw new ClientMetadataError(`redirect URI ${uri} has a fragment`);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return uri;
  throw new ClientMetadataError(`redirect URI ${uri} must use https, or http on a loopback address`);
}

const optionalHttps = (value: unknown, name: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !value.startsWith('https://')) throw new ClientMetadataError(`${name} must be an https URL`);
  return value;
};

/** How long a fetched document may be used, from its Cache-Control. */
function cacheUntil(cacheControl: string | undefined, now: number): number {
  if (!cacheControl) return now + DEFAULT_TTL_MS;
  const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return now;
  const maxAge = directives.map((d) => /^max-age=(\d+)$/.exec(d)).find(Boolean);
  if (!maxAge) return now + DEFAULT_TTL_MS;
  return now + Math.min(Number(maxAge[1]) * 1000, MAX_TTL_MS);
}

/** GET the URL from the checked address; the body, within time and size. */
function get(url: URL, address: { address: string; family: number }, timeoutMs: number, maxBytes: number): Promise<{ status: number; type: string; cacheControl: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json' },
        // Connect to the address that was checked, whatever DNS says now.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
          else (callback as (e: null, a: string, f: number) => void)(null, address.address, address.family);
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new ClientMetadataError(`the document is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            cacheControl: response.headers['cache-control'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new ClientMetadataError(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new ClientMetadataError(`no complete answer within ${timeoutMs} ms`)));
    request.on('error', (error) => reject(error instanceof ClientMetadataError ? error : new ClientMetadataError(`the document could not be fetched: ${error.message}`)));
    request.end();
  });
}

/** Fetch and check a client's metadata document. Throws ClientMetadataError saying what is wrong. */
export async function fetchClientMetadata(clientId: string, options: FetchClientMetadataOptions): Promise<{ metadata: ClientMetadata; expiresAt: number }> {
  if (!isClientMetadataUrl(clientId, options.allowPrivate)) {
    throw new ClientMetadataError('client_id must be an https URL with a path, without fragment or credentials');
  }
  const url = new URL(clientId);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await (options.lookup ?? ((h: string) => dnsLookup(h, { all: true })))(host).catch(() => []);
  if (addresses.length === 0) throw new ClientMetadataError(`${url.hostname} does not resolve`);
  if (!options.allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) {
    throw new ClientMetadataError(`${url.hostname} is a private, loopback or link-local address`);
  }
  const answer = await get(url, addresses[0]!, options.timeoutMs ?? 5000, options.maxBytes ?? 5120);
  if (answer.status >= 300 && answer.status < 400) throw new ClientMetadataError(`the document's URL redirects (${answer.status}); it must answer itself`);
  if (answer.status !== 200) throw new ClientMetadataError(`the document's URL answered ${answer.status}`);
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(answer.type)) throw new ClientMetadataError('the document is not served as JSON');
  let document: unknown;
  try {
    document = JSON.parse(answer.body);
  } catch {
    throw new ClientMetadataError('the document is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw new ClientMetadataError('the document must be a JSON object');
  const d = document as Record<string, unknown>;
  if (d.client_id !== clientId) throw new ClientMetadataError("the document's client_id is not its own URL");
  if (!Array.isArray(d.redirect_uris) || d.redirect_uris.length === 0) throw new ClientMetadataError('the document must list its redirect_uris');
  const redirectUris = d.redirect_uris.map(checkRedirectUri);
  if (d.token_endpoint_auth_method !== undefined && d.token_endpoint_auth_method !== 'none') {
    throw new ClientMetadataError('only public clients (token_endpoint_auth_method "none") are accepted');
  }
  if (d.client_name !== undefined && (typeof d.client_name !== 'string' || d.client_name.length > 200)) {
    throw new ClientMetadataError('client_name must be text of at most 200 characters');
  }
  return {
    metadata: {
      client_id: clientId,
      client_name: (d.client_name as string | undefined) ?? null,
      redirect_uris: redirectUris,
      client_uri: optionalHttps(d.client_uri, 'client_uri'),
      logo_uri: optionalHttps(d.logo_uri, 'logo_uri'),
    },
    expiresAt: cacheUntil(answer.cacheControl, options.now),
  };
}
