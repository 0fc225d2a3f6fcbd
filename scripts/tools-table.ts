// Writes the tool list of docs/mcp-and-oauth.md (between its markers) from the
// operation definitions: `npm run docs:tools`. test/unit/tools-table.test.ts
// fails when the list and the definitions differ.
import { describeTool, OPERATIONS } from '../src/index.ts';
import { isMain, withSection, writeSection } from './doc-section.ts';

export const TOOLS_DOC = 'docs/mcp-and-oauth.md';
const START = '<!-- tools:start (npm run docs:tools) -->';
const END = '<!-- tools:end -->';

/** The tools as a markdown table: name, what it does, and its behaviour. */
export function toolsTable(): string {
  const rows = OPERATIONS.map(describeTool).map((t) => {
    const a = t.annotations;
    const hints = [
      a.readOnlyHint ? 'read-only' : 'writes',
      a.destructiveHint && 'destructive',
      a.idempotentHint && 'idempotent',
      a.openWorldHint && 'sends mail',
    ]
      .filter(Boolean)
      .join(', ');
    return `| \`${t.name}\` | ${t.title} | ${hints} |`;
  });
  return ['| Tool | What it does | Behaviour |', '|---|---|---|', ...rows].join('\n');
}

export function withToolsTable(doc: string): string {
  return withSection(doc, START, END, toolsTable());
}

if (isMain(import.meta)) writeSection(TOOLS_DOC, START, END, toolsTable());
