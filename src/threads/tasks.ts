import { composeMessage, type ComposeInput } from '../delivery/compose-message.ts';
import { renderEmailContent, type EmailContent, type RenderedEmail } from '../render/index.ts';
import { linkByTag } from '../tracking/tracked-html.ts';

/**
 * The CPU-heavy pure functions the pool may run: rendering content (markdown,
 * tiptap, html → html and text), building MIME messages and reading the links
 * of a stored body. Inputs and outputs are plain data, so they cross a thread
 * boundary as they are.
 */
export const tasks = {
  render: (input: { content: EmailContent; preview: string | null }): RenderedEmail =>
    renderEmailContent(input.content, input.preview),
  compose: (input: ComposeInput): Promise<string> => composeMessage(input),
  linkByTag: (input: { html: string; tag: string }): string | null => linkByTag(input.html, input.tag),
};

export type TaskName = keyof typeof tasks;
export type TaskInput<K extends TaskName> = Parameters<(typeof tasks)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof tasks)[K]>>;
