import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * /openapi.json through a real socket: a valid OpenAPI 3.1 document, made at
 * start from the routes, that lists every registered API route with its
 * method; and /docs, the reference rendered from it with assets served here.
 */
type OpenApi = {
  openapi: string;
  servers: { url: string }[];
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, OperationObject>>;
  info: { description: string };
};
type OperationObject = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: { in: string; name: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: { 'application/json': { schema: Record<string, unknown> } } }>;
  security?: unknown[];
};

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

describe('GET /openapi.json', () => {
  let server: TestServer;
  let doc: OpenApi;
  const registered: { method: string; url: string }[] = [];
  /** Every route's answer schemas, by status: the server compiles each on its first use. */
  const answers: { method: string; url: string; httpStatus: string; schema: unknown }[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      worker: false,
      onRoute: ({ method, url, schema }) => {
        for (const m of [method].flat()) registered.push({ method: m.toLowerCase(), url });
        for (const [httpStatus, answer] of Object.entries(schema?.response ?? {}))
          answers.push({ method: [method].flat().join(','), url, httpStatus, schema: answer });
      },
    });
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as OpenApi;
  });
  afterAll(async () => server?.close());

  it("compiles every route's answer schemas with the server's serializer compiler (which waits for an answer to do it)", () => {
    expect(answers.length).toBeGreaterThan(100);
    const compile = SerializerSelector()(undefined, undefined);
    const failed = answers.flatMap((a) => {
      try {
        compile(a);
        return [];
      } catch (error) {
        return [`${a.method} ${a.url} ${a.httpStatus}: ${(error as Error).message}`];
      }
    });
    expect(failed).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document (checked by a maintained validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every registered /api route with its method, and nothing that is not registered', () => {
    const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const api = registered.filter((r) => r.url.startsWith('/api/') && HTTP_METHODS.has(r.method)).map((r) => `${r.method} ${toOpenApi(r.url)}`);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => HTTP_METHODS.has(m))
        .map((m) => `${m} ${path}`),
    );
    expect(api.length).toBeGreaterThan(OPERATIONS.length);
    expect(documented.filter((d) => d.includes(' /api/')).sort()).toEqual([...new Set(api)].sort());
    // What the document lists outside /api is registered too (health), and the /v1 alias is left out.
    for (const entry of documented.filter((d) => !d.includes(' /api/'))) {
      const [method, path] = entry.split(' ') as [string, string];
      expect(
        registered.some((r) => r.method === method && toOpenApi(r.url) === path),
        entry,
      ).toBe(true);
    }
    expect(documented.some((d) => d.includes(' /v1/'))).toBe(false);
  });

  it('has each operation once, by its name, with summary, description, tag and an example', () => {
    const byId = new Map(
      Object.values(doc.paths)
        .flatMap((item) => Object.values(item))
        .map((op) => [op.operationId, op]),
    );
    for (const operation of OPERATIONS) {
      const documented = byId.get(operation.name);
      expect(documented, operation.name).toBeDefined();
      expect(documented!.summary).toBe(operation.summary);
      expect(documented!.description).toBe(operation.description);
      expect(documented!.tags).toEqual([operation.resource]);
    }
    const send = doc.paths['/api/v2/emails']!.post!;
    expect((send.requestBody!.content['application/json'] as { example?: unknown }).example).toEqual(OPERATIONS.find((o) => o.name === 'send_email')!.example);
    const listed = doc.paths['/api/v2/subscribers']!.get!.parameters!;
    expect(listed.find((p) => p.name === 'tag')).toMatchObject({ example: 'customers' });
    const operationIds = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
    // Every entry has one, /health included: clients generated from the document name their calls by it.
    const unnamed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !op.operationId)
        .map(([method]) => `${method} ${path}`),
    );
    expect(unnamed).toEqual([]);
    expect(doc.paths['/health']!.get!.operationId).toBe('health');
  });

  it('names the Bearer scheme, the servers from BASE_URL, and leaves /health open', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: server.core.config.baseUrl }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/health']!.get!.security).toEqual([]);
  });

  it('documents the headers a send takes and the cursors a list takes', () => {
    const batch = doc.paths['/api/v2/emails/batch']!.post!;
    expect(
      batch
        .parameters!.filter((p) => p.in === 'header')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Batch-Validation', 'Idempotency-Key']);
    expect(batch.parameters!.find((p) => p.name === 'Idempotency-Key')!.schema).toEqual({
      type: 'string',
      pattern: '^[\\x21-\\x7e]{1,256}$',
      minLength: 1,
      maxLength: 256,
    });
    // The send body says its rule across fields (exactly one content field), not only its fields.
    const sendBody = doc.paths['/api/v2/emails']!.post!.requestBody!.content['application/json'].schema;
    expect(sendBody.oneOf).toEqual([{ required: ['html'] }, { required: ['markdown'] }, { required: ['tiptap'] }]);
    expect((batch.requestBody!.content['application/json'].schema.items as Record<string, unknown>).oneOf).toEqual(sendBody.oneOf);
    expect(batch.requestBody!.content['application/json'].schema).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
    const list = doc.paths['/api/v2/subscribers']!.get!;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['status', 'tag', 'query', 'limit', 'after', 'before']);
    expect(list.parameters!.find((p) => p.name === 'limit')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    // A cursor is an id of the listed kind: an empty one (`after=`) is refused, and the document says so.
    expect(list.parameters!.find((p) => p.name === 'after')!.schema).toEqual({ type: 'string', pattern: '^sub_[0-9a-hjkmnp-tv-z]{26}$' });
    const listed = list.responses['200']!.content!['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(listed.properties)).toEqual(['object', 'data', 'has_more']);
    const get = doc.paths['/api/v2/subscribers/{subscriber}']!.get!;
    expect(get.parameters!.find((p) => p.in === 'path')).toMatchObject({ name: 'subscriber', required: true });
  });

  it("gives every route the statuses it can answer, in its version's error shape, with the rate-limit headers", () => {
    const send = doc.paths['/api/v2/emails']!.post!;
    expect(Object.keys(send.responses).sort()).toEqual(['200', '400', '401', '403', '408', '409', '413', '422', '429', '431', '500', '503']);
    const v2Error = send.responses['422']!.content!['application/json'].schema as { properties: Record<string, unknown>; required: string[] };
    expect(v2Error.required).toEqual(['name', 'message', 'statusCode']);
    expect(Object.keys(send.responses['429']!.headers!)).toContain('Retry-After');
    // The database out of reach for a moment: send again after Retry-After.
    expect(Object.keys(send.responses['503']!.headers!)).toContain('Retry-After');
    expect(Object.keys(send.responses['200']!.headers!)).toEqual(
      expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-RateLimit-Limit']),
    );
    expect(Object.keys(doc.paths['/api/v2/tags/{tag}']!.get!.responses).sort()).toEqual(['200', '400', '401', '404', '408', '422', '429', '431', '500', '503']);
    expect(Object.keys(doc.paths['/api/v2/tags']!.get!.responses).sort()).toEqual(['200', '400', '401', '408', '422', '429', '431', '500', '503']);
    expect(Object.keys(doc.paths['/api/v2/tags']!.post!.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/v2/subscribers']!.post!.responses)).toEqual(expect.arrayContaining(['200', '201']));

    const v1 = doc.paths['/api/v1/emails']!.post!;
    const v1Error = v1.responses['422']!.content!['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(v1Error.properties)).toEqual(['success', 'message', 'code']);
    const v1Limit = v1.responses['429']!.content!['application/json'].schema as { anyOf: { properties: Record<string, unknown> }[] };
    expect(v1Limit.anyOf.map((s) => Object.keys(s.properties))).toEqual([
      ['message', 'docs'],
      ['success', 'message', 'code'],
    ]);
    // One operation on two paths: each its own operationId.
    expect(doc.paths['/api/v2/verify']!.post!.operationId).toBe('verify');
    expect(doc.paths['/api/v2/emails/verify']!.post!.operationId).toBe('verify_email');
  });

  // Each found by test/e2e/openapi-properties.test.ts: a status the server answered that the document did not list.
  it('lists the refusals of a URL that does not decode, a read-only token, and a request too large to read', async () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);
    const readOnly = (await server.core.tokens.create((await server.core.tokens.authenticate(server.token)).organizationId, { permission: 'read' })).token;

    expect(statuses('/api/v2/tags/{tag}', 'get')).toContain('400');
    expect(statuses('/api/v2/tags', 'get')).toContain('400');
    const malformed = await server.api('/api/v2/tags/%zz');
    expect([malformed.status, ((await malformed.json()) as { name: string }).name]).toEqual([400, 'bad_request']);

    // A write route lists 403 (and a read-only token gets it); a route that only reads does not.
    expect(statuses('/api/v2/tags', 'post')).toContain('403');
    expect(statuses('/api/v1/tags', 'post')).toContain('403');
    expect(statuses('/api/v2/tools/{name}', 'post')).toContain('403');
    expect((await server.api('/api/v2/tags', { body: { name: 'x' }, token: readOnly })).status).toBe(403);
    for (const [path, method] of [
      ['/api/v2/tags', 'get'],
      ['/api/v2/audience/count', 'post'],
      ['/api/v2/emails/verify', 'post'],
    ] as const) {
      expect(statuses(path, method), `${method} ${path}`).not.toContain('403');
    }

    for (const [path, item] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/'))) {
      for (const [method, operation] of Object.entries(item)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '408', '431']));
      }
    }
    const long = await server.api(`/api/v2/tags?limit=5&after=${'x'.repeat(20_000)}`);
    expect([long.status, ((await long.json()) as { name: string }).name]).toEqual([431, 'headers_too_large']);
  });
});

describe('GET /docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => server?.close());

  it('renders the reference from /openapi.json with assets served here (no CDN), try-it on', async () => {
    const page = await fetch(`${server.url}/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'assets come from this server').not.toMatch(/^(https?:)?\/\//);
      const res = await fetch(new URL(asset, `${server.url}/docs/`));
      expect(res.status, asset).toBe(200);
      await res.arrayBuffer();
    }
    const init = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
    expect(init).toContain('"tryItOutEnabled":true');
    const spec = await (await fetch(`${server.url}/docs/json`)).json();
    expect(spec).toEqual(await (await fetch(`${server.url}/openapi.json`)).json());
  });

  it('links to the rate-limits page, which still answers', async () => {
    const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
    expect(spec.info.description).toContain('(/docs/rate-limits)');
    const page = await fetch(`${server.url}/docs/rate-limits`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Mailgate rate limits</title>');
  });
});
