import { changeRecorder } from './change-recorder.js';
import type { InstallationServiceDeps } from './deps.js';
import { createInstallationLifecycle, type InstallationLifecycle } from './installing.js';
import { createMemberInstances, type MemberInstances } from './member-instances.js';
import { createPersonalConfig, type PersonalConfig } from './personal-config.js';
import { createInstallationTeamConfig, type InstallationTeamConfig } from './team-config.js';
import { createInstallationTools, type InstallationTools } from './tools.js';

export type { InstallationServiceDeps } from './deps.js';

/**
 * A team's installations of catalogue servers: installing and removing them, the team's
 * configuration, each member's instance and own values, and which tools are switched off.
 * Each part is its own file; this only puts them together.
 */
export interface InstallationService
  extends
    MemberInstances,
    InstallationLifecycle,
    InstallationTeamConfig,
    InstallationTools,
    PersonalConfig {}

export function createInstallationService(deps: InstallationServiceDeps): InstallationService {
  const recordChange = changeRecorder(deps.db.statementNames.changes);
  return {
    ...createMemberInstances(deps),
    ...createInstallationLifecycle(deps, recordChange),
    ...createInstallationTeamConfig(deps, recordChange),
    ...createInstallationTools(deps, recordChange),
    ...createPersonalConfig(deps, recordChange),
  };
}
