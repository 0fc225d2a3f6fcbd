import { randomBytes } from 'node:crypto';

/**
 * Prefixed, time-sortable ids (`eml_01j…`): 48 bits of milliseconds and 80 bits
 * that increase monotonically within a millisecond, in lower-case Crockford
 * base32 (ULID layout). Lexical order is creation order, so ids double as list
 * cursors and keep index writes sequential.
 */
export type IdPrefix =
  | 'eml'
  | 'sub'
  | 'tag'
  | 'evt'
  | 'cmp'
  | 'dom'
  | 'tok'
  | 'org'
  | 'wfl'
  | 'whk'
  | 'whd'
  | 'cnf'
  | 'wfr'
  | 'job'
  | 'sbm'
  | 'sup'
  | 'rpt'
  | 'rcv'
  | 'att'
  | 'usr'
  | 'inv'
  | 'ses'
  | 'pwr'
  | 'imp';

/** The digits of ids: lower-case Crockford base32 (no i, l, o, u). */
export const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

let lastTime = -1;
// The 80-bit random part as 16 base32 digits, incremented within one millisecond.
const randomDigits = new Uint8Array(16);

function refreshRandom(): void {
  const bytes = randomBytes(16);
  for (let i = 0; i < 16; i++) randomDigits[i] = bytes[i]! & 31;
  // Leave headroom so increments within a millisecond never overflow.
  randomDigits[0] = randomDigits[0]! & 15;
}

function incrementRandom(): void {
  for (let i = 15; i >= 0; i--) {
    if (randomDigits[i]! < 31) {
      randomDigits[i] = randomDigits[i]! + 1;
      return;
    }
    randomDigits[i] = 0;
  }
}

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  // A clock that steps back keeps the previous time, so ids stay increasing.
  if (now > lastTime) {
    lastTime = now;
    refreshRandom();
  } else {
    incrementRandom();
  }
  let time = lastTime;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ID_ALPHABET[time % 32]! + out;
    time = Math.floor(time / 32);
  }
  for (let i = 0; i < 16; i++) out += ID_ALPHABET[randomDigits[i]!]!;
  return `${prefix}_${out}`;
}

/** What follows the prefix and `_`: 26 digits of ID_ALPHABET. */
const ID_DIGITS = '[0-9a-hjkmnp-tv-z]{26}';
const ID_PATTERN = new RegExp(`^([a-z]{3})_${ID_DIGITS}$`);

/** The ids of one kind (`eml_…`) as a pattern: what hasPrefix accepts, for schemas that say it. */
export function idPattern(prefix: IdPrefix): RegExp {
  return new RegExp(`^${prefix}_${ID_DIGITS}$`);
}

export function hasPrefix(value: string, prefix: IdPrefix): boolean {
  const match = ID_PATTERN.exec(value);
  return match !== null && match[1] === prefix;
}
