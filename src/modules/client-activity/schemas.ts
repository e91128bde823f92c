import { Type, type Static } from '@sinclair/typebox';
import { PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum } from '../../http/schemas.js';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

export const ClientActivityQuery = PaginatedQuery({
  team_id: Type.Optional(Id('Only activity in this team')),
  installation_id: Type.Optional(Id('Only activity of this installation')),
  since: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only activity recorded at or after this time (ISO 8601)',
    }),
  ),
});

export const ACTIVITY_KINDS = ['tool_execution', 'request', 'client'] as const;

/** What an MCP client of the caller did through a satellite in one reporting period. */
const ClientReport = Type.Object({
  satellite_id: Type.String(),
  oauth_client_id: Type.String({ description: 'The OAuth client the MCP client signed in as' }),
  client_name: Type.String({ description: 'As the satellite recognised it (VS Code, Cursor, …)' }),
  auth_type: Type.String({ description: 'oauth or instance_token' }),
  user_agent: Nullable(Type.String()),
  ip_address: Nullable(Type.String()),
  session_id: Nullable(Type.String()),
  request_count: Type.Integer({ description: 'MCP requests in the period' }),
  tool_call_count: Type.Integer({ description: 'Tool calls in the period' }),
});

const ForCalls = (description: string) => `${description}; null for client items`;

/**
 * One item of the caller's activity: a tool call (a usage record or a request log entry), or a
 * client report (`client`: an MCP client's activity through a satellite in one period, from the
 * satellite's `mcp.client.activity`).
 */
export const ActivityItem = Type.Object({
  id: Type.String(),
  kind: StringEnum(ACTIVITY_KINDS, {
    description:
      'tool_execution: a usage record; request: a request log entry; client: a client report',
  }),
  team_id: Type.String(),
  installation_id: Nullable(Type.String({ description: ForCalls('The installation called') })),
  tool_name: Nullable(Type.String({ description: ForCalls('The tool called') })),
  duration_ms: Nullable(Type.Number({ description: ForCalls('How long the call took') })),
  success: Nullable(Type.Boolean({ description: ForCalls('Whether the call succeeded') })),
  error_message: Nullable(Type.String()),
  occurred_at: Type.String({
    format: 'date-time',
    description: 'When the satellite says the call happened (client items: the last activity)',
  }),
  created_at: Type.String({
    format: 'date-time',
    description: 'When the service recorded it; items are ordered by it',
  }),
  client: Type.Optional(ClientReport),
});
export type ActivityView = Static<typeof ActivityItem>;
