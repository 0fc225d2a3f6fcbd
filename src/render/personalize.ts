import { randomBytes } from 'node:crypto';
import { validationError, type ErrorDetail } from '../errors.ts';
import { renderEmailContent, type EmailContent } from './render-email.ts';
import { escapeHtml } from './text-to-html.ts';
import type { TiptapDocument } from './tiptap.ts';

/** The plain placeholder names, besides {{attributes.KEY}}. unsubscribe_url only where the caller allows it. */
export const PLACEHOLDER_NAMES = ['first_name', 'last_name', 'email', 'unsubscribe_url'] as const;

/** One recipient's values. Attributes are the subscriber's custom fields, as stored. */
export interface PersonalValues {
  first_name: string | null;
  last_name: string | null;
  email: string;
  attributes: Record<string, unknown>;
  unsubscribe_url?: string | undefined;
}

export interface PlaceholderOptions {
  /** Whether {{unsubscribe_url}} may be used: only where every recipient is given one. */
  allowUnsubscribeUrl?: boolean;
}

export interface Template {
  subject: string;
  preview: string | null;
  content: EmailContent;
}

/** A placeholder as written: its name, and the text used when the recipient has no value ('' when none was given). */
export interface Placeholder {
  name: string;
  default: string;
}

/** Literal output, or the index of a placeholder to fill; `upper` where html-to-text capitalized it (a heading in the text part). */
export type TemplatePiece = string | { slot: number; upper?: true };

/**
 * A template rendered once, split at its placeholders. Plain data (it is posted
 * to worker threads), so filling it per recipient is a join, never a render.
 */
export interface CompiledTemplate {
  /** Each distinct placeholder once: a recipient's value is looked up and escaped once, however often it appears. */
  placeholders: Placeholder[];
  subject: TemplatePiece[];
  html: TemplatePiece[];
  text: TemplatePiece[];
}

export interface PersonalizedEmail {
  subject: string;
  html: string;
  text: string;
}

