import type { ConfigSection } from '../../db/schema/index.js';
import type { Pagination } from '../../http/pagination.js';
import type { ServerRow } from '../catalogue/repository.js';
import { emptyValues, maskValues, missingRequired } from './config-values.js';
import type { InstallationRow, InstanceRow, UserConfigRow } from './repository.js';
import type { InstanceStatus } from './schemas.js';

const iso = (d: Date) => d.toISOString();

export function instanceView(i: InstanceRow) {
  return {
    id: i.id,
    installation_id: i.installationId,
    user_id: i.userId,
    status: i.status as InstanceStatus,
    status_message: i.statusMessage,
    status_updated_at: iso(i.statusUpdatedAt),
    created_at: iso(i.createdAt),
  };
}

export function installationView(
  row: { installation: InstallationRow; server: ServerRow },
  mine: InstanceRow | null,
) {
  const { installation: i, server } = row;
  return {
    id: i.id,
    team_id: i.teamId,
    name: i.name,
    server: { id: server.id, name: server.name, slug: server.slug, transport: server.transport },
    version_id: i.versionId,
    team_config: maskValues(server.configSchema.team, i.teamConfig),
    satellite_id: i.satelliteId,
    settings: {
      request_logging_enabled: i.settings.request_logging_enabled,
      disabled_tools: i.settings.disabled_tools ?? [],
    },
    tool_count: i.toolCount,
    total_tokens: i.totalTokens,
    my_instance: mine
      ? {
          id: mine.id,
          status: mine.status as InstanceStatus,
          status_message: mine.statusMessage,
          status_updated_at: iso(mine.statusUpdatedAt),
        }
      : null,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

/** A member's own values for an installation (secrets masked), and what is still missing. */
export function userConfigView(
  installationId: string,
  section: ConfigSection,
  config: UserConfigRow | null,
  instance: InstanceRow,
) {
  const values = config?.values ?? emptyValues();
  return {
    installation_id: installationId,
    values: maskValues(section, values),
    missing_required: missingRequired(section, values),
    status: instance.status as InstanceStatus,
    updated_at: config ? iso(config.updatedAt) : null,
  };
}

export type InstanceView = ReturnType<typeof instanceView>;
export type InstallationView = ReturnType<typeof installationView>;
export type UserConfigView = ReturnType<typeof userConfigView>;

/** A page of the team's installations. */
export type InstallationList = { installations: InstallationView[]; pagination: Pagination };
/** A page of an installation's instances. */
export type InstanceList = { instances: InstanceView[]; pagination: Pagination };
