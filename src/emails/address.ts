/**
 * Mailbox parsing for header fields: `addr@example.com` or `Display Name <addr@example.com>`.
 * Deliberately strict: what we accept must be safe to put in a header as given.
 */
export interface Mailbox {
  /** The addr-spec, domain lower-cased. */
  address: string;
  /** Display name, if any, unquoted. */
  name: string | null;
}

const LOCAL = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+)*)$/;
const LABEL = /^(?!-)[A-Za-z0-9\u0080-\uFFFF-]{1,63}(?<!-)$/;

export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}

/** True for a syntactically valid addr-spec (dot-atom local part, domain of at least two labels). */
export function isValidAddress(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l)) && !/^[0-9]+$/.test(labels[labels.length - 1]!);
}

/**
 * The key a mailbox is counted and matched by: the whole address lower-cased
 * (the recipient guard, bounce cooldowns, subscribers, duplicate recipients).
 * Delivery keeps the local part as given.
 */
export function mailboxKey(address: string): string {
  return address.toLowerCase();
}

/** The domain of an addr-spec, lower-cased (as written: Unicode stays Unicode). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

function normalizeAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return address.slice(0, at) + '@' + address.slice(at + 1).toLowerCase();
}

/** Parse one mailbox; null when it is not a valid single mailbox or contains a line break. */
export function parseMailbox(input: string): Mailbox | null {
  const value = input.trim();
  if (!value || hasLineBreak(value)) return null;
  // `Name <address>`: the address is between the last `<` and a final `>`. Found
  // by hand, not by a regular expression: one that tried every split of the
  // name took time quadratic in its length (80 KB of spaces: six seconds).
  const lt = value.lastIndexOf('<');
  const angle = value.endsWith('>') && lt >= 0 && /^[^<>\s]+$/.test(value.slice(lt + 1, -1));
  if (angle) {
    let name = value.slice(0, lt).trim();
    const address = value.slice(lt + 1, -1);
    // A quoted-string must not close early: `"A" <a@x>, "B"` is two mailboxes, not a name.
    if (/^"(?:[^"\\]|\\.)*"$/.test(name)) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
    else if (/[<>@",;:\\]/.test(name)) return null;
    if (!isValidAddress(address)) return null;
    return { address: normalizeAddress(address), name: name || null };
  }
  if (!isValidAddress(value)) return null;
  return { address: normalizeAddress(value), name: null };
}

/** A bare address (an envelope's, say): an addr-spec alone, no display name; null when it is not one. */
export function parseAddress(input: string): Mailbox | null {
  return isValidAddress(input) ? parseMailbox(input) : null;
}

/**
 * A mailbox given as its parts (a parsed header's display name and address, or an
 * envelope's address with an empty name): the address an addr-spec, nothing holding
 * CR or LF, a blank name none. Null when it is not one.
 */
export function parseMailboxParts(name: string, address: string): Mailbox | null {
  if (hasLineBreak(name)) return null;
  const mailbox = parseAddress(address);
  return mailbox ? { address: mailbox.address, name: name.trim() || null } : null;
}

/** Mailbox → header form, quoting the display name when it needs it. */
export function formatMailbox(mailbox: Mailbox): string {
  if (!mailbox.name) return mailbox.address;
  const name = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ .-]*$/.test(mailbox.name) ? mailbox.name : `"${mailbox.name.replace(/(["\\])/g, '\\$1')}"`;
  return `${name} <${mailbox.address}>`;
}
