// Rendering: markdown | tiptap | html → {html, text}, the hidden preheader, and personalization
// (a template rendered once, its placeholders filled per recipient without a re-render).
// Pure functions over well-kept libraries (marked, @tiptap/static-renderer, html-to-text).
// Must not import storage or any protocol library.
export { contentField, renderEmailContent, type EmailContent, type RenderedEmail } from './render-email.ts';
export { htmlToPlainText } from './html-to-text.ts';
export type { TiptapDocument } from './tiptap.ts';
export {
  compileTemplate,
  hasPlaceholders,
  personalize,
  placeholderProblems,
  templateProblems,
  PLACEHOLDER_NAMES,
  type CompiledTemplate,
  type PersonalizedEmail,
  type PersonalValues,
  type Placeholder,
  type PlaceholderOptions,
  type Template,
  type TemplatePiece,
} from './personalize.ts';
