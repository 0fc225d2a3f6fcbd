// The generated parts of the documentation sit between two HTML comments; these
// write one (the scripts) and read one back (the tests that keep them in step).
import { readFileSync, writeFileSync } from 'node:fs';

/** The text with what lies between `start` and `end` replaced by `content`; throws when the markers are missing. */
export function withSection(text: string, start: string, end: string, content: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} section`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

/** Rewrites the section of a repository file (a path from the repository's root). */
export function writeSection(file: string, start: string, end: string, content: string): void {
  const url = new URL(`../${file}`, import.meta.url);
  writeFileSync(url, withSection(readFileSync(url, 'utf8'), start, end, content));
}

/** True when this module is the script node was asked to run. */
export function isMain(meta: ImportMeta): boolean {
  return process.argv[1] !== undefined && meta.url.endsWith(process.argv[1].split('/').pop()!);
}
