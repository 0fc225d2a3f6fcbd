import { validationError } from '../errors.ts';
import {
  contentField,
  personalize,
  renderEmailContent,
  type CompiledTemplate,
  type EmailContent,
  type PlaceholderOptions,
  type RenderedEmail,
  type Template,
} from '../render/index.ts';
import { TaskTooSlow, type ThreadPool } from '../threads/index.ts';
import type { SendRequest } from './send-request.ts';

/** The pool tasks the send pipeline needs (createCore's pool has them): rendering content, and a template with placeholders. */
export type RenderTask = {
  render: (input: { content: EmailContent; preview: string | null }) => RenderedEmail;
  compileTemplate: (input: { template: Template; options: PlaceholderOptions }) => CompiledTemplate;
};

/**
 * A request's subject and parts: rendered, or, for a personalized one (a
 * workflow's send), compiled and filled with its values. `tenant`: whose render
 * it is (the organization), so the pool shares its threads fairly. Throws
 * validation_error for content that cannot be rendered, or not in time.
 */
export type RequestRenderer = (tenant: string, request: SendRequest) => Promise<{ subject: string } & RenderedEmail>;

/** Run a rendering task; content that takes too long to render (the pool ends the task) is bad input, like content that cannot be rendered at all. */
async function renderingTask<T>(content: EmailContent, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (!(error instanceof TaskTooSlow)) throw error;
    const field = contentField(content);
    const hint = content.kind === 'markdown' ? ' (markdown with many unmatched * or _ is the usual cause)' : '';
    throw validationError([{ path: field, message: `cannot be rendered: it takes longer than ${error.limitMs / 1000} s${hint}` }]);
  }
}

/** Renders off the thread that owns the database. */
export function createRequestRenderer(pool: ThreadPool<RenderTask>): RequestRenderer {
  async function render(tenant: string, content: EmailContent, preview: string | null): Promise<RenderedEmail> {
    // A message that has its text part needs no HTML-to-text conversion: its parts
    // are taken as they are (or the text rendered, cheaply), on this thread.
    if (content.kind === 'parts' && content.text !== null) return renderEmailContent(content, preview);
    return renderingTask(content, () => pool.run('render', { content, preview }, { tenant }));
  }

  return async (tenant, request) => {
    const values = request.personalization;
    if (!values) return { subject: request.subject, ...(await render(tenant, request.content, request.preview)) };
    const template = { subject: request.subject, preview: request.preview, content: request.content };
    const compiled = await renderingTask(request.content, () => pool.run('compileTemplate', { template, options: {} }, { tenant }));
    return personalize(compiled, values);
  };
}
