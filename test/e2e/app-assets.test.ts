import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPages } from '../../servers/http/app-pages.ts';

// The dashboard's files are served from memory: what the browser is sent
// (which copy, revalidation), and a rebuild while the server runs, over a
// listening server and a build of the test's own in a temporary directory.

const script = 'console.log("first build");'.repeat(40);

function writeBuild(dir: string, index: string, assets: Record<string, string>): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(assets)) {
    fs.writeFileSync(path.join(dir, 'assets', name), text);
    fs.writeFileSync(path.join(dir, 'assets', `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, 'assets', `${name}.gz`), zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(dir, 'index.html'), index);
}

describe('the dashboard build, served from memory', () => {
  let dir: string;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-app-assets-'));
    writeBuild(dir, '<script src="/app/assets/index-one.js"></script>', { 'index-one.js': script });
    app = Fastify();
    await appPages(app, dir);
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the copy the browser accepts, and the plain file to one that refuses both with q=0', async () => {
    const get = (acceptEncoding: string) => fetch(`${url}/app/assets/index-one.js`, { headers: { 'accept-encoding': acceptEncoding } });
    const raw = async (answer: Response) => Buffer.from(await answer.arrayBuffer());
    // fetch decodes what it is sent: the header says which copy came.
    const br = await get('br, gzip');
    expect([br.status, br.headers.get('content-encoding'), br.headers.get('vary')]).toEqual([200, 'br', 'Accept-Encoding']);
    expect((await raw(br)).toString()).toBe(script);
    expect((await get('gzip, br;q=0')).headers.get('content-encoding')).toBe('gzip');
    const plain = await get('br;q=0, gzip;q=0.0');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await raw(plain)).toString()).toBe(script);
  });

  it('answers a request that names the copy it holds with 304 and no body', async () => {
    const first = await fetch(`${url}/app/assets/index-one.js`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await fetch(`${url}/app/assets/index-one.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(`${url}/app/assets/index-one.js`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('serves a rebuild made while it runs: the new page and its new files, and 404 for a name no build has', async () => {
    expect((await fetch(`${url}/app/assets/index-two.js`)).status).toBe(404);
    // A later modification time, as a rebuild would leave (some file systems keep whole seconds).
    writeBuild(dir, '<script src="/app/assets/index-two.js"></script>', { 'index-two.js': 'console.log("second build");' });
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    expect(await (await fetch(`${url}/app/emails`)).text()).toBe('<script src="/app/assets/index-two.js"></script>');
    expect(await (await fetch(`${url}/app/assets/index-two.js`)).text()).toBe('console.log("second build");');
    const missing = await fetch(`${url}/app/assets/index-three.js`);
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, null]);
    expect((await fetch(`${url}/app/assets/index-one.js.br`)).status).toBe(404);
  });
});
