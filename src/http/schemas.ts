import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Registered once with `app.addSchema` and referenced by every route's error responses. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'What went wrong, in words' }),
    code: Type.Optional(Type.String({ description: 'Stable machine-readable error code' })),
    error_description: Type.Optional(Type.String({ description: 'OAuth 2.0 error detail' })),
    retry_after: Type.Optional(Type.Integer({ description: 'Seconds to wait before retrying' })),
  },
  { $id: 'ErrorEnvelope', title: 'ErrorEnvelope' },
);

export const ErrorEnvelopeRef = (description: string) =>
  Type.Unsafe({ $ref: 'ErrorEnvelope#', description });

/** The success envelope around an endpoint's payload. */
export function Success<T extends TSchema>(data: T) {
  return Type.Object({
    success: Type.Literal(true),
    message: Type.Optional(Type.String()),
    data,
  });
}

/** Success envelope with only a message (no payload). */
export const MessageOnly = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
});

/** ISO 8601 timestamp in UTC, as every response renders dates. */
export const Timestamp = Type.String({ format: 'date-time' });

/** Route params that name one record by its string id. */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** Bodyless routes still declare an empty query so unknown parameters are rejected. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * The query of a route satellites call: none known, any accepted and ignored. Body and query
 * schemas of those routes likewise say `additionalProperties: true` (docs/api-conventions.md).
 */
export const OpenQuery = Type.Object({}, { additionalProperties: true });

/**
 * `T` or null, written with OpenAPI 3.0's `nullable` (which Ajv and the serializer understand),
 * because a `{type:"null"}` branch is not valid in an OpenAPI 3.0 description. An `enum` must
 * list null itself: `nullable` does not widen it (OpenAPI 3.0.3, and Ajv agrees).
 */
export function Nullable<T extends TSchema>(schema: T) {
  const values = (schema as { enum?: unknown[] }).enum;
  const widened =
    Array.isArray(values) && !values.includes(null) ? { enum: [...values, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...schema, ...widened, nullable: true });
}

/** A string limited to the given values, as one `enum` (clearer in OpenAPI than an anyOf). */
export function StringEnum<const T extends readonly string[]>(values: T, options: object = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
