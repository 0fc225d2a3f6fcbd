// The tasks createCore's thread pool runs: rendering content (the send pipeline),
// building MIME messages (delivery) and reading the links of a stored body
// (tracking). The table lives in delivery/ because that is the lowest layer that
// may import all three; the thread pool (threads/) only gets it from its caller,
// and each pool thread loads this module to run the same functions.
import { linkByTag } from '../emails/tracking/tracked-html.ts';
import {
  compileTemplate,
  renderEmailContent,
  type CompiledTemplate,
  type EmailContent,
  type PlaceholderOptions,
  type RenderedEmail,
  type Template,
} from '../render/index.ts';
import { defineTaskSet, RENDER_TIME_LIMIT_MS } from '../threads/index.ts';
import { composeMessage, type ComposeInput } from './compose-message.ts';

/** Markdown using what ordinary emails do: each thread renders it once before taking work. */
const WARM_UP_MARKDOWN =
  '# Warm-up\n\nSome *emphasis*, **strong**, `code` and [a link](https://example.com/).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';

export default defineTaskSet({
  module: import.meta.url,
  tasks: {
    render: (input: { content: EmailContent; preview: string | null }): RenderedEmail => renderEmailContent(input.content, input.preview),
    compose: (input: ComposeInput): Promise<Uint8Array> => composeMessage(input),
    // Content with placeholders (a campaign's, a workflow step's), rendered once for all its recipients.
    compileTemplate: (input: { template: Template; options: PlaceholderOptions }): CompiledTemplate => compileTemplate(input.template, input.options),
    linkByTag: (input: { html: string; tag: string }): string | null => linkByTag(input.html, input.tag),
  },
  // How long a task may run before its thread is ended (rendering: see RENDER_TIME_LIMIT_MS).
  timeLimitsMs: {
    render: RENDER_TIME_LIMIT_MS,
    compileTemplate: RENDER_TIME_LIMIT_MS,
    linkByTag: RENDER_TIME_LIMIT_MS,
    // Composing is asynchronous (nodemailer's streams), so a thread's composes
    // interleave and each one's time includes the others'. Its limit only catches
    // one that never ends.
    compose: 120_000,
  },
  uninterrupted: new Set(['render', 'compileTemplate', 'linkByTag'] as const),
  warmUp: [
    { task: 'render', input: { content: { kind: 'markdown', markdown: WARM_UP_MARKDOWN }, preview: 'Warm-up' } },
    { task: 'render', input: { content: { kind: 'html', html: `<p>Warm-up <a href="https://example.com/">link</a></p>` }, preview: null } },
    {
      task: 'compose',
      input: {
        from: 'warm-up@example.com',
        to: 'warm-up@example.org',
        replyTo: null,
        subject: 'Warm-up',
        html: '<p>Warm-up</p>',
        text: 'Warm-up',
        messageId: '<warm-up@example.com>',
        emailId: 'eml_00000000000000000000000000',
        date: new Date(0),
      },
    },
  ],
});
