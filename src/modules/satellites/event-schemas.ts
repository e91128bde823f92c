import { Type, type Static } from '@sinclair/typebox';
import { PaginatedQuery } from '../../http/pagination.js';
import { Nullable } from '../../http/schemas.js';

// Unknown fields beside `events` are accepted and ignored: newer satellites add fields
// (docs/satellites.md). Each event is checked on its own by the event pipeline.
export const EventBatchBody = Type.Object(
  {
    events: Type.Array(
      Type.Unknown({
        description: 'An event: {type, timestamp, data}; each is checked on its own',
      }),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: true },
);

export const EventBatchResponse = Type.Object({
  success: Type.Literal(true),
  processed: Type.Integer({
    description: 'Events applied now, or earlier when this is a resent copy (de-duplication)',
  }),
  failed: Type.Integer(),
  event_ids: Type.Array(Type.String(), {
    description:
      'Per processed event in batch order: the record it produced or changed, or its event ' +
      'history entry when it changes no other record; a resent copy gets the same id again',
  }),
  failures: Type.Optional(
    Type.Array(Type.Object({ index: Type.Integer(), type: Type.String(), error: Type.String() })),
  ),
});

export const EventHistoryQuery = PaginatedQuery({
  type: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Only events of this type' }),
  ),
  since: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only events received at or after this time (ISO 8601)',
    }),
  ),
});

/** One event a satellite delivered and the backend accepted. */
export const EventHistoryItem = Type.Object({
  id: Type.String(),
  satellite_id: Type.String(),
  type: Type.String(),
  timestamp: Type.String({
    format: 'date-time',
    description: 'The event’s own timestamp, from the satellite’s clock',
  }),
  received_at: Type.String({
    format: 'date-time',
    description: 'When the backend accepted it; items are ordered by it',
  }),
  installation_id: Nullable(Type.String()),
  record_id: Nullable(
    Type.String({ description: 'The record the event produced or changed (its event id)' }),
  ),
  data: Type.Unknown({
    description:
      'A compact copy of the event data: credentials redacted, tool arguments, responses and ' +
      'schemas left out, long texts and lists shortened',
  }),
});
export type EventHistoryView = Static<typeof EventHistoryItem>;
