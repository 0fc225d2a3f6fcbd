// globalSetup (vitest.config.ts): build the dashboard into web/dist, which the
// servers of the tests serve at /app, when its sources changed since the last
// build (scripts/build-web.mjs keeps a stamp); a no-op of a few milliseconds otherwise.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function buildWebApp(): void {
  execFileSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });
}
