import { composeMessage, type ComposeInput } from '../delivery/compose-message.ts';
import { renderEmailContent, type EmailContent, type RenderedEmail } from '../render/index.ts';
import { linkByTag } from '../emails/tracking/tracked-html.ts';
import { RENDER_TIME_LIMIT_MS } from './time-limits.ts';

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

/** How long a task may run before its thread is ended (rendering: see RENDER_TIME_LIMIT_MS). */
export const TASK_TIME_LIMIT_MS: Readonly<Record<TaskName, number>> = {
  render: RENDER_TIME_LIMIT_MS,
  linkByTag: RENDER_TIME_LIMIT_MS,
  // Composing is asynchronous (nodemailer's streams), so a thread's composes
  // interleave and each one's time includes the others'. Its limit only catches
  // one that never ends.
  compose: 120_000,
};

/**
 * Tasks that run from start to end without yielding, so a thread runs them one
 * at a time and the pool can tell exactly which one has run too long.
 */
export const UNINTERRUPTED_TASKS: ReadonlySet<TaskName> = new Set<TaskName>(['render', 'linkByTag']);
export type TaskInput<K extends TaskName> = Parameters<(typeof tasks)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof tasks)[K]>>;
