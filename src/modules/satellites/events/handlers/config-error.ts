import { Type } from '@sinclair/typebox';
import { Data, Text } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

/** The satellite could not apply a configuration answer: kept in its event history. */
export const configError = defineSatelliteHandler({
  type: 'config.error',
  schema: Data({
    error_type: Text,
    error_message: Type.String({ maxLength: 10_000 }),
    status_code: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    retry_in: Type.Optional(Type.Number({ minimum: 0 })),
  }),
});
