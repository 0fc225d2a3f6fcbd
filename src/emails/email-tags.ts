// Email tags (Resend's rules): name/value pairs a send gives its email, returned
// with it, filtered on by list_emails and counted by get_email_stats. The rules
// live here once; REST, MCP, batch items and SMTP's X-Mailgate-Tags obey them.
import { z } from 'zod';
import type { ErrorDetail } from '../errors.ts';

export interface EmailTag {
  name: string;
  value: string;
}

export const TAGS_MAX = 10;
export const TAG_TEXT_MAX = 256;
const TAG_TEXT = /^[A-Za-z0-9_-]{1,256}$/;
const TAG_TEXT_RULE = `must be 1–${TAG_TEXT_MAX} characters of ASCII letters, digits, _ and -`;

/** The SMTP header that gives a submitted message's tags: `name=value, name2=value2`. */
export const SUBMISSION_TAGS_HEADER = 'X-Mailgate-Tags';

/** Problems of a list of tags (paths under `prefix`): the count, each name and value, a name given twice. */
export function tagProblems(tags: readonly EmailTag[], prefix: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (tags.length > TAGS_MAX) details.push({ path: prefix, message: `must hold at most ${TAGS_MAX} tags (got ${tags.length})` });
  const seen = new Set<string>();
  tags.forEach((tag, i) => {
    if (!TAG_TEXT.test(tag.name)) details.push({ path: `${prefix}.${i}.name`, message: TAG_TEXT_RULE });
    if (!TAG_TEXT.test(tag.value)) details.push({ path: `${prefix}.${i}.value`, message: TAG_TEXT_RULE });
    if (seen.has(tag.name)) details.push({ path: `${prefix}.${i}.name`, message: `must be unique within an email (${tag.name} is given twice)` });
    seen.add(tag.name);
  });
  return details;
}

const tagText = (what: string) => z.string({ error: TAG_TEXT_RULE }).regex(TAG_TEXT, TAG_TEXT_RULE).describe(what);

/** A send's `tags` field. */
export const tagsField = z
  .array(
    z.strictObject({
      name: tagText('1–256 ASCII letters, digits, _ and -.'),
      value: tagText('1–256 ASCII letters, digits, _ and -.'),
    }),
    { error: 'must be an array of {name, value} objects' },
  )
  // Not .max(): zod's length check would also word a string given in place of the array.
  .superRefine((tags, ctx) => {
    if (tags.length > TAGS_MAX) ctx.addIssue({ code: 'custom', message: `must hold at most ${TAGS_MAX} tags` });
    const seen = new Set<string>();
    tags.forEach((tag, i) => {
      if (seen.has(tag.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `must be unique within an email (${tag.name} is given twice)` });
      seen.add(tag.name);
    });
  })
  .meta({ maxItems: TAGS_MAX })
  .describe(
    `Up to ${TAGS_MAX} tags to find and count the email by (list_emails and get_email_stats take a tag filter): {name, value}, each 1–${TAG_TEXT_MAX} ASCII letters, digits, _ and -, names unique within the email.`,
  );

/** A tag filter: a name (any value) or name:value. */
export interface TagFilter {
  name: string;
  value?: string | undefined;
}

/** The `tag` filter of list_emails and get_email_stats, parsed. */
export const tagFilterField = z
  .string({ error: 'must be a string' })
  .regex(/^[A-Za-z0-9_-]{1,256}(?::[A-Za-z0-9_-]{1,256})?$/, 'must be a tag name, or name:value (ASCII letters, digits, _ and -)')
  .transform((given): TagFilter => {
    const colon = given.indexOf(':');
    return colon < 0 ? { name: given } : { name: given.slice(0, colon), value: given.slice(colon + 1) };
  })
  .describe('Only emails carrying this tag: its name (any value), or name:value.');

/** A filter as given (`name` or `name:value`), for an answer to echo. */
export const formatTagFilter = (tag: TagFilter): string => (tag.value === undefined ? tag.name : `${tag.name}:${tag.value}`);

/**
 * The tags of an X-Mailgate-Tags header value, `name=value, name2=value2`, or
 * the problems that keep it from being read (paths under `path`).
 */
export function parseTagsHeader(value: string, path: string): { tags: EmailTag[] } | { details: ErrorDetail[] } {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const tags: EmailTag[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq < 0) return { details: [{ path, message: `must be name=value pairs separated by commas (${JSON.stringify(part)} has no =)` }] };
    tags.push({ name: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() });
  }
  const details = tagProblems(tags, path);
  return details.length > 0 ? { details } : { tags };
}
