import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The dashboard, served by the Mailgate server at /app (servers/http/app-pages.ts).
 * The SDK is bundled from its sources (sdk/src), so that the app always speaks the
 * API of this checkout, built or not; it imports no node: module.
 */
export default defineConfig({
  root: here,
  base: '/app/',
  plugins: [react()],
  resolve: {
    alias: { '@mailgate/sdk': path.join(here, '../sdk/src/index.ts') },
  },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    // The server's CSP allows no inline script: the module preload polyfill is not needed by the browsers we support.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    // .vite/manifest.json: which files each page loads (test/e2e/web-app.test.ts holds the first page's size to a budget). Not served.
    manifest: true,
    target: 'es2022',
    // index.html, and the first script of a page the server renders (src/boot.ts; servers/http/app-pages.ts names it).
    rollupOptions: { input: { index: path.join(here, 'index.html'), boot: path.join(here, 'src/boot.ts') } },
  },
});
