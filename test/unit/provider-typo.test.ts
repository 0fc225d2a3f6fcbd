import { describe, expect, it } from 'vitest';
import { PROVIDER_DOMAINS, suggestProviderDomain } from '../../src/verify/provider-typo.ts';

describe('suggestProviderDomain', () => {
  it.each([
    ['gmial.com', 'gmail.com'], // two neighbours swapped
    ['hotmial.com', 'hotmail.com'],
    ['gmail.con', 'gmail.com'], // the key next to the right one
    ['gnail.com', 'gmail.com'],
    ['outlook.cpm', 'outlook.com'],
    ['yaho.com', 'yahoo.com'], // a character left out
    ['gmail.co', 'gmail.com'],
    ['gmaill.com', 'gmail.com'], // one doubled or added
    ['hotmail.comm', 'hotmail.com'],
    ['aol.con', 'aol.com'], // a short name's generic TLD is still corrected
    ['yahoo.con.br', 'yahoo.com.br'],
  ])('takes %s for %s', (typed, meant) => {
    expect(suggestProviderDomain(typed)).toBe(meant);
  });

  it.each([
    // Known domains, some one edit from another provider's (email.com, mail.com and ymail.com from gmail.com).
    ...['ibm.com', 'gmx.net', 'email.com', 'mail.com', 'ymail.com', 'aol.com', 'me.com', 'cloud.com'],
    // A distant key is another word, not a slip.
    ...['wahoo.com', 'photon.me'],
    // One edit to a short name spells another real domain.
    ...['aok.com', 'gmc.com', 'zoh.com', 'msm.com'],
    // One edit to a two-letter country code is another country's domain.
    ...['web.be', 'yandex.ry', 'hotmail.co.uj'],
    // More than one edit, or in more than one label, or another shape of name.
    ...['gmial.con', 'gmail.de', 'mail.gmail.com', 'gmail.com.br', 'example.com', 'gmailcom.example'],
  ])('leaves %s alone', (domain) => {
    expect(suggestProviderDomain(domain)).toBeUndefined();
  });

  it('never reports a provider as a typo of another', () => {
    expect(PROVIDER_DOMAINS.filter((domain) => suggestProviderDomain(domain) !== undefined)).toEqual([]);
  });
});
