// The second factor: a TOTP secret (RFC 6238, what authenticator apps use)
// kept on the user, pending until a first code confirms it, and ten one-time
// recovery codes kept as SHA-256 hashes (random codes: a slow hash adds nothing).
// Sign-in asks for a code once it is on (checkSecondFactor, given to sessions.ts).
// Must not import any protocol library.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { UsersTable } from '../db/schema.ts';
import type { SecondFactorCheck } from './sessions.ts';
import { hashSecret } from './secrets.ts';

/** How many recovery codes enabling the second factor gives. */
export const RECOVERY_CODE_COUNT = 10;
/** What authenticator apps show for the account. */
const ISSUER = 'Mailgate';
/** Codes of the step before and after the current one are taken too: a phone's clock may be off by half a minute. */
const WINDOW = 1;
/** The digits of recovery codes: no 0/o, 1/l/i to misread. */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** A new secret (160 bits, base32) and its otpauth:// URI for a QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const totp = new TOTP({ issuer: ISSUER, label: email, secret: new Secret({ size: 20 }) });
  return { secret: totp.secret.base32, uri: totp.toString() };
}

/** Whether `code` is the secret's code now (or one step either side). */
export function totpCodeMatches(secret: string, code: string, now: number): boolean {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  return TOTP.validate({ token, secret: Secret.fromBase32(secret), timestamp: now, window: WINDOW }) !== null;
}

/** A recovery code as the user may type it: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** Ten new codes (`xxxxx-xxxxx`, some 49 bits each) and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let digits = '';
    for (let i = 0; i < 10; i++) digits += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => hashSecret(normalizeRecoveryCode(code))) };
}

/**
 * The sign-in's second-factor check: the current TOTP code, or an unused
 * recovery code, which this uses up (the update that marks it is the one that
 * counts, should two sign-ins race).
 */
export function checkSecondFactor(deps: { db: DatabaseHandle; clock: Clock }): SecondFactorCheck {
  return async (user: UsersTable, code: string) => {
    if (user.totp_secret === null || user.totp_enabled_at === null) return false;
    const now = deps.clock.now();
    if (totpCodeMatches(user.totp_secret, code, now)) return true;
    const normalized = normalizeRecoveryCode(code);
    if (normalized.length !== 10) return false;
    const used = await deps.db.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('code_hash', '=', hashSecret(normalized))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  };
}
