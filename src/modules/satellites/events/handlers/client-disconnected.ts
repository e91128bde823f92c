import { Type } from '@sinclair/typebox';
import { Count, Data, Text } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

/** An MCP client's session on the satellite ended: kept in the satellite's event history. */
export const clientDisconnected = defineSatelliteHandler({
  type: 'mcp.client.disconnected',
  schema: Data({
    session_id: Text,
    team_id: Type.Optional(Text),
    connection_duration_seconds: Type.Optional(Type.Number({ minimum: 0 })),
    tool_execution_count: Type.Optional(Count),
    disconnect_reason: Type.Optional(Type.String({ maxLength: 200 })),
  }),
});
