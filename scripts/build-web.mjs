// `npm run build:web`: build the dashboard (web/, a Vite + React app) into
// web/dist, which the HTTP server serves at /app (servers/http/app-pages.ts).
// Run at `npm install` (postinstall), `npm start` (prestart) and before the tests
// (vitest globalSetup), so it is a no-op when nothing changed: the sources it is
// made from (web/, sdk/src, the lockfile, this script) are hashed into
// web/.build-stamp, and a build happens only when the hash differs or web/dist
// is gone. `--force` builds regardless.
//
// A production install (`npm ci --omit=dev`) has no Vite: it says so and leaves
// the app unbuilt rather than failing the install (the Dockerfile builds it in a
// stage of its own).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
const outDir = path.join(webDir, 'dist');
const stampFile = path.join(webDir, '.build-stamp');

/** Every file under dir (sorted, so the hash does not depend on the file system's order), without the build's own output. */
function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !['dist', 'node_modules', '.build-stamp'].includes(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

function sourceHash() {
  const hash = crypto.createHash('sha256');
  const inputs = [...files(webDir), ...files(path.join(root, 'sdk', 'src')), path.join(root, 'package-lock.json'), fileURLToPath(import.meta.url)];
  for (const file of inputs) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.log('build-web: no web/ sources here; the dashboard is not built');
  process.exit(0);
}
try {
  createRequire(import.meta.url).resolve('vite');
} catch {
  console.log('build-web: Vite is not installed here (a production install); the dashboard is not rebuilt. npm run build:web builds it');
  process.exit(0);
}

const hash = sourceHash();
const upToDate = fs.existsSync(path.join(outDir, 'index.html')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === hash;
if (upToDate && !process.argv.includes('--force')) process.exit(0);

const started = Date.now();
// Always the production build: a caller's NODE_ENV (vitest sets `test`) would
// otherwise give React's development build, larger and slower than what ships.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
await build({ configFile: path.join(webDir, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
// The server's renderer of the busiest pages' first view (web/src/entry-server.tsx),
// for Node: one module holding everything it imports (React's server renderer among
// them), so that the server needs none of the dashboard's packages installed to run
// it, and can import a new build's beside the old one's (the pages' chunks would
// import the entry again, without the address that tells the builds apart).
await build({
  configFile: path.join(webDir, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  ssr: { noExternal: true },
  // React's production build, whatever NODE_ENV the server runs with (an SSR build leaves process.env to run time).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: path.join(webDir, 'src', 'entry-server.tsx'),
    outDir: path.join(outDir, 'server'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    target: 'node20',
    rollupOptions: { input: path.join(webDir, 'src', 'entry-server.tsx'), output: { inlineDynamicImports: true } },
  },
});
// Each script and style sheet also compressed beside itself (.br, .gz), once here: the server
// sends the one the browser accepts (servers/http/app-pages.ts) and compresses nothing per request.
const assetsDir = path.join(outDir, 'assets');
for (const name of fs.readdirSync(assetsDir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const bytes = fs.readFileSync(path.join(assetsDir, name));
  fs.writeFileSync(path.join(assetsDir, `${name}.br`), zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(path.join(assetsDir, `${name}.gz`), zlib.gzipSync(bytes, { level: 9 }));
}
fs.writeFileSync(stampFile, `${hash}\n`);
console.log(`build-web: the dashboard was built into web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
