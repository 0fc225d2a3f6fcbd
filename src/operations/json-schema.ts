import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema }>();

/**
 * A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 and MCP speak),
 * for the side of it a caller sees: `input` what a caller may send (before
 * transforms), `output` what an answer holds. The one conversion every door
 * uses (tools, route schemas, /openapi.json), made once per schema.
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
