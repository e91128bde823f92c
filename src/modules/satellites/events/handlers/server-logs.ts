import { Type } from '@sinclair/typebox';
import { LOG_LINES_KEPT, logLine } from '../log-lines.js';
import { installationIdOf } from '../process-ref.js';
import { Data, Text } from '../schemas.js';
import { defineHandler } from '../types.js';

const Line = Type.Union([
  Type.String({ maxLength: 20_000 }),
  Type.Object(
    {
      message: Type.String({ maxLength: 20_000 }),
      level: Type.Optional(Type.String({ maxLength: 20 })),
      timestamp: Type.Optional(Type.String({ format: 'date-time' })),
    },
    { additionalProperties: true },
  ),
]);

export const serverLogs = defineHandler({
  type: 'mcp.server.logs',
  schema: Data({
    installation_id: Text,
    team_id: Text,
    logs: Type.Array(Line, { minItems: 1, maxItems: 1000 }),
  }),
  installationOf: (data) => ({
    installationId: installationIdOf(data.installation_id),
    teamId: data.team_id,
  }),
  rows: (data) => Math.min(data.logs.length, LOG_LINES_KEPT),
  plan(data, { satellite, installation, timestamp }, writes) {
    // Only the newest lines are kept, so older ones in a long report are never written.
    const rows = data.logs.slice(-LOG_LINES_KEPT).map((line) =>
      logLine(satellite, installation, {
        level: typeof line === 'string' ? 'stderr' : (line.level ?? 'stderr'),
        message: typeof line === 'string' ? line : line.message,
        loggedAt: typeof line !== 'string' && line.timestamp ? new Date(line.timestamp) : timestamp,
      }),
    );
    writes.addLogLines(installation.id, rows);
    return rows[0]!.id;
  },
});
