import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accessOf,
  assertJsonObject,
  invokeOperation,
  invokeOperationStream,
  operationNamed,
  queryNumber,
  type Core,
  type ErrorDetail,
  type ErrorKind,
  type Operation,
  type StreamedBytes,
} from '../../src/index.ts';
import { authOf } from './auth.ts';
import { jsonSchemaOf, pickProperties, type JsonSchema } from './json-schema.ts';
import { acceptEmptyJsonBody } from './optional-body.ts';
import type { Binding, BytesAnswer } from './v2/bindings.ts';

/** What /openapi.json needs to know of a route beyond its schema; kept in the route's config. */
export interface RouteDoc {
  /** Whose error shape the route answers in. */
  version: 'v1' | 'v2';
  /** Refusals besides the ones every route of its version can give. */
  errors: readonly ErrorKind[];
  /** Takes a JSON body (so a malformed or too large one is refused). */
  hasBody: boolean;
  /** Has path parameters (so an unknown one is not found). */
  hasPath: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

/** Where each input field of a bound operation comes from. */
interface FieldPlan {
  path: string[];
  query: string[];
  /** Query fields the schema types as numbers: a string of digits becomes one. */
  numericQuery: Set<string>;
  body: string[];
  /** Fields the route takes from anywhere but the body: in a body they are strangers. */
  elsewhere: Set<string>;
  headers: [field: string, names: readonly string[], normalize?: (value: string) => string | undefined][];
}

function planFields(binding: Binding, input: JsonSchema): FieldPlan {
  const path = [...binding.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const headers = Object.entries(binding.headers ?? {}).map(([field, source]) => [field, source.names, source.normalize] as FieldPlan['headers'][number]);
  const elsewhere = new Set([...path, ...headers.map(([field]) => field), ...(binding.bodyField ? [binding.bodyField] : [])]);
  const rest = Object.keys(input.properties ?? {}).filter((name) => !elsewhere.has(name));
  const query = binding.method === 'GET' ? rest : [];
  const numericQuery = new Set(query.filter((name) => ['integer', 'number'].includes(String(input.properties?.[name]?.type))));
  return { path, query, numericQuery, body: binding.method === 'GET' ? [] : rest, elsewhere: new Set([...elsewhere, ...query]), headers };
}

/**
 * The success answer of a route that answers bytes: binary content of the
 * media type the output schema fixes, or of any media type (Content-Type says which).
 */
function bytesResponse(bytes: BytesAnswer, output: JsonSchema): JsonSchema {
  const fixed = output.properties?.[bytes.contentType]?.const;
  const mediaType = typeof fixed === 'string' ? fixed : '*/*';
  return {
    description: typeof fixed === 'string' ? `The bytes (${fixed}).` : 'The bytes, of the media type Content-Type names.',
    content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
    ...(bytes.filename
      ? { headers: { 'Content-Disposition': { description: 'attachment, with the filename when there is one (RFC 6266).', type: 'string' } } }
      : {}),
  };
}

/** A filename as Content-Disposition carries it: an ASCII fallback, and the name itself in UTF-8 (RFC 6266, RFC 8187). */
export function contentDisposition(filename: unknown): string {
  if (typeof filename !== 'string' || filename === '') return 'attachment';
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Answer the bytes an output carries (base64) as themselves, with their media type; never sniffed or run by a browser. */
function sendBytes(reply: FastifyReply, bytes: BytesAnswer, value: Record<string, unknown>): FastifyReply {
  reply.header('content-type', String(value[bytes.contentType]));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  if (bytes.filename) reply.header('content-disposition', contentDisposition(value[bytes.filename]));
  return reply.send(Buffer.from(String(value[bytes.content]), 'base64'));
}

/**
 * Answer bytes made piece by piece (an operation's `stream`): sent as they come,
 * so the whole never sits in memory. A failure after the first piece can only
 * cut the answer short (the status is sent); it is logged and the connection closed.
 */
function sendStream(reply: FastifyReply, answer: StreamedBytes): FastifyReply {
  reply.header('content-type', answer.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('content-disposition', contentDisposition(answer.filename));
  return reply.send(Readable.from(answer.body));
}

/** The route's Fastify schema, from the operation: what /openapi.json shows and what answers are serialized with. */
function routeSchema(binding: Binding, operation: Operation, plan: FieldPlan): Record<string, unknown> {
  const input = jsonSchemaOf(operation.input, 'input');
  const json = jsonSchemaOf(operation.output, 'output');
  const output = binding.bytes ? bytesResponse(binding.bytes, json) : json;
  const schema: Record<string, unknown> = {
    operationId: binding.operationId ?? operation.name,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.resource],
    response: { [binding.status]: output, ...(binding.createdStatus ? { [binding.createdStatus]: output } : {}) },
  };
  const example = operation.example as Record<string, unknown>;
  /** Path and query fields carry the example's value each (a body carries the example whole). */
  const withExamples = (part: JsonSchema): JsonSchema => ({
    ...part,
    properties: Object.fromEntries(
      Object.entries(part.properties ?? {}).map(([name, field]) => [name, example[name] === undefined ? field : { ...field, examples: [example[name]] }]),
    ),
  });
  if (plan.path.length > 0) schema.params = withExamples(pickProperties(input, plan.path, { strict: false }));
  if (plan.query.length > 0) schema.querystring = withExamples(pickProperties(input, plan.query, { strict: false }));
  if (binding.bodyField) {
    schema.body = { ...input.properties?.[binding.bodyField], examples: [example[binding.bodyField]] };
  } else if (plan.body.length > 0) {
    const bodyExample = Object.fromEntries(Object.entries(example).filter(([k]) => plan.body.includes(k)));
    schema.body = { ...pickProperties(input, plan.body, { strict: true }), examples: [bodyExample] };
  }
  if (plan.headers.length > 0) {
    schema.headers = {
      type: 'object',
      properties: Object.fromEntries(plan.headers.map(([field, names]) => [names[0]!, input.properties?.[field] ?? {}])),
    };
  }
  return schema;
}

const firstHeader = (request: FastifyRequest, names: readonly string[]): string | undefined => {
  for (const name of names) {
    const value = request.headers[name.toLowerCase()];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) return first;
  }
  return undefined;
};

/**
 * A request → the operation's input, and the body's fields that belong to
 * another part of the request (named as unknown, like any other stranger).
 * Throws validation_error for a body that is not a JSON object.
 */
function inputOf(request: FastifyRequest, binding: Binding, plan: FieldPlan): { input: Record<string, unknown>; strangers: ErrorDetail[] } {
  const input: Record<string, unknown> = {};
  const params = request.params as Record<string, string>;
  for (const name of plan.path) input[name] = params[name];
  const query = request.query as Record<string, unknown>;
  for (const name of plan.query) {
    if (query[name] !== undefined) input[name] = plan.numericQuery.has(name) ? queryNumber(query[name]) : query[name];
  }
  for (const [field, names, normalize] of plan.headers) {
    const raw = firstHeader(request, names);
    const value = raw !== undefined && normalize ? normalize(raw) : raw;
    if (value !== undefined) input[field] = value;
  }
  const strangers: ErrorDetail[] = [];
  const body = request.body;
  if (binding.bodyField) {
    input[binding.bodyField] = body;
  } else if (plan.body.length > 0 && !(body === undefined && binding.optionalBody)) {
    assertJsonObject(body);
    for (const [key, value] of Object.entries(body)) {
      if (plan.elsewhere.has(key)) strangers.push({ path: key, message: 'is not a known field' });
      else input[key] = value;
    }
  }
  return { input, strangers };
}

/** An input field's name on the wire: a header's name, the body itself, or the same name. */
function wirePath(path: string, binding: Binding, plan: FieldPlan): string {
  const [head, ...rest] = path.split('.');
  // Inside a body that is one field (an array), items are named as the body's own: `[1].subject`.
  if (head === binding.bodyField) return rest.map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : i > 0 ? `.${segment}` : segment)).join('');
  const header = plan.headers.find(([field]) => field === head);
  return header ? [header[1][0], ...rest].join('.') : path;
}

