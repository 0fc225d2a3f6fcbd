import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { APP_CSP, appCsp, REACT_ARIA_STYLE_HASHES, styleHash, WEB_APP_DIR } from '../../servers/http/app-pages.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, type SignedIn, signIn } from '../helpers/users.ts';

// The dashboard at /app, as a browser meets it: the page with its CSP, its hashed
// files cached for good, client routes answered with the page, a missing file
// refused, and nothing loaded from anywhere else. web/dist is built before the
// run (test/helpers/web-build.ts).

/** The files a built page names: script src, stylesheet and icon href. */
function referencedFiles(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Every JS file a chunk loads before it runs: itself and its static imports, transitively. */
function loadedWith(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]!;
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dependency of chunk.imports ?? []) loadedWith(manifest, dependency, seen);
  return seen;
}

/**
 * Hosts of the URLs that begin a string in the bundles (what a script could
 * load: a CDN's address would be one), none of them loaded: SVG and XML
 * namespaces, React's links to its error pages, the base URL parsing falls back
 * on, and the SDK's default address outside a browser. (URLs inside prose, in
 * libraries' warnings, are not counted.)
 */
const NEVER_LOADED_HOSTS = new Set(['www.w3.org', 'react.dev', 'localhost', '127.0.0.1']);

describe('the dashboard at /app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => server?.close());

  it('serves the page with a strict CSP, never cached stale', async () => {
    const page = await fetch(`${server.url}/app`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(APP_CSP).toBe(
      "default-src 'self'; script-src 'self'; " +
        "style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=' 'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='; " +
        "style-src-attr 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    const html = await page.text();
    expect(html).toBe(fs.readFileSync(path.join(WEB_APP_DIR, 'index.html'), 'utf8'));
    expect(html).toMatch(/<script type="module" crossorigin src="\/app\/assets\/index-[\w-]+\.js"><\/script>/);
    // The CSP allows no inline script: the page has none.
    expect(html.match(/<script\b[^>]*>/g)!.every((tag) => / src="/.test(tag))).toBe(true);
    expect((await fetch(`${server.url}/app/`)).status).toBe(200);
  });

  it('allows by hash exactly the style elements React Aria adds (as this version writes them)', () => {
    // The react-aria that react-aria-components (and so the bundle) uses: dist/exports/index.* → dist/private/.
    const entry = createRequire(createRequire(import.meta.url).resolve('react-aria-components')).resolve('react-aria');
    const reactAria = path.join(path.dirname(entry), '..', 'private');
    const hashes: string[] = [];
    for (const file of ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs']) {
      const source = fs.readFileSync(path.join(reactAria, file), 'utf8');
      const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1];
      for (const m of source.matchAll(/style\.textContent = `([^`]*)`\.trim\(\)/g)) {
        const text = m[1]!.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/g, attribute!).trim();
        hashes.push(`sha256-${createHash('sha256').update(text).digest('base64')}`);
      }
    }
    expect(hashes).toEqual(REACT_ARIA_STYLE_HASHES);
  });

  it('serves each hashed file with its type, cached immutable', async () => {
    const html = await (await fetch(`${server.url}/app`)).text();
    const files = referencedFiles(html).filter((f) => f.startsWith('/app/assets/'));
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const answer = await fetch(`${server.url}${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('content-type'), file).toMatch(
        file.endsWith('.js') ? /^application\/javascript; charset=utf-8$/ : /^text\/css; charset=utf-8$/,
      );
      expect(Buffer.from(await answer.arrayBuffer()).equals(fs.readFileSync(path.join(WEB_APP_DIR, file.slice('/app/'.length)))), file).toBe(true);
    }
  });

  it('sends a script compressed as the browser accepts it (brotli, gzip), and as it is to one that accepts neither', async () => {
    const html = await (await fetch(`${server.url}/app`)).text();
    const file = referencedFiles(html).find((f) => f.endsWith('.js'))!;
    const original = fs.readFileSync(path.join(WEB_APP_DIR, file.slice('/app/'.length)));
    const get = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${file}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const br = await get('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 2);
    const gz = await get('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('answers every client route with the page, and a missing file with 404', async () => {
    const html = fs.readFileSync(path.join(WEB_APP_DIR, 'index.html'), 'utf8');
    for (const route of ['/app/emails/eml_x', '/app/sign-in?next=%2Femails', '/app/accept-invitation', '/app/no/such/page']) {
      const answer = await fetch(`${server.url}${route}`);
      expect(answer.status, route).toBe(200);
      expect(answer.headers.get('content-security-policy'), route).toBe(APP_CSP);
      expect(await answer.text(), route).toBe(html);
    }
    const missing = await fetch(`${server.url}/app/assets/x.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.headers.get('cache-control')).toBeNull();
    // The build's manifest stays private.
    expect((await fetch(`${server.url}/app/assets/../.vite/manifest.json`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('leads from / to /app', async () => {
    const answer = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/app');
  });

  it('loads nothing from another site', () => {
    const html = fs.readFileSync(path.join(WEB_APP_DIR, 'index.html'), 'utf8');
    for (const file of referencedFiles(html)) expect(file, file).toMatch(/^(\/app\/assets\/|data:image\/svg\+xml,)/);
    const assets = fs.readdirSync(path.join(WEB_APP_DIR, 'assets'));
    for (const name of assets.filter((n) => n.endsWith('.css'))) {
      const css = fs.readFileSync(path.join(WEB_APP_DIR, 'assets', name), 'utf8');
      expect(css, name).not.toMatch(/@import|url\(\s*['"]?(https?:)?\/\//);
    }
    const hosts = new Set<string>();
    for (const name of assets.filter((n) => n.endsWith('.js'))) {
      const js = fs.readFileSync(path.join(WEB_APP_DIR, 'assets', name), 'utf8');
      // Chunks import each other by relative path; nothing names another host without a scheme either.
      expect(js, name).not.toMatch(/["'`]\/\/[a-z0-9-]+\.[a-z]/i);
      for (const m of js.matchAll(/["'`](?:https?|wss?):\/\/([a-z0-9.-]+)/gi)) hosts.add(m[1]!);
      // The SDK is bundled for the browser: no Node built-in came along.
      expect(js, name).not.toMatch(/\bfrom\s*["']node:|require\(["']node:/);
    }
    expect([...hosts].filter((host) => !NEVER_LOADED_HOSTS.has(host))).toEqual([]);
  });

  it('keeps the first page (the shell and sign-in) under 250 KB of gzipped JavaScript', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_APP_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const files = loadedWith(manifest, 'src/pages/sign-in.tsx', loadedWith(manifest, entry));
    const gzipped = [...files].reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(WEB_APP_DIR, file))).length, 0);
    expect(gzipped).toBeGreaterThan(50_000); // React and the router at least: the manifest was read right.
    expect(gzipped).toBeLessThanOrEqual(250_000);
    // Every other screen is its own chunk, not in the first page.
    expect(files.has(manifest['src/pages/overview.tsx']!.file)).toBe(false);
  });
});

describe('the busiest pages, rendered on the server', () => {
  /** Where the dashboard's script tells the server its locale and time zone. */
  const INTL_COOKIE = 'mailgate_intl';
  let server: TestServer;
  let meg: SignedIn;
  const intl = `${INTL_COOKIE}=${encodeURIComponent('en-GB Europe/London')}`;
  const get = (path: string, cookie: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
  /** A signed-in page's CSP: the build's own style sheets, written into the page, allowed by their hashes. */
  const signedInCsp = () =>
    appCsp(
      fs
        .readdirSync(path.join(WEB_APP_DIR, 'assets'))
        .filter((name) => name.endsWith('.css'))
        .map((name) => styleHash(fs.readFileSync(path.join(WEB_APP_DIR, 'assets', name), 'utf8'))),
    );
  const stateOf = (html: string) => {
    const json = html.match(/<script type="application\/json" id="mailgate-state">(.*?)<\/script>/s)?.[1];
    return json === undefined ? null : (JSON.parse(json) as { intl: unknown; queries: { queries: { queryKey: unknown[] }[] } });
  };

  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    await createUser(server, { email: 'meg@example.com', role: 'member' });
    meg = await signIn(server, 'meg@example.com');
    await server.api('/api/v2/subscribers', { body: { email: 'ada@shop.example', first_name: 'Ada' } });
  });
  afterAll(async () => server?.close());

  it('writes the page with its data and hands its state over, kept by no cache', async () => {
    const res = await get('/app/audience', `${meg.cookie}; ${intl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toBe('Cookie');
    expect(res.headers.get('content-security-policy')).toBe(signedInCsp());
    const html = await res.text();
    expect(html).toContain('ada@shop.example</a>');
    const state = stateOf(html);
    expect(state?.intl).toEqual({ locale: 'en-GB', timeZone: 'Europe/London' });
    expect(state?.queries.queries.map((q) => q.queryKey[0]).sort()).toEqual(['session', 'subscribers']);
    // The page's script still comes from its file; the state is data, which the CSP does not run.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      expect.stringMatching(/ src="\/app\/assets\/boot-/),
      '<script type="application/json" id="mailgate-state">',
    ]);
    // The style sheets, the page's own among them, written into its head: it shows without waiting for another file.
    const head = html.split('</head>')[0]!;
    expect(head).not.toContain('rel="stylesheet"');
    for (const name of fs.readdirSync(path.join(WEB_APP_DIR, 'assets')).filter((n) => /^(index|settings|audience)-[\w-]+\.css$/.test(n)))
      expect(head, name).toContain(`<style>${fs.readFileSync(path.join(WEB_APP_DIR, 'assets', name), 'utf8')}</style>`);
  });

  it('leaves the page to the browser without a session, a locale it knows, or a page it renders', async () => {
    const index = fs.readFileSync(path.join(WEB_APP_DIR, 'index.html'), 'utf8');
    const [indexHead, indexBody] = index.split('</head>') as [string, string];
    const entry = indexHead.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)![1]!;
    const indexPreloads = [...indexHead.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    for (const [path, cookie] of [
      ['/app/audience', intl],
      ['/app/audience', `mailgate_session=not-a-session; ${intl}`],
      ['/app/audience', meg.cookie],
      ['/app/audience', `${meg.cookie}; ${INTL_COOKIE}=${encodeURIComponent('en-GB Mars/Olympus_Mons')}`],
      ['/app/audience', `${meg.cookie}; ${INTL_COOKIE}=%E0%A4%A`],
      ['/app/tokens', `${meg.cookie}; ${intl}`],
      ['/app/campaigns/cmp_00000000000000000000000000', `${meg.cookie}; ${intl}`],
    ] as const) {
      const what = `${path} with ${cookie}`;
      const res = await get(path, cookie);
      expect(res.status, what).toBe(200);
      const html = await res.text();
      if (!cookie.includes('mailgate_session=')) {
        expect(res.headers.get('cache-control'), what).toBe('no-cache');
        expect(res.headers.get('content-security-policy'), what).toBe(APP_CSP);
        expect(html, what).toBe(index);
        continue;
      }
      // With a session cookie the page's head went before the renderer had answered: kept by no cache,
      // whatever followed; its scripts loaded by the boot script after the first paint, the page's own too.
      expect(res.headers.get('cache-control'), what).toBe('no-store');
      expect(res.headers.get('content-security-policy'), what).toBe(signedInCsp());
      const [head, body] = html.split('</head>') as [string, string];
      expect(body, what).toBe(indexBody);
      expect(head, what).not.toContain('rel="modulepreload"');
      const boot = head.match(/<script type="module" crossorigin src="\/app\/assets\/boot-[\w-]+\.js" data-app="([^"]+)" data-preload="([^"]*)"><\/script>/);
      expect(boot?.[1], what).toBe(entry);
      const preload = boot![2]!.split(' ');
      expect(preload.slice(0, indexPreloads.length), what).toEqual(indexPreloads);
      if (path === '/app/audience')
        expect(
          preload.some((file) => /^\/app\/assets\/audience-[\w-]+\.js$/.test(file)),
          what,
        ).toBe(true);
      if (path === '/app/tokens')
        expect(
          preload.some((file) => /^\/app\/assets\/tokens-[\w-]+\.js$/.test(file)),
          what,
        ).toBe(true);
    }
  });
});
