import { satelliteUsageLogs } from '../../db/schema/index.js';
import { installationIdOf } from '../process-ref.js';
import { Data, Text } from '../schemas.js';
import { metricsOf, toolCallFields, toolCallRow } from '../tool-call.js';
import { defineHandler } from '../types.js';

export const toolExecuted = defineHandler({
  type: 'mcp.tool.executed',
  schema: Data({ ...toolCallFields, server_id: Text }),
  installationOf: (data) => ({
    installationId: installationIdOf(data.server_id),
    teamId: data.team_id,
  }),
  // The row lands in this user's activity: they must be a member with an instance here.
  userOf: (data) => data.user_id,
  plan(data, { satellite, installation, timestamp }, writes) {
    const values = toolCallRow('use', satellite, installation, data, timestamp, {
      metrics: metricsOf(data as Record<string, unknown>),
      // Every usage row carries the same columns: rows of one batch are inserted together.
      requestLogId: null,
    });
    writes.insert(satelliteUsageLogs, [values]);
    return values.id;
  },
});
