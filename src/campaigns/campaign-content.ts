import type { EmailContent, TiptapDocument } from '../render/index.ts';

/**
 * Every campaign email carries its unsubscribe link in the body. Content that
 * places `{{unsubscribe_url}}` itself is left as written; other content gets a
 * short footer with the link, in its own format.
 */
const UNSUBSCRIBE_PLACEHOLDER = /\{\{\s*unsubscribe_url\s*(?:\||\}\})/;

const FOOTER_TEXT = 'Unsubscribe';

function placesUnsubscribeLink(content: EmailContent): boolean {
  switch (content.kind) {
    case 'html':
      return UNSUBSCRIBE_PLACEHOLDER.test(content.html);
    case 'markdown':
      return UNSUBSCRIBE_PLACEHOLDER.test(content.markdown);
    case 'tiptap':
      return UNSUBSCRIBE_PLACEHOLDER.test(JSON.stringify(content.tiptap));
    case 'parts':
      return UNSUBSCRIBE_PLACEHOLDER.test(`${content.html ?? ''}${content.text ?? ''}`);
  }
}

const HTML_FOOTER =
  '<p style="margin-top:32px;font-size:12px;color:#666666">' + `You receive this because you subscribed. <a href="{{unsubscribe_url}}">${FOOTER_TEXT}</a></p>`;

/** Put the footer before `</body>` when there is one, else at the end. */
function appendToHtml(html: string): string {
  const end = html.search(/<\/body\s*>/i);
  return end === -1 ? html + HTML_FOOTER : html.slice(0, end) + HTML_FOOTER + html.slice(end);
}

/** The content with its unsubscribe link: as given when it places `{{unsubscribe_url}}`, else with a footer. */
export function withUnsubscribeLink(content: EmailContent): EmailContent {
  if (placesUnsubscribeLink(content)) return content;
  switch (content.kind) {
    case 'html':
      return { kind: 'html', html: appendToHtml(content.html) };
    case 'markdown':
      return { kind: 'markdown', markdown: `${content.markdown}\n\n---\n\nYou receive this because you subscribed. [${FOOTER_TEXT}]({{unsubscribe_url}})\n` };
    case 'tiptap': {
      const doc: TiptapDocument = content.tiptap;
      const footer = {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'You receive this because you subscribed. ' },
          { type: 'text', text: FOOTER_TEXT, marks: [{ type: 'link', attrs: { href: '{{unsubscribe_url}}' } }] },
        ],
      };
      return { kind: 'tiptap', tiptap: { ...doc, content: [...(doc.content ?? []), { type: 'horizontalRule' }, footer] } };
    }
    case 'parts':
      return {
        kind: 'parts',
        html: content.html === null ? null : appendToHtml(content.html),
        text: content.text === null ? null : `${content.text}\n\n${FOOTER_TEXT}: {{unsubscribe_url}}\n`,
      };
  }
}
