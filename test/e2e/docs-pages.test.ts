import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// What a person sees at /docs and /docs/rate-limits: Mailgate's name (not
// Swagger UI's title, nor the Fastify logo @fastify/swagger-ui shows by default),
// and pages that load nothing from elsewhere.

/** The logo @fastify/swagger-ui puts in the top bar unless told otherwise. */
async function fastifyLogo(): Promise<Buffer> {
  const pluginDir = path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui'));
  return fs.readFile(path.join(pluginDir, 'static', 'logo.svg'));
}

describe('/docs and its pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => server?.close());

  it("is titled with Mailgate's name, and its logo and icon are Mailgate's, served from here", async () => {
    const page = await fetch(`${server.url}/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Mailgate API reference</title>');
    expect(html).not.toContain('Swagger UI');

    // The top bar's logo is set by the initializer, as a data: URL.
    const init = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
    const logos = [...init.matchAll(/img\.src = 'data:image\/svg\+xml;base64,([^']+)'/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8'));
    expect(logos).toHaveLength(1);
    expect(logos[0]).toContain('>Mailgate</text>');

    const fastify = await fastifyLogo();
    expect(init).not.toContain(fastify.toString('base64'));
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    const icon = assets.find((a) => a.endsWith('/theme/mailgate.svg'));
    expect(icon, 'the icon is linked').toBeDefined();
    for (const asset of assets) {
      expect(asset, 'assets come from this server').not.toMatch(/^(https?:)?\/\//);
      const res = await fetch(new URL(asset, `${server.url}/docs/`));
      expect(res.status, asset).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(fastify), `${asset} is not the Fastify logo`).toBe(false);
    }
    const favicon = await fetch(new URL(icon!, `${server.url}/docs/`));
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await favicon.text()).toContain('>M</text>');
  });

  it('styles /docs/rate-limits with its own inline style sheet, and loads nothing else', async () => {
    const page = await fetch(`${server.url}/docs/rate-limits`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">/);
    expect(html).toMatch(/<style>body\{[^}]*max-width:46rem[^}]*\}.*table\{border-collapse:collapse/);
    expect(html).not.toMatch(/<link|<script|@import|url\(/);
    expect(html).toContain('<h1>Rate limits</h1>');
  });
});