// {{ name }} or {{ name | "default" }} (or 'default'). Any name parses here; nameProblem then
// tells an unknown one apart from a malformed one, each with its own message.
const PLACEHOLDER = /\{\{[ \t]*([\w.-]+)[ \t]*(?:\|[ \t]*(?:"([^"\r\n]*)"|'([^'\r\n]*)')[ \t]*)?\}\}/y;
const ATTRIBUTE = /^attributes\.[\w-]+(?:\.[\w-]+)*$/;
const NAME = /^[\w.-]+$/;
const SNIPPET_LENGTH = 40;
const LOOK_AHEAD = 1000;
/** Details per field at most: past that, one more says how many were left out. */
const MAX_PROBLEMS = 20;

type Found = { start: number; end: number } & ({ placeholder: Placeholder } | { problem: string });

/** Every `{{` of a text, each either a placeholder or the problem with it, in order. */
function findPlaceholders(text: string, options: PlaceholderOptions): Found[] {
  const found: Found[] = [];
  let from = 0;
  for (let start = text.indexOf('{{'); start >= 0; start = text.indexOf('{{', from)) {
    PLACEHOLDER.lastIndex = start;
    const match = PLACEHOLDER.exec(text);
    if (match) {
      const end = PLACEHOLDER.lastIndex;
      const name = match[1]!;
      const problem = nameProblem(name, text.slice(start, end), options);
      found.push(problem ? { start, end, problem } : { start, end, placeholder: { name, default: match[2] ?? match[3] ?? '' } });
      from = end;
    } else {
      found.push({ start, end: start + 2, problem: malformation(text, start) });
      from = start + 2;
    }
  }
  return found;
}

function knownNames(options: PlaceholderOptions): string {
  const names = PLACEHOLDER_NAMES.filter((name) => name !== 'unsubscribe_url' || options.allowUnsubscribeUrl);
  return [...names, 'attributes.KEY'].join(', ');
}

function isPlainName(name: string): name is (typeof PLACEHOLDER_NAMES)[number] {
  return (PLACEHOLDER_NAMES as readonly string[]).includes(name);
}

function nameProblem(name: string, written: string, options: PlaceholderOptions): string | null {
  if (name === 'unsubscribe_url' && !options.allowUnsubscribeUrl) {
    return `uses {{unsubscribe_url}}, which is not available here; known: ${knownNames(options)}`;
  }
  if (isPlainName(name) || ATTRIBUTE.test(name)) return null;
  if (name === 'attributes' || name.startsWith('attributes.')) {
    return `has a malformed placeholder "${snippet(written)}": a custom field is attributes.KEY, like {{attributes.plan}} (KEY: letters, digits, _ and -, dots only inside)`;
  }
  const lower = name.toLowerCase();
  const hint = lower !== name && nameProblem(lower, written, options) === null ? ` (names are lowercase: {{${lower}}})` : '';
  return `uses an unknown placeholder ${snippet(`{{${name}}}`)}; known: ${knownNames(options)}${hint}`;
}

/** Why the `{{` at `start` does not begin a placeholder. */
function malformation(text: string, start: number): string {
  // A bounded look ahead: a text of nothing but `{{` stays linear to check.
  const ahead = text.slice(start, start + LOOK_AHEAD);
  const lineBreak = ahead.search(/[\r\n]/);
  const line = lineBreak < 0 ? ahead : ahead.slice(0, lineBreak);
  const reopen = line.indexOf('{{', 2);
  const close = line.indexOf('}}', 2);
  if (close < 0 || (reopen >= 0 && reopen < close)) {
    const written = snippet((reopen < 0 ? line : line.slice(0, reopen)).trimEnd());
    return `has an unterminated placeholder "${written}": close it with }} on the same line`;
  }
  return badSyntax(text, start, start + close);
}

/** Why a `{{ … }}` on one line is not a placeholder. */
function badSyntax(text: string, start: number, close: number): string {
  let end = close + 2;
  while (text[end] === '}' && end < close + 4) end += 1; // {{{first_name}}} is quoted whole
  const written = snippet(text.slice(start, end));
  const inner = text.slice(start + 2, close);
  const bar = inner.indexOf('|');
  const name = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  if (inner.trim() === '') return `has an empty placeholder "${written}": put a name inside, like {{first_name}}`;
  if (name === '') return `has a malformed placeholder "${written}": it has no name before |, like {{first_name | "there"}}`;
  if (!NAME.test(name)) {
    return `has a malformed placeholder "${written}": a name is letters, digits and _, like {{first_name}} or {{attributes.plan}}`;
  }
  if (bar >= 0) {
    const fallback = inner.slice(bar + 1).trim();
    const quote = fallback[0];
    if (quote !== '"' && quote !== "'") {
      const example = /^[^"'|{}]{1,20}$/.test(fallback) ? fallback : 'there';
      return `has a malformed placeholder "${written}": a default must be quoted, like {{${name} | "${example}"}}`;
    }
    if (fallback.indexOf(quote, 1) < 0) return `has a malformed placeholder "${written}": its default lacks the closing ${quote}`;
    return `has a malformed placeholder "${written}": a default is one quoted text and nothing after it, like {{${name} | "there"}}`;
  }
  return `has a malformed placeholder "${written}": write it as {{${name}}} or {{${name} | "default"}}`;
}

function snippet(text: string): string {
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
}

/** Problems with the placeholders of one text, each once, as details under `path`. */
export function placeholderProblems(text: string, path: string, options: PlaceholderOptions = {}): ErrorDetail[] {
  if (!text.includes('{{')) return [];
  const messages = new Set<string>();
  for (const found of findPlaceholders(text, options)) if ('problem' in found) messages.add(found.problem);
  const problems = [...messages].slice(0, MAX_PROBLEMS).map((message) => ({ path, message }));
  const more = messages.size - problems.length;
  if (more > 0) problems.push({ path, message: `has ${more} more placeholder problem${more > 1 ? 's' : ''}` });
  return problems;
}

/** Every string of a JSON value, walked without recursion (documents can be deep). */
function jsonStrings(value: unknown): string[] {
  const strings: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') strings.push(current);
    else if (typeof current === 'object' && current !== null) {
      const children = Object.values(current);
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]); // in document order
    }
  }
  return strings;
}

