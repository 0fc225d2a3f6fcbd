// Rendering: markdown | tiptap | html → {html, text}, and the hidden preheader.
// Pure functions over well-kept libraries (marked, @tiptap/static-renderer, html-to-text).
// Must not import storage or any protocol library.
export { contentField, renderEmailContent, type EmailContent, type RenderedEmail } from './render-email.ts';
export { htmlToPlainText } from './html-to-text.ts';
export type { TiptapDocument } from './tiptap.ts';
export { compileTemplate, personalize, placeholderProblems, templateProblems, hasPlaceholders, PLACEHOLDER_NAMES, type CompiledTemplate, type PersonalValues, type PlaceholderOptions } from './personalize.ts';
