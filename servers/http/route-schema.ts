import type { z } from 'zod';
import type { ErrorKind } from '../../src/index.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';
import type { RouteDoc } from './operation-routes.ts';

export interface DescribedRoute {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  version: RouteDoc['version'];
  /** Refusals besides the ones every route of its version can give. */
  errors?: readonly ErrorKind[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** The body as the caller sends it (zod's input side). */
  body?: z.ZodType;
  /** Header name → its value's schema. */
  headers?: Record<string, z.ZodType>;
  /** Status → the answer's schema. */
  response: Record<number, z.ZodType>;
  /** What a read-only token may do here, when its method does not tell (see auth.ts). */
  access?: 'read' | 'operation' | 'account';
}

/**
 * The Fastify schema and route config of a route written by hand (v1, verify):
 * the same JSON Schemas, from zod, that generated routes get, so that
 * /openapi.json covers every route and answers are serialized by their schema.
 */
export function describeRoute(route: DescribedRoute): {
  schema: Record<string, unknown>;
  config: { doc: RouteDoc; access?: 'read' | 'operation' | 'account' };
} {
  const schema: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: route.tags,
    response: Object.fromEntries(Object.entries(route.response).map(([status, s]) => [status, jsonSchemaOf(s, 'output')])),
  };
  if (route.params) schema.params = jsonSchemaOf(route.params, 'input');
  if (route.query) schema.querystring = jsonSchemaOf(route.query, 'input');
  if (route.body) schema.body = jsonSchemaOf(route.body, 'input');
  if (route.headers) {
    schema.headers = {
      type: 'object',
      properties: Object.fromEntries(Object.entries(route.headers).map(([name, s]) => [name, jsonSchemaOf(s, 'input')])),
    } satisfies JsonSchema;
  }
  const doc: RouteDoc = {
    version: route.version,
    errors: route.errors ?? [],
    hasBody: route.body !== undefined,
    hasPath: route.params !== undefined,
  };
  return { schema, config: { doc, ...(route.access ? { access: route.access } : {}) } };
}