/**
 * Problems with a template's placeholders: subject, preview, and the content. A
 * tiptap document's every string counts (text nodes, and attrs such as link
 * hrefs), reported under `tiptap`. Empty when the template can be compiled.
 */
export function templateProblems(template: Template, options: PlaceholderOptions = {}): ErrorDetail[] {
  const problems = placeholderProblems(template.subject, 'subject', options);
  if (template.preview !== null) problems.push(...placeholderProblems(template.preview, 'preview', options));
  const { content } = template;
  switch (content.kind) {
    case 'html':
      return [...problems, ...placeholderProblems(content.html, 'html', options)];
    case 'markdown':
      return [...problems, ...placeholderProblems(content.markdown, 'markdown', options)];
    case 'tiptap': {
      // One newline between strings: a placeholder cannot span two of them, and repeats are reported once.
      const texts = jsonStrings(content.tiptap).filter((s) => s.includes('{{'));
      return [...problems, ...placeholderProblems(texts.join('\n'), 'tiptap', options)];
    }
    case 'parts':
      return [...problems, ...placeholderProblems(content.html ?? '', 'html', options), ...placeholderProblems(content.text ?? '', 'text', options)];
  }
}

/** Whether a text has any `{{`: without one it has no placeholders (and no malformed ones) to look at. */
export function hasPlaceholders(text: string): boolean {
  return text.includes('{{');
}

/** A text's pieces: its literal runs and its placeholders (the text is known to be well-formed). */
function splitAtPlaceholders(text: string, options: PlaceholderOptions, each: (p: Placeholder) => TemplatePiece): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let at = 0;
  for (const found of findPlaceholders(text, options)) {
    if (!('placeholder' in found)) continue;
    if (found.start > at) pieces.push(text.slice(at, found.start));
    pieces.push(each(found.placeholder));
    at = found.end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

/**
 * Sentinels for one compile: one word of digits and lowercase letters, led by a
 * digit so markdown never reads `<sentinel>` as a tag, with a random nonce so
 * no content holds one by chance. html-to-text uppercases headings, so the
 * rendered parts are searched case-insensitively.
 */
function createSentinels(options: PlaceholderOptions) {
  // Always 10 nonce digits (2^48 needs 10 in base 36): the text part wraps with the
  // sentinels in place, so a shorter nonce now and then wrapped lines differently.
  const prefix = `0mgph${randomBytes(6).readUIntBE(0, 6).toString(36).padStart(10, '0')}`;
  const pattern = new RegExp(`${prefix}(\\d+)z`, 'gi');
  const placeholders: Placeholder[] = [];
  const slots = new Map<string, number>();

  const slotOf = (placeholder: Placeholder): number => {
    const key = `${placeholder.name}\u0000${placeholder.default}`;
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = placeholders.push(placeholder) - 1;
      slots.set(key, slot);
    }
    return slot;
  };

  return {
    placeholders,
    /** The subject, which is not rendered: split as written. */
    splitSubject(subject: string): TemplatePiece[] {
      return splitAtPlaceholders(subject, options, (placeholder) => ({ slot: slotOf(placeholder) }));
    },
    /** The text with each placeholder swapped for its sentinel. */
    mark(text: string): string {
      if (!text.includes('{{')) return text;
      return splitAtPlaceholders(text, options, (placeholder) => `${prefix}${slotOf(placeholder)}z`).join('');
    },
    /** A rendered part split at its sentinels. */
    split(rendered: string): TemplatePiece[] {
      const pieces: TemplatePiece[] = [];
      let at = 0;
      for (const match of rendered.matchAll(pattern)) {
        const slot = Number(match[1]);
        if (slot >= placeholders.length) continue;
        if (match.index > at) pieces.push(rendered.slice(at, match.index));
        pieces.push(match[0] === match[0].toLowerCase() ? { slot } : { slot, upper: true });
        at = match.index + match[0].length;
      }
      if (at < rendered.length) pieces.push(rendered.slice(at));
      return pieces;
    },
  };
}

