import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema }>();

/**
 * A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 speaks), for the
 * side of it a door sees: `input` what a caller may send (before transforms),
 * `output` what an answer holds. Route schemas and /openapi.json are made of these.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  let found = entry[io];
  if (!found) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    found = rest;
    entry[io] = found;
    cache.set(schema, entry);
  }
  return found;
}

/** The object schema of some of an object schema's properties (those a route takes from one part of the request). */
export function pickProperties(schema: JsonSchema, names: readonly string[], options: { strict: boolean }): JsonSchema {
  const properties = Object.fromEntries(names.filter((n) => schema.properties?.[n]).map((n) => [n, schema.properties![n]!]));
  const required = (schema.required ?? []).filter((n) => names.includes(n));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(options.strict ? { additionalProperties: false } : {}),
  };
}
