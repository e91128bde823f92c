import { Type } from '@sinclair/typebox';
import { StringEnum, Success } from '../../http/schemas.js';

// A JSON value of any setting type, or null (written so OpenAPI 3.0 and Ajv both accept it).
const Value = Type.Unsafe<string | number | boolean | null>({
  anyOf: [{ type: 'boolean' }, { type: 'number' }, { type: 'string', nullable: true }],
});

export const Setting = Type.Object({
  key: Type.String(),
  group: Type.String(),
  type: StringEnum(['string', 'number', 'boolean', 'secret']),
  description: Type.String(),
  value: { ...Value, description: 'The effective value; always null for secrets' },
  is_set: Type.Boolean({
    description: 'Whether a value was stored (for secrets: whether one exists)',
  }),
  default: Value,
});

export const SettingKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) });
export const SettingsListResponse = Success(
  Type.Object({
    groups: Type.Array(Type.Object({ group: Type.String(), settings: Type.Array(Setting) })),
  }),
);
export const SettingResponse = Success(Type.Object({ setting: Setting }));
export const SettingsResponse = Success(Type.Object({ settings: Type.Array(Setting) }));

export const UpdateSettingsBody = Type.Object(
  {
    values: Type.Record(Type.String({ maxLength: 100 }), Value, {
      description: 'Setting keys and their new values; null stores an empty value',
      maxProperties: 50,
    }),
  },
  { additionalProperties: false },
);
