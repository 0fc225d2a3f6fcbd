/** A header of a message as it was written: its name and its value, continuation lines joined. */
export interface Header {
  name: string;
  value: string;
}

/**
 * The header section of an RFC 5322 message: everything before the first empty
 * line, folded lines unfolded (RFC 5322 §2.2.3), in order, repeats kept. The
 * bytes are read as UTF-8 (headers are ASCII, or UTF-8 under SMTPUTF8); encoded
 * words are left as written, which is what a reader of headers wants to see.
 */
export function parseHeaders(message: Uint8Array): Header[] {
  const text = new TextDecoder('utf-8').decode(message);
  const end = text.search(/\r?\n\r?\n/);
  const section = end === -1 ? text : text.slice(0, end);
  const headers: Header[] = [];
  for (const line of section.split(/\r?\n/)) {
    const last = headers[headers.length - 1];
    if (/^[ \t]/.test(line) && last) {
      last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers;
}
