import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../src/index.ts';
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
 * (Vite emits no inline script; React Aria's two style elements by hash, and on a
 * signed-in page the build's own style sheets, written into it, by theirs), data:
 * images (the icon), no plugin, no framing of the app, and the API on the same origin.
 * Style attributes are allowed: a page rendered on the server writes in attributes
 * the styles its scripts set through the DOM (which no CSP governs), a progress
 * bar's width, say; a style attribute runs nothing and selects nothing.
 */
export function appCsp(styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${[...REACT_ARIA_STYLE_HASHES, ...styleHashes].map((hash) => `'${hash}'`).join(' ')}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The CSP of a page as built (index.html, every page to a signed-out browser). */
export const APP_CSP = appCsp();

/** A CSP source's hash of an inline element's text. */
export const styleHash = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;

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
  /**
   * index.html in the parts a signed-in page is written from: `head`, up to its
   * </head>, with the app loaded by the build's first script (web/src/boot.ts)
   * instead, once the browser has painted; then up to the empty #root (`before`),
   * where a page rendered here goes, and the rest. Null when the build has no such parts.
   */
  around: { head: (preload: readonly string[]) => string; before: string; after: string } | null;
  /** What a page module loads ('src/pages/audience.tsx' → …), beyond what index.html names, from the build's manifest. */
  pageFiles: (module: string) => PageFiles;
  /** The CSP of a signed-in page, whose style sheets are written into it: the build's every sheet allowed by its hash. */
  signedInCsp: string;
  /** The renderer's module (web/src/entry-server.tsx built), imported at its first use. */
  rendererFile: string | null;
}

/** What the renderer gives: the page's markup for #root and its state as JSON, safe inside a <script> element. */
interface Rendered {
  root: string;
  state: string;
}

/** What the renderer exports (web/src/entry-server.tsx). */
interface Renderer {
  render(request: { url: string; cookies: Record<string, string | undefined>; fetch: typeof fetch }): Promise<Rendered | null>;
  pageModule(url: string): string | null;
}

/** A chunk as the build's manifest (web/dist/.vite/manifest.json) describes it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** A page module's own files: its style sheets as <style> elements (a page rendered here shows before its chunk has loaded), and its scripts' addresses. */
interface PageFiles {
  styles: string;
  scripts: string[];
}

function readManifest(dir: string): Record<string, ManifestChunk> {
  const file = path.join(dir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** For each page module, its chunk, the chunks it imports and their styles, but for what index.html already names. */
function pageFilesOf(manifest: Record<string, ManifestChunk>, html: string, sheets: ReadonlyMap<string, string>): (module: string) => PageFiles {
  const cache = new Map<string, PageFiles>();
  return (module) => {
    let files = cache.get(module);
    if (files === undefined) {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || scripts.has(chunk.file)) return;
        scripts.add(chunk.file);
        for (const css of chunk.css ?? []) styles.add(css);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(module);
      const named = (file: string) => html.includes(`/app/${file}"`);
      files = {
        styles: [...styles]
          .filter((file) => !named(file))
          .map((file) => styleElement(sheets, file))
          .join(''),
        scripts: [...scripts].filter((file) => !named(file)).map((file) => `/app/${file}`),
      };
      cache.set(module, files);
    }
    return files;
  };
}

/** A style sheet of the build written into the page, or its <link> when the build does not have it. */
function styleElement(sheets: ReadonlyMap<string, string>, file: string): string {
  const text = sheets.get(file);
  return text === undefined ? `<link rel="stylesheet" crossorigin href="/app/${file}">` : `<style>${text}</style>`;
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLE_SHEET = /<link rel="stylesheet" crossorigin href="\/app\/([^"]+)">/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * index.html's head with the app loaded by the boot script (web/src/boot.ts)
 * after the first paint: the entry's <script> and its modulepreload links become
 * the boot script's data-app and data-preload (the page's own scripts joining
 * them). Null when the head is not as Vite writes it, or the build has no boot script.
 */
function headLoadingAfterPaint(head: string, boot: string | undefined, sheets: ReadonlyMap<string, string>): ((preload: readonly string[]) => string) | null {
  const withoutPreloads = head.replace(MODULE_PRELOAD, '').replace(STYLE_SHEET, (_link, file: string) => styleElement(sheets, file));
  const entry = ENTRY_SCRIPT.exec(withoutPreloads);
  if (!boot || !entry) return null;
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const start = withoutPreloads.slice(0, entry.index);
  const end = withoutPreloads.slice(entry.index + entry[0].length);
  return (preload) =>
    `${start}<script type="module" crossorigin src="/app/${boot}" data-app="${entry[1]}" data-preload="${[...preloads, ...preload].join(' ')}"></script>${end}`;
}

