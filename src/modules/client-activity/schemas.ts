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

export const ACTIVITY_KINDS = ['tool_execution', 'request'] as const;

/** One tool call the caller made through a satellite. */
export const ActivityItem = Type.Object({
  id: Type.String(),
  kind: StringEnum(ACTIVITY_KINDS, {
    description: 'tool_execution: a usage record; request: a request log entry',
  }),
  team_id: Type.String(),
  installation_id: Type.String(),
  tool_name: Type.String(),
  duration_ms: Type.Number(),
  success: Type.Boolean(),
  error_message: Nullable(Type.String()),
  occurred_at: Type.String({
    format: 'date-time',
    description: 'When the satellite says the call happened',
  }),
  created_at: Type.String({
    format: 'date-time',
    description: 'When the service recorded it; items are ordered by it',
  }),
});
export type ActivityView = Static<typeof ActivityItem>;
