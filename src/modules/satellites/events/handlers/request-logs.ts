import { Type, type Static } from '@sinclair/typebox';
import { mcpRequestLogs } from '../../../../db/schema/index.js';
import { installationIdOf } from '../process-ref.js';
import { Data, Text } from '../schemas.js';
import { toolCallFields, toolCallRow } from '../tool-call.js';
import { defineHandler, type PlanContext } from '../types.js';
import type { BatchWrites } from '../writes.js';

/** The spec's form: one call per event. */
const Flat = Data({
  ...toolCallFields,
  installation_id: Text,
  request_params: Type.Unknown(),
  tool_response: Type.Optional(Type.Unknown()),
});

/** One call of the DeployStack satellite's batched form. */
const Entry = Type.Object(
  {
    user_id: Type.Optional(Text),
    tool_name: Text,
    tool_params: Type.Optional(Type.Unknown()),
    tool_response: Type.Optional(Type.Unknown()),
    response_time_ms: Type.Number({ minimum: 0 }),
    success: Type.Boolean(),
    error_message: Type.Optional(Type.String({ maxLength: 10_000 })),
    timestamp: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: true },
);

/** Calls in one event of the batched form, as docs/satellites.md has always said. */
export const MAX_REQUESTS_PER_EVENT = 20;

/** The DeployStack satellite's form: the calls of one installation, batched. */
const Batched = Data({
  installation_id: Text,
  team_id: Text,
  requests: Type.Array(Entry, { minItems: 1, maxItems: MAX_REQUESTS_PER_EVENT }),
});

type RequestLogData = Static<typeof Flat> | Static<typeof Batched>;

// Which form an event has is decided by `requests`, so that a bad event of either form is told
// what is wrong with it in its own terms.
const Schema = Type.Unsafe<RequestLogData>({
  type: 'object',
  if: { required: ['requests'] },
  then: Batched,
  else: Flat,
});

const isBatched = (data: RequestLogData): data is Static<typeof Batched> => 'requests' in data;

export const requestLogs = defineHandler({
  type: 'mcp.request.logs',
  schema: Schema,
  installationOf: (data) => ({
    installationId: installationIdOf(data.installation_id),
    teamId: data.team_id,
  }),
  // The rows land in these users' activity: they must be members with an instance here.
  userOf: (data) =>
    isBatched(data)
      ? data.requests.flatMap((r) => (r.user_id === undefined ? [] : [r.user_id]))
      : data.user_id,
  // A request log row per call.
  rows: (data) => (isBatched(data) ? data.requests.length : 1),
  plan(data, context, writes) {
    return isBatched(data) ? planBatched(data, context, writes) : planFlat(data, context, writes);
  },
});

// Responses may hold users' data: kept only where the team switched request logging on.
const response = (context: PlanContext, value: unknown) =>
  context.installation.settings.request_logging_enabled ? (value ?? null) : null;

function planFlat(data: Static<typeof Flat>, context: PlanContext, writes: BatchWrites) {
  const values = toolCallRow(
    'req',
    context.satellite,
    context.installation,
    data,
    context.timestamp,
    {
      requestParams: data.request_params ?? null,
      toolResponse: response(context, data.tool_response),
      // The spec's form comes with its own mcp.tool.executed. Written out although it is the
      // column's default: a batch's rows of one table are inserted together, with one set of columns.
      countsAsUsage: false,
    },
  );
  writes.insert(mcpRequestLogs, [values]);
  return values.id;
}

/**
 * One request log row per call. The DeployStack satellite never sends `mcp.tool.executed`, so
 * each call of a known user is also one of the installation's tool executions: its row says so
 * (`countsAsUsage`), and the usage list reads it there instead of a copy in the usage table.
 */
function planBatched(data: Static<typeof Batched>, context: PlanContext, writes: BatchWrites) {
  const { satellite, installation } = context;
  const rows = data.requests.map((entry) =>
    toolCallRow(
      'req',
      satellite,
      installation,
      {
        tool_name: entry.tool_name,
        duration_ms: entry.response_time_ms,
        success: entry.success,
        error_message: entry.error_message,
        user_id: entry.user_id,
      },
      entry.timestamp ? new Date(entry.timestamp) : context.timestamp,
      {
        requestParams: entry.tool_params ?? {},
        toolResponse: response(context, entry.tool_response),
        countsAsUsage: entry.user_id !== undefined,
      },
    ),
  );
  writes.insert(mcpRequestLogs, rows);
  return rows[0]!.id;
}
