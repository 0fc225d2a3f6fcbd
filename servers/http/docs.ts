import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { markdownToHtml } from '../../src/index.ts';

/** Pages a client is pointed to (the v1 429 body's `docs`), served from docs/*.md. */
const PAGES: Record<string, { file: URL; title: string }> = {
  'rate-limits': { file: new URL('../../docs/rate-limits.md', import.meta.url), title: 'Mailgate rate limits' },
};

export const RATE_LIMITS_DOC_PATH = '/docs/rate-limits';

/** Readable on any screen, inline: the page loads nothing else. */
const PAGE_STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}' +
  'h1,h2{line-height:1.25}h2{margin-top:2rem;border-bottom:1px solid #ddd;padding-bottom:.25rem}' +
  'code{font:.9em ui-monospace,monospace;background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}' +
  'pre{background:#f3f3f3;padding:.75rem 1rem;overflow-x:auto;border-radius:4px}pre code{padding:0;background:none}' +
  'table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ddd;padding:.35rem .75rem;text-align:left}th{background:#f6f6f6}';

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, page] of Object.entries(PAGES)) {
    // Rendered when first asked for, not at every start of a process that may never be.
    let html: string | undefined;
    const render = () =>
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title><style>${PAGE_STYLE}</style></head>` +
      `<body><main>${markdownToHtml(fs.readFileSync(page.file, 'utf8'))}</main></body></html>`;
    app.get(`/docs/${name}`, async (_request, reply) => reply.type('text/html; charset=utf-8').send((html ??= render())));
  }
}

/** Mailgate's name as a logo: text in an SVG, shipped inline (no file, no CDN). */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="40" viewBox="0 0 150 40">' +
  '<text x="0" y="29" font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff">Mailgate</text></svg>';

/** The browser tab's icon: an M, so that the tab says Mailgate rather than Swagger. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1b1b1b"/>' +
  '<text x="16" y="23" text-anchor="middle" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#fff">M</text></svg>';

/**
 * What /docs (Swagger UI, @fastify/swagger-ui) shows as its own: Mailgate's
 * title, logo and icon instead of "Swagger UI" and the plugin's Fastify logo.
 */
export const DOCS_UI_BRANDING = {
  theme: {
    title: 'Mailgate API reference',
    favicon: [{ filename: 'mailgate.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON_SVG) }],
  },
  logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG) },
};
