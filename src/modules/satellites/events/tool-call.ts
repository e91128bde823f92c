import { Type } from '@sinclair/typebox';
import type { SatelliteActor } from '../../../http/auth/types.js';
import { newOrderedId } from '../../../lib/ids.js';
import { Text } from './schemas.js';
import type { InstallationScope } from './scope-cache.js';

/** Data fields shared by the events that record one tool call. */
export const toolCallFields = {
  team_id: Text,
  tool_name: Text,
  duration_ms: Type.Number({ minimum: 0 }),
  success: Type.Boolean(),
  error_message: Type.Optional(Type.String({ maxLength: 10_000 })),
  user_id: Type.Optional(Text),
};

interface ToolCall {
  tool_name: string;
  duration_ms: number;
  success: boolean;
  error_message?: string;
  user_id?: string;
}

/**
 * The columns usage and request logs share (who, where, which tool, how it went), with the
 * table's own columns (`more`) added to the same object: a batch makes a row per call, and
 * spreading one object into another per row showed in profiles.
 */
export function toolCallRow<More extends object>(
  prefix: string,
  satellite: SatelliteActor,
  installation: InstallationScope,
  data: ToolCall,
  occurredAt: Date,
  more: More,
) {
  const row = {
    id: newOrderedId(prefix),
    satelliteId: satellite.satelliteId,
    installationId: installation.id,
    teamId: installation.teamId,
    userId: data.user_id ?? null,
    toolName: data.tool_name,
    durationMs: data.duration_ms,
    success: data.success,
    // An error message belongs only to a failed call.
    errorMessage: data.success ? null : (data.error_message ?? null),
    occurredAt,
  };
  return Object.assign(row, more);
}
