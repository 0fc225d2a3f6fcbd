import { compile } from 'html-to-text';

// Compiled once: html-to-text builds its selector tables per call otherwise.
const convert = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
});

/** The text part derived from an HTML body. */
export function htmlToPlainText(html: string): string {
  return convert(html).trim();
}
