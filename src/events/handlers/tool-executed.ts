import { satelliteUsageLogs } from '../../db/schema/index.js';
import { Data, Text } from '../schemas.js';
import { checkServed } from '../scope.js';
import { toolCallFields, toolCallRow } from '../tool-call.js';
import { defineRowHandler } from '../types.js';

export const toolExecuted = defineRowHandler({
  type: 'mcp.tool.executed',
  schema: Data({ ...toolCallFields, server_id: Text }),
  installationOf: (data) => ({ installationId: data.server_id, teamId: data.team_id }),
  toRows(data, { satellite, timestamp, installations }) {
    const installation = checkServed(
      installations.get(data.server_id),
      satellite,
      data.server_id,
      data.team_id,
    );
    const values = {
      ...toolCallRow('use', satellite, installation, data, timestamp),
      metrics: data as Record<string, unknown>,
    };
    return [{ table: satelliteUsageLogs, id: values.id, values }];
  },
});
