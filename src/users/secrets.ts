import { createHash, randomBytes } from 'node:crypto';

// The one-time secrets of the users area (invitation and reset links, session
// cookies, recovery codes): made random, kept only as their SHA-256, so that a
// copy of the database opens nothing.

/** A new secret for a link or a cookie: 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256 in hex. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
