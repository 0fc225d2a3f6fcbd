import { compile, type HtmlToTextOptions } from 'html-to-text';

/** How a text part is derived (bench:e2e's library floor converts with the same). */
export const HTML_TO_TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
};

// Compiled once: html-to-text builds its selector tables per call otherwise.
const convert = compile(HTML_TO_TEXT_OPTIONS);

/** The text part derived from an HTML body. */
export function htmlToPlainText(html: string): string {
  return convert(html).trim();
}
