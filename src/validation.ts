import type { z } from 'zod';
import { jsonDepth, validationError, type ErrorDetail } from './errors.ts';

/** Input validation shared by every area: zod schemas in, `validation_error` with `details` out. */

/** Deeper than any real input; bounds the work (and recursion) spent on one body. */
export const MAX_INPUT_DEPTH = 64;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `params` of an issue a schema raises for a rule across fields (exactly one
 * content field, a v1 field in a v2 body): such issues are reported before the
 * field-by-field ones, since they say what the caller got wrong first.
 * zod runs an object's own refinements after its fields, hence the marker.
 */
export const REPORT_FIRST = { reportFirst: true } as const;

const reportedFirst = (issue: z.core.$ZodIssue) => (issue as { params?: { reportFirst?: boolean } }).params?.reportFirst === true;

function inReportOrder(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return [...issues.filter(reportedFirst), ...issues.filter((i) => !reportedFirst(i))];
}

/** zod issues → `{path, message}` details, with unknown fields and missing fields named plainly. */
export function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[], prefix = ''): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of inReportOrder(issues)) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ path: base ? `${base}.${key}` : key, message: 'is not a known field' });
    } else if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && 'input' in issue && issue.input === undefined) {
      // zod 4 only reports `input` when parsed with { reportInput: true }; without it, a wrong type is not "missing".
      details.push({ path: base, message: 'is required' });
    } else {
      details.push({ path: base, message: issue.message });
    }
  }
  return details;
}

/**
 * No text Mailgate keeps may hold U+0000: PostgreSQL's text cannot store it, and
 * no address, subject or body needs it. The first string (value or key) of an
 * input that holds one, as a detail; null when there is none.
 */
export function nulCharacter(value: unknown, prefix = ''): ErrorDetail | null {
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { path, message: NUL_MESSAGE };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { path: childPath, message: NUL_MESSAGE };
      stack.push([child, childPath]);
    }
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * What every JSON input is checked for before its schema: nesting deeper than
 * MAX_INPUT_DEPTH (it bounds the work spent on one body), then a NUL anywhere.
 */
export function inputProblem(body: unknown, prefix = ''): ErrorDetail | null {
  if (nestedTooDeep(body)) return { path: prefix, message: `is nested more than ${MAX_INPUT_DEPTH} levels deep` };
  return nulCharacter(body, prefix);
}

/**
 * Is a JSON value nested deeper than MAX_INPUT_DEPTH, plus `envelope` levels a
 * protocol wraps around an input (a JSON-RPC message around a tool's arguments)?
 */
export function nestedTooDeep(value: unknown, envelope = 0): boolean {
  const limit = MAX_INPUT_DEPTH + envelope;
  return jsonDepth(value, limit) > limit;
}

// Every input of every door is checked by checkInput (parseInput throws what it
// finds, parseBody first asks for a JSON object): screened (inputProblem), then
// its schema, every problem named as a `{path, message}` detail.

/** A request body that must be a JSON object; throws validation_error when it is anything else. */
export function assertJsonObject(body: unknown): asserts body is Record<string, unknown> {
  if (!isPlainObject(body)) throw validationError([{ path: '', message: 'must be a JSON object' }], 'The body must be a JSON object');
}

/**
 * Check an input with its schema, after screening it (inputProblem): its value,
 * or every problem (paths under `prefix`) and the one-line message an issue
 * gave for the whole input (`params.headline`), if any.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix = '',
): { data: z.output<S> } | { details: ErrorDetail[]; headline: string | undefined } {
  const problem = inputProblem(input, prefix);
  if (problem) return { details: [problem], headline: undefined };
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return { data: parsed.data };
  const headline = (inReportOrder(parsed.error.issues)[0] as { params?: { headline?: string } } | undefined)?.params?.headline;
  return { details: zodIssuesToDetails(parsed.error.issues, prefix), headline };
}

/** checkInput, throwing validation_error naming every problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkInput(schema, input);
  if ('details' in checked) throw validationError(checked.details, checked.headline);
  return checked.data;
}

/** A JSON body, which must be an object, parsed with its schema (parseInput). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  assertJsonObject(body);
  return parseInput(schema, body);
}

// A rule across an object's fields is checked by a zod refinement and said to
// validators by the same schema's meta (`.meta(exactlyOneOf([...]))`), so that
// documents and tool schemas carry it as well as the server enforces it.

/** JSON Schema for "exactly one of these fields is present". */
export function exactlyOneOf(fields: readonly string[]): Record<string, unknown> {
  return { oneOf: fields.map((field) => ({ required: [field] })) };
}

/** JSON Schema for "at most one of these fields is present". */
export function atMostOneOf(fields: readonly string[]): Record<string, unknown> {
  const pairs = fields.flatMap((a, i) => fields.slice(i + 1).map((b) => ({ required: [a, b] })));
  return { not: pairs.length === 1 ? pairs[0] : { anyOf: pairs } };
}