function markStrings(value: unknown, mark: (text: string) => string): unknown {
  if (typeof value === 'string') return mark(value);
  if (Array.isArray(value)) return value.map((item) => markStrings(item, mark));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markStrings(item, mark)]));
}

function markContent(content: EmailContent, mark: (text: string) => string): EmailContent {
  switch (content.kind) {
    case 'html':
      return { kind: 'html', html: mark(content.html) };
    case 'markdown':
      return { kind: 'markdown', markdown: mark(content.markdown) };
    case 'tiptap':
      try {
        return { kind: 'tiptap', tiptap: markStrings(content.tiptap, mark) as TiptapDocument };
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        throw validationError([{ path: 'tiptap', message: 'cannot be rendered: it is nested too deeply' }]);
      }
    case 'parts':
      return {
        kind: 'parts',
        html: content.html === null ? null : mark(content.html),
        text: content.text === null ? null : mark(content.text),
      };
  }
}

/**
 * Render a template once, split at its placeholders, for personalize to fill per recipient.
 * Throws validation_error with every templateProblems detail; renderEmailContent's own refusals pass through.
 */
export function compileTemplate(template: Template, options: PlaceholderOptions = {}): CompiledTemplate {
  const problems = templateProblems(template, options);
  if (problems.length > 0) throw validationError(problems);
  const sentinels = createSentinels(options);
  const preview = template.preview === null ? null : sentinels.mark(template.preview);
  const rendered = renderEmailContent(markContent(template.content, sentinels.mark), preview);
  return {
    placeholders: sentinels.placeholders,
    subject: sentinels.splitSubject(template.subject),
    html: sentinels.split(rendered.html),
    text: sentinels.split(rendered.text),
  };
}

/** A custom field by its key; a dotted key no field has as such reaches into nested objects (attributes.address.city). */
function attributeValue(attributes: Record<string, unknown>, key: string): unknown {
  if (Object.hasOwn(attributes, key)) return attributes[key];
  let current: unknown = attributes;
  for (const step of key.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

function attributeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The recipient's value for a placeholder; '' when missing, so the default applies. */
function personalValue(name: string, values: PersonalValues): string {
  switch (name) {
    case 'first_name':
      return values.first_name ?? '';
    case 'last_name':
      return values.last_name ?? '';
    case 'email':
      return values.email;
    case 'unsubscribe_url':
      return values.unsubscribe_url ?? '';
    default:
      return attributeText(attributeValue(values.attributes, name.slice('attributes.'.length)));
  }
}

function fill(pieces: readonly TemplatePiece[], values: readonly string[], encode: (text: string) => string): string {
  const encoded: (string | undefined)[] = [];
  const encodedUpper: (string | undefined)[] = [];
  let out = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      out += piece;
      continue;
    }
    const done = piece.upper ? encodedUpper : encoded;
    let text = done[piece.slot];
    if (text === undefined) {
      const value = values[piece.slot] ?? '';
      text = encode(piece.upper ? value.toUpperCase() : value);
      done[piece.slot] = text;
    }
    out += text;
  }
  return out;
}

const asIs = (text: string): string => text;

/** One recipient's subject, HTML and text: values inserted once (escaped in HTML), never re-scanned. */
export function personalize(compiled: CompiledTemplate, values: PersonalValues): PersonalizedEmail {
  const filled = compiled.placeholders.map((placeholder) => personalValue(placeholder.name, values) || placeholder.default);
  return {
    subject: fill(compiled.subject, filled, asIs),
    html: fill(compiled.html, filled, escapeHtml),
    text: fill(compiled.text, filled, asIs),
  };
}
