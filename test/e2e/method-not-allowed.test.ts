import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// A method a path does not have is 405 with an Allow header listing those it
// has, in the error shape of the path's scope; only a path no route has is a
// 404. Sent with node:http, since fetch refuses TRACE.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('a method the path does not have', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No quota or per-IP rate: the last test sends a few hundred requests.
    server = await startTestServer({ worker: false, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => server?.close());

  function send(method: string, path: string, token: string | null = server.token): Promise<Answer> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method, agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('v2: 405 method_not_allowed with Allow listing the path’s methods', async () => {
    const trace = await send('TRACE', '/api/v2/tags');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST');
    expect(trace.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(trace.body).toBe(
      JSON.stringify({ name: 'method_not_allowed', message: 'TRACE is not allowed on /api/v2/tags: it allows GET, HEAD, POST', statusCode: 405 }),
    );
    const put = await send('PUT', '/api/v2/subscribers/ada@example.com?x=1');
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, PATCH');
    expect(JSON.parse(put.body)).toEqual({
      name: 'method_not_allowed',
      message: 'PUT is not allowed on /api/v2/subscribers/ada@example.com: it allows GET, HEAD, PATCH',
      statusCode: 405,
    });
    // A path some routes have by name and others by parameter: all of them count.
    const batch = await send('DELETE', '/api/v2/emails/batch');
    expect([batch.status, batch.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
  });

  it('v1 (and /v1): 405 in v1’s shape', async () => {
    for (const prefix of ['/api/v1', '/v1']) {
      const res = await send('TRACE', `${prefix}/tags`);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify({ success: false, message: `TRACE is not allowed on ${prefix}/tags: it allows GET, HEAD, POST` }));
    }
  });

  it('outside the API too: /mcp in v2’s shape, a tracking link in plain text', async () => {
    const mcp = await send('PUT', '/mcp');
    expect([mcp.status, mcp.headers.allow]).toEqual([405, 'GET, HEAD, POST, DELETE']);
    const message = 'PUT is not allowed on /mcp: it allows GET, HEAD, POST, DELETE';
    expect(JSON.parse(mcp.body)).toEqual({ name: 'method_not_allowed', message, statusCode: 405 });
    const link = await send('POST', '/t/o/eml_x/key', null);
    expect(link.status).toBe(405);
    expect(link.headers.allow).toBe('GET, HEAD');
    expect(link.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(link.body).toBe('This link is opened with GET or HEAD, not POST.\n');
  });

  it('a HEAD the path does not have: 405 and Allow, with no body', async () => {
    const res = await send('HEAD', '/api/v2/events');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    const body = JSON.stringify({ name: 'method_not_allowed', message: 'HEAD is not allowed on /api/v2/events: it allows POST', statusCode: 405 });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(res.body).toBe('');
  });

  it('a path no route has stays 404 under any method; the token is checked first, as for any API path', async () => {
    const res = await send('TRACE', '/api/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual({ name: 'not_found', message: 'No route for TRACE /api/v2/nothing-here', statusCode: 404 });
    const tooDeep = await send('TRACE', '/api/v2/tags/a/b');
    expect([tooDeep.status, tooDeep.headers.allow]).toEqual([404, undefined]);
    const anonymous = await send('TRACE', '/api/v2/tags', null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ name: 'missing_api_key', statusCode: 401 });
  });

  it('every documented path: TRACE is 405, Allow holds its documented methods, and each method it lists is routed', async () => {
    const doc = JSON.parse((await send('GET', '/openapi.json')).body) as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(doc.paths);
    expect(paths.length).toBeGreaterThan(40);
    for (const [template, operations] of paths) {
      const path = template.replace(/\{\w+\}/g, 'x');
      const trace = await send('TRACE', path);
      expect(trace.status, path).toBe(405);
      const allowed = trace.headers.allow!.split(', ');
      for (const method of Object.keys(operations)) expect(allowed, path).toContain(method.toUpperCase());
      for (const method of allowed) {
        const res = await send(method, path);
        const unrouted = res.status === 405 || (res.status === 404 && res.body.includes('No route for'));
        expect(unrouted, `${method} ${path}`).toBe(false);
      }
    }
  });
});
