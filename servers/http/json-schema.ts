import type { JsonSchema } from '../../src/index.ts';

export { jsonSchemaOf, type JsonSchema } from '../../src/index.ts';

/** Keywords that hold a rule across an object's fields (exactly one content field, cursors not together). */
const RULE_KEYWORDS = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else'] as const;

/** Every field a rule names (in its `required` lists, however deep). */
function fieldsNamed(rule: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(rule)) rule.forEach((r) => fieldsNamed(r, into));
  else if (typeof rule === 'object' && rule !== null) {
    for (const [key, value] of Object.entries(rule)) {
      if (key === 'required' && Array.isArray(value)) value.forEach((name) => into.add(String(name)));
      else fieldsNamed(value, into);
    }
  }
  return into;
}

/**
 * The object schema of some of an object schema's properties (those a route
 * takes from one part of the request), with the rules across fields that name
 * only those.
 */
export function pickProperties(schema: JsonSchema, names: readonly string[], options: { strict: boolean }): JsonSchema {
  const properties = Object.fromEntries(names.filter((n) => schema.properties?.[n]).map((n) => [n, schema.properties![n]!]));
  const required = (schema.required ?? []).filter((n) => names.includes(n));
  const rules = RULE_KEYWORDS.filter((key) => schema[key] !== undefined);
  const kept = rules.every((key) => [...fieldsNamed(schema[key])].every((name) => names.includes(name)));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(options.strict ? { additionalProperties: false } : {}),
    ...(kept ? Object.fromEntries(rules.map((key) => [key, schema[key]])) : {}),
  };
}
