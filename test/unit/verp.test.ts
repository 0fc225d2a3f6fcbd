import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.ts';
import { addressDomainOf, readReturnPath, returnPathLocalPart } from '../../src/returns/verp.ts';

const key = randomBytes(32);
const emailId = newId('eml');
const local = returnPathLocalPart(key, emailId);

/** The MAC as the format defines it, written apart from the code: 80 bits of HMAC-SHA256 as one number, in 16 digits of the ids' alphabet. */
function macByTheBook(secret: Buffer, id: string): string {
  const bytes = createHmac('sha256', secret).update(`return-path\0${id}`).digest().subarray(0, 10);
  const digits = BigInt(`0x${bytes.toString('hex')}`)
    .toString(32)
    .padStart(16, '0');
  // toString(32) counts 0-9a-v; the ids' alphabet (Crockford's) skips i, l, o and u.
  const crockford = '0123456789abcdefghjkmnpqrstvwxyz';
  return [...digits].map((d) => crockford[Number.parseInt(d, 32)]).join('');
}

describe('return paths (VERP)', () => {
  it('are bounce+<the 26 digits of the id>-<80-bit MAC>: lower case, within the 64 characters of a local part', () => {
    expect(local).toBe(`bounce+${emailId.slice(4)}-${macByTheBook(key, emailId)}`);
    expect(local).toMatch(/^bounce\+[0-9a-z]{26}-[0-9a-z]{16}$/);
    expect(local.length).toBeLessThanOrEqual(64);
  });

  it('read back as the email they name, at any domain and in any case', () => {
    expect(readReturnPath(key, `${local}@bounces.example.com`)).toEqual({ emailId });
    expect(readReturnPath(key, `${local}@[127.0.0.1]`)).toEqual({ emailId });
    expect(readReturnPath(key, `<${local}@mx.example.net>`)).toEqual({ emailId });
    // A relay that folds case (upper, or mixed) keeps the address valid.
    expect(readReturnPath(key, `${local.toUpperCase()}@BOUNCES.EXAMPLE.COM`)).toEqual({ emailId });
    expect(readReturnPath(key, `Bounce+${local.slice(7, 20).toUpperCase()}${local.slice(20)}@example.com`)).toEqual({ emailId });
  });

  it('refuse an altered MAC, another email, another key', () => {
    const mac = local.slice(-16);
    const altered = `${local.slice(0, -1)}${local.endsWith('0') ? '1' : '0'}`;
    expect(readReturnPath(key, `${altered}@example.com`)).toBeNull();
    // Another email's id with this one's MAC, and this id with another's.
    const other = newId('eml');
    expect(readReturnPath(key, `bounce+${other.slice(4)}-${mac}@example.com`)).toBeNull();
    expect(readReturnPath(key, `bounce+${emailId.slice(4)}-${returnPathLocalPart(key, other).slice(-16)}@example.com`)).toBeNull();
    expect(readReturnPath(key, `${returnPathLocalPart(key, other)}@example.com`)).toEqual({ emailId: other });
    // Made by another installation (another key).
    expect(readReturnPath(randomBytes(32), `${local}@example.com`)).toBeNull();
  });

  it('refuse garbage, and anything longer or shorter than a return path', () => {
    for (const address of [
      '',
      '@',
      local,
      `${local}@`,
      `@${local}`,
      'postmaster@example.com',
      `bounce-${local.slice(7)}@example.com`,
      `${local.slice(7)}@example.com`,
      `${local}x@example.com`,
      `x${local}@example.com`,
      `${local.slice(0, -1)}@example.com`,
      `bounce+${emailId.slice(4)}@example.com`,
      `bounce+${emailId}-${local.slice(-16)}@example.com`,
      `${local}-${local.slice(-16)}@example.com`,
      `${'a'.repeat(10_000)}@example.com`,
      // Not the ids' alphabet: Crockford's i, l, o and u are never digits.
      `bounce+${'u'.repeat(26)}-${local.slice(-16)}@example.com`,
      `"${local}"@example.com`,
      `${local}\n@example.com`,
    ]) {
      expect(readReturnPath(key, address), JSON.stringify(address.slice(0, 80))).toBeNull();
    }
  });

  it('are made for email ids only', () => {
    expect(() => returnPathLocalPart(key, newId('sub'))).toThrow('not an email id');
    expect(() => returnPathLocalPart(key, 'eml_short')).toThrow('not an email id');
  });
});

describe('addressDomainOf', () => {
  it('keeps a host name (lower case), and writes an IP address as an address literal', () => {
    expect(addressDomainOf('MX.Example.com')).toBe('mx.example.com');
    expect(addressDomainOf('127.0.0.1')).toBe('[127.0.0.1]');
    expect(addressDomainOf('::1')).toBe('[IPv6:::1]');
    expect(addressDomainOf('[2001:db8::1]')).toBe('[IPv6:2001:db8::1]');
  });
});
