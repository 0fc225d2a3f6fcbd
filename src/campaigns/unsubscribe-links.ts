import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hasPrefix } from '../ids.ts';
import { signingKey as loadSigningKey } from '../db/signing-keys.ts';

/**
 * One-click unsubscribe links (RFC 8058): `{BASE_URL}/unsubscribe/{token}`, the
 * token naming a subscriber and the campaign that mailed them, signed with a key
 * kept in the database (made on first use, shared by every process), so a link
 * cannot be guessed, altered, or carried over from another installation.
 */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The link test copies carry: it shows what the real one does and unsubscribes nobody. */
export const TEST_COPY_TOKEN = 'test-copy';

const KEY_NAME = 'unsubscribe_links';
/** 128 bits of HMAC-SHA256, URL-safe. */
const MAC_LENGTH = 22;

export interface UnsubscribeRef {
  subscriberId: string;
  campaignId: string;
}

export interface UnsubscribeLinks {
  /** The link for this subscriber and campaign. */
  url(ref: UnsubscribeRef): Promise<string>;
  /** Signs synchronously once the key is loaded (`url` loads it): for the fan-out's inner loop. */
  signer(): Promise<(ref: UnsubscribeRef) => string>;
  /** What a token names, or null for a forged, truncated or foreign one. */
  read(token: string): Promise<UnsubscribeRef | null>;
}

export function createUnsubscribeLinks(db: Kysely<Database>, baseUrl: string, now: () => number): UnsubscribeLinks {
  const signingKey = loadSigningKey(db, KEY_NAME, now);

  const macOf = (secret: Buffer, ref: UnsubscribeRef) =>
    createHmac('sha256', secret).update(`unsubscribe\u0000${ref.subscriberId}\u0000${ref.campaignId}`).digest('base64url').slice(0, MAC_LENGTH);

  const tokenOf = (secret: Buffer, ref: UnsubscribeRef) => `${ref.subscriberId}.${ref.campaignId}.${macOf(secret, ref)}`;

  return {
    async url(ref) {
      return `${baseUrl}${UNSUBSCRIBE_PATH}/${tokenOf(await signingKey(), ref)}`;
    },
    async signer() {
      const secret = await signingKey();
      return (ref) => `${baseUrl}${UNSUBSCRIBE_PATH}/${tokenOf(secret, ref)}`;
    },
    async read(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [subscriberId, campaignId, mac] = parts as [string, string, string];
      if (!hasPrefix(subscriberId, 'sub') || !hasPrefix(campaignId, 'cmp') || mac.length !== MAC_LENGTH) return null;
      const expected = Buffer.from(macOf(await signingKey(), { subscriberId, campaignId }));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { subscriberId, campaignId } : null;
    },
  };
}
