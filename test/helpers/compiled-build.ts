// globalSetup of the process tier (vitest.config.ts): compile src/ and servers/ once
// per run, as `npm start` does (scripts/build.mjs), into a directory of this run's
// own. Every child process a test starts runs from it with plain node, instead of
// compiling the TypeScript sources through tsx as it starts (and again in its render thread).
// Not dist/: test/process/compiled-server.test.ts runs the real `npm start`, which rebuilds dist/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled tree of this run: servers/main.js, servers/cli/main.js, … */
    compiledDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function buildOnce(project: TestProject): () => void {
  // Inside the repository (dist-test-*/ is ignored by git), so that the compiled files find node_modules.
  const dir = path.join(root, `dist-test-${process.pid}`);
  execFileSync(process.execPath, ['scripts/build.mjs', dir], { cwd: root, stdio: 'inherit' });
  project.provide('compiledDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
