import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { invalidValue, validValue, type Schema } from '../helpers/schema-arbitrary.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * The server against its own description, property by property: requests
 * generated from /openapi.json (fast-check, from each operation's parameter
 * and body schemas; valid ones, and ones broken in one way, down to a path
 * segment whose percent-encoding is malformed or a query too long to read),
 * sent with a full or a read-only token to a listening server: every answer
 * must be no 5xx, a status the document lists for that operation, and a body
 * the document's schema for that status accepts (ajv). Bounded: a fixed seed and number of runs per operation, a
 * few seconds in all.
 */
const SEED = 20_261_127;
const RUNS_PER_OPERATION = 10;

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema; example?: unknown };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

interface GeneratedRequest {
  operationId: string;
  readOnlyToken: boolean;
  method: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  /** The body as sent: JSON text, or text that is not JSON. */
  body: string | undefined;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** A parameter's value on the wire (query and path values are text); `raw` goes into a path as written, not percent-encoded. */
type Wire = { text: string; raw?: boolean };
const asText = (value: unknown): Wire => ({ text: typeof value === 'string' ? value : JSON.stringify(value) });
/** What no schema says and a server still meets: percent-encoding that does not decode, a value longer than a request line may be. */
const MALFORMED_SEGMENTS = fc.constantFrom('%', '%zz', '%E0%A4%A').map((text): Wire => ({ text, raw: true }));
const OVERLONG = fc.constant<Wire>({ text: 'x'.repeat(20_000) });

const ID = /^([a-z]{3})_[0-9a-hjkmnp-tv-z]{26}$/;

/** An example's value with each id in it standing for a record of that kind the server has (when there is one). */
function withRealIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ID.test(value) ? (ids.get(value.slice(0, 3)) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => withRealIds(v, ids));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRealIds(v, ids)]));
  return value;
}

/**
 * Valid values of a schema: generated ones, and (where the document gives an
 * example, which works: examples.test.ts) the example, whole or with one field
 * generated anew, so that requests get past the rules a schema cannot say.
 */
function validFrom(schema: Schema, example: unknown): fc.Arbitrary<unknown> {
  if (example === undefined) return validValue(schema);
  const properties = schema.properties as Record<string, Schema> | undefined;
  const ways: fc.Arbitrary<unknown>[] = [validValue(schema), fc.constant(example)];
  if (properties && typeof example === 'object' && example !== null && !Array.isArray(example)) {
    const names = Object.keys(properties);
    ways.push(fc.constantFrom(...names).chain((name) => validValue(properties[name]!).map((v) => ({ ...example, [name]: v }))));
  }
  return fc.oneof(...ways);
}

/** Requests for one operation: each parameter present or not, valid or broken; the body valid, broken, or not JSON. */
function requestsFor(method: string, template: string, operation: Operation, ids: ReadonlyMap<string, string>): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const parameterValue = (p: Parameter) => {
    const valid = validFrom(p.schema, withRealIds(p.example, ids));
    const value = fc.oneof(
      { weight: 8, arbitrary: valid.map(asText) },
      { weight: 2, arbitrary: invalidValue(p.schema).map(asText) },
      { weight: 1, arbitrary: p.in === 'path' ? MALFORMED_SEGMENTS : OVERLONG },
    );
    return p.required || p.in === 'path' ? value.map((v) => v as Wire | undefined) : fc.option(value, { nil: undefined });
  };
  const json = operation.requestBody?.content['application/json'];
  const bodySchema = json?.schema;
  const body: fc.Arbitrary<string | undefined> = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: validFrom(bodySchema, withRealIds(json.example, ids)).map((v) => JSON.stringify(v)) },
        { weight: 3, arbitrary: invalidValue(bodySchema).map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: fc.constantFrom('{"unclosed": ', 'not json', '') },
        ...(operation.requestBody!.required ? [] : [{ weight: 1, arbitrary: fc.constant(undefined) }]),
      )
    : fc.constant(undefined);
  return fc.tuple(fc.tuple(...parameters.map(parameterValue)), body, fc.boolean()).map(([values, text, readOnlyToken]) => {
    let path = template;
    const query: [string, string][] = [];
    const headers: Record<string, string> = {};
    parameters.forEach((p, i) => {
      const value = values[i];
      if (value === undefined) return;
      if (p.in === 'path') path = path.replace(`{${p.name}}`, value.raw ? value.text : encodeURIComponent(value.text === '' ? '-' : value.text));
      else if (p.in === 'query') query.push([p.name, value.text]);
      else headers[p.name] = value.text.replace(/[\r\n]/g, '');
    });
    if (text !== undefined) headers['content-type'] = 'application/json';
    return { operationId: operation.operationId, readOnlyToken, method: method.toUpperCase(), path, query, headers, body: text };
  });
}

