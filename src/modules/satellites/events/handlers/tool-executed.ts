import { satelliteUsageLogs } from '../../../../db/schema/index.js';
import { installationIdOf } from '../process-ref.js';
import { Data, Text } from '../schemas.js';
import { toolCallFields, toolCallRow } from '../tool-call.js';
import { defineHandler } from '../types.js';

const fields = { ...toolCallFields, server_id: Text };

/**
 * What a usage row keeps in `metrics`: the data fields beyond the event's named ones (token
 * counts, sizes, anything a satellite adds). The named ones are in the row's columns and the
 * event's history entry; copying them too would make the database parse every call twice.
 */
const NAMED = new Set(Object.keys(fields));
function metricsOf(data: Record<string, unknown>): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  for (const key in data) if (!NAMED.has(key)) metrics[key] = data[key];
  return metrics;
}

export const toolExecuted = defineHandler({
  type: 'mcp.tool.executed',
  schema: Data(fields),
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