const EMPTY_ROOT = '<div id="root"></div>';
/** The element the page's script reads the rendered state from (SERVER_STATE_ID in web/src/app.tsx). */
const STATE_SCRIPT = (state: string) => `<script type="application/json" id="mailgate-state">${state}</script>`;

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
  const index = fs.readFileSync(indexFile);
  const html = index.toString('utf8');
  const at = html.indexOf(EMPTY_ROOT);
  const headEnd = html.indexOf('</head>');
  const rendererFile = path.join(dir, 'server', 'entry-server.js');
  const manifest = readManifest(dir);
  // The style sheets (a few KB), written into signed-in pages: the page shows without waiting for them from a busy server.
  const sheets = new Map<string, string>();
  for (const [name, asset] of assets) if (name.endsWith('.css')) sheets.set(`assets/${name}`, asset.identity.toString('utf8'));
  const head = at < 0 || headEnd < 0 || headEnd > at ? null : headLoadingAfterPaint(html.slice(0, headEnd), manifest['src/boot.ts']?.file, sheets);
  return {
    index,
    indexMtimeMs: fs.statSync(indexFile).mtimeMs,
    assets,
    around: head && { head, before: html.slice(headEnd, at), after: html.slice(at + EMPTY_ROOT.length) },
    pageFiles: pageFilesOf(manifest, html, sheets),
    signedInCsp: appCsp([...sheets.values()].map(styleHash)),
    rendererFile: fs.existsSync(rendererFile) ? rendererFile : null,
  };
}

/**
 * A fetch for the renderer that reaches this server's API as the person whose page
 * it renders: their cookies go along, through the whole request pipeline (session,
 * scope, rate limit), in process. A render only reads: any other method is refused.
 */
function fetchAs(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new TypeError(`A page rendered on the server only reads: ${method} refused`);
    const target = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = Object.fromEntries(new Headers(init?.headers));
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
    const answer = await app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers, remoteAddress: request.ip });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) answerHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers: answerHeaders });
  };
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
 * GET /app and every path under it. Signed out: index.html as built (the app
 * routes in the browser), with the CSP and no-cache, so that a new build is picked
 * up at the next visit. With a session cookie: no-store, its head sent at once
 * (the style sheets written in, the scripts loaded after the first paint), then
 * the body: a busiest page (the Overview, the email log, the audience, a campaign)
 * rendered with its data by the build's renderer (web/src/entry-server.tsx), for
 * the page's scripts to take over, or, for anything the renderer declines or
 * fails at, index.html's empty #root for the browser to render;
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

  /** The renderer of `served`, imported once per build (a new build's under a new address, so that it is read again); null when it has none. */
  const renderers = new Map<string, Promise<Renderer | null>>();
  const rendererOf = (served: Build): Promise<Renderer | null> => {
    if (!served.rendererFile) return Promise.resolve(null);
    const key = `${pathToFileURL(served.rendererFile).href}?build=${served.indexMtimeMs}`;
    let renderer = renderers.get(key);
    if (!renderer) {
      renderer = import(key).then(
        (module: Renderer) => module,
        (cause: unknown) => {
          app.log.warn({ err: cause }, 'the dashboard renderer could not be loaded: pages are rendered in the browser');
          return null;
        },
      );
      renderers.set(key, renderer);
    }
    return renderer;
  };

  /** The page rendered here with its data (a signed-in person's busiest pages), or null: the browser renders it. */
  const rendered = async (request: FastifyRequest, renderer: Renderer, url: string): Promise<Rendered | null> => {
    try {
      return await renderer.render({ url, cookies: request.cookies, fetch: fetchAs(app, request) });
    } catch (cause) {
      request.log.warn({ err: cause }, 'a dashboard page could not be rendered on the server: the browser renders it');
      return null;
    }
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const served = current();
    if (!served) return notBuilt(reply);
    reply.type('text/html; charset=utf-8').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'same-origin').header('Vary', 'Cookie');
    const renderer = served.around && request.cookies?.[SESSION_COOKIE] ? await rendererOf(served) : null;
    if (!renderer || !served.around) {
      // Signed out (the sign-in page, say): the page as built. The renderer is imported meanwhile, ready for the first page it renders.
      void rendererOf(served);
      return reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', APP_CSP).send(served.index);
    }
    // Signed in: the page's head goes at once, with the page's style sheets written into it; the body
    // follows, rendered, or empty for the browser to render. The scripts load once the browser has painted
    // it (web/src/boot.ts). Kept by no cache: it may hold the person's own data.
    // Only the path and the query count (the renderer's requests go to this app in process): not the Host header.
    const url = `http://localhost${request.url}`;
    const module = renderer.pageModule(url);
    const files = module ? served.pageFiles(module) : { styles: '', scripts: [] };
    const body = new PassThrough();
    reply.header('Cache-Control', 'no-store').header('Content-Security-Policy', served.signedInCsp).send(body);
    body.write(`${served.around.head(files.scripts)}${files.styles}${served.around.before}`);
    const page = await rendered(request, renderer, url);
    body.end(page ? `<div id="root">${page.root}</div>${STATE_SCRIPT(page.state)}${served.around.after}` : `${EMPTY_ROOT}${served.around.after}`);
    return reply;
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
