import { inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.js';
import { insertJsonRows, jsonInsert } from '../db/json-rows.js';
import { mcpToolMetadata } from '../db/schema/index.js';
import { toolsChangedNotification, type NewNotification } from '../modules/notifications/kinds.js';
import { toolNamed, type ToolDelta, type ToolSet } from './writes.js';

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

/**
 * Tools added and removed by name (`mcp.tools.updated`), in one statement: the removed ones are
 * deleted, the added ones inserted unless known, and the counts set. Returns a notification for
 * each installation whose set really changed, from what the statement changed.
 */
export async function applyToolDeltas(
  tx: Executor,
  deltas: Map<string, ToolDelta>,
): Promise<NewNotification[]> {
  if (deltas.size === 0) return [];
  const removed = [...deltas].flatMap(([id, d]) =>
    [...d.removed].map((name) => sql`(${id}::text, ${name}::text)`),
  );
  const added = [...deltas].flatMap(([id, d]) => [...d.added].map((name) => toolNamed(id, name)));
  const counts = [...deltas].flatMap(([id, d]) =>
    d.toolCount === null ? [] : [sql`(${id}::text, ${d.toolCount}::int)`],
  );
  const parts: SQL[] = [];
  const branches: SQL[] = [];
  if (removed.length > 0) {
    parts.push(sql`removed AS (
      DELETE FROM mcp_tool_metadata m USING (VALUES ${sql.join(removed, sql`, `)}) AS v(id, name)
      WHERE m.installation_id = v.id AND m.tool_name = v.name
      RETURNING m.installation_id, m.tool_name)`);
    branches.push(sql`SELECT 'removed' AS change, installation_id, tool_name FROM removed`);
  }
  if (added.length > 0) {
    parts.push(sql`added AS (${jsonInsert(mcpToolMetadata, added)}
      ON CONFLICT (installation_id, tool_name) DO NOTHING RETURNING installation_id, tool_name)`);
    branches.push(sql`SELECT 'added' AS change, installation_id, tool_name FROM added`);
  }
  if (counts.length > 0) {
    parts.push(sql`counted AS (
      UPDATE mcp_server_installations AS i SET tool_count = v.n, updated_at = now()
      FROM (VALUES ${sql.join(counts, sql`, `)}) AS v(id, n) WHERE i.id = v.id RETURNING i.id)`);
    branches.push(
      sql`SELECT 'counted' AS change, id AS installation_id, NULL AS tool_name FROM counted`,
    );
  }
  if (parts.length === 0) return [];
  const changed = rowsOf<{ change: string; installation_id: string; tool_name: string }>(
    await tx.execute(sql`WITH ${sql.join(parts, sql`, `)} ${sql.join(branches, sql` UNION ALL `)}`),
  );
  return [...deltas].flatMap(([id, d]) => {
    const of = (change: string) =>
      changed
        .filter((c) => c.change === change && c.installation_id === id)
        .map((c) => c.tool_name)
        .sort();
    const [addedNames, removedNames] = [of('added'), of('removed')];
    if (addedNames.length === 0 && removedNames.length === 0) return [];
    return [
      toolsChangedNotification({
        teamId: d.installation.teamId,
        installationId: id,
        installationName: d.installation.name,
        added: addedNames,
        removed: removedNames,
      }),
    ];
  });
}
