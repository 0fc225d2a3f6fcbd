import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { markdownToHtml } from '../../src/index.ts';

/** Pages a client is pointed to (the v1 429 body's `docs`), served from docs/*.md. */
const PAGES: Record<string, { file: URL; title: string }> = {
  'rate-limits': { file: new URL('../../docs/rate-limits.md', import.meta.url), title: 'Mailgate rate limits' },
};

export const RATE_LIMITS_DOC_PATH = '/docs/rate-limits';

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, page] of Object.entries(PAGES)) {
    const html =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head>` +
      `<body><main>${markdownToHtml(fs.readFileSync(page.file, 'utf8'))}</main></body></html>`;
    app.get(`/docs/${name}`, async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  }
}
