// Likely typos of common mail providers' domains (gmial.com, gmail.con,
// yaho.com). Only one edit (Damerau-Levenshtein distance 1) in one label, and
// only edits a slip of the fingers makes: any wider guess flags real domains
// (ibm.com, gmx.net, email.com) as someone else's typo.
import levenshtein from 'damerau-levenshtein';

/**
 * Domains people have addresses at, most used first (the first match wins).
 * Never reported as typos themselves; those with a long enough name (see
 * MIN_NAME_LENGTH) are what typos are corrected to.
 */
export const PROVIDER_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'me.com',
  'mac.com',
  'googlemail.com',
  'ymail.com',
  'rocketmail.com',
  'protonmail.com',
  'protonmail.ch',
  'proton.me',
  'pm.me',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'yandex.ua',
  'yandex.by',
  'yandex.kz',
  'mail.ru',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'mail.com',
  'email.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'tuta.io',
  'titan.email',
  'aim.com',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'live.co.uk',
  'outlook.fr',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.co.jp',
  'yahoo.com.br',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'wanadoo.fr',
  'libero.it',
  'btinternet.com',
  'sky.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'charter.net',
  'cox.net',
  'earthlink.net',
  'optonline.net',
  'rogers.com',
  'shaw.ca',
  'sympatico.ca',
  'telus.net',
  'optusnet.com.au',
  'bigpond.com',
  'xtra.co.nz',
] as const;

/** Real domains one slip from a provider's (icloud.com without its i): never reported as typos. */
const LOOKALIKES = ['cloud.com'];

/** A one-edit change to a shorter name (aol, gmx, zoho) usually spells another real domain (ibm.com, gmc.com). */
const MIN_NAME_LENGTH = 5;
/** A two-letter country code is one edit from another country's (de, be): only com, net and the like are corrected. */
const MIN_SUFFIX_LABEL_LENGTH = 3;

const KNOWN = new Set<string>([...PROVIDER_DOMAINS, ...LOOKALIKES]);
const PROVIDERS = PROVIDER_DOMAINS.map((domain) => ({ domain, labels: domain.split('.') }));

/** Keys next to each other on a QWERTY keyboard: rows are staggered, so a key touches two above and two below. */
const KEY_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const NEIGHBOURS = new Map<string, string>();
KEY_ROWS.forEach((row, r) => {
  [...row].forEach((key, c) => {
    const around = [row[c - 1], row[c + 1], KEY_ROWS[r - 1]?.[c], KEY_ROWS[r - 1]?.[c + 1], KEY_ROWS[r + 1]?.[c - 1], KEY_ROWS[r + 1]?.[c]];
    NEIGHBOURS.set(key, around.filter((k) => k !== undefined).join(''));
  });
});

/**
 * `typed` is one slip from `meant`: a character left out, doubled or added,
 * two neighbours swapped (gmial), or a key hit next to the right one (gmail.con).
 * A substitution of a distant key spells another word (email, wahoo), not a typo.
 */
function isSlip(typed: string, meant: string): boolean {
  if (levenshtein(typed, meant).steps !== 1) return false;
  if (typed.length !== meant.length) return true;
  const at = [...meant].findIndex((char, i) => char !== typed[i]);
  const swapped = typed[at] === meant[at + 1] && typed[at + 1] === meant[at];
  return swapped || (NEIGHBOURS.get(meant[at]!) ?? '').includes(typed[at]!);
}

/** The provider domain `domain` (lower-case ASCII) is probably a typo of; undefined when none, or when it is a known domain itself. */
export function suggestProviderDomain(domain: string): string | undefined {
  if (KNOWN.has(domain)) return undefined;
  const labels = domain.split('.');
  return PROVIDERS.find((provider) => {
    if (provider.labels.length !== labels.length) return false;
    const differing = provider.labels.flatMap((label, i) => (label === labels[i] ? [] : [i]));
    if (differing.length !== 1) return false;
    const i = differing[0]!;
    const meant = provider.labels[i]!;
    return meant.length >= (i === 0 ? MIN_NAME_LENGTH : MIN_SUFFIX_LABEL_LENGTH) && isSlip(labels[i]!, meant);
  })?.domain;
}