/** Register one route per binding, each validating through its operation and answering what it returns. */
export async function operationRoutes(app: FastifyInstance, core: Core, bindings: readonly Binding[]): Promise<void> {
  for (const binding of bindings) {
    const operation = operationNamed(binding.operation);
    const plan = planFields(binding, jsonSchemaOf(operation.input, 'input'));
    const doc: RouteDoc = {
      version: 'v2',
      errors: operation.errors,
      hasBody: binding.bodyField !== undefined || plan.body.length > 0,
      hasPath: plan.path.length > 0,
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { input, strangers } = inputOf(request, binding, plan);
      const context = { services: core, scope: authOf(request), door: 'rest' as const };
      const door = { wirePath: (path: string) => wirePath(path, binding, plan), problems: strangers };
      if (binding.bytes?.stream) {
        reply.code(binding.status);
        return sendStream(reply, await invokeOperationStream(operation, context, input, door));
      }
      // Checked as every door's input is, its problems named as this request wrote them.
      const result = await invokeOperation(operation, context, input, door);
      reply.code(result.created && binding.createdStatus ? binding.createdStatus : binding.status);
      return binding.bytes ? sendBytes(reply, binding.bytes, result.value as Record<string, unknown>) : reply.send(result.value);
    };
    const limit = binding.bodyLimit;
    const route = {
      method: binding.method,
      url: binding.path,
      schema: routeSchema(binding, operation, plan),
      config: { doc, ...(accessOf(operation) === 'read' ? { access: 'read' as const } : {}) },
      handler,
      ...(limit
        ? {
            bodyLimit: limit.bytes(core.config),
            // A body declared larger than the route takes is refused, naming the limit, before it is read.
            preParsing: async (request: FastifyRequest) => {
              const declared = Number(request.headers['content-length']);
              if (Number.isFinite(declared) && declared > limit.bytes(core.config)) throw limit.refuse(core.config, declared);
            },
          }
        : {}),
    };
    if (binding.optionalBody) {
      await app.register(async (scope) => {
        acceptEmptyJsonBody(scope);
        scope.route(route);
      });
    } else {
      app.route(route);
    }
  }
}
