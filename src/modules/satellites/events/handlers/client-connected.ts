import { Type } from '@sinclair/typebox';
import { Data, Text } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

const Short = Type.String({ maxLength: 1000 });

/** An MCP client opened a session on the satellite: kept in the satellite's event history. */
export const clientConnected = defineSatelliteHandler({
  type: 'mcp.client.connected',
  schema: Data({
    session_id: Text,
    client_type: Type.Optional(Short),
    user_agent: Type.Optional(Short),
    team_id: Type.Optional(Text),
    transport: Type.Optional(Short),
    ip_address: Type.Optional(Short),
  }),
});
