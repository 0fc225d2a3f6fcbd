import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { v2ErrorBody } from './errors.ts';

/**
 * The dashboard at /app: the Vite build of web/ (scripts/build-web.mjs), found
 * beside the code: web/dist from the sources, dist/web/dist once compiled
 * (scripts/build.mjs copies it there).
 */
export const WEB_APP_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * The two <style> elements React Aria adds to the page (touch handling of pressable
 * elements, scroll locking under a modal), allowed by their hashes rather than by
 * allowing every inline style. test/e2e/web-app.test.ts recomputes them from React
 * Aria's sources: an upgrade that changes their text fails there.
 */
export const REACT_ARIA_STYLE_HASHES = ['sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=', 'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='];

/**
 * Everything the app loads is its own: scripts and styles from this origin only
 * (Vite emits no inline script; React Aria's two style elements by hash), data:
 * images (the icon), no plugin, no framing of the app, and the API on the same origin.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${REACT_ARIA_STYLE_HASHES.map((hash) => `'${hash}'`).join(' ')}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The hashed files (name-<hash>.js): a new build gives new names, so a browser may keep them for good. */
const ASSETS_PREFIX = '/app/assets/';

/**
 * GET /app and every path under it: index.html (the app routes in the browser),
 * with the CSP and no-cache, so that a new build is picked up at the next visit;
 * /app/assets/* from disk, cached immutable, and 404 when missing (a stale
 * asset must not come back as HTML). `/` leads to the app.
 */
export async function appPages(app: FastifyInstance, dir: string = WEB_APP_DIR): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app', 302));
  const indexFile = path.join(dir, 'index.html');
  const built = fs.existsSync(indexFile) && fs.existsSync(path.join(dir, 'assets'));
  if (built) {
    await app.register(
      async (assets) => {
        // A file the build does not have (an old page asking for a chunk since replaced): 404, whatever the method registry says of the path.
        assets.setNotFoundHandler((request, reply) =>
          reply.code(404).send(v2ErrorBody({ status: 404, name: 'not_found', message: `No file at ${request.url.split('?')[0]}` })),
        );
        await assets.register(fastifyStatic, {
          root: path.join(dir, 'assets'),
          prefix: '/',
          decorateReply: false,
          index: false,
          dotfiles: 'deny',
          cacheControl: true,
          maxAge: '365d',
          immutable: true,
          // The build wrote name.js.br and name.js.gz beside each script (scripts/build-web.mjs).
          preCompressed: true,
          setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
          schemaHide: true,
        });
      },
      { prefix: ASSETS_PREFIX },
    );
  }
  // Read at each visit (about a kilobyte): a rebuild while the server runs is served at once.
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!built) return notBuilt(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', APP_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'same-origin')
      .send(await fs.promises.readFile(indexFile));
  };
  app.get('/app', { schema: { hide: true } }, page);
  app.get('/app/*', { schema: { hide: true } }, page);
}

/** A checkout whose dashboard was never built (a production install without Vite, say): say how to build it. */
function notBuilt(reply: FastifyReply) {
  return reply
    .code(503)
    .type('text/plain; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send('The dashboard is not built on this server: run `npm run build:web` (it needs the dev dependencies), then restart.\n');
}
