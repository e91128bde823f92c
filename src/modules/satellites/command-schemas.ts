import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';
import { COMMAND_TYPES } from './commands.js';

// Satellite routes accept and ignore fields and query parameters they do not know
// (additionalProperties: true): newer satellites add some, and a refused poll or result is never
// sent again. The fields listed are still checked.

const PRIORITY = StringEnum(['immediate', 'high', 'normal', 'low']);
// A plain string: rows written before the vocabulary changed may still name another type.
const CommandType = Type.String({ description: `One of ${COMMAND_TYPES.join(', ')}` });

export const CommandParams = Type.Object({
  satelliteId: Type.String({ minLength: 1, maxLength: 100 }),
  commandId: Type.String({ minLength: 1, maxLength: 100 }),
});

export const CommandsQuery = Type.Object(
  {
    limit: Type.Optional(Type.String({ pattern: '^0*([1-9][0-9]?|100)$', default: '10' })),
    last_poll: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'When the satellite started this poll. Accepted and never used as a filter: every ' +
          'pending command is handed out, whatever it says',
      }),
    ),
  },
  { additionalProperties: true },
);

const Command = Type.Object({
  id: Type.String(),
  type: CommandType,
  priority: PRIORITY,
  payload: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  created_at: Timestamp,
  expires_at: Timestamp,
});
const WireCommand = Type.Object({
  id: Type.String({ description: 'Echo it as command_id in the result' }),
  command_type: CommandType,
  priority: PRIORITY,
  payload: Type.Record(Type.String(), Type.Unknown()),
  correlation_id: Type.String(),
  status: Type.String(),
  created_at: Timestamp,
  expires_at: Timestamp,
});

/** Groundstation's envelope, and at the top level the keys the DeployStack satellite reads. */
export const CommandsResponse = Type.Object({
  success: Type.Literal(true),
  commands: Type.Array(WireCommand),
  polling_mode: StringEnum(['immediate', 'normal', 'slow']),
  next_poll_interval: Type.Integer({ description: 'Seconds; 2 while commands wait, else 60' }),
  data: Type.Object({ commands: Type.Array(Command), next_poll_seconds: Type.Integer() }),
});

const resultFields = {
  status: StringEnum(['acknowledged', 'executing', 'completed', 'failed']),
  result: Type.Optional(
    Nullable(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Free-form, per command type' }),
    ),
  ),
  error: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
};
/** `POST …/commands/{commandId}/result`. */
export const CommandResultBody = Type.Object(resultFields, { additionalProperties: true });
/** `POST …/command-result`: the satellite names the command in the body. */
export const WireCommandResultBody = Type.Object(
  { command_id: Type.String({ minLength: 1, maxLength: 100 }), ...resultFields },
  { additionalProperties: true },
);
export const CommandResultResponse = Success(
  Type.Object({ id: Type.String(), status: Type.String() }),
);
