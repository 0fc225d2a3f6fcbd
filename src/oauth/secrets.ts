import { createHash, randomBytes } from 'node:crypto';

/** Codes and tokens are kept as SHA-256 hashes only: a copy of the database holds none that works. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new code or token: the prefix that says what it is, then 256 random bits. */
export const newSecret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
