/** `text` as the literal part of a LIKE pattern whose ESCAPE is `\` (both dialects take one; SQLite has no default). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
