import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema; toolInput?: JsonSchema; toolOutput?: JsonSchema }>();

/**
 * A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 and MCP speak),
 * for the side of it a caller sees: `input` what a caller may send (before
 * transforms), `output` what an answer holds. The one conversion every door
 * uses (tools, route schemas, /openapi.json), made once per schema.
 *
 * A field no value of which is valid (`not: {}`: a v1 field a v2 body refuses)
 * is left out of an object that allows no other fields: the two say the same,
 * and a document then lists only the fields a caller may send.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  let found = entry[io];
  if (!found) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    found = mapSchema(rest, withoutNeverFields) as JsonSchema;
    entry[io] = found;
    cache.set(schema, entry);
  }
  return found;
}

/**
 * jsonSchemaOf for a tool's schemas (MCP tools/list, /api/v2/tools, the CLI),
 * spelled as portably as the same meaning allows, since clients hand tool
 * schemas to model providers whose dialects are narrower than JSON Schema:
 * - a type union (`["string", "null"]`) becomes `anyOf` branches of one type each;
 * - `additionalProperties: {}` and `items: {}` (any value) are left out, which
 *   means the same, instead of naming a schema that constrains nothing;
 * - the input's own rule across fields, when it is a `oneOf`, becomes an
 *   if/then/else chain: some providers refuse oneOf, anyOf and allOf at the top
 *   level of a tool's input schema.
 */
export function toolJsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  const key = io === 'input' ? 'toolInput' : 'toolOutput';
  let found = entry[key];
  if (!found) {
    found = topLevelOneOfAsConditions(mapSchema(jsonSchemaOf(schema, io), portable) as JsonSchema);
    entry[key] = found;
    cache.set(schema, entry);
  }
  return found;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => isNode(value) && Object.keys(value).length === 0;

const SCHEMA_KEYWORDS = [
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'unevaluatedItems',
  'contentSchema',
];
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

/** A copy of a schema with `rewrite` applied to every subschema, children first. */
function mapSchema(node: unknown, rewrite: (node: Node) => Node): unknown {
  if (!isNode(node)) return node;
  const copy: Node = { ...node };
  for (const key of SCHEMA_KEYWORDS) if (isNode(copy[key])) copy[key] = mapSchema(copy[key], rewrite);
  for (const key of SCHEMA_ARRAY_KEYWORDS) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map((child) => mapSchema(child, rewrite));
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (isNode(copy[key])) copy[key] = Object.fromEntries(Object.entries(copy[key]).map(([name, child]) => [name, mapSchema(child, rewrite)]));
  }
  return rewrite(copy);
}

function withoutNeverFields(node: Node): Node {
  if (node.additionalProperties !== false || !isNode(node.properties)) return node;
  const never = Object.keys(node.properties).filter((name) => isEmpty((node.properties as Record<string, Node>)[name]!.not));
  if (never.length === 0) return node;
  const properties = Object.fromEntries(Object.entries(node.properties).filter(([name]) => !never.includes(name)));
  return { ...node, properties };
}

/** Keywords that describe a value rather than constrain it: they stay outside the branches a type union is split into. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

function portable(node: Node): Node {
  const copy = { ...node };
  if (isEmpty(copy.additionalProperties)) delete copy.additionalProperties;
  if (isEmpty(copy.items)) delete copy.items;
  if (!Array.isArray(copy.type) || copy.anyOf !== undefined) return copy;
  const outer: Node = {};
  const assertions: Node = {};
  for (const [key, value] of Object.entries(copy)) {
    if (key === 'type') continue;
    (ANNOTATIONS.has(key) ? outer : assertions)[key] = value;
  }
  return { ...outer, anyOf: (copy.type as string[]).map((type) => ({ type, ...assertions })) };
}

/**
 * `oneOf: [A, B, C]` as `if A then not (B or C) else (if B then not C else C)`:
 * exactly one holds either way.
 */
function topLevelOneOfAsConditions(schema: JsonSchema): JsonSchema {
  const { oneOf, ...rest } = schema;
  if (!Array.isArray(oneOf) || oneOf.length < 2 || rest.if !== undefined) return schema;
  const chain = (branches: unknown[]): Node => {
    const [first, ...others] = branches;
    if (others.length === 0) return first as Node;
    const notOthers = { not: others.length === 1 ? others[0] : { anyOf: others } };
    return { if: first, then: notOthers, else: chain(others) };
  };
  return { ...rest, ...chain(oneOf) } as JsonSchema;
}
