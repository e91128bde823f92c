import { Type } from '@sinclair/typebox';
import { mcpRequestLogs } from '../../db/schema/index.js';
import { Data, Text } from '../schemas.js';
import { toolCallFields, toolCallRow } from '../tool-call.js';
import { defineHandler } from '../types.js';

export const requestLogs = defineHandler({
  type: 'mcp.request.logs',
  schema: Data({
    ...toolCallFields,
    installation_id: Text,
    request_params: Type.Unknown(),
    tool_response: Type.Optional(Type.Unknown()),
  }),
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  // The row lands in this user's activity: they must be a member with an instance here.
  userOf: (data) => data.user_id,
  plan(data, { satellite, installation, timestamp }, writes) {
    const values = {
      ...toolCallRow('req', satellite, installation, data, timestamp),
      requestParams: data.request_params ?? null,
      // Responses may hold users' data: kept only where the team switched request logging on.
      toolResponse: installation.settings.request_logging_enabled
        ? (data.tool_response ?? null)
        : null,
    };
    writes.insert(mcpRequestLogs, [values]);
    return values.id;
  },
});
