const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => escapeMap[c]!);

/**
 * The HTML rendering of a plain-text body: paragraphs at blank lines, line breaks
 * kept, everything escaped. A text-only message gets it as its HTML part, so
 * clients that show HTML show the text as it was written.
 */
export function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t]*\n)+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim().length > 0);
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`).join('\n');
}
