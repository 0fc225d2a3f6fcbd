// Writes the README's tool list (between its markers) from the operation
// definitions: `npm run docs:tools`. test/unit/readme-tools.test.ts fails when
// the README's list and the definitions differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { describeTool, OPERATIONS } from '../src/index.ts';

export const START = '<!-- tools:start (npm run docs:tools) -->';
export const END = '<!-- tools:end -->';

/** The tools as a markdown table: name, what it does, and its behaviour. */
export function toolsTable(): string {
  const rows = OPERATIONS.map(describeTool).map((t) => {
    const a = t.annotations;
    const hints = [a.readOnlyHint ? 'read-only' : 'writes', a.destructiveHint && 'destructive', a.idempotentHint && 'idempotent', a.openWorldHint && 'sends mail']
      .filter(Boolean)
      .join(', ');
    return `| \`${t.name}\` | ${t.title} | ${hints} |`;
  });
  return ['| Tool | What it does | Behaviour |', '|---|---|---|', ...rows].join('\n');
}

export function withToolsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  return `${readme.slice(0, start + START.length)}\n${toolsTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const file = new URL('../README.md', import.meta.url);
  writeFileSync(file, withToolsTable(readFileSync(file, 'utf8')));
}
