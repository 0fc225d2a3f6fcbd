import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import StarterKit from '@tiptap/starter-kit';

const extensions = [StarterKit];

export interface TiptapDocument {
  type: 'doc';
  content?: unknown[];
  [key: string]: unknown;
}

/**
 * A tiptap (ProseMirror JSON) document to an HTML fragment, without a DOM.
 * Throws on nodes or marks the schema does not know; the caller turns that into a validation error.
 */
export function tiptapToHtml(doc: TiptapDocument): string {
  return renderToHTMLString({ extensions, content: doc as never });
}
