import type { JsonSchema } from '../../src/index.ts';

export { jsonSchemaOf, type JsonSchema } from '../../src/index.ts';

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
