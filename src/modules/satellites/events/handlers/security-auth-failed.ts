import { Type } from '@sinclair/typebox';
import { Data, Text } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

/** The satellite refused an MCP client's credentials: kept in its event history. */
export const securityAuthFailed = defineSatelliteHandler({
  type: 'security.auth.failed',
  schema: Data({
    reason: Type.String({ minLength: 1, maxLength: 2000 }),
    team_id: Type.Optional(Text),
    client_id: Type.Optional(Text),
    ip_address: Type.Optional(Type.String({ maxLength: 100 })),
  }),
});
