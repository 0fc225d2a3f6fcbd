// Writes the table of environment variables in docs/configuration.md (between
// its markers) from the config schema in src/config.ts, where each variable's
// description and default live: `npm run docs:config`.
// test/unit/config-table.test.ts fails when the table and the schema differ.
import type { z } from 'zod';
import { envSchema } from '../src/config.ts';
import { isMain, withSection, writeSection } from './doc-section.ts';

export const CONFIG_DOC = 'docs/configuration.md';
const START = '<!-- config:start (npm run docs:config) -->';
const END = '<!-- config:end -->';

/** The schema's own default, looked for through the wrappers a variable's schema has; undefined when it has none (unset). */
export function defaultOf(schema: z.ZodType): unknown {
  const def = schema.def as { type: string; defaultValue?: unknown; innerType?: z.ZodType; in?: z.ZodType };
  if (def.type === 'default') return def.defaultValue;
  if (def.type === 'pipe') return defaultOf(def.in!);
  if (def.type === 'optional') return undefined;
  return def.innerType ? defaultOf(def.innerType) : undefined;
}

/** One row per variable, in the schema's order: its name, its default (or unset) and its description. */
export function configTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]: [string, z.ZodType]) => {
    if (!schema.description) throw new Error(`src/config.ts: ${name} has no .describe(…)`);
    const value = defaultOf(schema);
    const shown = value === undefined ? 'unset' : `\`${String(value)}\``;
    return `| \`${name}\` | ${shown} | ${schema.description.replaceAll('|', '\\|')} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

export function withConfigTable(doc: string): string {
  return withSection(doc, START, END, configTable());
}

if (isMain(import.meta)) writeSection(CONFIG_DOC, START, END, configTable());
