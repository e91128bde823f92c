import { and, eq, lte, sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { mcpServerLogs } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { servedInstallation } from '../scope.js';
import { defineHandler } from '../types.js';

export const LOG_LINES_KEPT = 100;

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
  async handle(data, { tx, satellite, timestamp, installations }) {
    const installation = await servedInstallation(
      tx,
      satellite,
      data.installation_id,
      data.team_id,
      installations,
    );
    const rows = data.logs.slice(-LOG_LINES_KEPT).map((line) => ({
      id: newId('log'),
      satelliteId: satellite.satelliteId,
      installationId: installation.id,
      teamId: installation.teamId,
      level: typeof line === 'string' ? 'stderr' : (line.level ?? 'stderr'),
      message: typeof line === 'string' ? line : line.message,
      loggedAt: typeof line !== 'string' && line.timestamp ? new Date(line.timestamp) : timestamp,
    }));
    await tx.insert(mcpServerLogs).values(rows);
    // Newest lines win: keep the last 100 by insertion order.
    await tx
      .delete(mcpServerLogs)
      .where(
        and(
          eq(mcpServerLogs.installationId, installation.id),
          lte(
            mcpServerLogs.seq,
            sql`(SELECT seq FROM mcp_server_logs WHERE installation_id = ${installation.id} ORDER BY seq DESC OFFSET ${LOG_LINES_KEPT} LIMIT 1)`,
          ),
        ),
      );
    return rows[0]!.id;
  },
});
