import { describe, expect, it } from 'vitest';
import { hasPrefix, newId, type IdPrefix } from '../../src/ids.ts';

const PREFIXES: IdPrefix[] = ['eml', 'sub', 'tag', 'evt', 'cmp', 'dom', 'tok', 'org', 'wfl', 'whk', 'job'];
// Lower-case Crockford base32: digits and letters without i, l, o, u.
const BODY = /^[0-9a-hjkmnp-tv-z]{26}$/;
/** 2100-01-01T00:00:00Z, later than any id made with the real clock in this file. */
const T0 = Date.UTC(2100, 0, 1);

/** The creation time a newId encodes: the first 10 base32 digits of the ULID body (48 bits of ms). */
function timeOf(id: string): number {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  let time = 0;
  for (const digit of id.slice(4, 14)) time = time * 32 + alphabet.indexOf(digit);
  return time;
}

describe('newId', () => {
  it.each(PREFIXES)('makes %s_ followed by a 26-character lower-case ulid', (prefix) => {
    const id = newId(prefix);
    expect(id).toHaveLength(30);
    expect(id.slice(0, 4)).toBe(`${prefix}_`);
    expect(id.slice(4)).toMatch(BODY);
  });

  // Explicit times start at T0 and only grow: the factory never goes back in time (see below).
  it('encodes the time in the first 10 digits, most significant first', () => {
    expect(newId('eml', T0).slice(0, 14)).toBe('eml_03qcpc7p00');
  });

  it('encodes the given time', () => {
    const at = T0 + 60_000;
    expect(timeOf(newId('eml', at))).toBe(at);
  });

  it('sorts lexically in creation-time order', () => {
    const start = T0 + 120_000;
    const times = [start, start + 1, start + 999, start + 86_400_000, start + 400 * 86_400_000];
    const ids = times.map((t) => newId('eml', t));
    expect(ids.map(timeOf)).toEqual(times);
    expect([...ids].sort()).toEqual(ids);
    expect([...ids].reverse().sort()).toEqual(ids);
  });

  it('keeps ids made in the same millisecond strictly increasing', () => {
    const at = T0 + 1_000 * 86_400_000;
    const ids = Array.from({ length: 50 }, () => newId('evt', at));
    expect(new Set(ids).size).toBe(50);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(ids.every((id) => timeOf(id) === at)).toBe(true);
  });

  it('keeps ids increasing when the clock steps back', () => {
    const later = T0 + 2_000 * 86_400_000;
    const first = newId('eml', later);
    const second = newId('eml', later - 5_000);
    expect(second > first).toBe(true);
    expect(timeOf(second)).toBe(later);
  });

  it('makes distinct ids by default', () => {
    const ids = Array.from({ length: 200 }, () => newId('sub'));
    expect(new Set(ids).size).toBe(200);
  });
});

describe('hasPrefix', () => {
  const id = newId('eml');

  it('is true for an id of that kind only', () => {
    expect(hasPrefix(id, 'eml')).toBe(true);
    expect(hasPrefix(id, 'sub')).toBe(false);
    expect(hasPrefix(newId('sub'), 'sub')).toBe(true);
  });

  it.each([
    ['the prefix alone', 'eml_'],
    ['a missing underscore', `eml${id.slice(4)}`],
    ['one character short', id.slice(0, -1)],
    ['one character long', `${id}0`],
    ['upper case', id.toUpperCase()],
    ['an upper-case prefix', `EML${id.slice(3)}`],
    ['the letter i', `eml_${'i'.repeat(26)}`],
    ['the letter l', `eml_${'l'.repeat(26)}`],
    ['the letter o', `eml_${'o'.repeat(26)}`],
    ['the letter u', `eml_${'u'.repeat(26)}`],
    ['surrounding space', ` ${id}`],
    ['a trailing newline', `${id}\n`],
    ['an empty string', ''],
  ])('is false for %s', (_why, value) => {
    expect(hasPrefix(value, 'eml')).toBe(false);
  });

  it('accepts any well-formed body, not only ones newId made', () => {
    expect(hasPrefix(`eml_${'0'.repeat(26)}`, 'eml')).toBe(true);
    expect(hasPrefix(`eml_${'z'.repeat(26)}`, 'eml')).toBe(true);
  });
});
