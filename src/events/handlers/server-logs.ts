import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from '@sinclair/typebox';
import type { Executor } from '../../db/client.js';
import { mcpServerLogs } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { Data, Text } from '../schemas.js';
import { checkServed } from '../scope.js';
import { defineRowHandler, type EventContext, type InsertRow } from '../types.js';

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

const schema = Data({
  installation_id: Text,
  team_id: Text,
  logs: Type.Array(Line, { minItems: 1, maxItems: 1000 }),
});

function toRows(
  data: Static<typeof schema>,
  { satellite, timestamp, installations }: Omit<EventContext, 'tx'>,
): InsertRow[] {
  const installation = checkServed(
    installations.get(data.installation_id),
    satellite,
    data.installation_id,
    data.team_id,
  );
  return data.logs.slice(-LOG_LINES_KEPT).map((line) => {
    const id = newId('log');
    return {
      table: mcpServerLogs,
      id,
      values: {
        id,
        satelliteId: satellite.satelliteId,
        installationId: installation.id,
        teamId: installation.teamId,
        level: typeof line === 'string' ? 'stderr' : (line.level ?? 'stderr'),
        message: typeof line === 'string' ? line : line.message,
        loggedAt: typeof line !== 'string' && line.timestamp ? new Date(line.timestamp) : timestamp,
      },
    };
  });
}

/** Newest lines win: keeps the last 100 by insertion order for each installation given. */
export async function trimLogs(tx: Executor, installationIds: string[]) {
  const conditions: SQL[] = [];
  for (const id of new Set(installationIds)) {
    conditions.push(
      and(
        eq(mcpServerLogs.installationId, id),
        lte(
          mcpServerLogs.seq,
          sql`(SELECT seq FROM mcp_server_logs WHERE installation_id = ${id} ORDER BY seq DESC OFFSET ${LOG_LINES_KEPT} LIMIT 1)`,
        ),
      )!,
    );
  }
  if (conditions.length === 0) return;
  await tx.delete(mcpServerLogs).where(
    sql.join(
      conditions.map((c) => sql`(${c})`),
      sql` OR `,
    ),
  );
}

const installationsOf = (rows: InsertRow[]) => rows.map((r) => r.values.installationId as string);

export const serverLogs = defineRowHandler({
  type: 'mcp.server.logs',
  schema,
  installationOf: (data) => ({ installationId: data.installation_id, teamId: data.team_id }),
  toRows,
  afterRows: (tx, rows) => trimLogs(tx, installationsOf(rows)),
});

/** The periodic sweep behind the inline trim: at most 100 lines per installation, newest kept. */
export async function trimAllLogs(tx: Executor) {
  await tx.execute(sql`
    DELETE FROM mcp_server_logs l USING (
      SELECT seq FROM (
        SELECT seq, row_number() OVER (PARTITION BY installation_id ORDER BY seq DESC) AS position
        FROM mcp_server_logs
      ) ranked WHERE position > ${LOG_LINES_KEPT}
    ) old WHERE l.seq = old.seq`);
}