describe('the server against /openapi.json, by generated requests', () => {
  let server: TestServer;
  let dns: TestDnsServer;
  let doc: OpenApi;
  let token: string;
  let readOnlyToken: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    dns = await startDnsServer();
    // The quota and the per-IP rate off: they would answer most requests 429 (documented, and telling nothing).
    server = await startTestServer({ worker: false, env: { DNS_SERVERS: dns.address, RATE_LIMITS: 'off' } });
    const { org, token: issued } = await server.core.orgs.create({ name: 'Generated requests', plan: 'enterprise' });
    token = issued.token;
    readOnlyToken = (await server.core.tokens.create(org.id, { name: 'read only', permission: 'read' })).token;
    doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
    // Records to act on: what the document's examples of creating operations make (POST, no path parameter).
    for (const [path, item] of Object.entries(doc.paths)) {
      const example = item.post?.requestBody?.content['application/json']?.example;
      if (!path.startsWith('/api/v2/') || path.includes('{') || example === undefined) continue;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(example) });
      const answer = (await res.json()) as { id?: unknown };
      if (typeof answer.id === 'string' && ID.test(answer.id)) ids.set(answer.id.slice(0, 3), answer.id);
    }
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  // Some 90 operations × 10 requests, sign-in's among them hashing each password with scrypt (~100 ms): more than the default 30 s on a loaded machine.
  it('answers every request without a 5xx, with a documented status and a body its schema accepts', { timeout: 120_000 }, async () => {
    // In the document's order, deletions last: the records the examples made are acted on before they go.
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.operationId !== undefined)
          .map(([method, operation]) => ({ method, path, operation })),
      )
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    expect(operations.length).toBeGreaterThan(70);
    const validators = new Map<string, ValidateFunction>();
    const validatorFor = (operationId: string, status: string, schema: Schema) => {
      const key = `${operationId} ${status}`;
      if (!validators.has(key)) validators.set(key, ajv.compile(schema));
      return validators.get(key)!;
    };
    const byId = new Map(operations.map((o) => [o.operation.operationId, o.operation]));
    const answers = async (request: GeneratedRequest) => {
      const url = `${server.url}${request.path}${request.query.length > 0 ? `?${new URLSearchParams(request.query)}` : ''}`;
      const res = await fetch(url, {
        method: request.method,
        headers: { authorization: `Bearer ${request.readOnlyToken ? readOnlyToken : token}`, ...request.headers },
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
      const text = await res.text();
      const who = request.readOnlyToken ? 'read-only token' : 'full token';
      const what = `${request.method} ${url.slice(0, 300)} ${request.body?.slice(0, 500) ?? ''} (${who}) → ${res.status} ${text.slice(0, 500)}`;
      expect(res.status, what).toBeLessThan(500);
      const documented = byId.get(request.operationId)!.responses[String(res.status)];
      expect(documented, `status not documented: ${what}`).toBeDefined();
      const schema = documented!.content?.['application/json']?.schema;
      if (schema) {
        const validate = validatorFor(request.operationId, String(res.status), schema);
        expect(validate(JSON.parse(text)), `${what}\n${JSON.stringify(validate.errors)}`).toBe(true);
      }
    };
    for (const { method, path, operation } of operations) {
      await fc.assert(fc.asyncProperty(requestsFor(method, path, operation, ids), answers), { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true });
    }
  });
});
