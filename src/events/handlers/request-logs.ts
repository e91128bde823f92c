import { Type } from '@sinclair/typebox';
import { mcpRequestLogs } from '../../db/schema/index.js';
import { Data, Text } from '../schemas.js';
import { checkServed } from '../scope.js';
import { toolCallFields, toolCallRow } from '../tool-call.js';
import { defineRowHandler } from '../types.js';

export const requestLogs = defineRowHandler({
  type: 'mcp.request.logs',
  schema: Data({
    ...toolCallFields,
    installation_id: Text,
    request_params: Type.Unknown(),
    tool_response: Type.Optional(Type.Unknown()),
  }),
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  toRows(data, { satellite, timestamp, installations }) {
    const installation = checkServed(
      installations.get(data.installation_id),
      satellite,
      data.installation_id,
      data.team_id,
    );
    const values = {
      ...toolCallRow('req', satellite, installation, data, timestamp),
      requestParams: data.request_params ?? null,
      // Responses may hold users' data: kept only where the team switched request logging on.
      toolResponse: installation.settings.request_logging_enabled
        ? (data.tool_response ?? null)
        : null,
    };
    return [{ table: mcpRequestLogs, id: values.id, values }];
  },
});
