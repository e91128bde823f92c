import { Type } from '@sinclair/typebox';
import { mcpClientActivity } from '../../../../db/schema/index.js';
import { newOrderedId } from '../../../../lib/ids.js';
import { Count, Data, Text } from '../schemas.js';
import { defineSatelliteHandler } from '../types.js';

const Short = Type.String({ maxLength: 1000 });

/**
 * What one MCP client of a user did through the satellite in the last period (every 30 s): a
 * `client` item of that user's client-activity feed. The user must be a member of the team
 * (`team_id`, or the team of a team satellite), and the team one this satellite serves.
 */
export const clientActivity = defineSatelliteHandler({
  type: 'mcp.client.activity',
  schema: Data({
    user_id: Text,
    team_id: Type.Optional(Text),
    oauth_client_id: Text,
    auth_type: Type.Optional(Type.String({ maxLength: 50 })),
    auth_identifier: Type.Optional(Short),
    client_name: Type.Optional(Short),
    user_agent: Type.Optional(Short),
    ip_address: Type.Optional(Type.String({ maxLength: 100 })),
    session_id: Type.Optional(Short),
    request_count: Count,
    tool_call_count: Count,
    last_activity_at: Type.Optional(Type.String({ format: 'date-time' })),
  }),
  userOf: (data) => data.user_id,
  teamOf: (data) => data.team_id,
  plan(data, { satellite, timestamp, teamId }, writes) {
    const row = {
      id: newOrderedId('cla'),
      satelliteId: satellite.satelliteId,
      userId: data.user_id,
      // Set whenever the handler names a user: checked before planning.
      teamId: teamId!,
      oauthClientId: data.oauth_client_id,
      clientName: data.client_name ?? 'Unknown Client',
      authType: data.auth_type ?? 'oauth',
      authIdentifier: data.auth_identifier ?? null,
      userAgent: data.user_agent ?? null,
      ipAddress: data.ip_address ?? null,
      sessionId: data.session_id ?? null,
      requestCount: data.request_count,
      toolCallCount: data.tool_call_count,
      lastActivityAt: data.last_activity_at ? new Date(data.last_activity_at) : timestamp,
    };
    writes.insert(mcpClientActivity, [row]);
    return row.id;
  },
});
