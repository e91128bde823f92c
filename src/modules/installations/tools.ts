import type { AuditRequest } from '../audit/context.js';
import { ValidationError } from '../../http/errors.js';
import type { RecordChange } from './change-recorder.js';
import type { InstallationServiceDeps } from './deps.js';
import { mustFind } from './lookups.js';
import { MAX_DISABLED_TOOLS } from './schemas.js';

/** Which of an installation's tools the team's MCP clients may use. */
export interface InstallationTools {
  /**
   * Switches one tool of the installation off (or on again) for the team's MCP clients. The
   * list travels in the installation's settings, so every satellite's configuration carries
   * it, and a `configure` command tells the serving satellites at once.
   */
  setToolStatus(
    teamId: string,
    installationId: string,
    toolName: string,
    disabled: boolean,
    request: AuditRequest,
  ): Promise<{ tool_name: string; is_disabled: boolean }>;
}

export function createInstallationTools(
  deps: Pick<InstallationServiceDeps, 'db' | 'repository'>,
  recordChange: RecordChange,
): InstallationTools {
  const { db, repository } = deps;

  return {
    async setToolStatus(teamId, installationId, toolName, disabled, request) {
      await db.orm.transaction(async (tx) => {
        const { installation } = await mustFind(repository, teamId, installationId, tx);
        const current = installation.settings.disabled_tools ?? [];
        const others = current.filter((name) => name !== toolName);
        if (disabled && others.length >= MAX_DISABLED_TOOLS) {
          throw new ValidationError(
            `An installation can have at most ${MAX_DISABLED_TOOLS} tools switched off`,
          );
        }
        const disabledTools = disabled ? [...others, toolName] : others;
        await repository.update(
          installationId,
          { settings: { ...installation.settings, disabled_tools: disabledTools } },
          tx,
        );
        await recordChange(tx, {
          work: {
            kind: 'installation.tool_status',
            teamId,
            installationId,
            payload: { tool_name: toolName, is_disabled: disabled },
          },
          entry: {
            action: 'installation.tool_status_changed',
            request,
            teamId,
            target: { type: 'installation', id: installationId },
            details: { tool_name: toolName, is_disabled: disabled },
          },
        });
      });
      return { tool_name: toolName, is_disabled: disabled };
    },
  };
}
