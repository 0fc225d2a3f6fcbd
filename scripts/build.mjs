// `npm run build`: compile src/ and servers/ to plain JavaScript in dist/, file
// for file, so that `npm start` runs without a TypeScript loader. The loader
// (tsx) costs memory in every isolate — its hooks thread, the transformed
// sources — about 80 MB of resident memory for the server and its CPU thread,
// measured. Tests, benchmarks of parts and the CLI keep running the sources.
//
// Each .ts file becomes a .js file at the same place under dist/; relative
// imports of ./x.ts are rewritten to ./x.js, packages stay imports. dist/ gets
// package.json (the version, and "type": "module") and docs/ (served at /docs),
// which the code finds relative to itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** dist/, or the directory given (tests build into a temporary one). */
const out = path.resolve(root, process.argv[2] ?? 'dist');

function sources(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    // thread-entry.mjs only registers tsx for the sources' threads (threads/index.ts).
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every import stays an import: relative ones to the compiled sibling, packages as they are. */
const keepImports = {
  name: 'keep-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(out, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints: [...sources('src'), ...sources('servers')],
  outdir: out,
  outbase: '.',
  bundle: true,
  plugins: [keepImports],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  outExtension: { '.js': '.js' },
  logLevel: 'warning',
});
fs.copyFileSync(path.join(root, 'package.json'), path.join(out, 'package.json'));
fs.cpSync(path.join(root, 'docs'), path.join(out, 'docs'), { recursive: true });
// Not built (a production install without Vite): /app says how to build it.
const webApp = path.join(root, 'web', 'dist');
if (fs.existsSync(webApp)) fs.cpSync(webApp, path.join(out, 'web', 'dist'), { recursive: true });
