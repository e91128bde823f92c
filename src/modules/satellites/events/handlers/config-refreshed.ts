import { Type } from '@sinclair/typebox';
import { Count, Data } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

/** The satellite fetched its configuration again: kept in its event history. */
export const configRefreshed = defineSatelliteHandler({
  type: 'config.refreshed',
  schema: Data({
    config_hash: Type.Optional(Type.String({ maxLength: 200 })),
    server_count: Type.Optional(Count),
    teams_count: Type.Optional(Count),
    change_detected: Type.Optional(Type.Boolean()),
    fetch_duration_ms: Type.Optional(Type.Number({ minimum: 0 })),
  }),
});
