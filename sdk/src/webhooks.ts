// Standard Webhooks (standardwebhooks.com) signature checks with Web Crypto, so
// the SDK needs nothing beyond the platform: HMAC-SHA256 over
// `${webhook-id}.${webhook-timestamp}.${body}` with the secret after `whsec_`,
// base64, compared with each `v1,<signature>` of webhook-signature.
import type { Result } from './client.js';

/** The delivery's headers: a Headers object, or a plain object as Node's http and most frameworks give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now; default 300 s (replays older than that are refused). */
  toleranceSeconds?: number;
  /** Now in ms; default Date.now(). */
  now?: number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const base64ToBytes = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
function bytesToBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** Equal strings, compared in time that depends on the length only. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const refused = (message: string): Result<never> => ({ data: null, error: { name: 'webhook_verification_error', message, statusCode: null } });

/**
 * Check a webhook delivery: the raw body exactly as received (not re-serialized
 * JSON), its headers, and the endpoint's secret (whsec_…). Answers the parsed
 * event as data, or an error named webhook_verification_error.
 */
export async function verifyWebhook<T = { type: string; data: unknown }>(
  payload: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<Result<T>> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) return refused('Missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) return refused('webhook-timestamp is not a Unix time in seconds');
  const skew = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp));
  if (skew > (options.toleranceSeconds ?? 300)) return refused('webhook-timestamp is too far from now (a replay, or a clock that is off)');

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  } catch {
    return refused('The secret is not a whsec_ secret (base64 after the prefix)');
  }
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const subtle = globalThis.crypto.subtle;
  const hmac = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = bytesToBase64(new Uint8Array(await subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`))));
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    return version === 'v1' && signature !== undefined && sameText(signature, expected);
  });
  if (!matches) return refused('No signature in webhook-signature matches this body and secret');
  try {
    return { data: JSON.parse(body) as T, error: null };
  } catch {
    return refused('The body is signed but is not JSON');
  }
}
