import { AppError } from '../errors.ts';
import { htmlToPlainText } from './html-to-text.ts';
import { markdownToHtml } from './markdown.ts';
import { escapeHtml, textToHtml } from './text-to-html.ts';
import { tiptapToHtml, type TiptapDocument } from './tiptap.ts';

export type EmailContent =
  | { kind: 'html'; html: string }
  | { kind: 'markdown'; markdown: string }
  | { kind: 'tiptap'; tiptap: TiptapDocument }
  /** A finished message's own parts (SMTP): either may be missing, and the other is derived from it. */
  | { kind: 'parts'; html: string | null; text: string | null };

export interface RenderedEmail {
  html: string;
  text: string;
}

function wrapDocument(fragment: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    `<body>${fragment}</body></html>`
  );
}

/**
 * The preheader: the line inbox lists show after the subject. Hidden in the
 * body, and padded so clients do not pull body text into the preview.
 */
export function preheaderHtml(preview: string): string {
  return (
    '<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all" aria-hidden="true">' +
    escapeHtml(preview) +
    '&#847;&zwnj;&nbsp;'.repeat(20) +
    '</div>'
  );
}

function insertPreheader(html: string, preview: string): string {
  const block = preheaderHtml(preview);
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return block + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + block + html.slice(at);
}

/** The field a content's rendering problems are named by: a message's own parts fail only where one is derived from its HTML. */
export function contentField(content: EmailContent): 'html' | 'markdown' | 'tiptap' {
  return content.kind === 'parts' ? 'html' : content.kind;
}

/**
 * Render one of the content fields to the HTML and text parts of a message.
 * HTML is sent as given (plus the preheader); markdown and tiptap become a full document.
 * Throws validation_error when a tiptap document cannot be rendered.
 */
export function renderEmailContent(content: EmailContent, preview?: string | null): RenderedEmail {
  try {
    if (content.kind === 'parts') return renderParts(content, preview);
    const html = toHtml(content);
    const text = htmlToPlainText(html);
    return { html: preview ? insertPreheader(html, preview) : html, text };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A document the renderers cannot walk (nested thousands deep, say) is bad input, not a server fault.
    const reason = error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? error.message : String(error);
    const field = contentField(content);
    throw new AppError('validation_error', `${field} cannot be rendered: ${reason}`, {
      details: [{ path: field, message: `cannot be rendered: ${reason}` }],
    });
  }
}

/**
 * A submitted message keeps the parts it has: HTML as given, text as given. A
 * missing text part is derived from the HTML; a missing HTML part is the text's
 * rendering; a message with neither (attachments only) has empty parts.
 */
function renderParts(content: { html: string | null; text: string | null }, preview?: string | null): RenderedEmail {
  const html = content.html ?? (content.text ? wrapDocument(textToHtml(content.text)) : '');
  const text = content.text ?? (content.html ? htmlToPlainText(content.html) : '');
  return { html: preview && html ? insertPreheader(html, preview) : html, text };
}

function toHtml(content: Exclude<EmailContent, { kind: 'parts' }>): string {
  switch (content.kind) {
    case 'html':
      return content.html;
    case 'markdown':
      return wrapDocument(markdownToHtml(content.markdown));
    case 'tiptap':
      try {
        return wrapDocument(tiptapToHtml(content.tiptap));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new AppError('validation_error', `tiptap: document cannot be rendered (${reason})`, {
          details: [{ path: 'tiptap', message: `document cannot be rendered: ${reason}` }],
        });
      }
  }
}
