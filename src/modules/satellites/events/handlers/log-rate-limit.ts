import { Type } from '@sinclair/typebox';
import { logLine } from '../log-lines.js';
import { installationIdOf } from '../process-ref.js';
import { Count, Data, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

/**
 * A process wrote more stderr lines than the satellite forwards (20 per second by default); the
 * rest were dropped. `installation_id` is the configuration's map key and there is no team: the
 * installation's own team is assumed. The team sees the gap as a warning line in the
 * installation's server log, where the missing lines would have been.
 */
export const logRateLimitExceeded = defineHandler({
  type: 'mcp.server.log_rate_limit_exceeded',
  schema: Data({
    installation_id: Text,
    team_id: Type.Optional(Text),
    dropped_count: Count,
    time_window_seconds: Type.Optional(Type.Number({ minimum: 0 })),
    rate_limit: Type.Optional(Count),
  }),
  installationOf: (data) => ({
    installationId: installationIdOf(data.installation_id),
    teamId: data.team_id,
  }),
  plan(data, { satellite, installation, timestamp }, writes) {
    const limit = data.rate_limit === undefined ? '' : ` (more than ${data.rate_limit} per second)`;
    const row = logLine(satellite, installation, {
      level: 'warn',
      message: `The satellite dropped ${data.dropped_count} log lines of this server${limit}`,
      loggedAt: timestamp,
    });
    writes.addLogLines(installation.id, [row]);
    return row.id;
  },
});
