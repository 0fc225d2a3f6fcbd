import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** One built file and the compressed copies the build wrote beside it (name.br, name.gz). */
interface Asset {
  type: string;
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** The build as it is on disk: index.html and every asset, read once (a few megabytes), keyed by file name. */
interface Build {
  index: Buffer;
  indexMtimeMs: number;
  assets: Map<string, Asset>;
}

function readBuild(dir: string): Build | null {
  const indexFile = path.join(dir, 'index.html');
  const assetsDir = path.join(dir, 'assets');
  if (!fs.existsSync(indexFile) || !fs.existsSync(assetsDir)) return null;
  const assets = new Map<string, Asset>();
  const names = new Set(fs.readdirSync(assetsDir));
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz') || name.startsWith('.')) continue;
    const identity = fs.readFileSync(path.join(assetsDir, name));
    const copy = (suffix: string) => (names.has(name + suffix) ? fs.readFileSync(path.join(assetsDir, name + suffix)) : null);
    assets.set(name, {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
      br: copy('.br'),
      gzip: copy('.gz'),
    });
  }
  return { index: fs.readFileSync(indexFile), indexMtimeMs: fs.statSync(indexFile).mtimeMs, assets };
}

/** Which copy to send: brotli, then gzip, when the browser accepts it (and does not refuse it with q=0). */
function encodingFor(asset: Asset, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (asset.br && accepted.has('br')) return 'br';
  if (asset.gzip && accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * GET /app and every path under it: index.html (the app routes in the browser),
 * with the CSP and no-cache, so that a new build is picked up at the next visit;
 * /app/assets/* cached immutable, and 404 when missing (a stale asset must not
 * come back as HTML). `/` leads to the app.
 *
 * The build is served from memory, each answer written at once: a page load
 * takes no turn on libuv's threads (they sync the database's log, and under a
 * campaign's send a read from disk, chunk by chunk, waited behind that work for
 * seconds) and no file is opened per request. A rebuild while the server runs
 * (index.html changed on disk) is read again at the next visit.
 */
export async function appPages(app: FastifyInstance, dir: string = WEB_APP_DIR): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app', 302));
  const indexFile = path.join(dir, 'index.html');
  let build = readBuild(dir);
  /** The build, read again when index.html changed since (a stat of one file: microseconds, off the thread pool). */
  const current = (): Build | null => {
    if (!build) return null;
    const mtimeMs = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs !== undefined && mtimeMs !== build.indexMtimeMs) build = readBuild(dir) ?? build;
    return build;
  };

  app.get(`${ASSETS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = build?.assets.get(name) ?? current()?.assets.get(name);
    // A file the build does not have (an old page asking for a chunk since replaced): 404.
    if (!asset) return reply.code(404).send(v2ErrorBody({ status: 404, name: 'not_found', message: `No file at ${request.url.split('?')[0]}` }));
    reply
      .type(asset.type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', asset.etag)
      .header('Vary', 'Accept-Encoding')
      .header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const encoding = encodingFor(asset, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.identity);
  });

  const page = async (_request: unknown, reply: FastifyReply) => {
    const served = current();
    if (!served) return notBuilt(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', APP_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'same-origin')
      .send(served.index);
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
