import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withToolsTable } from '../../scripts/readme-tools.ts';

describe("README's tool list", () => {
  it('is the one the operation definitions make (run npm run docs:tools after adding an operation)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withToolsTable(readme));
  });
});
