import { createHash, randomBytes } from 'node:crypto';

/** `mailgate_` + 32 random bytes, base64url. Random enough that SHA-256 is the right hash. */
export const TOKEN_PREFIX = 'mailgate_';

export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The last four characters, shown in listings so a user can tell tokens apart. */
export function tokenHint(secret: string): string {
  return secret.slice(-4);
}
