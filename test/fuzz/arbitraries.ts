import fc from 'fast-check';
import type { Schema } from './operations.js';

/**
 * JSON Schema (OpenAPI 3.0 flavour) → fast-check arbitraries. `valid` values satisfy the schema
 * as far as the generator can tell; `edge` values sit on and just past its bounds (lengths,
 * numeric limits, item counts). Field names found in `hints` also draw from real values (ids of
 * fixtures, known usernames), so that generated requests reach the business rules and not only
 * the validator.
 */
export type Mode = 'valid' | 'edge';
export type Hints = Record<string, readonly unknown[]>;

interface Context {
  mode: Mode;
  hints: Hints;
  depth: number;
}

/** Short strings with the characters that break naive code: quotes, NUL, RTL marks, emoji, %. */
export const nastyString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "'; DROP TABLE users; --",
    '%',
    '%00',
    '%E0%A4%A',
    '../../etc/passwd',
    '\u202e\u0645',
    '😀'.repeat(3),
    'null',
    'undefined',
    '0',
    '-1',
    '1e309',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'a'.repeat(300),
  ),
);

const CAP = 40;

function stringArbitrary(schema: Schema, ctx: Context): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  if (ctx.mode === 'edge') {
    const lengths = [min, Math.max(0, min - 1), Number.isFinite(max) ? max : 1000];
    if (Number.isFinite(max)) lengths.push(max + 1);
    return fc
      .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '0', ' ', '😀'))
      .map(([n, ch]) => (ch === '😀' ? ch.repeat(Math.ceil(n / 2)).slice(0, n) : ch.repeat(n)));
  }
  let base: fc.Arbitrary<string>;
  if (schema.pattern) {
    try {
      base = fc
        .stringMatching(new RegExp(schema.pattern))
        .map((s) => s.slice(0, Math.min(max, 200)));
    } catch {
      base = fc.string({ minLength: min, maxLength: Math.min(max, CAP) });
    }
  } else if (schema.format === 'email') {
    base = fc.emailAddress().filter((s) => s.length <= max);
  } else if (schema.format === 'date-time') {
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  } else if (schema.format === 'date') {
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  } else if (schema.format === 'uri') {
    base = fc.webUrl().filter((s) => s.length <= max);
  } else {
    base = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, CAP)) }),
      },
      {
        weight: 1,
        arbitrary: fc.string({
          minLength: min,
          maxLength: Math.max(min, Math.min(max, CAP)),
          unit: 'grapheme',
        }),
      },
    );
  }
  return base;
}

function numberArbitrary(schema: Schema, ctx: Context): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const min = schema.minimum ?? (schema.exclusiveMinimum === true ? undefined : undefined);
  const max = schema.maximum;
  if (ctx.mode === 'edge') {
    const values = [0, -1, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308];
    if (min !== undefined) values.push(min, min - 1);
    if (max !== undefined) values.push(max, max + 1);
    if (!integer) values.push(0.5, -0.5);
    else values.push(1.5);
    return fc.constantFrom(...values);
  }
  const lo = min ?? -1_000_000;
  const hi = max ?? 1_000_000;
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: Schema, ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(properties)) {
    model[name] = valueOf(child, { ...ctx, depth: ctx.depth + 1 }, name);
  }
  const known = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  const additional = schema.additionalProperties;
  let result: fc.Arbitrary<Record<string, unknown>> = known;
  if (additional && typeof additional === 'object' && Object.keys(properties).length === 0) {
    const maxKeys = Math.min(schema.maxProperties ?? 5, 5);
    const keys = ctx.hints.__keys
      ? fc.oneof(fc.constantFrom(...(ctx.hints.__keys as string[])), fc.string({ maxLength: 10 }))
      : fc.string({ maxLength: 10 });
    result = fc.dictionary(keys, valueOf(additional, { ...ctx, depth: ctx.depth + 1 }), {
      maxKeys: ctx.mode === 'edge' ? (schema.maxProperties ?? 5) + 1 : maxKeys,
    });
  }
  const minProperties = schema.minProperties ?? 0;
  if (minProperties > 0 && ctx.mode === 'valid') {
    result = result.filter((o) => Object.keys(o).length >= minProperties);
  }
  return result;
}

/** A value for `schema`; `name` is the property or parameter it is for (used for hints). */
export function valueOf(schema: Schema, ctx: Context, name?: string): fc.Arbitrary<unknown> {
  let base = plainValueOf(schema, ctx);
  const hinted = name !== undefined ? ctx.hints[name] : undefined;
  if (hinted && hinted.length > 0) {
    base = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...hinted) },
      { weight: 1, arbitrary: base },
    );
  }
  if (schema.nullable) {
    base = fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) });
  }
  return base;
}

function plainValueOf(schema: Schema, ctx: Context): fc.Arbitrary<unknown> {
  if (ctx.depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) {
    return ctx.mode === 'edge'
      ? fc.oneof(fc.constantFrom(...schema.enum), nastyString)
      : fc.constantFrom(...schema.enum);
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, ctx)));
  if (schema.allOf) {
    return valueOf(Object.assign({}, ...(schema.allOf as Schema[])), ctx);
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, ctx);
    case 'integer':
    case 'number':
      return numberArbitrary(schema, ctx);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = valueOf((schema.items ?? {}) as Schema, { ...ctx, depth: ctx.depth + 1 });
      const minLength = schema.minItems ?? 0;
      const maxItems = schema.maxItems ?? 5;
      if (ctx.mode === 'edge') {
        return fc
          .constantFrom(minLength, Math.max(0, minLength - 1), maxItems, maxItems + 1)
          .chain((n) => fc.array(items, { minLength: n, maxLength: n }));
      }
      const maxLength = Math.max(minLength, Math.min(maxItems, 5));
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, ctx);
    default:
      if (schema.properties) return objectArbitrary(schema, ctx);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function schemaArbitrary(schema: Schema, mode: Mode, hints: Hints = {}) {
  return valueOf(schema, { mode, hints, depth: 0 });
}

/**
 * A body that breaks the schema in one way: a required field missing, an unknown field,
 * a field of the wrong type, or not an object at all.
 */
export function malformedBody(schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  const valid = schemaArbitrary(schema, 'valid', hints);
  const required = ((schema.required as string[] | undefined) ?? []).slice();
  const names = Object.keys((schema.properties ?? {}) as object);
  const mutations: Array<fc.Arbitrary<(v: unknown) => unknown>> = [
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([k, value]) => (v: unknown) => ({ ...(v as object), [k]: value })),
    fc
      .constantFrom<unknown>(
        [],
        'text',
        42,
        null,
        true,
        [{}],
        JSON.parse('{"__proto__":{"admin":true}}'),
      )
      .map((replacement) => () => replacement),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.constantFrom(...required).map((k) => (v: unknown) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[k];
        return copy;
      }),
    );
  }
  if (names.length > 0) {
    mutations.push(
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.oneof(
            fc.jsonValue({ maxDepth: 3 }),
            fc.constantFrom<unknown>(-1, 1e308, '', [], {}, null, true, 'x'.repeat(70_000), {
              nested: { deeper: [1, 2, { x: null }] },
            }),
          ),
        )
        .map(([k, value]) => (v: unknown) => ({ ...(v as object), [k]: value })),
    );
  }
  return fc.tuple(valid, fc.oneof(...mutations)).map(([v, mutate]) => mutate(v));
}
