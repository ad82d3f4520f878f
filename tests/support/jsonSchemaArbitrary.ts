import fc from 'fast-check';
import { hostileZoneGeometry, validZoneGeometry } from './zoneGeometryArbitrary';

/** A JSON Schema node of the OpenAPI document (`z.toJSONSchema` of the route's zod contract). */
export type JsonSchema = Record<string, unknown>;

/** Arrays and strings generated as valid stay this small, whatever their schema allows. */
const VALID_ARRAY_LENGTH = 4;
const VALID_STRING_LENGTH = 24;
const MAX_DEPTH = 6;
const ALPHANUMERIC = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');

const HUGE_STRING = 'é'.repeat(200_000);
const HUGE_ARRAY = Array.from({ length: 100_000 }, (_, index) => index);

/** `depth` arrays nested in one another: `[[[…]]]`. */
function deeplyNested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** Values of no particular type that a hostile client sends in place of any field. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1,
    '',
    ' ',
    '0',
    'NaN',
    'Infinity',
    '-Infinity',
    'null',
    'true',
    '1e999',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\uD800',
    '𝕫𝕠𝕟𝕒𝕝𝕪𝕤𝕖 🏠 Ωμέγα ﷽',
    '<script>alert(1)</script>',
    '__proto__',
    HUGE_STRING,
    [],
    HUGE_ARRAY,
    {},
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    deeplyNested(2_000),
  ),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

function types(schema: JsonSchema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
}

function isZoneGeometry(schema: JsonSchema): boolean {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const kinds = properties?.type?.enum as unknown[] | undefined;
  return Array.isArray(kinds) && kinds.includes('Polygon') && properties?.coordinates !== undefined;
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? VALID_STRING_LENGTH), VALID_STRING_LENGTH));
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2015-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') {
    return fc.stringMatching(/^[a-z]{1,10}@example\.test$/);
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot compile: any string of the right length.
    }
  }
  // Any text, the plain letters and digits most codes are made of, and the longest string allowed.
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ unit: ALPHANUMERIC, minLength, maxLength }),
    fc.constant('x'.repeat(Math.max(minLength, Math.min(Number(schema.maxLength ?? 200), 10_000)))),
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const exclusiveMinimum = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMaximum = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const low = minimum ?? (exclusiveMinimum !== undefined ? exclusiveMinimum + (integer ? 1 : 1e-9) : -1_000_000);
  const high = maximum ?? (exclusiveMaximum !== undefined ? exclusiveMaximum - (integer ? 1 : 1e-9) : 1_000_000);
  const boundaries = fc.constantFrom(low, high);
  const inside = integer
    ? fc.integer({ min: Math.ceil(Math.max(low, -(2 ** 31))), max: Math.floor(Math.min(high, 2 ** 31)) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(boundaries, inside);
}

/** The options of a union, or undefined. */
function alternatives(schema: JsonSchema): JsonSchema[] | undefined {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return Array.isArray(options) && options.length > 0 ? options : undefined;
}

/**
 * Values the schema accepts (as far as a JSON Schema can say: zod refinements are not in it), with
 * boundaries (minimum, maximum, longest string) among them. Sizes stay small so that a valid request is
 * cheap; costly shapes are the job of {@link hostileArbitrary}.
 */
export function validArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (isZoneGeometry(schema)) return validZoneGeometry;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = alternatives(schema);
  if (options) return fc.oneof(...options.map((option) => validArbitrary(option, depth + 1)));
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => validArbitrary({ ...schema, type }, depth + 1)));
  if (depth > MAX_DEPTH) return fc.constant(null);
  switch (kinds[0]) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return validArray(schema, depth);
    case 'object':
      return validObject(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function validArray(schema: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
  const prefix = schema.prefixItems as JsonSchema[] | undefined;
  if (Array.isArray(prefix)) return fc.tuple(...prefix.map((item) => validArbitrary(item, depth + 1)));
  const items = (typeof schema.items === 'object' ? schema.items : {}) as JsonSchema;
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? VALID_ARRAY_LENGTH), VALID_ARRAY_LENGTH));
  return fc.array(validArbitrary(items, depth + 1), { minLength, maxLength });
}

function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, validArbitrary(property, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: required.filter((name) => name in properties) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/**
 * Values the schema refuses, or that cost: one field (at any depth) replaced by a hostile value —
 * wrong type, huge string or array, NaN-like text, deep nesting, unicode — the rest valid; a required
 * field left out; unknown fields added; invalid or costly zone geometries.
 */
export function hostileArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (isZoneGeometry(schema)) return fc.oneof(hostileZoneGeometry, hostileLeaf);
  const options = alternatives(schema);
  const kinds = types(schema);
  const candidates: fc.Arbitrary<unknown>[] = [hostileLeaf];
  if (options && depth < MAX_DEPTH) candidates.push(...options.map((option) => hostileArbitrary(option, depth + 1)));
  if (kinds.includes('object') && depth < MAX_DEPTH) candidates.push(hostileObject(schema, depth));
  if (kinds.includes('array') && depth < MAX_DEPTH) candidates.push(hostileArray(schema, depth));
  return fc.oneof(...candidates);
}

function hostileObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  const valid = validObject(schema, depth);
  const unknownField = valid.map((value) => ({ ...value, champInconnu: HUGE_STRING.slice(0, 1000) }));
  if (names.length === 0) return unknownField;
  const oneFieldHostile = fc
    .constantFrom(...names)
    .chain((name) =>
      fc
        .tuple(valid, hostileArbitrary(properties[name] as JsonSchema, depth + 1))
        .map(([value, field]) => ({ ...value, [name]: field })),
    );
  const required = (schema.required ?? []) as string[];
  if (required.length === 0) return fc.oneof(oneFieldHostile, unknownField);
  const requiredMissing = fc
    .tuple(valid, fc.constantFrom(...required))
    .map(([value, missing]) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== missing)));
  return fc.oneof(oneFieldHostile, requiredMissing, unknownField);
}

function hostileArray(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const items = (typeof schema.items === 'object' ? schema.items : {}) as JsonSchema;
  const valid = validArray(schema, depth);
  const tooMany =
    typeof schema.maxItems === 'number' && schema.maxItems < 200_000
      ? valid.map((value) =>
          Array.from(
            { length: Number(schema.maxItems) + 1 },
            (_, index) => value[index % Math.max(value.length, 1)] ?? null,
          ),
        )
      : fc.constant(HUGE_ARRAY);
  const oneItemHostile = fc.tuple(valid, hostileArbitrary(items, depth + 1)).map(([value, item]) => [...value, item]);
  return fc.oneof(tooMany, oneItemHostile);
}
