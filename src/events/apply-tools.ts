import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { insertJsonRows } from '../db/json-rows.js';
import { mcpToolMetadata } from '../db/schema/index.js';
import { toolsChangedNotification, type NewNotification } from '../modules/notifications/kinds.js';
import type { ToolSet } from './writes.js';

/**
 * The reported tool sets replace what was known, and the installations' counts follow.
 * Returns a notification for each installation whose set of tool names changed.
 */
export async function replaceToolSets(
  tx: Executor,
  sets: Map<string, ToolSet>,
): Promise<NewNotification[]> {
  if (sets.size === 0) return [];
  const installationIds = [...sets.keys()];
  const previous = await tx
    .delete(mcpToolMetadata)
    .where(inArray(mcpToolMetadata.installationId, installationIds))
    .returning({ installationId: mcpToolMetadata.installationId, name: mcpToolMetadata.toolName });
  await insertJsonRows(
    tx,
    mcpToolMetadata,
    [...sets.values()].flatMap((set) => set.tools),
  );
  const counts = sql.join(
    [...sets].map(
      ([id, set]) => sql`(${id}::text, ${set.toolCount}::int, ${set.totalTokens}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE mcp_server_installations AS i
    SET tool_count = v.tool_count, total_tokens = v.total_tokens, updated_at = now()
    FROM (VALUES ${counts}) AS v(id, tool_count, total_tokens)
    WHERE i.id = v.id`);
  return [...sets.values()].flatMap((set) => {
    const before = new Set(
      previous.filter((p) => p.installationId === set.installation.id).map((p) => p.name),
    );
    const now = new Set(set.tools.map((t) => t.toolName as string));
    const added = [...now].filter((name) => !before.has(name)).sort();
    const removed = [...before].filter((name) => !now.has(name)).sort();
    if (added.length === 0 && removed.length === 0) return [];
    return [
      toolsChangedNotification({
        teamId: set.installation.teamId,
        installationId: set.installation.id,
        installationName: set.installation.name,
        added,
        removed,
      }),
    ];
  });
}
