import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI 3.1 document:
 * values a schema calls valid (`validValue`), and values that break it in one
 * way (`invalidValue`), for property tests that drive a server from its own
 * description. Covers the keywords Mailgate's documents use; sizes are kept
 * small (a few items, short strings), since what matters is shape.
 */
export type Schema = Record<string, unknown>;

const MAX_ITEMS = 3;
const MAX_STRING = 24;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A top-level `oneOf` whose branches only require fields (exactly one of them): the field names, else null. */
function exactlyOneFields(schema: Schema): string[] | null {
  const branches = schema.oneOf;
  if (!Array.isArray(branches)) return null;
  const requiresOne = (b: unknown) => isSchema(b) && Object.keys(b).length === 1 && Array.isArray(b.required) && b.required.length === 1;
  const names = branches.map((b) => (requiresOne(b) ? String((b as { required: unknown[] }).required[0]) : null));
  return names.every((n) => n !== null) ? (names as string[]) : null;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : MAX_STRING, MAX_STRING));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case 'hostname':
      return fc.domain();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ minLength, maxLength });
}

function objectArbitrary(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const names = Object.keys(properties);
  if (names.length === 0 && schema.additionalProperties !== false) {
    const value = validValue(isSchema(schema.additionalProperties) ? schema.additionalProperties : {}, depth + 1);
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), value, { maxKeys: MAX_ITEMS });
  }
  const record = (mustHave: Set<string>, leaveOut: Set<string>) => {
    const kept = names.filter((n) => !leaveOut.has(n));
    const model = Object.fromEntries(kept.map((n) => [n, validValue(properties[n]!, depth + 1)]));
    return fc.record(model, { requiredKeys: kept.filter((n) => mustHave.has(n)) }) as fc.Arbitrary<Record<string, unknown>>;
  };
  // Exactly one of some fields (the content rule): choose it, leave the others out.
  const one = exactlyOneFields(schema);
  if (one) return fc.constantFrom(...one).chain((chosen) => record(new Set([...required, chosen]), new Set(one.filter((n) => n !== chosen))));
  return record(required, new Set());
}

/** Values the schema calls valid (rules it cannot build, such as `not`, are met by filtering with `accepts`). */
export function validValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const oneOf = Array.isArray(schema.oneOf) && !exactlyOneFields(schema) ? schema.oneOf : null;
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : oneOf) as Schema[] | null;
  if (branches) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return fc.oneof(...branches.map((b) => validValue({ ...rest, ...b }, depth)));
  }
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, depth)));
  if (depth > 4) return fc.constant(null);
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1_000_000,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : MAX_ITEMS, MAX_ITEMS));
      return fc.array(validValue(isSchema(schema.items) ? schema.items : {}, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      return isSchema(schema.properties) ? objectArbitrary(schema, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Something of another JSON type than the schema's (a number for a string, a string for an object). */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const others: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('string')) others.push(fc.string({ maxLength: 8 }));
  if (!types.includes('integer') && !types.includes('number')) others.push(fc.integer());
  if (!types.includes('boolean')) others.push(fc.boolean());
  if (!types.includes('null')) others.push(fc.constant(null));
  if (!types.includes('array')) others.push(fc.constant([]));
  if (!types.includes('object')) others.push(fc.constant({}));
  return fc.oneof(...others);
}

/**
 * A value that breaks the schema in one way: of another type, an object
 * missing a required field, holding a field it does not know or one of its
 * fields broken in turn, an empty or over-long string. (It may, rarely, still
 * be valid: a test checks what the server answers, whatever it is.)
 */
export function invalidValue(schema: Schema): fc.Arbitrary<unknown> {
  const ways: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  const properties = isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : null;
  if (properties && Object.keys(properties).length > 0) {
    const valid = validValue(schema) as fc.Arbitrary<Record<string, unknown>>;
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    if (required.length > 0) {
      ways.push(fc.tuple(valid, fc.constantFrom(...required)).map(([v, name]) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== name))));
    }
    if (schema.additionalProperties === false) ways.push(valid.map((v) => ({ ...v, unknown_field: 1 })));
    const names = Object.keys(properties);
    ways.push(fc.tuple(valid, fc.constantFrom(...names)).chain(([v, name]) => invalidValue(properties[name]!).map((broken) => ({ ...v, [name]: broken }))));
  }
  if (schema.type === 'string') ways.push(fc.constantFrom('', ' ', 'x'.repeat(300), '\u00e9\u00e9'));
  return fc.oneof(...ways);
}
