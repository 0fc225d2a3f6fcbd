// Builds the SDK into dist/ (ESM and .d.ts) with the TypeScript compiler. Run by
// `npm install` at the repository root (this workspace's prepare script) and by
// `npm run build -w sdk`. A production install has no compiler: it says so and
// leaves the SDK unbuilt rather than failing the install.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  console.log('@mailgate/sdk: not built (typescript is not installed here); npm run build -w sdk builds it');
  process.exit(0);
}
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: here, stdio: 'inherit' });
process.exit(result.status ?? 1);
