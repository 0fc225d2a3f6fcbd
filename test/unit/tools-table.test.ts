import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOLS_DOC, withToolsTable } from '../../scripts/tools-table.ts';

describe(`${TOOLS_DOC}'s tool list`, () => {
  it('is the one the operation definitions make (run npm run docs:tools after adding an operation)', () => {
    const doc = readFileSync(new URL(`../../${TOOLS_DOC}`, import.meta.url), 'utf8');
    expect(doc).toBe(withToolsTable(doc));
  });
});
