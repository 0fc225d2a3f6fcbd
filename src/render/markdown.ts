import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** CommonMark + GFM to an HTML fragment. Raw HTML in the source is kept: the author is the organization. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
