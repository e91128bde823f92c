import { sql, type SQL } from 'drizzle-orm';
import { jsonInsert, type NamedWrite } from '../../../db/json-rows.js';
import { mcpToolMetadata } from '../../../db/schema/index.js';
import { toolsChangedNotification, type NewNotification } from '../../notifications/kinds.js';
import { toolNamed, type InstallationRef, type ToolDelta, type ToolSet } from './writes.js';

/** A tool the batch's statement added to or removed from an installation's set. */
export interface ToolChangeRow {
  change: 'added' | 'removed';
  installation_id: string;
  tool_name: string;
}

/**
 * The tool writes of a batch, as WITH queries of its statement, and the SELECTs that report
 * which names they really added or removed (`change`, `installation_id`, `tool_name`), from which
 * the notifications follow.
 */
export interface ToolWrites {
  writes: NamedWrite[];
  reports: SQL[];
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);
const pairsJson = (pairs: string[][]) => JSON.stringify(pairs.map(([id, name]) => ({ id, name })));

/**
 * The reported tool sets replace what was known: tools no longer reported are deleted, the
 * reported ones inserted or, where their description, schema or size changed, updated, and
 * the installations' counts follow. Deletes and upserts touch different rows (names outside and
 * inside the new set), so they can share a statement; unchanged rows are not rewritten.
 */
export function toolSetWrites(sets: Map<string, ToolSet>): ToolWrites {
  if (sets.size === 0) return { writes: [], reports: [] };
  const tools = [...sets.values()].flatMap((set) => set.tools);
  const ids = values([...sets.keys()].map((id) => sql`${id}::text`));
  // Names travel as one JSON parameter: a batch may report thousands (see jsonInsert).
  const names = pairsJson(tools.map((t) => [t.installationId as string, t.toolName as string]));
  const counts = values(
    [...sets].map(
      ([id, set]) => sql`(${id}::text, ${set.toolCount}::int, ${set.totalTokens}::int)`,
    ),
  );
  const writes: NamedWrite[] = [
    {
      name: 'tool_set_removed',
      statement: sql`
        DELETE FROM mcp_tool_metadata m WHERE m.installation_id IN (${ids})
          AND NOT EXISTS (SELECT 1 FROM json_to_recordset(${names}::json) AS v(id text, name text)
            WHERE v.id = m.installation_id AND v.name = m.tool_name)
        RETURNING m.installation_id, m.tool_name`,
    },
    {
      name: 'tool_set_counted',
      statement: sql`
        UPDATE mcp_server_installations AS i
        SET tool_count = v.tool_count, total_tokens = v.total_tokens, updated_at = now()
        FROM (VALUES ${counts}) AS v(id, tool_count, total_tokens)
        WHERE i.id = v.id
          AND (i.tool_count, i.total_tokens) IS DISTINCT FROM (v.tool_count, v.total_tokens)
        RETURNING i.id`,
    },
  ];
  const reports = [
    sql`SELECT 'removed' AS change, installation_id, tool_name FROM tool_set_removed`,
  ];
  if (tools.length > 0) {
    // `xmax = 0` tells a row this statement inserted from one it updated.
    writes.push({
      name: 'tool_set_upserted',
      statement: sql`${jsonInsert(mcpToolMetadata, tools)}
        ON CONFLICT (installation_id, tool_name) DO UPDATE
        SET description = excluded.description, input_schema = excluded.input_schema,
          token_count = excluded.token_count, updated_at = now()
        WHERE (mcp_tool_metadata.description, mcp_tool_metadata.input_schema,
            mcp_tool_metadata.token_count)
          IS DISTINCT FROM (excluded.description, excluded.input_schema, excluded.token_count)
        RETURNING installation_id, tool_name, xmax = 0 AS inserted`,
    });
    reports.push(
      sql`SELECT 'added' AS change, installation_id, tool_name FROM tool_set_upserted WHERE inserted`,
    );
  }
  return { writes, reports };
}

/**
 * Tools added and removed by name (`mcp.tools.updated`): the removed ones are deleted, the
 * added ones inserted unless known, and the counts set.
 */
export function toolDeltaWrites(deltas: Map<string, ToolDelta>): ToolWrites {
  const removed = [...deltas].flatMap(([id, d]) => [...d.removed].map((name) => [id, name]));
  const added = [...deltas].flatMap(([id, d]) => [...d.added].map((name) => toolNamed(id, name)));
  const counts = [...deltas].flatMap(([id, d]) =>
    d.toolCount === null ? [] : [sql`(${id}::text, ${d.toolCount}::int)`],
  );
  const writes: NamedWrite[] = [];
  const reports: SQL[] = [];
  if (removed.length > 0) {
    writes.push({
      name: 'tool_delta_removed',
      statement: sql`
        DELETE FROM mcp_tool_metadata m
        USING json_to_recordset(${pairsJson(removed)}::json) AS v(id text, name text)
        WHERE m.installation_id = v.id AND m.tool_name = v.name
        RETURNING m.installation_id, m.tool_name`,
    });
    reports.push(
      sql`SELECT 'removed' AS change, installation_id, tool_name FROM tool_delta_removed`,
    );
  }
  if (added.length > 0) {
    writes.push({
      name: 'tool_delta_added',
      statement: sql`${jsonInsert(mcpToolMetadata, added)}
        ON CONFLICT (installation_id, tool_name) DO NOTHING RETURNING installation_id, tool_name`,
    });
    reports.push(sql`SELECT 'added' AS change, installation_id, tool_name FROM tool_delta_added`);
  }
  if (counts.length > 0) {
    writes.push({
      name: 'tool_delta_counted',
      statement: sql`
        UPDATE mcp_server_installations AS i SET tool_count = v.n, updated_at = now()
        FROM (VALUES ${values(counts)}) AS v(id, n)
        WHERE i.id = v.id AND i.tool_count IS DISTINCT FROM v.n
        RETURNING i.id`,
    });
  }
  return { writes, reports };
}

/** A notification for each installation whose set of tool names the statement changed. */
export function toolNotifications(
  installations: InstallationRef[],
  changed: ToolChangeRow[],
): NewNotification[] {
  return installations.flatMap((installation) => {
    const of = (change: ToolChangeRow['change']) =>
      changed
        .filter((c) => c.change === change && c.installation_id === installation.id)
        .map((c) => c.tool_name)
        .sort();
    const [added, removed] = [of('added'), of('removed')];
    if (added.length === 0 && removed.length === 0) return [];
    return [
      toolsChangedNotification({
        teamId: installation.teamId,
        installationId: installation.id,
        installationName: installation.name,
        added,
        removed,
      }),
    ];
  });
}
