// VERP return paths: every outgoing message's envelope sender is
// `bounce+<email id>-<mac>@<return-path domain>`, so a report that comes back to
// it names the one email (and so the one recipient) it is about, and a report
// to a made-up or altered address is told apart without a database read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { signingKey } from '../db/signing-keys.ts';
import { hasPrefix, ID_ALPHABET } from '../ids.ts';

/** The name of the HMAC key in signing_keys: one key for every process on the database. */
export const RETURN_PATH_KEY = 'return-path';

/** The return-path key, made on first use and shared by every process on the database. */
export function returnPathKey(db: Kysely<Database>, now: () => number): () => Promise<Buffer> {
  return signingKey(db, RETURN_PATH_KEY, now);
}

/** 80 bits of HMAC-SHA256: 10 bytes, 16 base32 digits. */
const MAC_BYTES = 10;
const MAC_DIGITS = (MAC_BYTES * 8) / 5;
const ID_PREFIX = 'eml_';
/** `bounce+`, the 26 digits of the id, `-`, the MAC: lower case only, so a relay that folds case keeps it valid. */
const LOCAL_PART = new RegExp(`^bounce\\+([0-9a-z]{26})-([0-9a-z]{${MAC_DIGITS}})$`);

/** Bytes as base32 digits of the ids' alphabet, 5 bits a digit, most significant first. */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ID_ALPHABET[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ID_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function macOf(key: Buffer, emailId: string): string {
  return base32(createHmac('sha256', key).update(`return-path\u0000${emailId}`).digest().subarray(0, MAC_BYTES));
}

/** The local part of an email's return path (`bounce+<26 id digits>-<mac>`, 50 characters). Throws for what is not an email id. */
export function returnPathLocalPart(key: Buffer, emailId: string): string {
  if (!hasPrefix(emailId, 'eml')) throw new Error(`not an email id: ${emailId}`);
  return `bounce+${emailId.slice(ID_PREFIX.length)}-${macOf(key, emailId)}`;
}

/**
 * The email a return-path address names, when its MAC is ours: any domain part,
 * any case, with or without angle brackets. Null for anything else (another
 * address, an altered or foreign token, garbage). Compared in constant time.
 */
export function readReturnPath(key: Buffer, address: string): { emailId: string } | null {
  const bare = address.trim().replace(/^<(.*)>$/, '$1');
  const at = bare.lastIndexOf('@');
  if (at < 1 || at === bare.length - 1) return null;
  const match = LOCAL_PART.exec(bare.slice(0, at).toLowerCase());
  if (!match) return null;
  const emailId = `${ID_PREFIX}${match[1]}`;
  if (!hasPrefix(emailId, 'eml')) return null;
  const expected = Buffer.from(macOf(key, emailId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { emailId } : null;
}

/** The domain part of an address at this host: a name as it is, an IP address as an address literal (`[127.0.0.1]`, `[IPv6:::1]`). */
export function addressDomainOf(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  switch (isIP(bare)) {
    case 4:
      return `[${bare}]`;
    case 6:
      return `[IPv6:${bare}]`;
    default:
      return host.toLowerCase();
  }
}
