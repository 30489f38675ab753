import fc from 'fast-check';

/** The subset of JSON Schema that our zod contracts produce in the OpenAPI document. */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  /** A discriminated union (the settle route's outcomes). */
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
};

/** Values that make a field valid beyond its JSON Schema (real ids, phone numbers...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/**
 * Well-formed values for a contract (as OpenAPI describes it), so that mutations start
 * from something the route accepts and reach past the first check. `hints` by field
 * name supply what a schema cannot say: an id that exists, a phone number, our own image URL.
 */
export function validish(schema: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const hint = hints[name];
  if (hint) return hint;
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return fc.oneof(...members.map((member) => validish(member, hints)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        shape[key] = validish(property, hints, key);
      }
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1e9),
        max: Math.min(schema.maximum ?? 1000, 1e9),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? 0,
        max: schema.maximum ?? 100_000,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.min(schema.maxLength ?? 40, minLength + 40) });
    }
    default:
      // An unknown-typed field (z.unknown()): anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}
