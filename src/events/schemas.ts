import { Type, type TProperties } from '@sinclair/typebox';

/** Required strings are non-empty; extra fields are allowed (spec: Events, rule 6). */
export const Text = Type.String({ minLength: 1 });
export const Data = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });
