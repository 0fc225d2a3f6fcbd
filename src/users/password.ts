import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords, hashed with scrypt (node:crypto) and stored as one self-describing
 * string in the PHC format, `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64 without
 * padding), so that stronger parameters later still verify the hashes made now.
 * N = 2^15, r = 8, p = 1: 32 MiB and some 100 ms per hash on a small server,
 * above OWASP's minimum for scrypt.
 */
const PARAMETERS = { ln: 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, ln: number, r: number, p: number, bytes: number): Promise<Buffer> {
  const N = 2 ** ln;
  // scrypt needs 128·N·r bytes; the default ceiling (32 MiB) is exactly that at ln=15, r=8, so give it room.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, bytes, options, (error, key) => (error ? reject(error) : resolve(key))));
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { ln, r, p } = PARAMETERS;
  const key = await derive(password, salt, ln, r, p, KEY_BYTES);
  return `$scrypt$ln=${ln},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
}

const STORED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Whether the password is the one `stored` was made from; false for a string that is no hash of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (ln < 1 || ln > 20 || r < 1 || p < 1) return false;
  const salt = Buffer.from(match[4]!, 'base64');
  const expected = Buffer.from(match[5]!, 'base64');
  const key = await derive(password, salt, ln, r, p, expected.length);
  return timingSafeEqual(key, expected);
}
